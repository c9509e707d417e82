"""The boardgamers.space notation reader: every sample line parses and writes back; typed values;
clear errors for malformed lines and unknown options."""

from __future__ import annotations

import json
import random
import re

import pytest
from gaia_helpers import extra_lines, needs_ref, same_text, scenario_record, scenarios, voyager

from gamekit.core.records import RecordError
from gamekit.games.gaia import commands as C
from gamekit.games.gaia import notation as N
from gamekit.games.gaia.jsondepth import shallow
from gamekit.games.gaia.sectors import layout_map

MAP2 = layout_map("first_game_2")


def one(text: str, space=MAP2, players: int = 2) -> N.Move:
    return N.parse_move(text, 7, space, players)


def _all_records():
    out = [(sc["id"], scenario_record(sc), extra_lines(sc)) for sc in scenarios()["scenarios"]]
    return out + [("voyager-6", voyager(), [])]


# ------------------------------------------------------------------------ the samples
@needs_ref
def test_every_sample_line_parses_and_writes_back():
    lines = inits = 0
    for name, record, extra in _all_records():
        g = N.read_record(record)
        inits += 1
        assert N.write_game(g)[0] == record["moves"][0]
        moves = list(g.moves) + [N.parse_move(t, 1, g.space, g.init.players) for t in extra]
        for m in moves:
            assert same_text(N.write_move(m), m.text), (name, m.text)
            for c in m.clauses:
                for h in _hexes(c):
                    assert h.hex in g.space.planets and h.label == g.space.label(h.hex)
        lines += len(moves)
    # the README counts 2,838 lines; we also read the 2 stored 'last_line' values
    assert (lines + inits, inits) == (2840, 41)


def _hexes(c: C.Clause) -> list[C.HexRef]:
    if isinstance(c, (C.Build, C.SwapPI, C.LostPlanet)):
        return [c.hex]
    if isinstance(c, C.Federation):
        return list(c.hexes)
    if isinstance(c, C.Rotate):
        return [h for h, _ in c.turns]
    return []


def form(c: C.Clause) -> str:
    """A clause's shape: hexes, numbers and lists abstracted."""
    text = C.clause_text(c)
    text = re.sub(r"-?\d+x-?\d+|\b\d+[AB]\d+\b|\b\d+C\b", "HEX", text)
    text = re.sub(r"HEX(,HEX)+", "HEX,...", text)
    text = re.sub(r"\(.*\)", "(NOTE)", text)
    return re.sub(r"\d+", "N", text)


#: every distinct clause form of the samples (docs/games/gaia.md lists them)
FORMS = {
    "action powerN", "action qicN", "bid FACTION N", "booster boosterN", "brainstone areaN",
    "brainstone gaia", "build PI HEX", "build acN HEX", "build gf HEX",
    "build gf HEX using areaN: N, areaN: N", "build lab HEX", "build m HEX", "build sp HEX",
    "build ts HEX", "burn N", "charge Npw", "charge Npw,Nt", "charge Nt,Npw", "cover POS",
    "decline", "decline Npw", "faction FACTION", "federation HEX fedN",
    "federation HEX,... fedN", "federation HEX,... fedN using areaN: N", "fedtile fedN",
    "income Npw", "income Npw,t", "income Nt", "income Nt,Nt", "income t", "income t,Npw",
    "lostPlanet HEX", "pass", "pass boosterN", "pass boosterN returning boosterN",
    "rotate HEX N", "rotate HEX N HEX N HEX N", "rotate HEX N HEX N HEX N HEX N HEX N HEX N HEX N",
    "special Nk", "special No", "special Npw", "special down-lab", "special q", "special q,Nc",
    "special range+N", "special space-station", "special step", "special swap-PI",
    "special up-lowest", "spend Nc for Nk", "spend Nc for No", "spend Nc for Nq",
    "spend Ngf for Nq", "spend Nk for Nc", "spend No for Nc", "spend No for Nt",
    "spend Npw for Nc", "spend Npw for Nc (NOTE)", "spend Npw for Nk", "spend Npw for No",
    "spend Npw for Nq", "spend Nq for No", "spend Nt-aN for Nk", "spend Ntg for Nc",
    "spend Ntg for Nk", "spend Ntg for No", "spend Ntg for Nq", "spend Ntg for tech",
    "spend t-aN for Nk", "spend t-aN for k", "swap-PI HEX", "tech POS", "up TRACK",
}


