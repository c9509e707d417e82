"""The engine contract, exercised on the toy game of ``toy.py``."""

from __future__ import annotations

import json
import random

import pytest
import toy  # noqa: F401  (registers the "toy" game)

import gamekit
from gamekit.core import (
    CATALOG,
    Action,
    Chance,
    ChanceMismatch,
    GameRecord,
    IllegalAction,
    OptionError,
    ParseError,
    RecordError,
    fold_flows,
    make_agent,
    replay,
    simulate,
)
from gamekit.core.invariants import assert_illegal_unchanged, check_random_game


@pytest.mark.parametrize(
    "action",
    [
        Action(1, "settle", ("New Sparta",)),
        Action(0, "place", ("materials", 3, "12")),
        Action(0, "pass"),
        Action(2, "x", (-3, 'a"b', "", "c\\d", "#x")),
    ],
)
def test_action_text_round_trip(action):
    assert Action.parse(str(action)) == action


def test_action_text_form():
    assert str(Action(1, "settle", ("New Sparta",))) == 'p2 settle "New Sparta"'
    assert str(Action(0, "draft", ("zeppelin", 2))) == "p1 draft zeppelin 2"


@pytest.mark.parametrize("text", ["", "p1", "x1 go", "p0 go", "p1 go 'unclosed", 12])
def test_action_parse_errors(text):
    with pytest.raises(ParseError):
        Action.parse(text)


def test_simultaneous_secret_decisions_and_views():
    s = gamekit.new("toy", players=3, seed=4)
    assert s.to_move() == (0, 1, 2)
    d = s.decision(0)
    assert d.secret and d.question("pt").startswith("Escolha")
    bid = d.legal[0]
    s.apply(bid)
    assert s.to_move() == (1, 2)
    # the secret bid is hidden from the other seats and from spectators
    assert s.view(1).to_dict()["bids"][0] == 0
    assert s.view(None).to_dict()["hands"][0] == [0, 0]
    assert s.view(0).to_dict()["bids"][0] == bid.args[0]
    assert all(e.seen_by(1) for e in s.view(1).events)
    assert not any(e.kind == "bid" for e in s.view(1).events)


def test_illegal_actions_leave_state_unchanged():
    s = gamekit.new("toy", players=2, seed=1)
    card = s.legal_actions(0)[0].args[0]
    exc = assert_illegal_unchanged(s, Action(0, "bid", (99,)))
    assert "legal now" in str(exc)
    assert_illegal_unchanged(s, "p1 fly away")
    assert_illegal_unchanged(s, "nonsense")
    s.apply(Action(0, "bid", (card,)))
    exc = assert_illegal_unchanged(s, Action(0, "bid", (card,)))
    assert "not player 1's decision" in str(exc)
    assert exc.explain("pt").startswith("agora não é a vez do Jogador 1")


def test_options_are_validated_with_named_errors():
    with pytest.raises(OptionError, match="2 to 3 players"):
        gamekit.new("toy", players=7)
    with pytest.raises(OptionError, match="unknown option"):
        gamekit.new("toy", players=2, colour="red")
    with pytest.raises(OptionError, match="'rounds'"):
        gamekit.new("toy", players=2, rounds=9)
    with pytest.raises(OptionError, match="'deck'.*too short"):
        gamekit.new("toy", players=3, deck=[1, 2])
    with pytest.raises(OptionError, match="unknown game"):
        gamekit.new("chess")


def test_explicit_setup_skips_chance():
    s = gamekit.new("toy", players=2, seed=0, deck=[1, 2, 3, 4, 5, 6])
    assert s.hands == [[1, 2, 3], [4, 5, 6]]
    assert not any(m.startswith("chance deck") for m in s.log)


def test_chance_is_logged_and_replays_without_rng():
    log: list[str] = []
    c = Chance(5, log)
    items = list("abcdef")
    c.shuffle("deck", items)
    k = c.randrange("die", 6)
    assert log[0].startswith("chance deck ") and log[1] == f"chance die {k}"
    again: list[str] = []
    c2 = Chance(None, again, list(log))  # no seed: the lines are taken as given
    items2 = list("abcdef")
    c2.shuffle("deck", items2)
    assert items2 == items and c2.randrange("die", 6) == k and again == log
    same = Chance(5, [], list(log))  # the same seed: drawn in lockstep, generator restored
    same.shuffle("deck", list("abcdef"))
    same.randrange("die", 6)
    assert same.rng.getstate() == c.rng.getstate()
    with pytest.raises(ChanceMismatch, match="seed") as info:  # another seed: caught
        Chance("other seed", [], list(log)).shuffle("deck", list("abcdef"))
    assert info.value.line == 0
    with pytest.raises(ChanceMismatch):
        Chance(0, [], ["chance die 3"]).shuffle("deck", [1, 2])
    with pytest.raises(ChanceMismatch):
        Chance(0, [], ["chance deck 0 0"]).shuffle("deck", [1, 2])


def test_record_round_trip_and_replay():
    s = gamekit.new("toy", players=3, seed=11)
    gamekit.play(s, [make_agent("toy", "random", i) for i in range(3)])
    rec = GameRecord.from_json(s.record().to_json())
    again = replay(rec)
    assert again.to_dict() == s.to_dict() and again.log == s.log
    # the seed must produce the chance lines (seed null: the lines are taken as given)
    data = json.loads(rec.to_json())
    data["seed"] = 999
    with pytest.raises(RecordError, match=r"moves\[0\].*seed"):
        replay(data)
    data["seed"] = None
    assert replay(data).to_dict() == s.to_dict()
    partial = replay(rec, upto=2)
    assert partial.round == 1 and partial.to_move() == (2,)


