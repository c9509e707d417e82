"""Agents by name: ``make_agent(game, spec, seed)`` builds ``random``, ``lookahead``,
``search``, ``rollouts`` (with a number after ``:``) or a name the game registered. A closed
table: a name from a command line or a page selects an entry, never a function by its name."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from .agents import _CORE_AGENTS, Agent
from .paired import PairedAgent
from .registry import get
from .search import SearchAgent

__all__ = ["make_agent", "agent_maker"]


def make_agent(game: str, spec: str, seed: int = 0) -> Agent:
    """Build an agent from its name: ``random``, ``heuristic``, ``lookahead``,
    ``lookahead:<rollouts>``, ``search`` or ``search:<iterations>``, ``rollouts`` or
    ``rollouts:<rounds>`` (game-specific names come from the game's registration)."""
    return agent_maker(game, spec)(seed)


def agent_maker(game: str, spec: str) -> Callable[[int], Agent]:
    """``make_agent(game, spec, seed)`` as ``maker(seed)``: the name is looked up once (a
    simulation builds the same agents for every game)."""
    name, _, arg = spec.partition(":")
    factories: dict[str, Callable[..., Any]] = {**_CORE_AGENTS, "search": SearchAgent,
                                                "rollouts": PairedAgent,
                                                **get(game).agents}
    if name not in factories:
        raise ValueError(f"unknown agent {spec!r} for {game}; choose from {sorted(factories)}")
    factory = factories[name]
    if arg:
        if not arg.isdigit():
            raise ValueError(f"agent parameter in {spec!r} must be a number")
        return partial(_with_arg, factory, int(arg))
    return factory


def _with_arg(factory: Callable[..., Agent], arg: int, seed: int) -> Agent:
    return factory(seed, arg)
