"""The board kit: what several games share, in small modules named for what they hold.

- :mod:`gamekit.kit.hexgrid`: axial hexes (flat-topped, Gaia Project's orientation): distance,
  neighbours, rings, rotation, tile placement, pixels for SVG.
- :mod:`gamekit.kit.squaregrid`: square grids as cell indices (Blue Moon City's city).
- :mod:`gamekit.kit.paths`: breadth-first distances, reach and shortest paths on any grid.
- :mod:`gamekit.kit.track`: markers on tracks with caps (research tracks, VP, capped resources).
- :mod:`gamekit.kit.bowls`: token pools: numbered bowls, Gaia's power bowls, keyed supplies.
- :mod:`gamekit.kit.deck`: a card deck whose every shuffle goes through the logged ``Chance``.

The kit imports nothing from the games or the widgets (an import-linter contract checks it).
See ``docs/kit.md``.
"""
