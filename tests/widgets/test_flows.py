"""Flows a person can read (issue 13), in pure Python: every node named in both languages
through the catalogs, small flows gathered into "other", wrapped labels and a height that fits
them, the colour legend, the current round by default, never an empty Sankey, and charts over
time with axis titles and units. (Layout in a real browser: tests/browser/test_flows_view.py.)"""

from __future__ import annotations

import random

import pytest

import gamekit
from gamekit import plots
from gamekit.core import Flow, make_agent
from gamekit.core.simulate import play
from gamekit_widgets.flows import CURRENT, LIMIT, FlowsPanel
from gamekit_widgets.session import Session

PLAY_GAMES = [("wonderful", 3), ("wonderful", 1), ("race", 2), ("bluemoon", 3)]


def played(game: str, players: int, seed: int = 1, rounds: int | None = None):
    s = gamekit.new(game, players=players, seed=seed)
    until = None if rounds is None else (lambda st: st.round > rounds)
    play(s, [make_agent(game, "random", i) for i in range(players)], until=until, limit=4000)
    return s


@pytest.mark.parametrize(("game", "players"), PLAY_GAMES)
def test_every_place_and_resource_is_named_in_both_languages(game, players):
    s = played(game, players)
    places = {p for f in s.flows for p in (f.source, f.target)}
    resources = {f.resource for f in s.flows}
    missing = sorted({part for p in places | resources for part in plots.unnamed(game, p)})
    assert not missing, missing
    for lang in ("en", "pt"):
        data = plots.sankey_data(s.flows, game=game, lang=lang, carry=s.ledger_places,
                                 detail=True)
        assert not [t for t in data["label"] if "_" in t], data["label"]
    gamekit.get("race")  # its catalog
    assert plots.place_label("race", "vp_chips", "pt") == "fichas de PV"


def test_small_flows_are_gathered_into_other_and_nothing_is_lost():
    s = played("wonderful", 4, seed=3, rounds=2)
    full = plots.sankey_data(s.flows, rounds=[2], carry=s.ledger_places, game="wonderful",
                             detail=True)
    few = plots.sankey_data(s.flows, rounds=[2], carry=s.ledger_places, game="wonderful",
                            detail=True, limit=6)
    places = {n[1] for n in full["nodes"]}
    kept = {n[1] for n in few["nodes"]}
    assert len(places) > 6 and len(kept) <= 6 + len(set(s.ledger_places))
    assert plots.OTHER in kept and plots.OTHER not in places
    assert "other (small flows)" in few["label"] and "outros (fluxos pequenos)" in \
        plots.sankey_data(s.flows, rounds=[2], carry=s.ledger_places, game="wonderful",
                          lang="pt", detail=True, limit=6)["label"]
    # what each kept place gains or loses (per resource) is unchanged
    def balance(data, place):
        out: dict[str, int] = {}
        for s_, t, v, res in zip(data["source"], data["target"], data["value"],
                                 data["resource"], strict=True):
            if data["nodes"][t][1] == place and data["nodes"][s_][1] != place:
                out[res] = out.get(res, 0) + v
            if data["nodes"][s_][1] == place and data["nodes"][t][1] != place:
                out[res] = out.get(res, 0) - v
        return {k: v for k, v in out.items() if v}
    for place in kept - {plots.OTHER}:
        assert balance(few, place) == balance(full, place), place


def test_labels_wrap_and_the_figure_is_tall_enough_for_them():
    assert plots.wrap_label("supremacy bonus: exploration", 18) == \
        "supremacy bonus:<br>exploration"
    assert all(len(line) <= 18 for line in
               plots.wrap_label("a place with a rather long name indeed", 18).split("<br>"))
    s = played("wonderful", 3, seed=3, rounds=1)
    data = plots.sankey_data(s.flows, rounds=[1], carry=s.ledger_places, game="wonderful",
                             detail=True, limit=LIMIT)
    lines = max(plots.wrap_label(t).count("<br>") + 1 for t in data["label"])
    assert plots.sankey_height(data) >= data["columns"] * lines * plots.sankey.LINE_PX
    kw = plots.sankey_kwargs(data)
    assert kw["node"]["pad"] >= plots.sankey.LINE_PX * lines


