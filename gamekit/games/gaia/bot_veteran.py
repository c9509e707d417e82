"""The veteran for Gaia Project (registered ``veteran``; session 17, issue 32): the finisher of
:mod:`.bot_finisher` — its exact last round unchanged — valuing the positions of rounds 1–5 at
:data:`.bot_eval.SELFPLAY`, the scholar's worths tuned all together by self-play
(:mod:`.bot_tune`: a CMA-ES over 24 of them, every seat the candidate). Decides from
``agent_view``; deterministic for a seed."""

from __future__ import annotations

from functools import partial

from .bot_eval import SELFPLAY, position_value
from .bot_finisher import FinisherAgent

__all__ = ["VeteranAgent"]


class VeteranAgent(FinisherAgent):
    """The finisher valuing rounds 1–5 at :data:`.bot_eval.SELFPLAY` (see the module
    docstring)."""

    name = "veteran"
    rounds = staticmethod(partial(position_value, k=SELFPLAY))
