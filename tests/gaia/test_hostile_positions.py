"""Hostile Gaia positions (issues 24 and 30): a position is data, never code.

Method names in every place a name could go, unknown kinds, unknown keys at every level, wrong
types in each field, values out of range, meanings the rules cannot reach, the 100-VP exploit:
each is refused with ``PositionError`` naming the field, before any rule runs (spies on the
methods that change a game stay silent) and with no other exception. A seeded fuzz mutates one
field of positions of random games: refused, or loaded into a state that plays 200 random moves
without an exception (``GAMEKIT_GAIA_FUZZ=N`` runs N mutations instead of the default share).
"""

from __future__ import annotations

import json
import os
import random
import time
from functools import cache

import pytest

import gamekit
from gamekit.core.positions import PositionError
from gamekit.games.gaia import GaiaState
from gamekit.games.gaia import state as gaia_state
from gamekit.games.gaia.decisions import DATA, Kind
from gamekit.games.gaia.state import SETTLE_LIMIT, GameStuck

#: state-changing methods a hostile position could try to reach (every gain, payment and
#: power move is a ``flow``)
_SPIED = ("flow", "emit", "ask_front", "ask_back", "ask_later", "ask_under", "_next_stage")
#: dicts whose keys are data (labels, ids, sources), not fields
_MAPS = {"planets", "gaiaformers", "space_stations", "vp_by", "federation_supply", "holder",
         "bid"}


def _play(state, rng, until, limit=900):
    for _ in range(limit):
        if until(state) or state.is_over():
            return state
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    return state


@cache
def _text(name: str) -> str:
    """JSON text of a position of a known game: ``rich`` (Taklons, Lantids, Ivits in round
    3; the queue holds a federation token, the brainstone's place and the turn's end),
    ``turn`` (a 2-player turn in round 1), ``auction`` (a bid in the set-up auction)."""
    if name == "rich":
        s = GaiaState.new(3, 0, factions=["taklons", "lantids", "ivits"])
        _play(s, random.Random(0), lambda s: False, 203)
    elif name == "turn":
        s = GaiaState.new(2, 1, factions=["terrans", "xenos"])
        _play(s, random.Random(1), lambda s: s.stack and s.stack[-1].kind == "turn")
    else:
        s = GaiaState.new(3, 2, auction="bid-while-choosing")
        _play(s, random.Random(2), lambda s: s.auction_state and s.auction_state["holder"])
    return json.dumps(s.position())


def _data(name: str = "rich", old: bool = True) -> dict:
    """A fresh copy, without the generator state (the envelope's, not the game's: a schema
    walk of 625 numbers per load that these tests do not need). ``old``: as saved before the
    core stack (the queue ``ask``, see ``older``): the tests of this file spoil that form,
    which positions saved then still have (test_stack_positions.py spoils the ``stack``)."""
    data = json.loads(_text(name))
    del data["chance"]
    if old:
        older(data["state"])
    return data


def older(state: dict) -> None:
    """``state`` as the engine saved it before the core stack: the queue ``ask`` of
    ``[seat, kind, data]``, front (the stack's top) first, without the absent optional
    fields, a waiting step as ``continue`` with ``{"then", "args"}``."""
    queue = []
    for e in reversed(state.pop("stack")):
        d = {k: v for k, v in e["data"].items() if v is not None}
        if e["kind"] == "income_rest":
            d = {"then": "power_income", "args": [d["charges"], d["tokens"], d["rest"]]}
        queue.append([e["seat"], "continue" if "then" in d else e["kind"], d])
    state["ask"] = queue


#: the full sweep (every wrong value of every field, every name in every place, N mutations)
_FULL = "GAMEKIT_GAIA_FUZZ" in os.environ


def _some(values: list, i: int) -> list:
    """All ``values`` in the full sweep; else the ``i``-th in turn (each test stays short)."""
    return values if _FULL else [values[i % len(values)]]


#: calls of the spied methods (``spies`` fixture), checked around each refused load
_CALLS: list[str] = []


@pytest.fixture
def spies(monkeypatch):
    """Spy on the state-changing methods: ``_refused`` then checks that a refused load called
    none of them."""
    calls = _CALLS
    for name in _SPIED:
        real = getattr(GaiaState, name)

        def spy(self, *args, _name=name, _real=real, **kw):
            calls.append(_name)
            return _real(self, *args, **kw)
        monkeypatch.setattr(GaiaState, name, spy)
    yield calls
    calls.clear()


def _refused(data: dict, *words: str) -> str:
    _CALLS.clear()
    with pytest.raises(PositionError) as got:
        gamekit.position(data)
    assert _CALLS == [], f"a refused position ran {_CALLS}"
    for w in words:
        assert w in str(got.value), (w, str(got.value))
    return str(got.value)


