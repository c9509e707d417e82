"""Set-up, options, the end of the game, results, narration and agents."""

from __future__ import annotations

import json
import random

import pytest
from bluemoon_helpers import legal

import gamekit
from gamekit.core import CATALOG, LANGUAGES, Action, OptionError, make_agent, play
from gamekit.core.invariants import assert_illegal_unchanged
from gamekit.games.bluemoon import data as D
from gamekit.games.bluemoon import text as T

STARTING = {"royal_palace", "fire_temple", "earth_temple", "water_temple"}



# ---------------------------------------------------------------- set-up
@pytest.mark.parametrize("players", [2, 3, 4])
def test_standard_setup(players):
    s = gamekit.new("bluemoon", players=players, seed=players)
    d = s.to_dict()
    city = d["city"]
    assert city[2][2] == "central_square"
    assert {city[1][2], city[2][1], city[2][3], city[3][2]} == STARTING
    assert city[0][0] is None and city[4][4] is None
    assert sum(1 for row in city for t in row if t) == 21
    assert d["figures"] == [[2, 2]] * players
    assert all(v is None for v in d["dragons"].values())
    assert all(sum(h.values()) == 8 for h in d["hands"])
    assert d["scale_supply"] == {2: 7, 3: 10, 4: 12}[players]
    assert d["markers"] == [10] * players and d["crystals"] == [0] * players
    assert len(d["deck"]) == 80 - 8 * players


def test_expansion_and_alternative_setup():
    s = gamekit.new("bluemoon", players=4, seed=5, city="expansion")
    city = s.to_dict()["city"]
    assert all(t for row in city for t in row)
    assert {city[1][2], city[2][1], city[2][3], city[3][2]} == STARTING
    seen = set()
    for seed in range(30):
        s = gamekit.new("bluemoon", players=4, seed=seed, setup="alternative")
        c = s.to_dict()["city"]
        seen.add(frozenset({c[1][2], c[2][1], c[2][3], c[3][2]}))
    assert len(seen) > 1  # the starting tiles are not forced next to the square


def test_explicit_layout_deck_and_first_player():
    deck = [k for k in D.KINDS for _ in range(D.DEFAULT_VALUES[k.rsplit("_", 1)[0]][int(k[-1])])]
    deck.sort()
    layout = gamekit.new("bluemoon", players=2, seed=9).to_dict()["city"]
    s = gamekit.new("bluemoon", players=2, seed=1, layout=layout, deck=deck, first_player=2)
    assert s.to_dict()["city"] == layout
    assert s.turn_seat == 1
    assert s.to_dict()["hands"][0] == {"aqua_1": 3, "aqua_2": 3, "aqua_3": 2}
    assert s.to_dict()["hands"][1] == {"aqua_3": 2, "khind_1": 3, "khind_2": 3}
    assert s.to_dict()["deck"][0] == "khind_3"
    assert not any(line.startswith("chance") for line in s.log)  # nothing left to chance


@pytest.mark.parametrize("opts,words", [
    ({"city": "mars"}, ["'city'", "base", "expansion"]),
    ({"setup": "random"}, ["'setup'"]),
    ({"first_player": 5}, ["'first_player'", "1 to 4"]),
    ({"deck": ["vulca_1"]}, ["'deck'", "exactly the 80 cards"]),
    ({"deck": ["dragon_9"]}, ["'deck'", "unknown card"]),
    ({"layout": [[None]]}, ["'layout'", "5 rows"]),
    ({"layout": [["mill"] * 5] * 5}, ["'layout'"]),
    ({"colour": "red"}, ["unknown option"]),
    ({"scales": 0}, ["'scales'"]),
])
def test_bad_options_name_the_option(opts, words):
    with pytest.raises(OptionError) as err:
        gamekit.new("bluemoon", players=4, **opts)
    for w in words:
        assert w in str(err.value)


def test_bad_player_counts():
    for n in (1, 5):
        with pytest.raises(OptionError, match="2 to 4"):
            gamekit.new("bluemoon", players=n)