@needs_ref
def test_every_command_form_of_the_samples_is_read():
    from gamekit.games.gaia.components import FACTIONS, TRACKS

    seen = set()
    for _, record, extra in _all_records():
        g = N.read_record(record)
        for m in list(g.moves) + [N.parse_move(t, 1, g.space, 5) for t in extra]:
            for c in m.clauses:
                f = form(c)
                for word in (*FACTIONS, *TRACKS):
                    f = re.sub(rf"^(faction|bid) {re.escape(word)}\b", r"\1 FACTION", f)
                f = re.sub(r"^up \w+", "up TRACK", f)
                f = re.sub(r"^(tech|cover) [\w-]+", r"\1 POS", f)
                seen.add(f)
    assert seen == FORMS


@needs_ref
def test_label_and_qxr_lines_agree_with_the_map_built_from_placements():
    """voyager-6 writes labels: each label resolves to the hex the sample's placements give."""
    g = N.read_record(voyager())
    for m in g.moves:
        for c in m.clauses:
            for h in _hexes(c):
                assert g.space.hex(h.text) == h.hex
    rewritten = [N.write_move(m, "qxr") for m in g.moves]
    again = N.read_lines([voyager()["moves"][0], *rewritten], space=g.space)
    assert [[_hexes(c) and [x.hex for x in _hexes(c)] for c in m.clauses] for m in again.moves] \
        == [[_hexes(c) and [x.hex for x in _hexes(c)] for c in m.clauses] for m in g.moves]
    assert N.write_move(again.moves[4], "label") == voyager()["moves"][5]


@needs_ref
def test_auction_seats_follow_the_bids():
    sc = next(s for s in scenarios()["scenarios"] if s["id"] == "setup-auction-ivits-pi-last")
    record = {"moves": sc["moves"] + ["p2 build m 1x0", "p3 pass", "p1 pass"],
              "engine_options": sc["engine_options"]}
    g = N.read_record(record)  # the map comes from the 'map' option (centres from the slots)
    # a seat choosing or bidding holds no faction yet; afterwards: ivits p2, terrans p3, gleens p1
    assert [m.faction for m in g.moves] == [None] * 7 + ["ivits", "terrans", "gleens"]
    setup = scenarios()["setups"][sc["setup_ref"]]["map"]
    assert {(h["q"], h["r"]): h["label"] for h in setup["hexes_at_init"]} == {
        h: g.space.label(h) for h in g.space.planets}


# ----------------------------------------------------------------------- typed values
def test_build_with_a_label():
    m = one("terrans build m 3A5.")
    assert (m.player, m.faction, m.seat, m.line, m.ends_turn) == ("terrans", "terrans", None, 7,
                                                                 True)
    (b,) = m.clauses
    assert isinstance(b, C.Build) and b.building == "m"
    assert b.hex == C.HexRef("3A5", (-2, 1), "3A5")  # sector 3 is centred at 0x0


def test_charge_pass_federation_and_seats():
    assert one("itars charge 2pw").clauses == (C.Charge((C.Amount(2, "pw"),)),)
    m = one("gleens pass booster3")
    assert m.clauses == (C.Pass("booster3"),) and not m.ends_turn
    fed = one("ivits federation 1A3,1A4 fed2.").clauses[0]
    assert [h.hex for h in fed.hexes] == [MAP2.hex("1A3"), MAP2.hex("1A4")]
    assert fed.token == "fed2"
    m = one("p2 faction xenos")
    assert (m.seat, m.faction, m.clauses) == (2, None, (C.Faction("xenos"),))


def test_chained_clauses_and_follow_ups():
    m = one("terrans spend 1pw for 1c. build lab 3B4. tech adv-nav. cover nav. up nav. "
            "lostPlanet 1A2.")
    assert [c.verb for c in m.clauses] == ["spend", "build", "tech", "cover", "up", "lostPlanet"]
    assert m.clauses[0] == C.Spend((C.Amount(1, "pw"),), (C.Amount(1, "c"),))
    m = one("p1 special swap-PI. swap-PI 3A0.")
    assert m.clauses[0] == C.Special("swap-PI") and m.clauses[1].hex.hex == (2, 0)
    m = one("p1 action qic2. fedtile gleens")
    assert m.clauses == (C.Action("qic2"), C.FedTile("gleens"))


def test_amounts_keep_their_spelling():
    (s,) = one("nevlas spend t-a3 for k").clauses
    assert s == C.Spend((C.Amount(1, "t-a3", True),), (C.Amount(1, "k", True),))
    assert str(one("p1 income t,2pw").clauses[0]) == "income t,2pw"
    assert one("taklons charge 1t,3pw").clauses[0].items == (C.Amount(1, "t"), C.Amount(3, "pw"))
    assert one("p2 spend 4tg for tech. tech int. decline").clauses[2] == C.Decline()
    assert one("geodens decline 2pw").clauses[0] == C.Decline((C.Amount(2, "pw"),))