def _at(data: dict, path: tuple):
    node = data["state"]
    for p in path:
        node = node[p]
    return node


def _set(data: dict, path: tuple, value) -> dict:
    _at(data, path[:-1])[path[-1]] = value
    return data


# ---------------------------------------------------------------------- the exploit
def test_the_100_vp_exploit_is_refused_before_anything_runs(spies):
    data = _data("turn")
    seat = data["state"]["ask"][0][0]
    data["state"]["ask"].insert(1, [seat, "continue", {"then": "add_vp", "args": [100, "x"]}])
    _refused(data, "ask[1][2].then", "add_vp")
    assert spies == []


def test_a_method_name_in_front_is_a_position_error_not_an_attribute_error(spies):
    data = _data("turn")
    data["state"]["ask"].insert(0, [0, "continue", {"then": "add_vp", "args": [100, "x"]}])
    _refused(data, "ask[0][2].then")
    data = _data("turn")
    data["state"]["ask"].insert(0, [0, "continue", {"then": "power_income",
                                                    "args": [[1], [], []]}])
    _refused(data, "stack[1]", "never on top")
    assert spies == []


def test_the_saved_game_itself_loads_and_plays(spies):
    """The positions these tests spoil are good ones: the spoiling is what is refused."""
    for name in ("rich", "turn", "auction"):
        t = gamekit.position(_data(name))
        _play(t, random.Random(3), lambda s: False, 30)
    assert {"flow", "emit"} <= set(spies)  # the spies do see a game that plays


_NAMES = ["add_vp", "finish", "_settle", "__init__", "__class__", "to_dict", "_do_turn"]
#: every place a position holds a name: (position, path to it, how the name is put there)
_PLACES = [
    ("rich", ("ask", 0, 1), None), ("rich", ("ask", 1, 1), None),
    ("rich", ("stage",), None), ("rich", ("phase",), None),
    ("rich", ("players", 0, "faction"), None), ("rich", ("players", 1, "booster"), None),
    ("rich", ("players", 0, "used"), list), ("rich", ("players", 0, "tech"), list),
    ("rich", ("players", 0, "advanced"), list), ("rich", ("players", 2, "buildings", 0, 1), None),
    ("rich", ("players", 0, "federation_tokens"), lambda n: [[n, True]]),
    ("rich", ("round_tiles", 0), None), ("rich", ("final_tiles", 1), None),
    ("rich", ("boosters", 0), None), ("rich", ("tech", "terra"), None),
    ("rich", ("advanced_tech", "adv-nav"), None), ("rich", ("basic_left", 0), None),
    ("rich", ("terra_fed",), None), ("rich", ("taken",), list),
    ("rich", ("federation_supply",), lambda n: {n: 1}), ("rich", ("space", 0, 3), None),
    ("rich", ("space", 0, 2), None), ("rich", ("planets",), lambda n: {n: "terra"}),
    ("rich", ("gaiaformers",), lambda n: {n: 0}), ("rich", ("ask", 1, 2, "dests"), list),
    ("rich", ("ask", 1, 2, "take", 2), None),
    ("turn", ("ask", 0, 2), lambda n: {"then": n, "args": []}),
    ("turn", ("ask", 0, 2), lambda n: {n: 1}),
    ("auction", ("auction", "named"), list), ("auction", ("auction", "holder"),
                                               lambda n: {n: 0}),
]


@pytest.mark.parametrize("i", range(len(_PLACES)))
def test_a_method_name_in_any_place_is_refused(spies, i):
    which, path, wrap = _PLACES[i]
    for name in _some(_NAMES, i) + _some(_NAMES, i + 3):
        data = _set(_data(which), path, (wrap or (lambda n: n))(name))
        _refused(data, "position")
    assert spies == []


@pytest.mark.parametrize("kind", ["add_vp", "legal", "_legal_turn", "do", "Turn", "turn ", ""])
def test_an_unknown_decision_kind_is_refused(kind):
    data = _data("rich")
    data["state"]["ask"][1][1] = kind
    _refused(data, "ask[1][1]")


# ---------------------------------------------------------------------- shapes
def _nodes(node, path=()):
    """(path, value) of every node, one per shape: list items and map entries once."""
    yield path, node
    if isinstance(node, dict):
        items = list(node.items())[:1] if path and path[-1] in _MAPS else node.items()
        for k, v in items:
            yield from _nodes(v, (*path, k))
    elif isinstance(node, list):
        seen = set()
        for i, v in enumerate(node):
            shape = type(v).__name__ + (str(v[1]) if path and path[-1] == "ask" else "")
            if shape not in seen:
                seen.add(shape)
                yield from _nodes(v, (*path, i))