def test_layout_must_match_the_city_and_setup():
    base = gamekit.new("bluemoon", players=4, seed=2).to_dict()["city"]
    with pytest.raises(OptionError, match="needs a tile"):
        gamekit.new("bluemoon", players=4, city="expansion", layout=base)
    moved = [row[:] for row in base]
    moved[1][2], moved[0][2] = moved[0][2], moved[1][2]
    with pytest.raises(OptionError, match="standard set-up"):
        gamekit.new("bluemoon", players=4, layout=moved)
    gamekit.new("bluemoon", players=4, layout=moved, setup="alternative")  # fine
    twice = [row[:] for row in base]
    twice[0][1] = twice[0][2]
    with pytest.raises(OptionError, match="placed twice"):
        gamekit.new("bluemoon", players=4, layout=twice, setup="alternative")


def test_scales_option_for_the_2006_counts():
    assert gamekit.new("bluemoon", players=4, scales=15).supply == 15


# ---------------------------------------------------------------- end of the game
def test_all_built_then_play_on_until_no_one_can_offer(bm):
    s = bm.new({(2, 3): "earth_temple"}, players=2)
    others = [t.id for t in s.tiles if t.group in ("starting", "base") and t.id != "earth_temple"]
    s = bm.arrange(s, hands={0: ["terrah_3"]}, positions={0: (2, 3), 1: (2, 1)}, built=others,
               markers={"earth_temple": [0, 1, None]}, crystals={0: 0, 1: 4})
    s.apply("p1 done")
    s.apply("p1 contribute 2")
    s.apply("p1 pay terrah_3")
    s.apply("p1 done")  # the last building
    assert s.buildings_built == s.building_count
    s = bm.arrange(s, crystals={0: 5, 1: 7})
    s.apply("p1 done")
    s.apply("p1 done")  # refill: p2 can still afford 7 -> play on
    assert not s.is_over() and s.turn_seat == 1
    s.apply("p2 move 2 2")
    s.apply("p2 done")
    s.apply("p2 offer")
    s.apply("p2 done")
    s.apply("p2 done")  # nobody can pay the next space (7): the game ends
    assert s.is_over() and s.end_reason == "all_built"
    res = s.result()
    assert res.winners == [1] and res.scores == [0, 1]


def test_all_built_ties_go_to_crystals_then_shared(bm):
    def ended(crystals):
        """The game over by the city's rebuilding, with these offerings and crystals."""
        s = bm.arrange(bm.new({}, players=3), obelisk=[0, 0, 1, 1, 2],
                       crystals=dict(enumerate(crystals)))
        saved = s.position()
        saved["state"].update(over=True, end="all_built", to_move=[])
        saved["state"]["turn"]["stage"] = "over"
        saved["state"]["stack"] = []  # nobody decides any more (the stack agrees with the stage)
        return gamekit.position(saved, "bluemoon")

    s = ended([3, 5, 9])
    assert s.result().winners == [1]
    s = ended([5, 5, 9])
    assert s.result().winners == [0, 1]
    assert s.score_breakdown(0) == {"offerings": 2, "pillar_offerings": 0,
                                    "golden_temple_offerings": 0}


def test_no_action_after_the_end(bm):
    s = bm.new({})
    s = bm.arrange(s, crystals={0: 7}, obelisk=[0, 0, 0])
    s.apply("p1 done")
    s.apply("p1 offer")
    assert s.is_over()
    assert_illegal_unchanged(s, "p1 done")


# ---------------------------------------------------------------- actions & decisions
def test_actions_text_forms_parse_back_and_illegal_ones_are_explained(bm):
    s = bm.new({(2, 3): "royal_palace"})
    s = bm.arrange(s, hands={0: ["aqua_3", "aqua_2", "lux_1", "vulca_3"]}, positions={0: (2, 3)})
    for a in s.legal_actions(0):
        assert Action.parse(str(a)) == a
    err = assert_illegal_unchanged(s, "p1 offer")
    assert "another step" in str(err)
    err = assert_illegal_unchanged(s, "p2 done")
    assert "not player 2" in str(err)
    assert_illegal_unchanged(s, "p1 move 4 4")
    assert_illegal_unchanged(s, "p1 fly")
    s.apply("p1 done")
    s.apply("p1 contribute 0 blue")
    d = s.decision(0)
    assert d.kind == "pay" and d.stack == ("turn", "contribute", "pay")
    assert "Royal Palace" in d.question("en") and "Palácio Real" in d.question("pt")
    assert_illegal_unchanged(s, "p1 pay vulca_3")
    s.apply("p1 recolour lux_1 black")
    s.apply("p1 pay vulca_3")
    s.apply("p1 pay aqua_3")
    assert legal(s) == {"p1 done"}