def test_engine_annotations_are_kept_verbatim():
    b = one("p1 build gf -3x1 using area1: 4, area2: 2.").clauses[0]
    assert (b.building, b.hex.hex, b.note) == ("gf", (-3, 1), "using area1: 4, area2: 2")
    p = one("p1 pass booster4 returning booster3").clauses[0]
    assert (p.booster, p.note) == ("booster4", "returning booster3")
    s = one("taklons burn 2. spend 4pw for 4c (0/6/0,B/0 ⇒ 1,B/2/1/0)").clauses[1]
    assert s.gain == (C.Amount(4, "c"),) and s.note == "(0/6/0,B/0 ⇒ 1,B/2/1/0)"
    assert N.write_move(one("p1 pass booster4 returning booster3")) == \
        "p1 pass booster4 returning booster3"


def test_rotate_and_bid():
    r = one("p2 rotate 0x0 1 5x-2 3").clauses[0]
    assert [(h.hex, n) for h, n in r.turns] == [((0, 0), 1), ((5, -2), 3)]
    assert one("p3 bid ivits 1", players=3).clauses == (C.Bid("ivits", 1),)


def test_labels_without_a_map_stay_unresolved():
    g = N.read_text("init 2 seed\nterrans build m 3A5.\nxenos build m -2x2")
    assert g.space is None
    assert g.moves[0].clauses[0].hex == C.HexRef("3A5", None, None)
    assert g.moves[1].clauses[0].hex.hex == (-2, 2)
    assert g.moves[1].line == 3


def test_write_styles():
    m = one("terrans build m -2x1. up nav.")
    assert N.write_move(m, "label") == "terrans build m 3A5. up nav."
    assert N.write_move(one("terrans build m 3A5"), "qxr") == "terrans build m -2x1"


def test_values_are_frozen():
    m = one("terrans build m 3A5.")
    with pytest.raises(AttributeError):
        m.player = "xenos"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        m.clauses[0].building = "ts"  # type: ignore[misc]


# ----------------------------------------------------------------------------- errors
@pytest.mark.parametrize("text,problem", [
    ("terrans build x 3A5.", "unknown building 'x'"),
    ("terrans build m 3A5 now", "expected 'build BUILDING HEX'"),
    ("terrans biuld m 3A5", "unknown command 'biuld'"),
    ("martians build m 3A5", "unknown player 'martians'"),
    ("p5 faction terrans", "player p5 does not exist in a 2-player game"),
    ("terrans build m 9A1", "there is no sector 9 on this map"),
    ("terrans build m 40x40", "hex 40x40 is not on the map"),
    ("terrans build m 3A12", "cannot read the hex '3A12'"),
    ("itars charge 2xp", "cannot read the amount '2xp'"),
    ("terrans up dip", "unknown research track 'dip'"),
    ("terrans build m 3A5.. up nav", "empty command between two dots"),
    ("terrans up nav..", "empty command between two dots"),
    ("p0 pass", "unknown player 'p0'"),
    ("terrans", "expected 'PLAYER COMMAND ...'"),
    ("terrans spend 4pw 1q", "expected 'spend COST for GAIN'"),
    ("terrans burn 0", "the burn count must be a whole number 1-99"),
    ("terrans pass booster11", "unknown booster 'booster11'"),
    ("terrans tech adv-dip", "unknown tech tile position 'adv-dip'"),
    ("terrans special fly", "unknown special action 'fly'"),
    ("taklons brainstone area4", "unknown brainstone destination 'area4'"),
    ("terrans rotate 0x0", "expected 'rotate CENTRE STEPS"),
    ("terrans federation 3A5 fed9", "unknown federation token 'fed9'"),
])
def test_malformed_lines_name_line_text_and_problem(text, problem):
    with pytest.raises(N.NotationError) as err:
        one(text)
    e = err.value
    assert (e.line, e.text) == (7, text)
    assert problem in e.problem
    assert str(e).startswith(f"record line 7: {text!r}: ")
    assert isinstance(e, RecordError)


def test_errors_in_a_record_give_the_line_number():
    with pytest.raises(N.NotationError, match=r"^record line 3: 'xenos build q -2x2': .*'q'"):
        N.read_text("init 2 s\nterrans build m -1x2\nxenos build q -2x2")
    with pytest.raises(N.NotationError, match="line 1: .*'init PLAYERS SEED'"):
        N.read_text("terrans build m -1x2")
    with pytest.raises(N.NotationError, match="player count must be a whole number 1-5"):
        N.read_text("init 9 s")
    with pytest.raises(N.NotationError, match="line 2: a move line must be text, got int"):
        N.read_lines(["init 2 s", 5])
    with pytest.raises(N.NotationError, match="the record has no lines"):
        N.read_lines([])