def test_the_legend_names_every_colour_shown():
    s = played("race", 2, seed=2, rounds=2)
    data = plots.sankey_data(s.flows, game="race", lang="pt", carry=s.ledger_places)
    assert {r for r, _n, _c in data["legend"]} == set(data["resource"])
    html = plots.legend_html(data, "Cores:")
    for _r, name, colour in data["legend"]:
        assert name in html and colour in html
    assert html.count("gamekit-legend-item") == len(set(data["resource"]))


def test_all_rounds_is_wider_than_the_page_one_round_fits():
    s = gamekit.new("wonderful", players=3, seed=3)
    play(s, [make_agent("wonderful", "heuristic", i) for i in range(3)],
         until=lambda st: st.round > 3)
    one = plots.sankey_data(s.flows, rounds=[2], carry=s.ledger_places, game="wonderful",
                            detail=False, limit=LIMIT)
    every = plots.sankey_data(s.flows, carry=s.ledger_places, game="wonderful", detail=False,
                              limit=LIMIT)
    assert plots.sankey_width(one) is None
    assert plots.sankey_width(every) > 1300
    assert max(one["x"]) > 0.95 and min(one["x"]) < 0.05  # the round uses the whole width


def test_no_empty_sankey_is_ever_drawn():
    """plotly.js throws "RangeError: Invalid array length" on a Sankey without nodes."""
    fig = plots.sankey_figure([], game="wonderful")
    assert not [t for t in fig.data if t.type == "sankey"]
    s = played("wonderful", 3, seed=1, rounds=1)
    panel = FlowsPanel(Session(s, human=None), defer=True)  # built later, as in a kernel
    panel.sankey_data = lambda: plots.sankey_data([])  # nothing to show (yet)
    panel._build_sankey()
    assert panel.sankey is None and "No" in panel.empty.value
    del panel.sankey_data
    panel.refresh()  # flows arrived: now it is built
    assert panel.sankey is not None and panel.sankey.data[0].node.label
    values = tuple(panel.sankey.data[0].link.value)
    panel.sankey_data = lambda: plots.sankey_data([])
    panel.refresh(force=True)  # an empty filter hides the drawing, never empties it
    assert panel.sankey.data[0].visible is False
    assert tuple(panel.sankey.data[0].link.value) == values


def test_the_panel_follows_the_current_round_and_all_rounds_on_request():
    s = gamekit.new("wonderful", players=3, seed=4)
    session = Session(s, agents={1: "random", 2: "random"}, human=0)
    panel = FlowsPanel(session, defer=False)
    assert panel.round_filter.value == CURRENT
    rng = random.Random(1)
    while session.state.round < 2:
        seat = session.acting_seat()
        if seat is None:
            break
        session.apply(rng.choice(session.state.decision(seat).legal))
        session.bots_until_human()
    panel.refresh(force=True)
    assert panel.rounds == [session.state.round]
    labels = tuple(panel.sankey.data[0].node.label)
    assert not [t for t in labels if "(R" in t]
    panel.round_filter.value = -1
    assert panel.rounds is None
    assert any("(R1)" in t for t in panel.sankey.data[0].node.label)


def test_over_time_charts_have_axis_titles_with_units_in_both_languages():
    for lang, words in (("en", ("Round · phase", "units", "VP")),
                        ("pt", ("Rodada · fase", "unidades", "PV"))):
        layout = plots.time_layout(lang, "amount")
        assert words[0] in layout["xaxis"]["title"]["text"]
        assert words[1] in layout["yaxis"]["title"]["text"]
        assert words[2] in plots.time_layout(lang, "vp")["yaxis"]["title"]["text"]
    s = played("wonderful", 3, seed=3, rounds=1)
    frame = plots.stocks_frame(s.flows, 0, s.ledger_places, "wonderful", "pt")
    fig = plots.stocks_figure(frame, game="wonderful", lang="pt")
    assert "Quantidade" in fig.layout.yaxis.title.text
    panel = FlowsPanel(Session(s, human=None), lang="pt", defer=False)
    panel.refresh_all()
    assert "Rodada" in panel.stocks.layout.xaxis.title.text
    assert "PV" in panel.vp.layout.yaxis.title.text


def test_gathering_keeps_carried_places():
    flows = [Flow(1, "a", 0, "gold", 5, "supply", "hand")] + [
        Flow(1, "a", 0, "gold", 1, "supply", f"p{i}") for i in range(8)]
    data = plots.sankey_data(flows, carry=("hand",), limit=3)
    places = {n[1] for n in data["nodes"]}
    assert "hand" in places and plots.OTHER in places and len(places) <= 4