def _shapes(which: str) -> list[tuple]:
    return [p for p, _ in _nodes(_data(which)["state"]) if p]


@pytest.mark.parametrize("which", ["rich", "auction"])
def test_an_unknown_key_at_any_level_is_refused(which, spies):
    data = _data(which)
    dicts = [p for p, v in _nodes(data["state"]) if isinstance(v, dict)]
    assert len(dicts) > 12
    for path in dicts:
        spoilt = _data(which)
        _at(spoilt, path)["zz_unknown"] = 0
        _refused(spoilt)
    assert spies == []


#: fields where null is a value (no faction yet, no booster yet, the token taken ...)
_NULLABLE = {"faction", "booster", "brainstone", "terra_fed", "turn_open", "auction", "back"}


def _wrong(value, key=None):
    """Values of another JSON type than ``value``'s (and a fraction for a whole number)."""
    if value is not None and key in _NULLABLE:
        return [v for v in _wrong(value) if v is not None]
    if isinstance(value, bool):
        return ["yes", 1]
    if isinstance(value, int):
        return ["7", float(value) + 0.5, True] + ([float(value)] if value else [])
    if isinstance(value, str):
        return [7, None, [value]]
    if value is None:
        return [[], {"a": 1}]
    if isinstance(value, list):
        return [{"a": 1}, "x"]
    return [[1], 3]


@pytest.mark.parametrize("which", ["rich", "auction"])
def test_a_wrong_type_in_any_field_is_refused(which, spies):
    """Each field once, with one of its wrong values in turn (``GAMEKIT_GAIA_FUZZ``: all)."""
    tried = 0
    for i, path in enumerate(_shapes(which)):
        for bad in _some(_wrong(_at(_data(which), path), path[-1]), i):
            spoilt = _set(_data(which), path, bad)
            if spoilt["state"] == _data(which)["state"]:
                continue  # 1 == True, 1.0 == 1: the JSON values compare equal in Python
            _refused(spoilt)
            tried += 1
    assert tried > 80
    assert spies == []


def _bad_data(key: str) -> list:
    return ["x", -1, 10**9] + ([] if key in _NULLABLE else [None])


@pytest.mark.parametrize("kind", sorted(DATA))
def test_each_decision_kind_has_a_strict_data_schema(kind):
    """Every field of a kind's data, wrongly typed or out of range, and keys it does not have."""
    props = DATA[kind]["properties"]
    for data in [{"zz_unknown": 1}, *({k: v} for i, k in enumerate(props)
                                      for v in _some(_bad_data(k), i))]:
        spoilt = _data("rich")
        spoilt["state"]["ask"].insert(1, [0, str(kind), data])
        _refused(spoilt, "ask[1]")


# ---------------------------------------------------------------------- range and meaning
#: (position, path, value, words the refusal names)
_OUT_OF_RANGE = [
    ("rich", ("order", 0), 1000000, "order"), ("rich", ("order",), [0, 0, 1], "order"),
    ("rich", ("turn_pos",), 3, "turn_pos"), ("rich", ("turn_open",), 3, "turn_open"),
    ("rich", ("pending_seats",), [7], "pending_seats"),
    ("rich", ("leech_later",), [[5, 1]], "leech_later"),
    ("rich", ("ask", 0, 0), 3, "ask[0][0]"), ("rich", ("ask", 0, 0), -1, "ask[0][0]"),
    ("rich", ("round",), 7, "round"), ("rich", ("round",), -1, "round"),
    ("rich", ("players", 0, "resources", "credits"), 31, "credits"),
    ("rich", ("players", 0, "resources", "ore"), -1, "ore"),
    ("rich", ("players", 0, "resources", "qic"), 10**9, "qic"),
    ("rich", ("players", 0, "vp"), 10**7, "vp"),
    ("rich", ("players", 0, "bowls"), [-1, 0, 0, 0], "bowls"),
    ("rich", ("players", 0, "bowls"), [10**6, 0, 0, 0], "bowls"),
    ("rich", ("players", 0, "research", "nav"), 6, "nav"),
    ("rich", ("players", 0, "gaiaformers"), 4, "gaiaformers"),
    ("rich", ("players", 0, "brainstone"), 5, "brainstone"),
    ("rich", ("players", 0, "bid"), 1000, "bid"),
    ("rich", ("federation_supply", "fed1"), 10, "federation_supply"),
    ("rich", ("players", 0, "buildings", 0, 0), [500, 500], "buildings"),
    ("rich", ("space", 0, 0), 10**6, "space"),
    ("rich", ("ask", 1, 2, "take", 0), 10**9, "ask[1][2].take"),
    ("rich", ("ask", 1, 2, "dests"), [], "ask[1][2].dests"),
    ("rich", ("ask",), [[0, "after", {}]] * 41, "ask"),
]


