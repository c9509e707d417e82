"""Helpers for the Gaia Project tests: where the shared reference lives, and the sample lines.

The reference (``shared/reference/gaia``) sits next to the checkout (``../shared``) or where
``GAMEKIT_SHARED`` points; tests that need it are skipped when it is absent."""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

import gamekit

if TYPE_CHECKING:
    from gamekit.games.gaia import GaiaState


#: the rule options the site's engine plays (docs/games/gaia.md, "Engine deviations and
#: options"): the speed and incremental tests play their games with them too
ANCHOR = {"refuse_wasted": True, "token_bowls": "lowest_first", "gaiaformer_recall": False,
          "ivits_threshold": "federations"}


def _find_shared() -> Path | None:
    env = os.environ.get("GAMEKIT_SHARED")
    if env:
        return Path(env)
    for parent in Path(__file__).resolve().parents:
        cand = parent / "shared" / "reference" / "gaia"
        if cand.is_dir():
            return parent / "shared"
    return None


SHARED = _find_shared()
REF = None if SHARED is None else SHARED / "reference" / "gaia"
needs_ref = pytest.mark.skipif(REF is None or not REF.is_dir(),
                               reason="shared/reference/gaia not found")


@cache
def ref(name: str) -> dict:
    return json.loads((REF / f"{name}.json").read_text(encoding="utf-8"))


@cache
def scenarios() -> dict:
    return ref("samples/scenarios")


@cache
def voyager() -> dict:
    return ref("samples/voyager-6")


def scenario_record(sc: dict) -> dict:
    """A scenario as a record the notation reader takes (moves, options, explicit map)."""
    setup = scenarios()["setups"][sc["setup_ref"]]
    return {"moves": sc["moves"], "engine_options": sc["engine_options"], "map": setup["map"]}


def scenario_parts(sid: str) -> tuple[dict, dict, dict]:
    """Scenario ``sid``, its explicit set-up and its engine options without the map (the map
    comes from the set-up); skips the test when the shared reference is absent."""
    if REF is None or not REF.is_dir():
        pytest.skip("shared/reference/gaia not found")
    data = scenarios()
    sc = next(s for s in data["scenarios"] if s["id"] == sid)
    options = {k: v for k, v in sc["engine_options"].items() if k != "map"}
    return sc, data["setups"][sc["setup_ref"]], options


def extra_lines(sc: dict) -> list[str]:
    """A scenario's branch lines: ``then`` lines, illegal moves and the engine's stored lines."""
    out = []
    for e in sc["expect"]:
        out += e.get("then", [])
        if "illegal_move" in e:
            out.append(e["illegal_move"])
        if isinstance(e.get("engine"), dict) and "last_line" in e["engine"]:
            out.append(e["engine"]["last_line"])
    return out


def same_text(a: str, b: str) -> bool:
    """Equal modulo whitespace."""
    return a.split() == b.split()


def edited(state, change):
    """A NEW state: ``state.position()`` with ``change(data)`` applied to its game part (the
    ``to_dict()`` shape: ``data["players"][seat]["resources"]``, ``["research"]``, ``["bowls"]``,
    ``data["planets"]``, ``data["stack"]``, ...), read back through ``gamekit.position`` so the
    loader checks it; ``state`` is unchanged (issue 10: no white-box edits in tests)."""
    saved = state.position()
    change(saved["state"])
    return gamekit.position(saved, "gaia")


def with_seat(state, seat: int, **fields):
    """``state`` with the given fields of ``seat``'s part replaced or, for dicts
    (``resources``, ``research``), updated: ``with_seat(s, 0, resources={"qic": 5})``.
    What the rules keep elsewhere follows, so the position is one they allow: federation
    tokens newly held leave the Terraforming track or the supply, a pass joins the order of
    passing."""
    def change(data):
        mine = data["players"][seat]
        if "federation_tokens" in fields:
            _tokens_taken(data, mine, fields["federation_tokens"])
        if "passed" in fields and fields["passed"] != mine["passed"]:
            order = data["passed_order"]
            order.append(seat) if fields["passed"] else order.remove(seat)
        for key, value in fields.items():
            if isinstance(value, dict):
                mine[key].update(value)
            else:
                mine[key] = value
    return edited(state, change)


def _tokens_taken(data, mine, tokens) -> None:
    held = [t for t, _ in mine["federation_tokens"]]
    for t, _green in tokens:
        if t in held:
            held.remove(t)
        elif data["terra_fed"] == t:
            data["terra_fed"] = None
        elif data["federation_supply"].get(t):
            data["federation_supply"][t] -= 1


def with_building(state, seat: int, hex_, code: str):
    """``state`` with ``seat``'s structure on ``hex_`` set to ``code`` (e.g. ``"PI"``)."""
    def change(data):
        built = [b for b in data["players"][seat]["buildings"] if tuple(b[0]) != tuple(hex_)]
        data["players"][seat]["buildings"] = [*built, [list(hex_), code]]
    return edited(state, change)


