"""The action values of It's a Wonderful World, built once and shared (legal lists are rebuilt
after every move, so the same immutable ``Action`` is handed out again), and the labels that
name a card under construction (``zeppelin``, ``zeppelin.2`` for a second copy, ...)."""

from __future__ import annotations

from gamekit.core import Action
from gamekit.core.course import act

from .data import CARDS

__all__ = ["CARD_ACTIONS", "action", "labels", "entry_index"]

#: the actions naming one card: ``CARD_ACTIONS[verb][seat][card_id]``
CARD_ACTIONS: dict[str, list[dict[str, Action]]] = {
    verb: [{cid: Action(seat, verb, (cid,)) for cid in CARDS} for seat in range(5)]
    for verb in ("draft", "keep", "recycle", "exchange", "take", "discard")
}
#: the shared action value ``(seat, verb, args)`` (core ``course.act``: interned)
action = act


def labels(entries: list) -> list[str]:
    """Action labels of construction entries: the card id, ``id.2`` for a second copy, ..."""
    seen: dict[str, int] = {}
    out = []
    for cid, _ in entries:
        k = seen.get(cid, 0) + 1
        seen[cid] = k
        out.append(cid if k == 1 else f"{cid}.{k}")
    return out


def entry_index(entries: list, label: str) -> int:
    """Position in the construction area of the entry named ``label`` (``KeyError`` if none)."""
    cid, _, k = label.partition(".")
    if not k:  # the first copy (the usual case): the first entry of the card
        for i, entry in enumerate(entries):
            if entry[0] == cid:
                return i
        raise KeyError(label)
    want = int(k)
    seen = 0
    for i, (c, _) in enumerate(entries):
        if c == cid:
            seen += 1
            if seen == want:
                return i
    raise KeyError(label)
