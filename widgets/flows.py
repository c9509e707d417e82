"""The flows panel: a plotly ``FigureWidget`` Sankey of the game's resource flows unrolled by
round (updated in place with ``batch_update``), filters by seat and round, resources and VP
over time, and the score breakdown table. The figures come from ``gamekit.plots``."""

from __future__ import annotations

from typing import Any

import ipywidgets as W

from gamekit import plots
from gamekit.core import CATALOG

from .i18n import ui
from .session import Session

__all__ = ["FlowsPanel"]


class FlowsPanel(W.VBox):
    """Tabs: the Sankey, stocks and VP over time, the score table. Only the visible tab is
    recomputed on a change (the others when they are opened), which keeps clicks fast."""

    def __init__(self, session: Session, lang: str = "en", viewer: int | None = None,
                 **kw: Any):
        import plotly.graph_objects as go

        self.session = session
        self.lang = lang
        self.viewer = viewer
        n = session.state.players
        self.seat_filter = W.Dropdown(layout=W.Layout(width="200px"))
        self.round_filter = W.Dropdown(layout=W.Layout(width="200px"))
        self._filling = False
        self._fill_filters(n)
        self.seat_filter.observe(self._filtered, names="value")
        self.round_filter.observe(self._filtered, names="value")
        self.sankey = go.FigureWidget(go.Sankey(arrangement="snap"))
        self.sankey.update_layout(height=420, margin={"l": 10, "r": 10, "t": 10, "b": 10},
                                  font={"size": 11})
        self.empty = W.HTML()
        self.stocks = go.FigureWidget()
        self.stocks.update_layout(height=280, margin={"l": 10, "r": 10, "t": 30, "b": 10})
        self.vp = go.FigureWidget()
        self.vp.update_layout(height=280, margin={"l": 10, "r": 10, "t": 30, "b": 10})
        self.table = W.HTML()
        self.table.add_class("gamekit-scores")
        self.tabs = W.Tab([
            W.VBox([self.empty, self.sankey]),
            W.VBox([self.stocks, self.vp]),
            self.table,
        ])
        self.tabs.observe(lambda _c: self.refresh(), names="selected_index")
        self._done: dict[int, Any] = {}
        self._vp_cache: dict[tuple[int, int], dict] = {}
        super().__init__([W.HBox([self.seat_filter, self.round_filter]), self.tabs], **kw)
        self.add_class("gamekit-flows")
        self.set_lang(lang)

    # ------------------------------------------------------------------ filters
    def _fill_filters(self, players: int) -> None:
        lang, game = self.lang, self.session.game
        seat_opts = [(ui("all", lang), -1)] + [
            (CATALOG.text(game, "seat", lang, n=s + 1), s) for s in range(players)
        ]
        rounds = sorted({f.round for f in self.session.state.flows} | {self.session.state.round})
        round_opts = [(ui("all_rounds", lang), -1)] + [
            (ui("setup", lang) if r <= 0 else CATALOG.text(game, "round", lang, n=r), r)
            for r in rounds
        ]
        for dd, opts in ((self.seat_filter, seat_opts), (self.round_filter, round_opts)):
            value = dd.value if dd.value is not None else -1
            if [tuple(o) for o in dd.options] != opts:
                self._filling = True
                try:
                    dd.options = opts
                    dd.value = value if value in [v for _l, v in opts] else -1
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
        return None if v is None or v < 0 else [v]

    def set_lang(self, lang: str) -> None:
        self.lang = lang
        self.seat_filter.description = ui("seat_filter", lang)
        self.round_filter.description = ui("round_filter", lang)
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
        )

    def _key(self) -> tuple:
        s = self.session
        return (s.index, id(s.state), len(s.state.flows), self.lang, self.seat_filter.value,
                self.round_filter.value)

    def refresh(self, force: bool = False) -> None:
        """Recompute the visible tab (if anything changed since it was last drawn)."""
        self._fill_filters(self.session.state.players)
        tab = self.tabs.selected_index or 0
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
        """Recompute every tab now (tests, notebooks)."""
        for draw in (self._draw_sankey, self._draw_over_time, self._draw_table):
            draw()

    def _draw_sankey(self) -> None:
        data = self.sankey_data()
        self.empty.value = "" if data["value"] else f"<i>{ui('no_flows', self.lang)}</i>"
        with self.sankey.batch_update():
            plots.apply_sankey(self.sankey, data)

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
                    name=CATALOG.name(state.game, res, self.lang),
                    line={"color": plots.colour(res)},
                )
            self.stocks.layout.title = ui("stocks", self.lang, who=who)
        points = self._vp_points()
        vp = plots.vp_frame(points)
        with self.vp.batch_update():
            self.vp.data = []
            for i, col in enumerate(c for c in vp.columns if c != "step"):
                self.vp.add_scatter(
                    x=list(vp["step"]), y=list(vp[col]), mode="lines+markers",
                    name=CATALOG.text(state.game, "seat", self.lang, n=i + 1),
                )
            self.vp.layout.title = ui("vp_time", self.lang)

    def _vp_points(self) -> list[tuple[str, dict]]:
        """Scores at the end of every phase up to now (cached per snapshot)."""
        from .controls import where_text

        s = self.session
        marks = [i for i in range(s.index) if s.where(i) != s.where(i + 1)] + [s.index]
        out = []
        for i in marks:
            snap = s._snaps[i]
            key = (i, id(snap))
            if key not in self._vp_cache:
                state = s.state if i == s.index else s.state_at(i)
                self._vp_cache[key] = state.scores()
            out.append((where_text(s, i, self.lang), self._vp_cache[key]))
        return out

    def _draw_table(self) -> None:
        state = self.session.state
        frame = plots.score_frame(state.scores(), state.game, self.lang)
        self.table.value = frame.to_html(border=0)
