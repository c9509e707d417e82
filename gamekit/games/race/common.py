"""Constants shared by the rule modules (action codes, placeholders, card tables)."""

from __future__ import annotations

from .cards import ACTIONS, ALIEN, ANY, COPIES, DATA, GOODS, TRADE_VALUE

__all__ = [
    "ACTION_CODE", "ALIEN", "ANY", "DEV", "DEV2", "E5", "E11", "HAND_LIMIT", "HIDDEN", "NCARDS",
    "ONLY", "PROD", "SECRET", "SET", "SET2", "TABLEAU_END", "TRADE", "TRADE_VALUE", "X2", "_CT",
    "_GOOD_NAMES", "_cid",
]

#: action card codes (indices into ``cards.ACTIONS``)
E5, E11, DEV, SET, TRADE, X2, PROD, DEV2, SET2 = range(9)
ACTION_CODE = {name: i for i, name in enumerate(ACTIONS)}
HAND_LIMIT = DATA["hand_limit"]
TABLEAU_END = DATA["tableau_end"]
NCARDS = len(COPIES)
HIDDEN = -1  # a card whose identity the viewer does not know
SECRET = -2  # a pick made but not revealed yet
#: ``visible`` of a seat's private events (shared: the hot path builds no new set)
ONLY = tuple(frozenset([s]) for s in range(4))

_CT = COPIES
_GOOD_NAMES = GOODS


def _cid(c: int) -> str:
    """Card id of a copy index."""
    return _CT[c].id
