"""The flows panel: a plotly Sankey of the game's resource flows (a ``go.Figure`` updated in
place with ``batch_update``, drawn on the page by ``figure_view``: its JSON, not plotly's 5 MB
widget, so the section opens at once) with its colour legend, filters by seat, round and resource,
resources and VP over time, and the score breakdown table. The figures come from
``gamekit.plots``.

The Sankey shows the current round by default (it follows the game; "All rounds" on request,
wider than the page and scrolled sideways), gathers small flows into "other", and is never
drawn empty (plotly.js throws "RangeError: Invalid array length" on a Sankey without nodes)."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from gamekit import plots
from gamekit.core import CATALOG

from .figure_view import figure_view, redraw
from .i18n import game_ui, ui
from .session import Session

__all__ = ["FlowsPanel", "CURRENT", "LIMIT"]

#: round filter value: the round being played (the default; it follows the game)
CURRENT = -2
#: at most this many places per round in the Sankey; smaller flows are gathered into "other"
LIMIT = 10


#: whole tab labels (ipywidgets cuts them at 144 px) and a Sankey as wide as the page
FLOWS_CSS = """<style>
.gamekit-flows .lm-TabBar-tab, .gamekit-flows .p-TabBar-tab {
  flex: 0 0 auto !important; max-width: none !important; min-width: 0 !important; }
.gamekit-flows .lm-TabBar-tabLabel, .gamekit-flows .p-TabBar-tabLabel {
  overflow: visible !important; text-overflow: clip !important; }
.gamekit-sankey-box { width: 100%; }
.gamekit-sankey-view { width: 100%; max-width: 100%; }
.gamekit-sankey-view .jp-OutputArea-output { overflow-x: auto; overflow-y: hidden;
  max-width: 100%; }
.gamekit-sankey-view .jp-RenderedPlotly { overflow: visible; }
.gamekit-legend { font-size: 12px; margin: 2px 0 4px 4px; }
</style>"""


def _running_loop():
    """The kernel's running asyncio loop, or ``None`` (plain Python: build at once)."""
    import asyncio

    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _in_kernel() -> bool:
    """Whether this runs inside a Jupyter kernel (not plain Python, where another library,
    e.g. Playwright's sync API, may also have an asyncio loop running)."""
    try:
        from IPython import get_ipython
    except ImportError:
        return False
    shell = get_ipython()
    return shell is not None and getattr(shell, "kernel", None) is not None