def test_catalog_covers_every_event_ask_and_rule():
    for key, langs in T.MESSAGES.items():
        assert all(langs.get(lang) for lang in LANGUAGES), key
    kinds, asks, rules = set(), set(), set()
    for seed, opts in enumerate([{}, {"city": "expansion"}, {"city": "expansion"}]):
        s = gamekit.new("bluemoon", players=2 + seed, seed=seed, **opts)
        agents = [make_agent("bluemoon", "heuristic", seed * 10 + i) for i in range(s.players)]
        agents[-1] = make_agent("bluemoon", "random", seed)
        steps = 0
        while not s.is_over() and steps < 20_000:
            steps += 1
            d = s.decision(s.turn_seat)
            asks.add(d.kind)
            for lang in LANGUAGES:
                assert "{" not in d.question(lang)
            ag = agents[s.turn_seat]
            s.apply(ag.choose(s.view(s.turn_seat) if ag.needs_view else None, d))
        for e in s.events:
            kinds.add(e.kind)
            if e.rule:
                rules.add(e.rule)
            for lang in LANGUAGES:
                text = e.text(lang)
                assert "{" not in text, (e.kind, text)
                if e.rule:
                    assert e.rule_text(lang)
    for k in kinds:
        assert CATALOG.has("bluemoon", k), k
    for a in asks | {"move", "teleport", "dragon_place", "dragon_step", "act", "pay", "refill"}:
        assert CATALOG.has("bluemoon", "ask." + a), a
    for r in rules:
        assert CATALOG.has("bluemoon", "rule." + r), r
    assert {"turn", "move", "offer", "contribute", "building_complete", "draw"} <= kinds


def test_to_dict_is_json_and_canonical():
    s = gamekit.new("bluemoon", players=3, seed=4)
    rng = random.Random(4)
    for _ in range(300):
        if s.is_over():
            break
        legal_ = s.legal_actions(s.turn_seat)
        s.apply(legal_[rng.randrange(len(legal_))])
        d = s.to_dict()
        assert json.loads(json.dumps(d)) == d
        assert s.clone().to_dict() == d


# ---------------------------------------------------------------- agents
def test_heuristic_beats_random():
    df = gamekit.simulate("bluemoon", ["heuristic", "random", "random", "random"], n=12,
                          progress=False, seed=100)
    rate = df[df.agent == "heuristic"].winner.mean()
    assert rate >= 0.75


def test_lookahead_agent_plays_a_short_game(bm):
    # a short game: 2 players one offering from winning, crystals in hand
    s = bm.new({}, players=2)
    s = bm.arrange(s, crystals={0: 14, 1: 14}, obelisk=[0] * 5 + [1] * 5)
    agents = [make_agent("bluemoon", "lookahead:2", 1), make_agent("bluemoon", "random", 2)]
    n = play(s, agents, limit=400)
    assert s.is_over() and n < 400
    assert s.result().winners


def test_html_board():
    s = gamekit.new("bluemoon", players=3, seed=2, city="expansion")
    html = s._repr_html_()
    assert "gamekit-board" in html and "Royal Palace" in html
    assert html.count("♟") == 3
    v = s.view(0)._repr_html_()
    assert "?" in v  # other seats' crystals are hidden in a view


@pytest.mark.parametrize("players,city", [(2, "expansion"), (3, "base"), (4, "expansion")])
def test_heuristic_self_play_ends(players, city):
    for seed in range(4):
        s = gamekit.new("bluemoon", players=players, seed=seed, city=city)
        agents = [make_agent("bluemoon", "heuristic", seed * 10 + i) for i in range(players)]
        n = play(s, agents, limit=20_000)
        assert s.is_over(), f"heuristic self-play stalled after {n} decisions (seed {seed})"
