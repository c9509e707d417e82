"""Gaia Project (base game, Jens Drögemüller and Helge Ostertag, Feuerland 2017) on the gamekit
contract, 2-4 players. The pt-BR rulebook is the specification; see ``docs/games/gaia.md`` for
the rule readings, what is implemented and what is not yet.

Modules: :mod:`.state` (decision queue, contract), :mod:`.setup` (options, map, tiles),
:mod:`.rounds` (set-up placements, income, Gaia phase, turns, passing, clean-up),
:mod:`.actions` (main, special and free actions), :mod:`.build` (mines, Gaia projects, upgrades,
leech), :mod:`.research` (research, tech tiles, Lost Planet), :mod:`.federation`,
:mod:`.scoring`, :mod:`.economy` (gains, payments, power bowls and flows),
:mod:`.subdecisions` (the legal actions of each decision kind), :mod:`.player`, :mod:`.text`
(en/pt messages), :mod:`.bots`; and the data layer: :mod:`.components`, :mod:`.sectors`,
:mod:`.geometry`, :mod:`.commands`, :mod:`.notation` (the boardgamers.space move notation).
"""

from functools import partial

from gamekit.core import register

from . import importer, render, samples, text, writer  # noqa: F401  (text registers the messages and names)
from .bots import HeuristicAgent
from .state import GaiaState

__all__ = ["GaiaState", "HeuristicAgent"]

register(GaiaState, agents={"heuristic": HeuristicAgent}, default_players=4, render=render.html,
         importers={"boardgamers": importer.import_bytes},
         exporters={"boardgamers": writer.export_bytes},
         samples={name: partial(samples.sample_bytes, name) for name in samples.SAMPLES})
