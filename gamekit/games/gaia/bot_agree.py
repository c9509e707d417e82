"""How a Gaia bot ranks the real players' main actions (issue 32, docs/bots.md "Session 29").

A real record (the samples' ``voyager-6``) is replayed by the importer; at each main turn of
rounds 1–5 ("Fase II: Ações") the bot ranks the legal main actions by its own one-action look
(``_ranked_values``: the scholar's and the completer's families) and the real player's action is
found in that list. Per kind of action (a mine, a Gaia project, each upgrade, research, power and
QIC actions, specials, federations, passing): how often the bot's first choice is the player's,
where the player's action stands in the bot's ranking, and how many VP of the bot's value it
stands below the bot's first choice. A line whose action only became legal through the
player's own conversions earlier in the line ("Ações Livres") is counted as unmatched.

``python -m gamekit.games.gaia.bot_agree --agent technologist`` prints the table."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gamekit.core import Action, make_agent

from .bots import _MAIN, _custom, _own_memos
from .linechecks import seat_of_line
from .samples import load_sample
from .state import GaiaState

__all__ = ["KINDS", "RealTurn", "action_key", "agreement_table", "kind_of", "line_key",
           "rank_turns", "real_turns"]

#: the kinds of main action, in the table's order (names as docs/bots.md writes them)
KINDS = ("mine", "Gaia project", "trading station", "research lab", "planetary institute",
         "academy", "research", "power action", "QIC action", "special", "federation", "pass")
_UPGRADES = {"ts": "trading station", "lab": "research lab", "PI": "planetary institute",
             "ac1": "academy", "ac2": "academy"}
#: a record line's clauses that are free actions, not the turn's main action
_FREE_CLAUSES = frozenset(("burn", "spend", "decline", "charge"))


@dataclass(frozen=True)
class RealTurn:
    """A record line that is a seat's main turn: the position before it and the line."""

    line: int
    text: str
    seat: int
    round: int
    before: GaiaState


def real_turns(name: str = "voyager-6") -> list[RealTurn]:
    """The main turns of the sample record ``name`` (a line whose seat was to take its turn)."""
    states: list[tuple[Any, GaiaState]] = []
    load_sample(name, each=lambda move, st: states.append((move, st.clone())))
    out = []
    for i in range(1, len(states)):
        move, before = states[i][0], states[i - 1][1]
        seat = seat_of_line(before, move)
        top = before.stack[-1] if before.stack else None
        if seat is not None and top is not None and top.kind == "turn" and top.seat == seat:
            out.append(RealTurn(i, str(getattr(move, "text", move)), seat, before.round, before))
    return out


def line_key(text: str) -> tuple | None:
    """The main action of a record line as a key :func:`action_key` also gives (``None`` when
    the line holds none): its first clause that is not a free action."""
    for clause in text.split("."):
        words = clause.split()
        if words and words[0] not in _FREE_CLAUSES and not _is_verb(words[0]):
            words = words[1:]  # the faction's name
        if not words or words[0] in _FREE_CLAUSES:
            continue
        return _clause_key(words)
    return None


def _is_verb(word: str) -> bool:
    return word in ("build", "up", "action", "special", "federation", "pass")


def _clause_key(words: list[str]) -> tuple:
    verb = words[0]
    if verb == "build" and len(words) >= 3:
        code, where = words[1], words[2]
        if code == "m":
            return ("build", where)
        if code == "gf":
            return ("gaia", where)
        return ("special", "space-station") if code == "sp" else ("upgrade", where, code)
    if verb == "up" and len(words) >= 2:
        return ("research", words[1])
    if verb == "action" and len(words) >= 2:
        return ("action", words[1])
    if verb == "federation" and len(words) >= 2:
        return ("federation", tuple(sorted(words[1].split(","))))
    return (verb,)


def action_key(action: Action) -> tuple:
    """The key of one of the engine's main actions (see :func:`line_key`)."""
    verb, args = action.verb, tuple(str(a) for a in action.args)
    if verb in ("build", "gaia", "research", "action") and args:
        return (verb, args[0])
    if verb == "upgrade" and len(args) >= 2:
        return ("upgrade", args[0], args[-1])
    if verb == "special":
        return ("special", "space-station") if args[:1] == ("space-station",) else ("special",)
    if verb == "federation" and args:
        return ("federation", tuple(sorted(args[0].split("+"))))
    return (verb,)


