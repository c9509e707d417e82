"""Hostile actions never touch the state (issue 9).

For every registered game and several player counts, random games are played and, at random
states, mutated actions are thrown at the checked ``apply``: wrong types (float, bool, None,
bytes, subclasses, nested tuples), unicode digits, huge numbers, very long strings, other seats'
actions, stale actions and garbage text. Each must raise ``IllegalAction`` (naming the field when
the action is malformed) and leave a full snapshot of the state byte-identical.
"""

from __future__ import annotations

import pickle
import random
import time

import pytest
import toy  # noqa: F401  (registers the toy game)

from gamekit.core import Action, IllegalAction, available, get
from gamekit.core.actions import MAX_TEXT, validate_action

GAMES = available()
#: random states probed per game (spread over player counts and seeds)
STATES_PER_GAME = 300
MUTATIONS_PER_STATE = 8


class Int(int):
    """An ``int`` subclass: equal to the int, but not an int."""


class Str(str):
    """A ``str`` subclass."""


def snapshot(state) -> bytes:
    seats = state.to_move()
    return pickle.dumps((
        state.fingerprint(),
        list(state.log),
        state.chance.rng.getstate(),
        list(state.chance.queue),
        seats,
        {s: list(state.legal_actions(s)) for s in seats},
        state.is_over(),
    ), 4)


def _bad_values(value: object) -> list[object]:
    """Values of a wrong type or size standing in for a seat or an argument ``value``."""
    out: list[object] = [None, b"0", (value,), [value], 10**40, -(10**40), 2**31, "x" * 5000]
    if type(value) is int:
        out += [float(value), Int(value), value + 0.5, bool(value % 2), 10**5000]
    else:
        out += [Str(value), value.encode(), 1.0, True, str(value) * 200]
    return out


def malformed(rng: random.Random, a: Action) -> tuple[Action | object, str]:
    """``a`` with one part replaced by a value of the wrong type or size, and the field."""
    seat, verb, args = a
    kind = rng.randrange(6 if args else 4)
    if kind == 0:
        return Action(rng.choice(_bad_values(seat)), verb, args), "seat"
    if kind == 1:
        bad_verb = rng.choice([None, verb.encode(), 1, ("x",), "", verb * 200, Str(verb)])
        return Action(seat, bad_verb, args), "verb"
    if kind == 2:
        return Action(seat, verb, rng.choice([list(args), None, "args", args + (0,) * 20])), "args"
    if kind == 3:
        return rng.choice([(seat, verb, args), [seat, verb, args], None, b"p1 x", 7]), ""
    i = rng.randrange(len(args))
    bad = list(args)
    bad[i] = rng.choice(_bad_values(args[i]))
    return Action(seat, verb, tuple(bad)), f"args[{i}]"


UNICODE_DIGITS = "²٣३４𝟓⒉"


def garbage_text(rng: random.Random, a: Action) -> str:
    """Text forms that must not parse into a legal action."""
    text = str(a)
    digit = rng.choice(UNICODE_DIGITS)
    choices = [
        "", " ", "p", "p1", "p0 pass", "p-1 pass", "p1.0 pass", "\x00", "p1 x 'open",
        'p1 x "open', "p1 x \\", f"p{digit} {a.verb}", f"p1 {a.verb} {digit}",
        digit, f"p1 {a.verb} " + "9" * 5000, f"p1 {a.verb} -" + "9" * 20,
        "p1 " + "x" * (MAX_TEXT + 1), f"p{'9' * 50} {a.verb}", text + " " + "y" * 3000,
        text.replace(" ", "\u00a0"), text.upper(), text + " extra", "p1 --5 --5",
        "".join(rng.choice("p1 \"'\\x-²\t") for _ in range(rng.randrange(1, 30))),
    ]
    if any(ch.isdigit() for ch in text[1:]):
        choices.append(text[0] + "".join(digit if ch.isdigit() else ch for ch in text[1:]))
    return rng.choice(choices)


def hostile(rng: random.Random, state, legal: list[Action], stale: list[Action]):
    """One hostile input and the field it must be refused for ('' when any reason will do)."""
    kind = rng.randrange(10)
    a = rng.choice(legal)
    if kind < 5:
        return malformed(rng, a)
    if kind < 7:
        return garbage_text(rng, a), ""
    if kind == 7 and stale:
        return rng.choice(stale), ""
    if kind == 8:
        other = rng.choice([s for s in range(state.players + 1) if s != a.seat])
        return a._replace(seat=other), ""
    if kind == 9 and any(type(x) is int for x in a.args):  # well-typed, wrong for the verb
        return a._replace(args=tuple(str(x) if type(x) is int else x for x in a.args)), ""
    return a._replace(args=a.args + (rng.choice([0, 1, "x"]),)), ""


def is_legal(state, action: object) -> bool:
    if isinstance(action, str):
        try:
            action = Action.parse(action)
        except ValueError:
            return False
    try:
        validate_action(action)
    except IllegalAction:
        return False
    return action.seat in state.to_move() and action in state.legal_actions(action.seat)


