"""Events (what happened, with the rule that made it so) and flows (every resource movement).

A flow moves ``amount`` of ``resource`` for ``seat`` from place ``source`` to place ``target``
(e.g. ``income:economy -> credits``). Folding a seat's flows over the places a game tracks
reproduces that seat's holdings: the ledger balances.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from .i18n import CATALOG

__all__ = ["Event", "Flow", "fold_flows", "narrated"]


class Event(NamedTuple):
    """One structured happening. ``visible`` is ``None`` (public) or the seats that may see it."""

    game: str
    round: int
    phase: str
    seat: int | None
    kind: str
    data: dict[str, Any]
    rule: str | None = None
    visible: frozenset[int] | None = None

    def text(self, lang: str = "en") -> str:
        """Narration of the event in ``lang`` through the message catalog."""
        params = dict(self.data)
        if self.seat is not None:
            params.setdefault("who", CATALOG.text(self.game, "seat", lang, n=self.seat + 1))
        return CATALOG.text(self.game, self.kind, lang, **params)

    def rule_text(self, lang: str = "en") -> str | None:
        """The rulebook section this event applied, localized, or ``None``."""
        if not self.rule:
            return None
        return CATALOG.text(self.game, "rule." + self.rule, lang)

    def seen_by(self, seat: int | None) -> bool:
        return self.visible is None or (seat is not None and seat in self.visible)

    def as_dict(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "phase": self.phase,
            "seat": self.seat,
            "kind": self.kind,
            "data": self.data,
            "rule": self.rule,
        }


class Flow(NamedTuple):
    """``amount`` of ``resource`` moved for ``seat`` from ``source`` to ``target``."""

    round: int
    phase: str
    seat: int
    resource: str
    amount: int
    source: str
    target: str


def fold_flows(flows: Iterable[Flow], seat: int, places: Iterable[str]) -> Counter:
    """Net holdings ``(place, resource) -> amount`` of ``seat`` over the tracked ``places``."""
    tracked = set(places)
    out: Counter = Counter()
    for f in flows:
        if f.seat != seat:
            continue
        if f.target in tracked:
            out[(f.target, f.resource)] += f.amount
        if f.source in tracked:
            out[(f.source, f.resource)] -= f.amount
    return Counter({k: v for k, v in out.items() if v})


def narrated(events: Sequence[Event], seat: int | None,
             twins: Mapping[str, str] = {}) -> list[Event]:  # noqa: B006 (read only)
    """The events ``seat`` sees, one per fact. A fact with hidden details is emitted twice: a
    public event (``"Player 1 discards 1 card"``) and, beside it, its secret twin for the seat
    concerned (``"You discard Old Earth"``); ``twins`` maps the public kind to the secret kind.
    The seat that sees the secret twin is not told the public one too."""
    out = []
    last = len(events) - 1
    for i, e in enumerate(events):
        if not e.seen_by(seat):
            continue
        secret = twins.get(e.kind) if e.visible is None and seat is not None else None
        if secret is not None and any(
                x.kind == secret and x.seat == e.seat and x.seen_by(seat)
                for x in (events[i - 1] if i else None, events[i + 1] if i < last else None)
                if x is not None):
            continue
        out.append(e)
    return out
