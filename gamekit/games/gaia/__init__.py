"""Gaia Project: component data, map geometry and the boardgamers.space notation reader.

Not a playable game yet: the engine comes later on a new contract, so this package does not
register itself (``gamekit.core.registry.available()`` imports it and finds nothing to list).
Modules: :mod:`.components` (factions, board, research, tiles), :mod:`.sectors` (sector faces,
layouts, maps), :mod:`.geometry` (axial hex math, map labels), :mod:`.commands` and
:mod:`.notation` (the move notation).
"""
