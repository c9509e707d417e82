"""Contract details: hidden information in views, determinize, text forms, catalog,
flows, records, agents."""

import json
import random

from race_helpers import game, play

import gamekit
from gamekit.core import CATALOG, Action, GameRecord, replay
from gamekit.core.agents import random_playout
from gamekit.core.invariants import check_state
from gamekit.games.race.text import MESSAGES


def test_secret_action_choice_hidden_until_all_chose():
    s = game(hands=[["gem_world"], ["spice_world"]])
    play(s, "p1 choose settle")
    v2 = s.view(1)
    assert v2.to_dict()["seats"][0]["actions"] == ["?"]
    assert s.view(0).to_dict()["seats"][0]["actions"] == ["settle"]
    assert not any(e.kind == "choose" for e in v2.events)
    assert any(e.kind == "choose" for e in s.view(0).events)
    play(s, "p2 choose develop")
    assert s.view(1).to_dict()["seats"][0]["actions"] == ["settle"]
    reveals = [e for e in s.view(1).events if e.kind == "reveal"]
    assert len(reveals) == 2


def test_secret_develop_pick_hidden_until_all_picked():
    s = game(hands=[["investment_credits", "gem_world"], ["public_works"]])
    play(s, "p1 choose develop", "p2 choose develop", "p1 develop investment_credits")
    d = s.view(1).to_dict()
    assert d["seats"][0]["chosen"] == "?"
    assert d["seats"][0]["hand"] == ["?", "?"]
    assert s.view(0).to_dict()["seats"][0]["chosen"] == "investment_credits"
    check_state(s, random.Random(1))


def test_view_hides_hands_deck_discards_and_goods():
    s = game(start=["alpha_centauri", "old_earth"], hands=[["gem_world"], ["spice_world"]])
    d = s.view(0).to_dict()
    assert d["seats"][0]["hand"] == ["gem_world"]
    assert d["seats"][1]["hand"] == ["?"]
    assert d["deck"] == len(s.deck)
    assert d["seats"][0]["goods"] == {"alpha_centauri": "rare"}  # type known, card not
    full = s.to_dict()
    assert isinstance(full["deck"], list)
    assert full["seats"][0]["goods"]["alpha_centauri"][0] == "rare"
    spectator = s.view(None).to_dict()
    assert spectator["seats"][0]["hand"] == ["?"]


def test_determinize_is_consistent_with_the_view():
    for seed in range(6):
        s = gamekit.new("race", players=3, seed=seed)
        rng = random.Random(seed)
        for _ in range(40 + 10 * seed):
            if s.is_over():
                break
            seat = rng.choice(s.to_move())
            s.apply(rng.choice(s.legal_actions(seat)))
        for seat in range(3):
            v = s.view(seat)
            full = v.determinize(rng)
            full.check_invariants()
            assert full.view(seat).to_dict() == v.to_dict()
            random_playout(full, rng)  # a determinized state plays on to the end
            assert full.is_over()


def test_actions_text_round_trip_and_readable():
    s = game(hands=[["gem_world", "spice_world", "comet_zone", "artist_colony"], []])
    play(s, "p1 choose settle", "p2 choose settle", "p1 settle gem_world", "p2 pass")
    for a in s.legal_actions(0):
        assert Action.parse(str(a)) == a
    assert [str(a) for a in s.legal_actions(0)] == [
        "p1 pay spice_world", "p1 pay comet_zone", "p1 pay artist_colony"]


def test_every_event_kind_and_question_has_both_languages():
    seen_kinds = set()
    asks = set()
    rules = set()
    for seed in range(6):
        for players, opts in ((2, {}), (4, {}), (2, {"advanced": True})):
            s = gamekit.new("race", players=players, seed=seed, **opts)
            rng = random.Random(seed)
            while not s.is_over():
                seat = s.to_move()[0]
                asks.add(s.decision(seat).kind)
                s.apply(rng.choice(s.legal_actions(seat)))
            seen_kinds |= {e.kind for e in s.events}
            rules |= {e.rule for e in s.events if e.rule}
    for kind in seen_kinds:
        assert kind in MESSAGES, kind
    for kind in asks:
        assert "ask." + kind in MESSAGES, kind
    for rule in rules:
        assert "rule." + rule in MESSAGES, rule
    for key, langs in MESSAGES.items():
        assert langs["en"] and langs["pt"], key
    s = gamekit.new("race", players=2, seed=1)
    text = s.narration("pt")
    assert text and all("{" not in line for line in text)
    assert CATALOG.name("race", "old_earth") == "Old Earth"