def completer_game(seed: int, rounds: int = 0):
    """``bot_study``'s 4-player self-play set-up for ``seed``, played by completers (seat ``k``
    seeded ``k``) until round ``rounds`` begins."""
    from gamekit.games.gaia.bot_finisher import CompleterAgent
    from gamekit.games.gaia.bot_study import selfplay_state
    state = selfplay_state(seed)
    agents = [CompleterAgent(k) for k in range(4)]
    while state.round < rounds:
        seat = state.to_move()[0]
        state.apply(agents[seat].choose(state.agent_view(seat), state.decision(seat)))
    return state


@cache
def first_turn(seed: int, rounds: int):
    """``completer_game(seed, rounds)`` played on by completers to the round's first turn (a
    NEW state each call is not promised: clone before changing it)."""
    from gamekit.games.gaia.bot_finisher import CompleterAgent
    state = completer_game(seed, rounds)
    while state.decision(state.to_move()[0]).kind != "turn":
        seat = state.to_move()[0]
        state.apply(CompleterAgent(seat).choose(state.agent_view(seat), state.decision(seat)))
    return state


def advanced_tech_choice(state):
    """``state``'s seat to move given a green federation token, Terraforming at 4, one basic
    tile (tech4) and 4 QIC, after the 4-QIC action: ``(state, seat, decision)``, the tech-tile
    choice that opens (advanced tiles among its options)."""
    from gamekit.core import Action
    seat = state.to_move()[0]
    s = with_seat(state, seat, research={"terra": 4}, tech=["tech4"], covered=[], advanced=[],
                  federation_tokens=[["fed2", True], ["fed3", False]], resources={"qic": 4})
    s.apply(Action.parse(f"p{seat + 1} action qic1"))
    return s, seat, s.decision(seat)


def play_from_views(make, seed: int, decisions: int):
    """Four agents ``make(70 + k)`` play ``decisions`` decisions of ``bot_study.selfplay_state(seed)``'s
    set-up: each choice is legal, leaves the seat's view as it was and is the one a twin of the
    same seed makes on a fresh view. Returns the state and the agents."""
    from gamekit.games.gaia.bot_study import selfplay_state
    state = selfplay_state(seed)
    agents = [make(70 + k) for k in range(4)]
    twins = [make(70 + k) for k in range(4)]
    for _ in range(decisions):
        seat = state.to_move()[0]
        view, decision = state.agent_view(seat), state.decision(seat)
        before = view.clone()
        got = agents[seat].choose(view, decision)
        assert got in decision.legal and got == twins[seat].choose(state.agent_view(seat),
                                                                  decision)
        assert view.owner == before.owner and [p.res for p in view.pl] == [
            p.res for p in before.pl]
        state.apply(got)
    return state, agents


def twin_game_against_greedy(make):
    """A 2-player game (seed 11, random map) of ``make(110)`` against the greedy bot to its end:
    each of its choices is legal and the one a twin of the same seed makes on the same view.
    Returns the final state."""
    from gamekit.core import make_agent
    from gamekit.games.gaia.state import GaiaState

    agent, twin = make(110), make(110)
    state = GaiaState.new(2, 11, layout="random")
    state.quiet = True
    agents = [agent, make_agent("gaia", "greedy", 111)]
    while not state.is_over():
        seat = state.to_move()[0]
        decision = state.decision(seat)
        got = agents[seat].choose(state.agent_view(seat), decision)
        if seat == 0:
            assert got in decision.legal
            assert got == twin.choose(state.agent_view(seat), decision)
        state.apply(got)
    return state


def bot_decisions(seed: int, count: int, bot: type | None = None):
    """The first ``count`` decisions of a 4-player game of ``bot`` (the planner, or the
    strategist built on it): ``(state, seat)`` before each."""
    from gamekit.games.gaia.bots import PlannerAgent
    from gamekit.games.gaia.state import GaiaState

    bot = bot or PlannerAgent
    s = GaiaState.new(4, seed, layout="random")
    s.quiet = True
    agents = [bot(seed * 10 + k) for k in range(4)]
    for _ in range(count):
        seat = s.to_move()[0]
        yield s, seat
        s.apply(agents[seat].choose(s.agent_view(seat), s.decision(seat)))


def choice_from_view(agent, twin, view, other, decision):
    """``agent``'s choice from ``view``, checked to leave the view as it was and to be the
    choice ``twin`` (a fresh agent of the same seed) makes from ``other`` (the same seat's view,
    its hidden chance different or not): a bot decides from what the rules show, deterministic
    for a seed."""
    before = json.dumps(view.to_dict(), sort_keys=True, default=str)
    got = agent.choose(view, decision)
    assert json.dumps(view.to_dict(), sort_keys=True, default=str) == before
    assert twin.choose(other, decision) == got
    return got


def random_stops(s: GaiaState, seed: int, step: random.Random, least: int,
                 most: int) -> Iterator[GaiaState]:
    """``s`` played at random (seat ``k`` drawing from ``random.Random(seed + k)``), stopped
    every ``least`` to ``most`` decisions (drawn from ``step``) until it ends: the game at each
    stop before the end."""
    rngs = [random.Random(seed + k) for k in range(s.players)]
    while not s.is_over():
        s.play_random(rngs, step.randint(least, most))
        if s.is_over():
            break
        yield s