def kind_of(key: tuple) -> str:
    """The kind (:data:`KINDS`) of a key."""
    verb = key[0]
    if verb == "upgrade":
        return _UPGRADES.get(key[2], "trading station")
    if verb == "action":
        return "power action" if key[1].startswith("power") else "QIC action"
    return {"build": "mine", "gaia": "Gaia project", "research": "research",
            "special": "special", "federation": "federation"}.get(verb, "pass")


def _find(key: tuple, ranked: list[tuple[float, Action]]) -> int | None:
    """Where ``key`` stands in ``ranked`` (a federation or a special of another layout or
    argument counts as the same move), or ``None``."""
    keys = [action_key(a) for _v, a in ranked]
    if key in keys:
        return keys.index(key)
    if key[0] in ("federation", "special"):
        return next((i for i, k in enumerate(keys) if k[0] == key[0]), None)
    return None


def rank_turns(agent: str = "technologist", name: str = "voyager-6", last: int = 5,
               seed: int = 7, make: Callable[[int], Any] | None = None) -> list[dict[str, Any]]:
    """A row for each real main turn of rounds 1–``last``: the player's kind, the bot's first
    choice's kind, the player's rank in the bot's list (``None``: unmatched) and the VP of the
    bot's value between them. ``make(seed)``, when given, makes the bot in place of the
    registered ``agent`` (a variant's)."""
    rows = []
    for turn in real_turns(name):
        if not 1 <= turn.round <= last:
            continue
        s = seed * 10 + turn.seat
        bot = make(s) if make is not None else make_agent("gaia", agent, s)
        if not hasattr(bot, "_ranked_values"):
            who = agent if make is None else type(bot).__name__
            raise ValueError(f"agent {who!r} does not rank main actions one ahead")
        state = turn.before.clone()
        _own_memos(state)
        mains = [a for a in state.legal_actions(turn.seat) if a.verb in _MAIN and not _custom(a)]
        ranked = bot._ranked_values(state, turn.seat, mains)
        key = line_key(turn.text)
        at = None if key is None else _find(key, ranked)
        rows.append({"line": turn.line, "round": turn.round, "seat": turn.seat,
                     "faction": state.pl[turn.seat].faction, "text": turn.text,
                     "kind": kind_of(key) if key else None,
                     "bot_kind": kind_of(action_key(ranked[0][1])), "options": len(ranked),
                     "rank": None if at is None else at + 1,
                     "gap": None if at is None else ranked[0][0] - ranked[at][0]})
    return rows


def agreement_table(rows: list[dict[str, Any]]) -> str:
    """Markdown: per kind of the player's action, the turns, the bot's first choice the same,
    the player's mean rank (1 = the bot's first) and the mean VP gap; unmatched turns apart."""
    lines = ["| the player's action | turns | the bot's first choice | its rank in the bot's list "
             "| VP below the bot's first |", "|---|---:|---:|---:|---:|"]
    matched = [r for r in rows if r["rank"] is not None]
    for kind in (*KINDS, None):
        some = [r for r in matched if kind is None or r["kind"] == kind]
        if not some:
            continue
        n = len(some)
        first = sum(1 for r in some if r["rank"] == 1)
        label = "**all**" if kind is None else kind
        lines.append(f"| {label} | {n} | {first} ({100 * first / n:.0f} %) | "
                     f"{sum(r['rank'] for r in some) / n:.1f} | "
                     f"{sum(r['gap'] for r in some) / n:.1f} |")
    lines.append(f"\nUnmatched turns (made legal by the line's own conversions): "
                 f"{len(rows) - len(matched)} of {len(rows)}.")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--agent", default="technologist")
    ap.add_argument("--record", default="voyager-6")
    ap.add_argument("--last", type=int, default=5, help="the last round looked at (1-6)")
    args = ap.parse_args(argv)
    print(agreement_table(rank_turns(args.agent, args.record, args.last)))


if __name__ == "__main__":  # pragma: no cover
    main()