@pytest.mark.parametrize("which,path,value,words", _OUT_OF_RANGE)
def test_a_value_out_of_range_is_refused(spies, which, path, value, words):
    _refused(_set(_data(which), path, value), words)
    assert spies == []


def _edit(which, change):
    data = _data(which)
    change(data["state"])
    return data


def _first_decider(which="rich"):
    return _data(which)["state"]["ask"][0][0]


_MEANING = {
    "an unknown stage": (lambda d: d.update(stage="scoring"), "stage"),
    "a stage the round cannot be in": (lambda d: d.update(stage="setup"), "stage"),
    "a seat with no faction after the set-up": (
        lambda d: d["players"][1].update(faction=None), "players[1].faction"),
    "a booster held twice": (
        lambda d: d["players"][1].update(booster=d["players"][0]["booster"]), "boosters"),
    "a booster held and in the pool": (
        lambda d: d["boosters"].append(d["players"][0]["booster"]), "boosters"),
    "an advanced tile held twice": (
        lambda d: [p.update(advanced=[d["advanced_tech"]["adv-nav"]]) for p in d["players"]],
        "advanced"),
    "a basic tile on two places": (lambda d: d["tech"].update(terra=d["tech"]["nav"]), "tech"),
    "a guest mine of a faction that has none": (
        lambda d: d["players"][0].update(guest_mines=[d["players"][1]["buildings"][0][0]]),
        "guest_mines"),
    "a brainstone of a faction that has none": (
        lambda d: d["players"][1].update(brainstone=1), "players[1].brainstone"),
    "a brainstone in an empty bowl": (
        lambda d: d["players"][0].update(bowls=[0, 4, 4, 0], brainstone=1), "brainstone"),
    "more gaiaformers out than unlocked": (
        lambda d: d["players"][0].update(gaiaformers_in_gaia_area=1, gaiaformers=0),
        "gaiaformers"),
    "a structure off the planets": (
        lambda d: d["players"][0]["buildings"].append([[-10, 8], "m"]), "buildings"),
    "a planet the map does not have": (
        lambda d: d["planets"].update({k: "gaia" if v != "gaia" else "terra"
                                       for k, v in list(d["planets"].items())[:1]}),
        "planets"),
    "a space station on a planet": (
        lambda d: d["space_stations"].update({next(iter(d["planets"])): 2}), "space_stations"),
    "seats waiting outside a run": (lambda d: d.update(pending_seats=[1]), "pending_seats"),
    "a pass not in the passing order": (
        lambda d: d["players"][2].update(passed=not d["players"][2]["passed"]), "passed_order"),
    "a federation picked off the map": (
        lambda d: d["ask"].insert(0, [d["ask"][0][0], "fedpick", {"sel": ["99Z9"]}]), "sel"),
    "an auction with no auction option": (
        lambda d: d.update(auction={"holder": {}, "bid": {}, "named": []}), "auction"),
    "an auction decision with no auction": (
        lambda d: d["ask"].insert(1, [0, "auction", {}]), "no auction"),
    "a placement after the set-up": (
        lambda d: d["ask"].insert(1, [0, "place", {"code": "m"}]), "set-up"),
    "the brainstone's choice for a seat without one": (
        lambda d: d["ask"].insert(1, [1, "brainstone", {"dests": [1]}]), "brainstone"),
    "the brainstone to the Gaia area with no token taken": (
        lambda d: d["ask"][1][2].pop("take"), "dests"),
    "the Taklons' choice to pay more power than they hold": (
        lambda d: (d["players"][0].update(bowls=[0, 0, 1, 0], brainstone=3),
                   d["ask"].insert(0, [0, "brainstone_spend", {"n": 40, "wasted": 0}])),
        "stack[3].data.n"),
    "a tile to cover with no advanced tile": (
        lambda d: d["ask"].insert(0, [0, "cover", {"track": "nav"}]), "no advanced tile"),
    "more tokens to take than the bowls hold": (
        lambda d: d["ask"].insert(0, [0, "tokens", {"n": 40, "to_gaia": 1,
                                                    "why": "gaia_project"}]), "stack[3].data.n"),
    "the brainstone among more tokens than the bowls hold": (
        lambda d: d["ask"][1][2]["take"].__setitem__(0, 40), "stack[1].data.take"),
    "the brainstone charged to a bowl it cannot reach": (
        lambda d: d["ask"].insert(0, [0, "brainstone", {"dests": [3], "charges": [1]}]),
        "stack[3].data.dests"),
    "two structures on one planet": (
        lambda d: d["players"][1]["buildings"].append(d["players"][0]["buildings"][0]),
        "two structures"),
    "the lost planet twice": (
        lambda d: [p["buildings"].append([h, "lost"]) for p, (h, _) in
                   zip(d["players"][:2], d["players"][2]["buildings"][:2], strict=True)],
        "buildings"),
    "nobody to decide in a game not over": (lambda d: d.update(ask=[]), "stack"),
    "a decision whose list is empty": (
        lambda d: d["ask"].insert(0, [0, "recall", {}]), "nothing is legal"),
    "a seat without a booster after the set-up": (
        lambda d: d["players"][0].update(booster=None), "players[0].booster"),
}