def probe_game(game: str, players: int, seed: int, budget: int) -> int:
    """Play one random game probing about ``budget`` states; return the states probed."""
    state = get(game).state.new(players, seed)
    rng = random.Random(seed * 31 + players)
    stale: list[Action] = []
    probed = 0
    steps = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        for a in legal:  # the games' own actions are within the bounds
            validate_action(a)
        if probed < budget and rng.random() < 0.35:
            probed += 1
            before = snapshot(state)
            for _ in range(MUTATIONS_PER_STATE):
                action, field = hostile(rng, state, legal, stale)
                if not field and is_legal(state, action):
                    continue  # e.g. another seat's action in a simultaneous step
                with pytest.raises(IllegalAction) as info:
                    state.apply(action)
                if field:
                    assert info.value.field == field and field in str(info.value)
                assert len(str(info.value)) < 2000
                assert snapshot(state) == before, f"{game}: {action!r:.80} changed the state"
        choice = legal[rng.randrange(len(legal))]
        if rng.random() < 0.2:
            stale.extend(legal[:3])
            del stale[:-30]
        state.apply(choice)
        steps += 1
    return probed


@pytest.mark.parametrize("game", GAMES)
def test_hostile_actions_leave_the_state_unchanged(game):
    cls = get(game).state
    counts = sorted({cls.min_players, cls.max_players, (cls.min_players + cls.max_players) // 2})
    probed, seed = 0, 0
    start = time.perf_counter()
    while probed < STATES_PER_GAME:
        players = counts[seed % len(counts)]
        probed += probe_game(game, players, seed, min(60, STATES_PER_GAME - probed))
        seed += 1
        assert time.perf_counter() - start < 60, "too slow"
    assert probed >= STATES_PER_GAME


@pytest.mark.parametrize(
    "action, field",
    [
        (Action(0.0, "bid", (1,)), "seat"),
        (Action(True, "bid", (1,)), "seat"),
        (Action(Int(0), "bid", (1,)), "seat"),
        (Action(0, "bid", (1.0,)), "args[0]"),
        (Action(0, "bid", (True,)), "args[0]"),
        (Action(0, "bid", (10**5000,)), "args[0]"),
        (Action(0, "bid", ("x" * 10_000,)), "args[0]"),
        (Action(0, "bid", ((1,),)), "args[0]"),
        (Action(0, "bid", [1]), "args"),
        (Action(0, b"bid", (1,)), "verb"),
    ],
)
def test_malformed_actions_are_refused_by_field(action, field):
    state = get("toy").state.new(2, 0, deck=[1, 2, 3, 4, 5, 6])
    before = snapshot(state)
    with pytest.raises(IllegalAction, match=field.replace("[", r"\[")) as info:
        state.apply(action)
    assert info.value.field == field and len(str(info.value)) < 400
    assert snapshot(state) == before


@pytest.mark.parametrize(
    "text", ["p1 bid ²", "p² bid 1", "⒉", "p1 bid " + "9" * 5000, "p1 bid ４", "p1 bid --5",
             "p" + "1" * 5000 + " bid 1", "p1 bid " + "x" * 100_000],
)
def test_bad_text_is_an_illegal_action(text):
    state = get("toy").state.new(2, 0, deck=[1, 2, 3, 4, 5, 6])
    before = snapshot(state)
    with pytest.raises(IllegalAction) as info:
        state.apply(text)
    assert len(str(info.value)) < 400
    assert snapshot(state) == before


def test_text_form_round_trips_strings_that_look_like_numbers():
    for arg in ["²", "12", "-3", "--5", "٣"]:
        a = Action(0, "name", (arg,))
        assert Action.parse(str(a)) == a and type(Action.parse(str(a)).args[0]) is str


@pytest.mark.parametrize("game", GAMES)
def test_actions_equal_to_legal_ones_but_of_another_type_are_refused(game):
    """``Action(0.0, ...)`` == ``Action(0, ...)``: equal by value to a legal action, refused for
    its type (issue 9: float seats and arguments used to pass the check)."""
    state = get(game).state.new(get(game).state.min_players, 1)
    rng = random.Random(1)
    tried = 0
    for _ in range(200):
        if state.is_over():
            break
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        for a in legal[:5]:
            for bad, field in [(a._replace(seat=float(a.seat)), "seat")] + [
                (a._replace(args=a.args[:i] + (float(x),) + a.args[i + 1:]), f"args[{i}]")
                for i, x in enumerate(a.args) if type(x) is int
            ]:
                assert bad == a
                before = snapshot(state)
                with pytest.raises(IllegalAction) as info:
                    state.apply(bad)
                assert info.value.field == field
                assert snapshot(state) == before
                tried += 1
        state.apply(legal[rng.randrange(len(legal))])
    assert tried > 20
