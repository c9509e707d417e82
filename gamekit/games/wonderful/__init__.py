"""It's a Wonderful World (base game) for gamekit.

Readings are documented below (filled in later).
"""

from gamekit.core import register

from . import text  # noqa: F401  (registers the catalog)
from .bots import HeuristicAgent
from .state import WonderfulState

__all__ = ["WonderfulState", "HeuristicAgent"]

register(WonderfulState, agents={"heuristic": HeuristicAgent}, default_players=4)