@pytest.mark.parametrize("what", sorted(_MEANING))
def test_a_position_the_rules_cannot_reach_is_refused(spies, what):
    change, words = _MEANING[what]
    _refused(_edit("rich", change), words)
    assert spies == []


def test_a_seat_without_a_faction_cannot_be_asked_a_turn():
    data = _data("auction")
    data["state"]["ask"].insert(0, [1, "turn", {}])
    _refused(data, "stack[1]", "no faction")


# ---------------------------------------------------------------------- no endless loop
def test_a_game_that_cannot_move_on_stops_with_a_clear_error(monkeypatch):
    """If a stage never moved on (here: a round that never starts), the game stops after
    ``SETTLE_LIMIT`` steps instead of running forever."""
    s = GaiaState.new(2, 1, factions=["terrans", "xenos"])
    _play(s, random.Random(1), lambda s: len(s.stack) == 1 and s.stack[-1].kind == "booster")
    monkeypatch.setattr(gaia_state, "start_round", lambda st: None)  # the stage's call
    clock = time.process_time()
    with pytest.raises(GameStuck, match=f"{SETTLE_LIMIT} steps without a decision"):
        s.apply(s.legal_actions(s.to_move()[0])[0])
    assert time.process_time() - clock < 5


# ---------------------------------------------------------------------- fuzz
def _mutations(rng: random.Random, value):
    out = [None, "zz_unknown", -1, 10**6, 1.5, [], {}]
    if isinstance(value, list) and value:
        out += [[*value, value[0]], value[1:], value[::-1]]
    if isinstance(value, int) and not isinstance(value, bool):
        out += [value + 1, value - 1, value * 7]
    if isinstance(value, str):
        out += [value.upper(), value + "x"]
    return out


@cache
def _fuzz_sources() -> tuple[str, ...]:
    """Positions at random points of a few random games (2-4 players, a few options)."""
    out = []
    for g in range(6):
        rng = random.Random(100 + g)
        opts = [{}, {"auction": "choose-bid"}, {"board_setup": True}][g % 3]
        s = GaiaState.new(2 + g % 3, g, **opts)
        for _ in range(3):
            _play(s, rng, lambda s: False, rng.randrange(5, 120))
            if s.is_over():
                break
            data = s.position()
            del data["chance"]
            out.append(json.dumps(data))
    return tuple(out)


def test_fuzz_one_field_refused_or_playable():
    n = int(os.environ.get("GAMEKIT_GAIA_FUZZ", "50"))
    rng = random.Random(24)
    sources = _fuzz_sources()
    counts = {"refused": 0, "played": 0}
    for _ in range(n):
        text = rng.choice(sources)
        data = json.loads(text)
        path, value = rng.choice([x for x in _nodes(data["state"]) if x[0]])
        bad = rng.choice(_mutations(rng, value))
        _set(data, path, bad)
        try:
            state = gamekit.position(data)
        except PositionError:
            counts["refused"] += 1
            continue
        clock = time.process_time()
        moves = random.Random(rng.random())
        for _ in range(200):
            if state.is_over():
                break
            state.apply(moves.choice(state.legal_actions(state.to_move()[0])))
        assert time.process_time() - clock < 1.0, (path, bad)
        counts["played"] += 1
    assert counts["refused"] > n // 4 and counts["played"] > 0, counts


def test_every_kind_is_met_in_the_shapes_these_tests_spoil():
    """The spoiled positions hold decisions with data (so their fields are walked)."""
    kinds = {k for _, k, _ in _data("rich")["state"]["ask"]}
    assert {Kind.BRAINSTONE, Kind.FEDTOKEN, Kind.AFTER} <= kinds