def test_unknown_option_is_refused_by_name():
    base = {"moves": ["init 2 s", "p1 faction terrans"]}
    with pytest.raises(N.NotationError, match="unknown option 'turbo'"):
        N.read_record({**base, "engine_options": {"layout": "standard", "turbo": True}})
    with pytest.raises(N.NotationError, match="option 'frontiers' is an expansion"):
        N.read_record({**base, "options": {"frontiers": True}})
    with pytest.raises(N.NotationError, match="option 'auction' must be one of"):
        N.read_record({**base, "options": {"auction": "dutch"}})
    with pytest.raises(N.NotationError, match="option 'advancedRules' must be true or false"):
        N.read_record({**base, "options": {"advancedRules": "yes"}})
    with pytest.raises(N.NotationError, match="once"):
        N.read_record({**base, "options": {}, "engine_options": {}})
    g = N.read_record({**base, "options": {"factionVariant": "beta", "factionVariantVersion": 1}})
    assert g.options == {"factionVariant": "beta", "factionVariantVersion": 1}


def test_bad_records_and_maps():
    with pytest.raises(N.NotationError, match="must be an object"):
        N.read_record(["init 2 s"])
    with pytest.raises(N.NotationError, match="'moves' list"):
        N.read_record({"moves": "init 2 s"})
    with pytest.raises(N.NotationError, match="cannot read the map"):
        N.read_record({"moves": ["init 2 s"], "map": {"sectors": [{"sector": "99"}]}})
    with pytest.raises(N.NotationError, match="1-12 sectors"):
        N.read_record({"moves": ["init 2 s"], "map": {"sectors": []}})
    with pytest.raises(N.NotationError, match="at most"):
        N.read_lines(["init 2 s"] + ["p1 pass"] * N.MAX_LINES)
    with pytest.raises(N.NotationError, match="longer than"):
        one("p1 build m " + "1" * N.MAX_LINE)


def test_uploaded_json_is_bounded():
    g = N.read_json('{"moves": ["init 2 s", "p1 faction terrans"]}')
    assert g.moves[0].clauses == (C.Faction("terrans"),)
    with pytest.raises(N.NotationError, match="not valid JSON"):
        N.read_json("{moves: 1}")
    with pytest.raises(N.NotationError, match="is nested more than 12 levels deep"):
        N.read_json('{"moves": ["init 2 s"], "map": ' + "[" * 20 + "]" * 20 + "}")
    with pytest.raises(N.NotationError, match="larger than"):
        N.read_json(" " * (N.MAX_JSON + 1))


def test_map_from_placements_with_and_without_centres():
    rows = [{"sector": p.face, "rotation": p.rotation} for p in MAP2.placements]
    # without centres the sectors take the engine's random-map slots in order
    g = N.read_record({"moves": ["init 2 s"], "map": {"sectors": rows}})
    assert g.space.centres["3"] == (5, -2)
    rows = [{"sector": p.face, "rotation": p.rotation,
             "center": {"q": p.centre[0], "r": p.centre[1]}} for p in MAP2.placements]
    g = N.read_record({"moves": ["init 2 s", "terrans build m 3A5"], "map": {"sectors": rows}})
    assert dict(g.space.planets) == dict(MAP2.planets)


def test_depth_precheck_agrees_with_the_walk():
    """parse_json's bracket count in C (``_shallow``) lets through only what the walk accepts."""
    texts = ['{"a": "[[[[\\"[[{"}', "[" * 11 + "]" * 11, "[" * 12 + "]" * 12,
             "[" * 12 + "1" + "]" * 12, '{"a": ' * 12 + "{}" + "}" * 12, '["\\\\", [[]]]',
             '["\\\\\\"[{", "]\\\\", [[[[[[[[[[[]]]]]]]]]]]]']
    rng = random.Random(3)
    for _ in range(200):
        text = "0"
        for _ in range(rng.randint(0, 16)):
            text = rng.choice(["[{}]", '{{"k": {}, "[": "]"}}', "[1, {}]"]).format(text)
        texts.append(text)
    for text in texts:
        try:
            N._depth(json.loads(text), 12)
            walk = True
        except N.NotationError:
            walk = False
        assert not shallow(text, 12) or walk, text
        try:
            N.parse_json(text)
            assert walk, text
        except N.NotationError:
            assert not walk, text