class FlowsPanel(W.VBox):
    """Tabs: the Sankey, stocks and VP over time, the score table. Only the visible tab is
    recomputed on a change (the others when they are opened), which keeps clicks fast."""

    def __init__(self, session: Session, lang: str = "en", viewer: int | None = None,
                 defer: bool | None = None, **kw: Any):
        self.session = session
        self.lang = lang
        self.viewer = viewer
        n = session.state.players
        self.seat_filter = W.Dropdown(layout=W.Layout(width="200px"))
        self.round_filter = W.Dropdown(layout=W.Layout(width="200px"))
        self.resource_filter = W.Dropdown(layout=W.Layout(width="220px"))
        self.detail = W.Checkbox(value=False, indent=False, layout=W.Layout(width="160px"))
        self._filling = False
        self._fill_filters(n)
        self.seat_filter.observe(self._filtered, names="value")
        self.round_filter.observe(self._filtered, names="value")
        self.resource_filter.observe(self._filtered, names="value")
        self.detail.observe(self._filtered, names="value")
        # the figures are built lazily: the Sankey just after the app is shown (``defer``, the
        # default inside a running kernel), the charts over time when their tab opens
        self.sankey: Any = None
        self.sankey_view: W.Output | None = None
        self.time_views: tuple[W.Output, W.Output] | None = None
        self.stocks: Any = None
        self.vp: Any = None
        self.empty = W.HTML()
        self.legend = W.HTML()
        self.sankey_box = W.VBox([self.empty], layout=W.Layout(width="100%"))
        self.sankey_box.add_class("gamekit-sankey-box")
        self.time_box = W.VBox([])
        self.table = W.HTML()
        self.table.add_class("gamekit-scores")
        self.tabs = W.Tab([self.sankey_box, self.time_box, self.table])
        self.tabs.observe(lambda _c: self.refresh(), names="selected_index")
        self._done: dict[int, Any] = {}
        self._vp_cache: dict[tuple[int, int], dict] = {}
        filters = W.HBox([self.seat_filter, self.round_filter, self.resource_filter, self.detail],
                         layout=W.Layout(flex_flow="row wrap"))
        super().__init__([W.HTML(FLOWS_CSS), filters, self.tabs], **kw)
        self.add_class("gamekit-flows")
        self.set_lang(lang)
        from .ready import preheated, skip_iri_grammar

        if defer is None:
            # a kernel Voilà pre-heats for its pool builds the Sankey now, while nobody waits
            # (deferring it there left pages blank when several people opened them at once)
            defer = _in_kernel() and _running_loop() is not None and not preheated()
        if _in_kernel():
            skip_iri_grammar()
        if defer:
            from .ready import Shown

            self.shown = Shown(self._shown)
            self.sankey_box.children = [self.empty, self.shown]
        else:
            self._build_sankey()

    # ------------------------------------------------------------------ figures
    #: seconds without a change before the deferred Sankey is built (building it blocks the
    #: kernel for a moment: do it while the person reads, not while they click)
    IDLE = 1.5

    def touch(self) -> None:
        """Something happened (a click): postpone the deferred build."""
        import time

        self._last_activity = time.monotonic()

    def _shown(self) -> None:
        """The app is on screen: build the Sankey once the person pauses."""
        self.touch()
        self._when_idle()

    def _when_idle(self) -> None:
        import time

        if self.sankey is not None:
            return
        loop = _running_loop()
        quiet = time.monotonic() - getattr(self, "_last_activity", 0.0)
        if loop is None:
            self._build_sankey_safely()
        elif quiet >= self.IDLE:
            self._build_sankey_safely()
        else:
            loop.call_later(self.IDLE - quiet + 0.05, self._when_idle)

    def _build_sankey_safely(self) -> None:
        try:
            self._build_sankey()
        except Exception as exc:  # shown, not lost in a background callback
            self.empty.value = f"<span class='gamekit-error'>{type(exc).__name__}: {exc}</span>"

    def _build_sankey(self) -> None:
        if self.sankey is not None:
            return
        self.touch()
        data = self.sankey_data()
        if not data["value"]:  # never an empty Sankey: build it once there are flows
            self.empty.value = f"<i>{ui('no_flows', self.lang)}</i>"
            self._pending_empty = True
            return
        self._pending_empty = False
        self._new_figure(data)
        self._done.pop(0, None)
        self.refresh()

    def _new_figure(self, data: dict[str, Any]) -> None:
        """A new Sankey: as wide as the page (the page's plotly sizes a figure without a width
        to its box), or wider when all rounds need it, scrolled sideways inside its box."""
        import plotly.graph_objects as go

        width = plots.sankey_width(data)
        fig = go.Figure(go.Sankey(**plots.sankey_kwargs(data)))
        fig.update_layout(height=plots.sankey_height(data), width=width, autosize=width is None,
                          margin={"l": 10, "r": 10, "t": 10, "b": 10}, font={"size": 11})
        self.sankey = fig
        self._sankey_width = width
        if self.sankey_view is None:
            self.sankey_view = figure_view()
            self.sankey_view.add_class("gamekit-sankey-view")
        redraw(self.sankey_view, fig)
        self.sankey_box.children = [self.empty, self.legend, self.sankey_view]

    def _build_time(self) -> None:
        if self.stocks is not None:
            return
        import plotly.graph_objects as go

        self.stocks = go.Figure()
        self.stocks.update_layout(**plots.time_layout(self.lang, "amount"))
        self.vp = go.Figure()
        self.vp.update_layout(**plots.time_layout(self.lang, "vp", game=self.session.game))
        self.time_views = (figure_view(self.stocks), figure_view(self.vp))
        self.time_box.children = list(self.time_views)

    # ------------------------------------------------------------------ filters
    def _fill_filters(self, players: int) -> None:
        lang, game = self.lang, self.session.game
        seat_opts = [(ui("all", lang), -1)] + [
            (CATALOG.text(game, "seat", lang, n=s + 1), s) for s in range(players)
        ]
        rounds = sorted({f.round for f in self.session.state.flows} | {self.session.state.round})
        round_opts = [(ui("current_round", lang), CURRENT), (ui("all_rounds", lang), -1)] + [
            (ui("setup", lang) if r <= 0 else CATALOG.text(game, "round", lang, n=r), r)
            for r in rounds
        ]
        seen: list[str] = []
        for f in self.session.state.flows:
            if f.resource not in seen:
                seen.append(f.resource)
        res_opts = [(ui("all", lang), "")] + [(CATALOG.name(game, r, lang), r) for r in seen]
        for dd, opts, default in ((self.seat_filter, seat_opts, -1),
                                  (self.round_filter, round_opts, CURRENT),
                                  (self.resource_filter, res_opts, "")):
            value = dd.value if dd.value is not None else default
            if [tuple(o) for o in dd.options] != opts:
                self._filling = True
                try:
                    dd.options = opts
                    dd.value = value if value in [v for _l, v in opts] else default
                finally:
                    self._filling = False

    def _filtered(self, _change: dict) -> None:
        if not self._filling:
            self.refresh(force=True)

    @property
    def seats(self) -> list[int] | None:
        v = self.seat_filter.value
        return None if v is None or v < 0 else [v]

    @property
    def rounds(self) -> list[int] | None:
        v = self.round_filter.value
        if v is None or v == CURRENT:
            return [self.current_round()]
        return None if v < 0 else [v]

    def current_round(self) -> int:
        """The round being played, or the last one with flows if it has none yet."""
        state = self.session.state
        seats = self.seats
        had = [f.round for f in state.flows if f.round <= state.round
               and (seats is None or f.seat in seats)]
        if not had or state.round in had:
            return state.round
        return max(had)

    @property
    def resources(self) -> list[str] | None:
        v = self.resource_filter.value
        return [v] if v else None

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.seat_filter.description = ui("seat_filter", lang)
        self.round_filter.description = ui("round_filter", lang)
        self.resource_filter.description = ui("resource_filter", lang)
        self.detail.description = ui("detail", lang)
        for i, key in enumerate(("sankey", "over_time", "scores")):
            self.tabs.set_title(i, ui(key, lang))
        self._fill_filters(self.session.state.players)
        self.refresh(force=True)

    # ------------------------------------------------------------------ data
    def _flows(self) -> list:
        return self.session.state.flows

    def sankey_data(self) -> dict[str, Any]:
        state = self.session.state
        return plots.sankey_data(
            self._flows(), seats=self.seats, rounds=self.rounds, carry=state.ledger_places,
            game=state.game, lang=self.lang, place_order=state.ledger_places,
            resources=self.resources, detail=self.detail.value, limit=LIMIT,
        )

    def _key(self) -> tuple:
        s = self.session
        # flows only grow while a state object lives; a jump loads another state object
        return (id(s), s.jumps, len(s.state.flows), self.lang, self.seat_filter.value,
                self.round_filter.value, self.resource_filter.value, self.detail.value)

    def refresh(self, force: bool = False) -> None:
        """Recompute the visible tab (if anything changed since it was last drawn)."""
        self._fill_filters(self.session.state.players)
        tab = self.tabs.selected_index or 0
        if tab == 0 and self.sankey is None:
            if getattr(self, "_pending_empty", False):
                self._build_sankey()  # it was waiting for flows
            else:
                self.empty.value = f"<i>{ui('loading', self.lang)}</i>"
            return
        if tab == 1:
            self._build_time()
        key = self._key()
        if not force and self._done.get(tab) == key:
            return
        if force:
            self._done = {}
        self._done[tab] = key
        if tab == 0:
            self._draw_sankey()
        elif tab == 1:
            self._draw_over_time()
        else:
            self._draw_table()

    def refresh_all(self) -> None:
        """Build and recompute every tab now (tests, notebooks)."""
        self._build_sankey()
        self._build_time()
        draws = [self._draw_over_time, self._draw_table]
        for draw in ([self._draw_sankey] if self.sankey is not None else []) + draws:
            draw()

    def _draw_sankey(self) -> None:
        data = self.sankey_data()
        fig = self.sankey
        if not data["value"]:  # keep the last drawing hidden rather than draw an empty one
            self.empty.value = f"<i>{ui('no_flows', self.lang)}</i>"
            self.legend.value = ""
            fig.layout.height = 10
            fig.data[0].visible = False
            redraw(self.sankey_view, fig)
            return
        self.empty.value = ""
        self.legend.value = plots.legend_html(data, ui("legend", self.lang))
        if plots.sankey_width(data) != self._sankey_width:  # to or from the wide view
            self._new_figure(data)
            return
        with fig.batch_update():
            plots.apply_sankey(fig, data)
            fig.data[0].visible = True
            fig.layout.height = plots.sankey_height(data)
        redraw(self.sankey_view, fig)

    def _draw_over_time(self) -> None:
        s = self.session
        state = s.state
        seat = self.seats[0] if self.seats else (s.human if s.human is not None else 0)
        frame = plots.stocks_frame(state.flows, seat, state.ledger_places, state.game,
                                   self.lang)
        who = CATALOG.text(state.game, "seat", self.lang, n=seat + 1)
        resources = [c for c in frame.columns if c not in ("round", "phase", "step")]
        with self.stocks.batch_update():
            self.stocks.data = []
            for res in resources:
                self.stocks.add_scatter(
                    x=list(frame["step"]), y=list(frame[res]), mode="lines+markers",
                    name=plots.resource_label(state.game, res, self.lang),
                    line={"color": plots.colour(res, game=state.game)},
                )
            self.stocks.update_layout(**plots.time_layout(
                self.lang, "amount", ui("stocks", self.lang, who=who)))
        points = self._vp_points()
        vp = plots.vp_frame(points)
        with self.vp.batch_update():
            self.vp.data = []
            for i, col in enumerate(c for c in vp.columns if c != "step"):
                self.vp.add_scatter(
                    x=list(vp["step"]), y=list(vp[col]), mode="lines+markers",
                    name=CATALOG.text(state.game, "seat", self.lang, n=i + 1),
                    line={"color": plots.seat_colour(i, state.game)},
                )
            self.vp.update_layout(**plots.time_layout(
                self.lang, "vp", game_ui("vp_time", state.game, self.lang), game=state.game))
        for view, fig in zip(self.time_views, (self.stocks, self.vp)):
            redraw(view, fig)

    def _vp_points(self) -> list[tuple[str, dict]]:
        """Scores at the end of every phase up to now (cached per snapshot)."""
        from .controls import where_text

        s = self.session
        marks = [i for i in range(s.index) if s.where(i) != s.where(i + 1)] + [s.index]
        out = []
        for i in marks:
            key = (i, s.point_id(i))
            if key not in self._vp_cache:
                state = s.state if i == s.index else s.state_at(i)
                self._vp_cache[key] = state.scores()
            out.append((where_text(s, i, self.lang), self._vp_cache[key]))
        return out

    def _draw_table(self) -> None:
        state = self.session.state
        frame = plots.score_frame(state.scores(), state.game, self.lang)
        self.table.value = frame.to_html(border=0)