def test_flows_describe_card_movements():
    s = game(hands=[["gem_world", "spice_world", "comet_zone", "artist_colony"], []])
    play(s, "p1 choose settle", "p2 choose settle", "p1 settle gem_world", "p2 pass",
         "p1 pay spice_world", "p1 pay comet_zone")
    moves = {(f.source, f.target) for f in s.flows if f.seat == 0}
    assert ("hand", "discard:payment") in moves
    assert ("hand", "tableau") in moves
    assert ("deck:settle_after", "hand") in moves


def test_score_breakdown_sources_and_sim_columns():
    s = game(tableaus=[["galactic_federation"], []], chips=[4, 0])
    assert set(s.score_breakdown(0)) == {"tableau", "chips", "six_dev:galactic_federation"}
    cols = s.sim_columns(0)
    assert cols["start_world"] == "old_earth"


def test_record_replays_and_json_round_trip():
    s = gamekit.new("race", players=3, seed=11)
    random_playout(s, random.Random(2))
    text = s.record().to_json()
    again = replay(GameRecord.from_json(text))
    assert again.to_dict() == s.to_dict()
    json.dumps(s.to_dict())


def test_options_for_a_lesson_replay_through_records():
    s = game(hands=[["gem_world"], []], tableaus=[["public_works"], []], deck_top=["comet_zone"])
    play(s, "p1 choose settle", "p2 choose develop", "p1 pass", "p2 pass", "p1 pass", "p2 pass")
    again = replay(s.record().to_json())
    assert again.to_dict() == s.to_dict()


def test_heuristic_beats_random():
    df = gamekit.simulate("race", ["heuristic", "random"], n=24, progress=False)
    rate = df[df.agent == "heuristic"].winner.mean()
    assert rate >= 0.8


def test_heuristic_plays_every_mode():
    for players, opts in ((3, {}), (4, {}), (2, {"advanced": True}), (2, {"first_game": True})):
        df = gamekit.simulate("race", ["heuristic"] * players, n=2, progress=False,
                              options=opts)
        assert len(df) == 2 * players


def test_lookahead_agent_plays_a_short_game():
    # a short game: p1 needs one more card for 12
    twelve = ["gem_world", "spice_world", "comet_zone", "artist_colony", "secluded_world",
              "new_vinland", "space_port", "mining_world", "plague_world", "asteroid_belt"]
    s = game(start=["old_earth", "new_sparta"], tableaus=[twelve, []],
             hands=[["investment_credits", "galactic_resort"], ["public_works", "drop_ships"]])
    agents = [gamekit.make_agent("race", "lookahead:2", 1), gamekit.make_agent("race", "random", 2)]
    n = gamekit.play(s, agents)
    assert s.is_over() and n > 0


def test_determinize_of_a_full_state_changes_nothing_and_spectator_view_works():
    s = gamekit.new("race", players=3, seed=8)
    assert s.determinize(random.Random(1)).to_dict() == s.to_dict()
    full = s.view(None).determinize(random.Random(2))
    full.check_invariants()
    assert full.view(None).to_dict() == s.view(None).to_dict()


def test_board_html_shows_public_parts_only():
    from gamekit.games.race.render import html

    s = game(start=["alpha_centauri", "old_earth"], hands=[["gem_world"], ["spice_world"]],
             tableaus=[["public_works"], []])
    board = html(s.view(0), lang="pt")
    assert "gamekit-board" in board and "data-card='public_works'" in board
    assert "data-card='gem_world'" in board  # own hand
    assert "data-card='spice_world'" not in board  # the other hand stays hidden
    assert s._repr_html_().startswith("<div class='gamekit-board")


def test_every_verb_has_a_button_label():
    verbs = set()
    for seed in range(4):
        s = gamekit.new("race", players=2, seed=seed, advanced=bool(seed % 2))
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_move()[0]
            legal = s.legal_actions(seat)
            verbs |= {a.verb for a in legal}
            s.apply(rng.choice(legal))
    for verb in verbs:
        assert CATALOG.has("race", "act." + verb), verb


def test_every_question_renders_in_both_languages():
    kinds = set()
    for seed in range(5):
        s = gamekit.new("race", players=3, seed=seed)
        rng = random.Random(seed)
        while not s.is_over():
            seat = s.to_move()[0]
            d = s.decision(seat)
            if d.kind not in kinds:
                kinds.add(d.kind)
                for lang in ("en", "pt"):
                    q = d.question(lang)
                    assert q and "{" not in q, (d.kind, q)
            s.apply(rng.choice(d.legal))
    assert {"choose", "keep", "dev_pick", "set_pick", "pay", "consume"} <= kinds


def test_view_carries_no_seed_nor_secret_setup_options():
    s = game(hands=[["gem_world"], ["spice_world"]], deck_top=["comet_zone"])
    v = s.view(0)
    assert v.seed is None and v.log == []
    assert v.options["hands"] is None and v.options["deck_top"] is None
    assert s.options["hands"] is not None  # the state itself is untouched
