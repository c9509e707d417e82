"""Gaia Project (base game, Jens Drögemüller and Helge Ostertag, Feuerland 2017) on the gamekit
contract, 2-4 players. The pt-BR rulebook is the specification; see ``docs/games/gaia.md`` for
the rule readings, what is implemented and what is not yet.

Modules: :mod:`.state` (pending decisions on the core stack, contract), :mod:`.setup` (options, map, tiles),
:mod:`.rounds` (set-up placements, income, Gaia phase, turns, passing, clean-up),
:mod:`.actions` (main, special and free actions), :mod:`.build` (mines, Gaia projects, upgrades,
leech), :mod:`.mines` (mine options and distances), :mod:`.research` (research, tech tiles, Lost Planet), :mod:`.federation`,
:mod:`.scoring`, :mod:`.economy` (gains, payments, power bowls and flows),
:mod:`.subdecisions` (the legal actions of each decision kind), :mod:`.player`, :mod:`.text`
(en/pt messages, from ``locale/``), :mod:`.bots`; and the data layer: :mod:`.components`,
:mod:`.sectors`, :mod:`.geometry`, :mod:`.commands`, :mod:`.notation` (the boardgamers.space
move notation), :mod:`.siteoptions` (a site record's options), :mod:`.importer`,
:mod:`.linechecks` (a record's per-line checks), :mod:`.writer`.
"""

from functools import partial
from types import SimpleNamespace
from typing import Any

from gamekit.core import register

from . import importer, render, samples, text, writer  # noqa: F401  (text registers the messages and names)
from .bot_endgame import FarsightAgent
from .bot_finisher import CompleterAgent, FinisherAgent
from .bot_greedy import GreedyAgent
from .bot_rollout import RolloutAgent
from .bot_scholar import ScholarAgent
from .bot_strategist import StrategistAgent
from .bot_technologist import TechnologistAgent
from .bots import HeuristicAgent, PlannerAgent
from .components import FACTIONS, FIRST_GAME
from .state import GaiaState

__all__ = ["GaiaState", "GreedyAgent", "HeuristicAgent", "PlannerAgent", "ScholarAgent", "StrategistAgent"]


def lesson_support() -> SimpleNamespace:
    """What the lesson uses of the game (handed over by ``register``): the map legend, the
    power-cycle drawing, the rulebook's first-game factions per player count ("A Primeira
    Partida"), and for the annotated pieces the game data (``components``), the map's drawing
    helpers (``svg_map``) and the faction board drawing."""
    from . import components, svg_map
    from .svg_boards import BOX, faction_html
    from .svg_replay import power_cycle_svg

    return SimpleNamespace(legend_html=svg_map.legend_html, power_cycle_svg=power_cycle_svg,
                           FIRST_GAME_FACTIONS={int(n): f for n, f in FIRST_GAME.items()},
                           components=components, svg_map=svg_map, faction_html=faction_html,
                           BOX=BOX)


def _choices() -> dict[str, list]:
    """The play form's offers: the map (first-game layout or a variable board) and, per seat,
    a faction (none chosen: each player picks in play, "Escolhendo sua Facção")."""
    return {"layout": ["first_game", "random"], "factions": sorted(FACTIONS)}


def _survey(*args: Any, **kwargs: Any):
    """``survey.survey`` (imported on first use: pandas is not needed to play)."""
    from .survey import survey

    return survey(*args, **kwargs)


register(GaiaState, agents={"heuristic": HeuristicAgent, "greedy": GreedyAgent,
                            "planner": PlannerAgent, "strategist": StrategistAgent,
                            "scholar": ScholarAgent, "foresight": RolloutAgent,
                            "farsight": FarsightAgent, "finisher": FinisherAgent,
                            "completer": CompleterAgent,
                            "technologist": TechnologistAgent},
         default_players=4, render=render.html,
         palette=render.PALETTE,
         importers={"boardgamers": importer.import_bytes},
         exporters={"boardgamers": writer.export_bytes},
         samples={name: partial(samples.sample_bytes, name) for name in samples.SAMPLES},
         presets={"players": 2, "bots": ("heuristic", "random"), "choices": _choices},
         lesson=lesson_support, lesson_content="gamekit_widgets.lessons.gaia", top_bot="farsight",
         analyses={"survey": _survey})
