"""gamekit: engines, bots and analysis for It's a Wonderful World, Race for the Galaxy,
Blue Moon City and Gaia Project.

    >>> import gamekit
    >>> state = gamekit.new("wonderful", players=4, seed=1)
"""

from .core import (
    CATALOG,
    Action,
    Decision,
    GameRecord,
    GameState,
    IllegalAction,
    OptionError,
    PositionError,
    RecordError,
    Result,
    available,
    bench,
    get,
    make_agent,
    new,
    play,
    position,
    replay,
    simulate,
)

__version__ = "0.2.0"
__all__ = [
    "Action", "CATALOG", "Decision", "GameRecord", "GameState", "IllegalAction", "OptionError",
    "PositionError", "RecordError", "Result", "available", "bench", "get", "make_agent", "new",
    "play", "position", "replay", "simulate",
]