@pytest.mark.parametrize(
    "text, message",
    [
        ("not json", "not valid JSON"),
        ("[]", "JSON object"),
        ('{"format": "x"}', "not a gamekit record"),
        ('{"format": "gamekit-record", "version": 99}', "version 99"),
        ('{"format": "gamekit-record", "version": 1, "game": "toy"}', "lacks field 'players'"),
        (
            '{"format": "gamekit-record", "version": 1, "game": "toy", "players": "3",'
            ' "seed": 0, "options": {}, "moves": []}',
            "'players' must be an integer",
        ),
        (
            '{"format": "gamekit-record", "version": 1, "game": "nope", "players": 3,'
            ' "seed": 0, "options": {}, "moves": []}',
            "unknown game",
        ),
        (
            '{"format": "gamekit-record", "version": 1, "game": "toy", "players": 3,'
            ' "seed": 0, "options": {"rounds": 7}, "moves": []}',
            "'rounds'",
        ),
        (
            '{"format": "gamekit-record", "version": 1, "game": "toy", "players": 3,'
            ' "seed": 0, "options": {}, "moves": ["p1 bid 99"]}',
            r"moves\[0\]",
        ),
        (
            '{"format": "gamekit-record", "version": 1, "game": "toy", "players": 3,'
            ' "seed": 0, "options": {}, "moves": ["chance deck 1 2"]}',
            "values",
        ),
        (
            '{"format": "gamekit-record", "version": 1, "game": "toy", "players": 3,'
            ' "seed": 0, "options": {}, "moves": [5]}',
            r"'moves\[0\]' must be text",
        ),
    ],
)
def test_malformed_records_give_clear_errors(text, message):
    with pytest.raises(RecordError, match=message):
        replay(GameRecord.from_json(text))


def test_events_narrate_in_both_languages():
    s = gamekit.new("toy", players=2, seed=3, deck=[5, 1, 2, 6, 3, 4])
    s.apply("p1 bid 5")
    s.apply("p2 bid 3")
    en = s.narration("en")
    pt = s.narration("pt")
    assert "Player 1 wins with 5." in en and "Jogador 1 vence com 5." in pt
    assert s.events[-2].rule_text("pt") == "Licitação"
    assert s.narration("en", seat=0).count("Player 1 bids 5.") == 1
    assert "Player 1 bids 5." not in s.narration("en", seat=1)


def test_catalog_requires_both_languages():
    with pytest.raises(ValueError, match="lacks language"):
        CATALOG.add("x", {"k": {"en": "only English"}})
    assert CATALOG.missing() == []


def test_flows_fold_to_holdings():
    s = gamekit.new("toy", players=2, seed=2)
    s.apply(s.legal_actions(0)[0])
    folded = fold_flows(s.flows, 0, ["hand"])
    assert dict(folded) == s.holdings(0) == {("hand", "card"): 2}


def test_result_ranks_and_tiebreak():
    s = gamekit.new("toy", players=2, seed=0, deck=[1, 2, 3, 4, 5, 6], rounds=1)
    s.apply("p1 bid 3")
    s.apply("p2 bid 4")
    r = s.result()
    assert r.scores == [0, 1] and r.ranks == [2, 1] and r.winners == [1]
    s = gamekit.new("toy", players=2, seed=0, deck=[1, 2, 3, 1, 2, 3], rounds=1)
    s.apply("p1 bid 3")
    s.apply("p2 bid 3")  # tie on the bid: nobody scores; tie on score -> hands tie too
    assert s.result().winners == [0, 1]


def test_result_before_end_is_refused():
    with pytest.raises(IllegalAction, match="not over"):
        gamekit.new("toy", players=2).result()


def test_clone_is_independent():
    s = gamekit.new("toy", players=2, seed=8)
    c = s.clone()
    c.apply(c.legal_actions(0)[0])
    assert s.to_move() == (0, 1) and c.to_move() == (1,)


@pytest.mark.parametrize("players", [2, 3])
def test_property_random_games(players):
    for seed in range(60):
        check_random_game("toy", players, seed, every=1 if seed < 10 else 5, views=seed < 10)


def test_lookahead_agent_beats_random():
    df = simulate("toy", ["lookahead:8", "random"], n=120, seed=1, progress=False)
    rates = df.groupby("agent").winner.mean()
    assert rates["lookahead:8"] > rates["random"] + 0.1


def test_simulate_frame_shape_and_determinism():
    a = simulate("toy", ["random", "random", "random"], n=10, seed=3, progress=False)
    b = simulate("toy", ["random", "random", "random"], n=10, seed=3, progress=False, processes=2)
    assert len(a) == 30
    assert {"seed", "agent", "score", "rank", "winner", "vp_bids", "seat"} <= set(a.columns)
    assert a.drop(columns=["seconds"]).equals(b.drop(columns=["seconds"]))
    assert (a.groupby("game_index").seed.nunique() == 1).all()


def test_simulate_rejects_bad_agents():
    with pytest.raises(ValueError, match="unknown agent"):
        simulate("toy", ["random", "genius"], n=1, progress=False)
    with pytest.raises(ValueError, match="3 agents given for 2 players"):
        simulate("toy", ["random"] * 3, n=1, players=2, progress=False)


def test_random_agent_is_seeded():
    s = gamekit.new("toy", players=2)
    d = s.decision(0)
    picks = {make_agent("toy", "random", 5).choose(None, d) for _ in range(3)}
    assert len(picks) == 1
    rng = random.Random(0)
    assert rng.random() != 0  # the global random module is never used by the engine
