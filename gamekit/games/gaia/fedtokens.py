"""Federation tokens (rulebook "Formando uma Aliança", "Fichas de Aliança"): the supply left
and taking one (its VP and gain at once, the green side kept for level 5 and the QIC academy)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .components import FEDERATION_TOKENS
from .economy import add_vp, gain
from .scoring import trigger

if TYPE_CHECKING:
    from .state import GaiaState

__all__ = ["fed_supply_left", "take_fed_token"]


def fed_supply_left(st: GaiaState) -> list[str]:
    return [t for t, n in st.fed_supply.items() if n > 0]


def take_fed_token(st: GaiaState, seat: int, token: str, supply: bool = False) -> None:
    t = FEDERATION_TOKENS[token]
    if supply:
        st.fed_supply[token] -= 1
    st.pl[seat].fed_tokens.append([token, t.green])
    if not st.quiet:  # the event is for narration only
        st.emit("fed_token", seat, "federation", token="fedtoken:" + token)
    add_vp(st, seat, t.vp, "federation")
    gain(st, seat, t.gain, "federation")
    trigger(st, seat, "federation_token")
