"""One palette per game, shared by its board and every chart (``register(..., palette=...)``)."""

from __future__ import annotations

import pandas as pd

from gamekit import plots
from gamekit.core import get, make_agent, new, play
from gamekit.core.registry import declared
from gamekit_widgets.turn import SEAT_COLOURS as BANNER


def _played(game: str):
    state = new(game, seed=3)
    play(state, [make_agent(game, "random", i) for i in range(len(state.scores()))])
    return state


def test_every_game_hands_its_palette_and_the_charts_use_it():
    for game in declared():  # every shipped game (the registry)
        pal = get(game).palette
        state = _played(game)
        data = plots.sankey_data(state.flows, game=game)
        for res, _label, shown in data["legend"]:
            if res in pal.resources:
                assert shown == pal.resources[res], (game, res)
        assert len({shown for _r, _l, shown in data["legend"]}) == len(data["legend"]), game


def test_gaia_resources_read_apart_and_seats_are_the_maps():
    from gamekit.games.gaia.svg_map import SEAT_COLOURS

    pal = get("gaia").palette
    assert pal.seats == SEAT_COLOURS
    assert len({pal.resources[r] for r in ("credits", "knowledge", "ore", "qic")}) == 4
    assert plots.colour("credits", game="gaia") != plots.colour("knowledge", game="gaia")


def test_the_vp_chart_draws_each_seat_in_the_boards_colour():
    frame = pd.DataFrame({"step": ["a", "b"], "p1": [0, 3], "p2": [1, 2]})
    fig = plots.vp_figure(frame, game="wonderful")
    assert [t.line.color for t in fig.data] == list(BANNER[:2])  # the player banner's
    fig = plots.vp_figure(frame, game="gaia")
    assert [t.line.color for t in fig.data] == list(get("gaia").palette.seats[:2])
