"""A pre-heated play app loads what opening its flows needs ahead (issue 27: the flows open
within 2 s): ``flows.warm_up`` builds throwaway figures, makes no widget (nothing reaches the
page), and the opening then builds the same panel as elsewhere."""

from __future__ import annotations

import subprocess
import sys

from ipywidgets import Widget

from gamekit_widgets.flows import warm_up

SCRIPT = """
import os, sys
os.environ["VOILA_PREHEAT"] = "True"
from gamekit_widgets.presets import play_app
app = play_app("wonderful", players=2, human=0, seed=0, flows="on_request")
print("plotly.graph_objs._sankey" in sys.modules, "plotly.graph_objs._scatter" in sys.modules)
"""


def test_warm_up_makes_no_widget():
    before = set(Widget._active_widgets)
    warm_up("wonderful", "pt")
    assert set(Widget._active_widgets) == before


def test_a_pre_heated_play_app_has_loaded_the_flows_figures():
    out = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         timeout=300, check=True)
    assert out.stdout.split()[-2:] == ["True", "True"], out.stdout + out.stderr
