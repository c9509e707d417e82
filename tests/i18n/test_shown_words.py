"""What people read: no raw ids in narration, questions, options, boards and score places;
no European-Portuguese words in the Portuguese (Brazilian Portuguese throughout)."""

from __future__ import annotations

import random
import re

import pytest
from i18n_samples import games, raw_ids, samples
from pt_markers import european

import gamekit
from gamekit.core import CATALOG
from gamekit.core.agents import random_playout

GAMES = games()


def test_the_samples_cover_every_playable_registered_game():
    assert {"wonderful", "race", "bluemoon"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_no_raw_ids_in_what_a_game_shows(game):
    shown = samples(game)
    kinds = {where.split()[0] for _lang, where, _text in shown}
    assert {"narration", "question", "option"} <= kinds
    bad = sorted({(lang, where.split()[0], text[:160]) for lang, where, text in shown
                  if raw_ids(text)})
    assert not bad, bad[:10]


@pytest.mark.parametrize("game", GAMES)
def test_portuguese_is_brazilian_in_what_a_game_shows(game):
    bad = sorted({(where.split()[0], text[:160]) for lang, where, text in samples(game)
                  if lang == "pt" and european(text)})
    assert not bad, bad[:10]


@pytest.mark.parametrize("game", GAMES)
def test_narration_of_a_seat_differs_in_language_but_not_in_length(game):
    s = gamekit.new(game, seed=5)
    random_playout(s, random.Random(5))
    for seat in (None, 0):
        en, pt = s.narration("en", seat), s.narration("pt", seat)
        assert len(en) == len(pt) and en != pt


def test_no_european_portuguese_in_any_catalog_entry():
    bad = []
    for key, entry in CATALOG.messages.items():
        forms = entry["pt"] if isinstance(entry["pt"], tuple) else (entry["pt"],)
        bad += [(key, european(f)) for f in forms if european(f)]
    for namespace, table in CATALOG.names.items():
        bad += [(namespace, ident) for ident, e in table.items() if european(e.get("pt", ""))]
    assert not bad, bad


def test_no_placeholder_plurals_in_any_language():
    import re

    paren = re.compile(r"\w\((?:s|es|is|a|as|ões|ns|m)\)")
    bad = []
    for key, entry in CATALOG.messages.items():
        for lang in ("en", "pt"):
            forms = entry[lang] if isinstance(entry[lang], tuple) else (entry[lang],)
            bad += [(key, lang) for f in forms if paren.search(f)]
    assert not bad, bad


@pytest.mark.parametrize("game", GAMES)
def test_score_and_flow_places_are_named(game):
    from gamekit.plots import place_label

    s = gamekit.new(game, seed=2)
    random_playout(s, random.Random(2))
    places = {p for f in s.flows for p in (f.source, f.target, f.resource)}
    for breakdown in s.result().breakdown:
        places |= set(breakdown)
    bad = sorted((p, lang, place_label(game, p, lang)) for p in places for lang in ("en", "pt")
                 if raw_ids(place_label(game, p, lang)))
    assert not bad, bad


def test_waiting_names_the_players_as_people_read_them():
    from gamekit.core import Action, IllegalAction

    s = gamekit.new("bluemoon", players=3, seed=0, first_player=2)
    with pytest.raises(IllegalAction) as err:
        s.apply(Action(0, "done"))  # Player 2 starts: Player 1 must wait
    waiting = str(err.value).split("(")[-1]
    assert "Player 2" in waiting and not raw_ids(waiting), str(err.value)
    assert s._waiting("pt") == "Jogador 2"
    random_playout(s, random.Random(0))
    assert s.is_over() and s._waiting("pt") == "ninguém: a partida terminou"


_CELL = re.compile(r"\b\d \d\b")


@pytest.mark.parametrize("game", GAMES)
def test_no_grid_coordinates_in_narration_or_options(game):
    bad = sorted({(lang, where.split()[0], text[:120]) for lang, where, text in samples(game)
                  if where.split()[0] in ("narration", "option", "question")
                  and _CELL.search(text)})
    assert not bad, bad[:10]


def _bluemoon_until_scale_scoring(seed: int):
    s = gamekit.new("bluemoon", players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(s.max_decisions):  # bounded: a random game always ends by then
        if s.is_over() or any(e.kind == "scale_scoring" for e in s.events):
            break
        s.apply(rng.choice(s.decision(s.to_move()[0]).legal))
    return s


def test_bluemoon_moves_are_named_by_building_and_spaces_from_one():
    s = gamekit.new("bluemoon", players=3, seed=3)
    d = s.decision(s.to_move()[0])
    move = next(a for a in d.legal if a.verb == "move")
    from gamekit_widgets.decision import action_label

    tile = s.tiles[s.board[move.args[0] * 5 + move.args[1]]].id
    name_en, name_pt = (CATALOG.name("bluemoon", tile, lang) for lang in ("en", "pt"))
    assert action_label("bluemoon", move, "en", d) == f"move to the {name_en}"
    assert name_pt in action_label("bluemoon", move, "pt", d)
    s.apply(move)
    line = s.narration("en")[-1]
    assert line.endswith(f"moves from the Central Square to the {name_en}.")
    assert "se move da Praça Central para" in s.narration("pt")[-1]
    rng = random.Random(3)
    for _ in range(s.max_decisions):
        if s.is_over() or any(e.kind == "contribute_start" for e in s.events):
            break
        s.apply(rng.choice(s.decision(s.to_move()[0]).legal))
    e = next(e for e in s.events if e.kind == "contribute_start")
    assert f"space {e.data['space'] + 1} (" in e.text("en")


@pytest.mark.parametrize("seed", [1, 2])
def test_bluemoon_scale_scoring_is_reported_once_per_player_and_publicly(seed):
    s = _bluemoon_until_scale_scoring(seed)
    if s.is_over():
        pytest.skip("this seed ends before the scales run out")
    scored = [e for e in s.events if e.kind == "scale_score"]
    assert scored and len({e.seat for e in scored}) == len(scored)  # one event per fact
    assert not any(e.kind == "scales_returned" for e in s.events)
    other = (scored[0].seat + 1) % 3
    gains = [e for e in s.events if e.kind in ("gain_crystals", "scale_score")]
    assert all(e.seen_by(other) for e in gains)  # the rules make the gains public
    assert s.view(other).seats[scored[0].seat].crystals is None  # the total stays secret


def test_bluemoon_reconstructed_values_are_marked_where_players_look():
    from gamekit.games.bluemoon.render import html

    s = gamekit.new("bluemoon", players=3, seed=4)
    rng = random.Random(4)
    for _ in range(s.max_decisions):
        if s.is_over() or any(e.kind == "gain_crystals" for e in s.events):
            break
        s.apply(rng.choice(s.decision(s.to_move()[0]).legal))
    for e in s.events:
        if e.kind in ("gain_crystals", "contribute_start"):
            td = next(t for t in s.tiles if t.id == e.data["tile"])
            field = "space_values" if e.kind == "contribute_start" else e.data["source"]
            marked = "reconstructed value" in e.text("en")
            assert marked == (td.status.get(field) == "reconstructed"), e.text("en")
            assert marked == ("valor reconstruído" in e.text("pt"))
    board = html(s, "pt")
    assert "valores reconstruídos pelo gamekit" in board and "≈" in board


@pytest.mark.parametrize("cards, mark", [(None, "≈"), ({"peoples": {"vulca": {"1": 4, "2": 4, "3": 2}}}, "")])
def test_bluemoon_card_buttons_carry_the_split_mark_while_it_is_reconstructed(cards, mark):
    """The ≈ of a reconstructed card split is on the decision buttons naming a card too (play,
    pay, discard, recolour, pillar), as on the cards and in the narration; not with a box's own
    values (option ``cards``)."""
    from gamekit.games.bluemoon.render import html
    from gamekit_widgets.decision import action_label

    opts = {} if cards is None else {"cards": cards}
    s = gamekit.new("bluemoon", players=2, seed=1, **opts)
    rng = random.Random(1)
    seen: dict[str, list[str]] = {}
    for _ in range(400):
        if s.is_over():
            break
        d = s.decision(s.to_move()[0])
        for a in d.legal:
            if a.verb in ("play", "pay", "discard", "recolour"):
                seen.setdefault(a.verb, []).extend(
                    action_label("bluemoon", a, lang, d) for lang in ("en", "pt"))
        s.apply(rng.choice(d.legal))
    assert {"play", "pay", "discard"} <= set(seen), sorted(seen)
    for verb, labels in seen.items():
        for label in labels:
            assert ("≈" in label) == bool(mark) and "{" not in label, (verb, label)
    assert "{split}" not in html(s, "pt")
