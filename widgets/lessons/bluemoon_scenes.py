"""The Blue Moon City lesson's tiny scenarios (common mistakes, ``lessons.bluemoon``): a
position set up to show one rule, and what the decision panel offers there."""

from __future__ import annotations

from typing import Any

from gamekit.core import get, new

from ..decision import action_label

__all__ = ["khind_option", "khind_state", "legal_text", "offering_state", "tiny_offer"]

G = "bluemoon"


def offering_state(pillar: bool = False) -> Any:
    """A tiny game: Player 1 on the Central Square with 20 crystals has just made an offering
    (``pillar``: with a Pillar 1 in hand)."""
    arrange = get(G).lesson.arrange

    st = new(G, players=3, seed=1, first_player=1)
    hand = ["vulca_3", "terrah_2", "aqua_1", "khind_1", "mimix_2", "lux_3", "venti_3",
            "pillar_1" if pillar else "pillar_3"]
    st = arrange(st, hands={0: hand}, crystals={0: 20})
    st.apply("p1 done")
    st.apply("p1 offer")
    return st


def khind_state() -> Any:
    """A tiny game: Player 1 on the Earth Temple (red 5 4 3) with Terrah 2, Khind 3 and no other
    red card, movement ended."""
    arrange = get(G).lesson.arrange

    st = new(G, players=3, seed=1, first_player=1)
    cell = st.to_dict()["tiles"]["earth_temple"]["cell"]
    st = arrange(st, hands={0: ["terrah_2", "khind_3", "vulca_3", "aqua_3", "venti_3", "pillar_3",
                           "lux_3", "mimix_3"]}, positions={0: tuple(cell)})
    st.apply("p1 done")
    return st


def legal_text(state: Any) -> dict[str, str]:
    """The options Player 1 has in ``state``, as the decision panel labels them, per language."""
    d = state.decision(0)
    return {lang: ", ".join(action_label(G, a, lang, d) for a in d.legal) for lang in ("en", "pt")}


def khind_option() -> tuple[int, int]:
    """The space (1-based) and value Player 1 can pay in the Khind scenario."""
    st = khind_state()
    a = next(a for a in st.decision(0).legal if a.verb == "contribute")
    tile = st.tiles[st.board[st.seats[0].figure]]
    return a.args[0] + 1, tile.spaces[a.args[0]][1]


def tiny_offer() -> tuple[int, int, int]:
    """The offering scenario: crystals before the offer, its cost, the next space's cost."""
    st = offering_state()
    cost = next(e for e in st.events if e.kind == "offer").data["cost"]
    d = st.to_dict()["obelisk"]
    return st.seats[0].crystals + cost, cost, d["costs"][len(d["filled"])]
