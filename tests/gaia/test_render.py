"""The Gaia Project board (map, research board, faction boards, tiles), the power-cycle Sankey,
the packaged sample and uploads, and the survey behind the analyse notebook."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from functools import cache

import pytest
from gaia_helpers import with_seat

from gamekit import plots
from gamekit.core import CATALOG, RecordError, make_agent
from gamekit.games.gaia.mines import mine_offers
from gamekit.games.gaia.power_cycle import leech_charges, power_cycle_data, power_cycle_figure
from gamekit.games.gaia.render import html
from gamekit.games.gaia.samples import load_error_text, load_sample, load_upload, sample_data
from gamekit.games.gaia.state import GaiaState
from gamekit.games.gaia.survey import factions_for, survey
from gamekit.games.gaia.svg_map import SAT_SHAPE, SEAT_DASH, planet_codes, target_hexes
from gamekit.games.gaia.svg_replay import story_html, vp_rounds, vp_sources_html

RAW = [
    re.compile(r"\b[a-z]+_[a-z_]+\b"),  # snake_case ids
    re.compile(r"\bp\d\b"),  # seat ids
    re.compile(r"\b[a-z]+:[a-z]"),  # place ids like fedtoken:fed1
    re.compile(r"\b(tech|advtech|booster|score|fed|power|qic)\d+\b"),  # tile and action ids
    re.compile(r"\b(board|ui|option|replay)\.[a-z_]+"),  # catalog keys that fell through
]


def _play(players: int, seed: int, stops: tuple[int, ...]) -> list[GaiaState]:
    """Snapshots of a random game after each number of actions in ``stops`` (and the end)."""
    s = GaiaState.new(players, seed)
    agents = [make_agent("gaia", "random", seed * 10 + i) for i in range(players)]
    out, n = [], 0
    while not s.is_over():
        if n in stops:
            out.append(s.clone())
        seat = s.to_move()[0]
        s.apply(agents[seat].choose(s, s.decision(seat)))
        n += 1
    return [*out, s]


@cache
def _games() -> dict[int, list[GaiaState]]:
    return {p: _play(p, 10 + p, (0, 12, 60, 150)) for p in (2, 3, 4)}


def _visible_text(markup: str) -> str:
    """Every text node of the board, tooltips (``<title>``) included."""
    return " ".join(ET.fromstring(markup).itertext())


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_renders_well_formed_in_both_languages(players):
    for s in _games()[players]:
        for lang in ("en", "pt"):
            markup = html(s, lang)
            root = ET.fromstring(markup)  # well-formed: the SVG parts too
            assert "gamekit-board" in root.get("class")
            svgs = [e for e in root.iter() if e.tag.endswith("svg")]
            assert len(svgs) >= 2 + players  # map, research board, a bowl drawing per seat
            assert all(e.get("viewBox") for e in svgs)  # scales down
            assert markup.count("data-hex=") == len(s.space.planets)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_board_names_every_player_and_faction(players):
    s = _games()[players][-1]
    for lang, seat_word in (("en", "Player"), ("pt", "Jogador")):
        text = _visible_text(html(s, lang))
        for seat, p in enumerate(s.pl):
            assert f"{seat_word} {seat + 1}" in text
            assert CATALOG.name("gaia", p.faction, lang) in text
    pt = _visible_text(html(s, "pt"))
    assert "Tabuleiro de Pesquisa" in pt and "Área Gaia" in pt and "Pontuação final" in pt
    assert "Research board" in _visible_text(html(s, "en"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_raw_ids_in_the_visible_text(players):
    for s in _games()[players]:
        for lang in ("en", "pt"):
            text = _visible_text(html(s, lang))
            for pattern in RAW:
                found = pattern.search(text)
                assert found is None, f"{lang}: raw id {found.group(0)!r} shown"
            for p in s.pl:
                if p.faction and p.faction != CATALOG.name("gaia", p.faction, lang).lower():
                    assert p.faction not in text


def test_every_planet_has_a_letter_code_explained_in_the_legend():
    s = _games()[3][-1]
    for lang in ("en", "pt"):
        root = ET.fromstring(html(s, lang))
        codes = [e.text for e in root.iter() if e.get("class") == "gaia-planet-code"]
        assert len(codes) == len(s.ptype)
        assert all(c for c in codes)
        legend = next(e for e in root.iter() if e.get("class") == "gaia-legend")
        legend_text = " ".join(legend.itertext())
        for kind, code in planet_codes(lang).items():
            assert code in legend_text and CATALOG.name("gaia", kind, lang) in legend_text
    # codes tell the types apart without colour
    assert len(set(planet_codes("en").values())) == len(planet_codes("en"))
    assert len(set(planet_codes("pt").values())) == len(planet_codes("pt"))


def _targets_in(markup: str) -> set[tuple[int, int]]:
    root = ET.fromstring(markup)
    return {tuple(int(x) for x in e.get("data-hex").split(","))
            for e in root.iter() if "gamekit-target" in (e.get("class") or "").split()}


def test_targets_of_a_build_decision_are_highlighted():
    s = GaiaState.new(2, 5, factions=["terrans", "xenos"])
    # set-up: the starting mine's legal hexes
    seat = s.to_move()[0]
    places = {tuple(s.hex_of(a.args[0])) for a in s.legal_actions(seat)}
    assert places and _targets_in(html(s)) == places == target_hexes(s)
    while not (s.stack and s.stack[-1].kind == "turn"):
        s.apply(s.legal_actions(s.to_move()[0])[0])
    seat = s.to_move()[0]
    legal = s.legal_actions(seat)
    builds = {tuple(s.hex_of(a.args[0])) for a in legal if a.verb in ("build", "gaia", "upgrade")}
    assert builds, "a first turn offers mines"
    assert _targets_in(html(s, "pt")) == builds
    s.apply(next(a for a in legal if a.verb == "pass"))
    while s.to_move() and s.stack[-1].kind != "turn":  # e.g. the booster of the pass
        s.apply(s.legal_actions(s.to_move()[0])[0])
    assert _targets_in(html(s)) == target_hexes(s)


def _titles(markup: str) -> dict[tuple[int, int], str]:
    root = ET.fromstring(markup)
    out = {}
    for e in root.iter():
        if e.get("data-hex"):
            title = next(c for c in e if c.tag.endswith("title"))
            out[tuple(int(x) for x in e.get("data-hex").split(","))] = title.text
    return out


def test_the_hover_of_a_mine_shows_range_qic_steps_and_ore():
    """Issue 12: each legal mine's tooltip gives what the engine's mine options say it takes
    (``mines.mine_offers``), and the free steps of a power action."""
    s = GaiaState.new(2, 1, factions=["terrans", "xenos"])
    while not (s.stack and s.stack[-1].kind == "turn"):
        s.apply(s.legal_actions(s.to_move()[0])[0])
    seat = s.to_move()[0]
    offers = mine_offers(s, seat)
    builds = {a.args[0] for a in s.legal_actions(seat) if a.verb == "build"}
    assert offers and set(offers) == builds
    titles = _titles(html(s, "en"))
    for label, o in offers.items():
        assert (f"range {o['range']} · QIC: {o['qic']} · terraforming steps: {o['steps']} "
                f"(free: {o['free_steps']}) · ore: {o['ore']}") in titles[tuple(s.hex_of(label))]
    assert any(o["qic"] for o in offers.values()) or any(o["steps"] for o in offers.values())
    assert "C.I.Q.:" in _titles(html(s, "pt"))[tuple(s.hex_of(next(iter(offers))))]
    bowls = s.position()["state"]["players"][seat]["bowls"]
    s = with_seat(s, seat, bowls=[0, 0, sum(bowls[:3]), bowls[3]])  # every token in bowl III
    s.apply(f"p{seat + 1} action power2")  # a mine with 2 free steps
    after = mine_offers(s, seat)
    assert after and all(o["free_steps"] == min(2, o["steps"]) for o in after.values())
    per = s.pl[seat].ore_per_step()
    assert all(o["ore"] == 1 + max(0, o["steps"] - 2) * per for o in after.values())


def test_pieces_on_the_map_have_shapes_and_owners():
    s = _games()[4][-1]
    root = ET.fromstring(html(s, "en"))
    owned = {h for p in s.pl for h in p.built}
    titles = {e.get("data-hex"): " ".join(e.itertext()) for e in root.iter()
              if e.get("data-hex")}
    for h in owned:
        seat = s.owner[h]
        assert f"Player {seat + 1}" in titles[f"{h[0]},{h[1]}"]
    sats = sum(len(p.satellites) for p in s.pl)
    assert sum(1 for e in root.iter() if e.get("class") == "gaia-satellite") == sats
    fed_hexes = {h for p in s.pl for f in p.feds for h in f}
    assert sum(1 for e in root.iter() if e.get("class") == "gaia-federation") == len(fed_hexes)
    # colour-blind: each seat's satellites have their own shape, federations their own dashes
    marks = [e for e in root.iter() if e.get("class") in ("gaia-satellite", "gaia-federation")]
    shapes = {(e.get("class"), e.get("data-seat")): (e.get("data-shape"), e.get("stroke-dasharray"))
              for e in marks}
    assert marks
    for (cls, seat), (shape, dash) in shapes.items():
        want = (SAT_SHAPE[int(seat)], None) if cls == "gaia-satellite" else (None,
                                                                           SEAT_DASH[int(seat)])
        assert (shape, dash) == want
    assert len(set(SAT_SHAPE)) == len(set(SEAT_DASH)) == 4


def test_faction_board_shows_bowls_and_stock():
    s = _games()[2][-1]
    root = ET.fromstring(html(s, "en"))
    boards = [e for e in root.iter() if e.get("class") == "gaia-faction"]
    assert len(boards) == 2
    assert sorted(int(e.get("data-seat")) for e in boards) == [0, 1]
    for board in boards:  # the deciding seat's board beside the map, the others folded
        p = s.pl[int(board.get("data-seat"))]
        bowls = {int(e.get("data-bowl")): " ".join(e.itertext()) for e in board.iter()
                 if e.get("data-bowl")}
        b = p.bowls
        for bowl, n in zip((1, 2, 3, 4), (b.bowl1, b.bowl2, b.bowl3, b.gaia), strict=True):
            assert f": {n}" in bowls[bowl]
        text = " ".join(" ".join(board.itertext()).split())
        assert f"VP {p.vp}" in text and f"credits {p.res['credits']}" in text
        assert f"ore {p.res['ore']}" in text and f"QIC {p.res['qic']}" in text


def test_repr_html_uses_the_board():
    s = _games()[3][1]
    assert "gaia-map" in s._repr_html_() and "gamekit-board" in s._repr_html_()


def test_research_board_places_every_marker():
    s = _games()[4][-1]
    root = ET.fromstring(html(s, "en"))
    research = next(e for e in root.iter() if e.get("class") == "gaia-research")
    markers = [e for e in research.iter() if e.tag.endswith("circle")]
    assert len(markers) == 6 * s.players


# ---------------------------------------------------------------------- power cycle
def _node_sums(data, node):
    i = data["nodes"].index(node) if node in data["nodes"] else None
    if i is None:
        return 0, 0
    inflow = sum(v for t, v in zip(data["target"], data["value"], strict=True) if t == i)
    outflow = sum(v for s, v in zip(data["source"], data["value"], strict=True) if s == i)
    return inflow, outflow


@pytest.mark.parametrize("players", [2, 3, 4])
def test_power_cycle_balances_to_the_bowls(players):
    """Tokens in minus tokens out of each bowl equal what the bowl holds (spent tokens go back
    to bowl I); charges counted as leech equal the leech events."""
    s = _games()[players][-1]
    leech = leech_charges(s.events)
    for seat, p in enumerate(s.pl):
        data = power_cycle_data(s.flows, seats=[seat], leech=leech)
        spent = _node_sums(data, "spent")[0]
        i1, o1 = _node_sums(data, "bowl1")
        i2, o2 = _node_sums(data, "bowl2")
        i3, o3 = _node_sums(data, "bowl3")
        ig, _ = _node_sums(data, "gaia")
        _, og = _node_sums(data, "gaia_back")
        b = p.bowls
        assert (i1 + spent - o1, i2 - o2, i3 - o3, ig - og) == (b.bowl1, b.bowl2, b.bowl3, b.gaia)
        as_leech = sum(v for v, c in zip(data["value"], data["resource"], strict=True)
                       if c == "leech")
        assert as_leech == sum(n for (st, _r), n in leech.items() if st == seat)


def test_power_cycle_words_in_both_languages():
    s = _games()[3][-1]
    pt = power_cycle_data(s.flows, seats=[0], lang="pt")
    assert "área I" in pt["label"] and all("pc." not in x for x in pt["label"] + pt["link_label"])
    fig = power_cycle_figure(s.flows, seats=[0])
    assert fig.data[0].type == "sankey"


def test_vp_by_round_adds_up_to_the_score():
    s = _games()[3][-1]
    for seat in range(3):
        frame = plots.vp_by_round_frame(s.flows, seat)
        assert int(frame.values.sum()) == s.scores()[seat]["total"]
    rows = vp_rounds(s)
    assert [rows[-1][f"p{k + 1}"] for k in range(3)] == [s.scores()[k]["total"] for k in range(3)]


# ---------------------------------------------------------------------- sample and uploads
@cache
def _voyager():
    return load_sample("voyager-6")


def test_packaged_sample_replays_to_its_final_score():
    s = _voyager()
    assert s.is_over()
    assert [s.scores()[k]["total"] for k in range(4)] == sample_data()["final_vp"]
    story = story_html(s, "pt")
    ET.fromstring(story)
    assert story.count("gaia-power-cycle") == 4 and "PV por rodada" in story


def test_upload_of_the_sample_bytes_replays():
    raw = json.dumps(sample_data()).encode()
    s = load_upload(raw)
    assert [s.scores()[k]["total"] for k in range(4)] == [132, 171, 194, 139]


@pytest.mark.parametrize("data, why", [
    (b"not json", "not valid JSON"),
    (b"[1, 2]", "must be an object"),
    (b'"/etc/passwd"', "must be an object"),
    (json.dumps({"moves": ["init 2 x"]}).encode(), ""),
    (json.dumps({"moves": ["init 2 seed"]}).encode(), "setup"),
    (json.dumps({"moves": ["init 2 seed"], "setup": {"boosters": []}}).encode(), "lacks"),
    (b"[" * 5000 + b"]" * 5000, ""),
])
def test_bad_uploads_are_refused_by_name(data, why):
    with pytest.raises(RecordError) as err:
        load_upload(data)
    assert why in str(err.value)
    text = load_error_text(err.value, "pt")
    assert text.startswith("Não foi possível") and len(text) < 400
    assert "root:" not in text  # nothing read from a path


def test_unknown_sample_name_is_refused():
    with pytest.raises(RecordError, match="unknown sample"):
        sample_data("../../etc/passwd")


# ---------------------------------------------------------------------- survey
def test_factions_spread_over_every_seat():
    seen = {(f, s) for i in range(28) for s, f in enumerate(factions_for(i, 3))}
    assert len(seen) == 14 * 3
    for i in range(28):
        homes = [f for f in factions_for(i, 4)]
        assert len(set(homes)) == 4


def test_survey_rows_add_up():
    frame = survey(n=2, players=2, agents=["greedy", "random"], seed=3)
    assert len(frame) == 4
    vp = [c for c in frame.columns if c.startswith("vp_")]
    assert (frame[vp].sum(axis=1) == frame["score"]).all()
    assert set(frame["agent"]) == {"greedy", "random"}
    assert frame.groupby("game_index")["winner"].any().all()


# ---------------------------------------------------------------------- front-end plumbing
def test_states_pickle_for_session_snapshots():
    """The widgets' ``Session`` keeps a pickled snapshot after every action: a Gaia state with
    faction boards (read-only mappings) must round-trip and play on identically."""
    import pickle

    s = _games()[3][2]
    copy = pickle.loads(pickle.dumps(s, pickle.HIGHEST_PROTOCOL))
    assert copy.to_dict() == s.to_dict()
    seat = s.to_move()[0]
    assert copy.legal_actions(seat) == s.legal_actions(seat)
    assert copy.pl[seat].board == s.pl[seat].board


def test_play_app_builds_and_answers_a_click():
    widgets = pytest.importorskip("gamekit_widgets.presets")
    app = widgets.play_app("gaia", players=2, human=0, seed=4, flows=False,
                           choices={"layout": ["first_game", "random"]})
    assert "gaia-map" in app.view.board.value
    first = app.state.legal_actions(0)[0]
    app.session.apply(first)
    assert app.state.pl[0].faction == first.args[0]
    assert CATALOG.name("gaia", first.args[0]) in app.view.board.value


def test_vp_by_round_and_source_adds_up_to_each_score():
    """The replay notebook's table (``vp_sources_html``): per seat, the VP of every round and
    source from the flow ledger; its grand total is the seat's final VP."""
    state = load_sample("voyager-6")
    for lang in ("en", "pt"):
        root = ET.fromstring(vp_sources_html(state, lang))
        tables = [e for e in root.iter() if e.get("class") == "gaia-vp-sources"]
        assert len(tables) == 4
        for tab in tables:
            rows = [r for r in tab if r.tag == "tr"]
            grand = int("".join(rows[-1][-1].itertext()))
            assert grand == state.pl[int(tab.get("data-seat"))].vp
            text = " ".join(tab.itertext())
            assert not re.search(r"\b[a-z]+_[a-z_]+\b", text), text  # no raw ids
