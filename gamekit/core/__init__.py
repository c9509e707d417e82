"""Game-agnostic core: the engine contract and everything built on it."""

from .actions import Action, IllegalAction, ParseError
from .agent_names import make_agent
from .agents import Agent, LookaheadAgent, RandomAgent, random_playout
from .decisions import Decision
from .events import Event, Flow, fold_flows
from .i18n import CATALOG, LANGUAGES, Reason, reason, t
from .options import Option, OptionError
from .positions import PositionError, position, save_position
from .records import GameRecord, RecordError, replay
from .registry import available, get, new, register
from .rng import Chance, ChanceMismatch
from .simulate import bench, play, run_one, simulate
from .state import GameState, Result

__all__ = [
    "Action", "Agent", "CATALOG", "Chance", "ChanceMismatch", "Decision", "Event", "Flow",
    "GameRecord", "GameState", "IllegalAction", "LANGUAGES", "LookaheadAgent", "Option",
    "OptionError", "ParseError", "PositionError", "RandomAgent", "Reason", "RecordError", "Result", "available", "bench",
    "fold_flows", "get", "make_agent", "new", "play", "position", "random_playout", "reason", "register", "replay",
    "run_one", "save_position", "simulate", "t",
]
