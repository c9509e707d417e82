"""The play apps' flows on request (issue 13): ``flows="on_request"`` builds no plotly figure
until the person opens the "Resource flows and scores" section, which then follows the game and
the page's language."""

from __future__ import annotations

from gamekit_widgets import App
from gamekit_widgets.flows import FlowsPanel


def test_the_flows_are_built_when_their_section_is_opened():
    app = App("wonderful", players=3, human=0, seed=1, flows="on_request")
    section = app.view.flows_section
    assert app.view.flows is None and section is not None
    assert section.selected_index is None
    assert section.get_title(0) == "Resource flows and scores"
    app.view.decision.buttons[0].click()  # playing with the section closed builds nothing
    assert app.view.flows is None
    section.selected_index = 0
    flows = app.view.flows
    assert isinstance(flows, FlowsPanel) and section.children == (flows,)
    assert flows.sankey is not None  # built at once: the person asked for it
    section.selected_index = None
    section.selected_index = 0
    assert app.view.flows is flows  # built once
    app.set_lang("pt")
    assert section.get_title(0) == "Fluxos de recursos e pontuação"
    before = flows.table.value
    for _ in range(6):
        enabled = [b for b in app.view.decision.buttons if not b.disabled]
        enabled[0].click()
    flows.tabs.selected_index = 2
    assert flows.table.value != before  # the opened panel follows the game


def test_other_modes_are_unchanged():
    assert App("race", players=2, flows=False).view.flows_section is None
    app = App("race", players=2, seed=3)
    assert app.view.flows_section is None and isinstance(app.view.flows, FlowsPanel)
