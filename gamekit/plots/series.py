"""Charts over time: stocks and VP per step, the score breakdown, VP gained per round."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from ..core.events import Flow
from ..core.i18n import CATALOG
from .colours import colour, seat_colour
from .names import _round_label, place_label, resource_label

__all__ = ["time_layout", "stocks_frame", "stocks_figure", "vp_frame", "vp_figure",
           "score_frame", "score_figure", "vp_by_round_frame"]

# words: the catalogs (gamekit/core/locale/*.po, namespace ``plots``)


def time_layout(lang: str = "en", y: str = "amount", title: str = "",
                game: str | None = None) -> dict[str, Any]:
    """Layout of a chart over time: both axes titled with their unit (``y``: ``amount`` or
    ``vp``; a ``game`` may name its score its own way, ``axis.vp@<game>``), room for the
    titles and the slanted step names, the legend at the right."""
    axis = f"axis.{y}@{game}" if CATALOG.has("plots", f"axis.{y}@{game}") else f"axis.{y}"
    return {
        "title": {"text": title or None, "x": 0.01},
        "height": 340,
        "margin": {"l": 70, "r": 10, "t": 40 if title else 10, "b": 110},
        "xaxis": {"title": {"text": CATALOG.text("plots", "axis.step", lang)},
                  "tickangle": -30, "automargin": True},
        "yaxis": {"title": {"text": CATALOG.text("plots", axis, lang)},
                  "rangemode": "tozero", "automargin": True},
    }


def stocks_frame(
    flows: Iterable[Flow], seat: int, places: Sequence[str], game: str | None = None,
    lang: str = "en",
):
    """Holdings of ``seat`` over time: one row per (round, phase) step with the amount of each
    resource summed over ``places`` at the end of that step (folding the flows in order)."""
    import pandas as pd

    tracked = set(places)
    stock: Counter = Counter()
    rows: list[dict[str, Any]] = []
    key = None
    resources: list[str] = []
    for f in flows:
        if f.seat != seat:
            continue
        step = (f.round, f.phase)
        if key is not None and step != key:
            rows.append({"round": key[0], "phase": key[1], **dict(stock)})
        key = step
        if f.resource not in resources and (f.source in tracked or f.target in tracked):
            resources.append(f.resource)
        if f.target in tracked:
            stock[f.resource] += f.amount
        if f.source in tracked:
            stock[f.resource] -= f.amount
    if key is not None:
        rows.append({"round": key[0], "phase": key[1], **dict(stock)})
    frame = pd.DataFrame(rows, columns=["round", "phase", *resources]).fillna(0)
    for res in resources:
        frame[res] = frame[res].astype(int)
    frame["step"] = [
        f"{_round_label(game, r, lang)} · {CATALOG.name(game or '', p, lang)}"
        for r, p in zip(frame["round"], frame["phase"], strict=True)
    ]
    return frame


def stocks_figure(frame, *, title: str = "", widget: bool = False, game: str | None = None,
                  lang: str = "en"):
    """Lines of each resource column of a ``stocks_frame``."""
    import plotly.graph_objects as go

    cls = go.FigureWidget if widget else go.Figure
    fig = cls()
    for res in [c for c in frame.columns if c not in ("round", "phase", "step")]:
        fig.add_scatter(
            x=list(frame["step"]), y=list(frame[res]), mode="lines+markers",
            name=resource_label(game, res, lang), line={"color": colour(res, game=game)},
        )
    fig.update_layout(**time_layout(lang, "amount", title))
    return fig


def vp_frame(points: Iterable[tuple[str, dict[int, dict[str, int]]]]):
    """VP over time from ``(label, state.scores())`` points: one row per label, one column per
    seat (``p1``, ``p2`` ...) holding the total."""
    import pandas as pd

    rows = []
    for label, scores in points:
        row: dict[str, Any] = {"step": label}
        for seat, b in scores.items():
            row[f"p{seat + 1}"] = b.get("total", sum(v for k, v in b.items() if k != "total"))
        rows.append(row)
    return pd.DataFrame(rows)


def vp_figure(frame, *, title: str = "", widget: bool = False, names: Sequence[str] = (),
              lang: str = "en", game: str | None = None):
    """Lines of each seat's total VP of a ``vp_frame``, in the game's seat colours."""
    import plotly.graph_objects as go

    cls = go.FigureWidget if widget else go.Figure
    fig = cls()
    seats = [c for c in frame.columns if c != "step"]
    for i, col in enumerate(seats):
        fig.add_scatter(
            x=list(frame["step"]), y=list(frame[col]), mode="lines+markers",
            name=names[i] if i < len(names) else col, line={"color": seat_colour(i, game)},
        )
    fig.update_layout(**time_layout(lang, "vp", title))
    return fig


def score_frame(scores: dict[int, dict[str, int]], game: str | None = None, lang: str = "en"):
    """The score breakdown as a table: one row per source (``total`` last), one column per seat.

    Rows and columns are named in ``lang`` from the catalogs: a source ``head:detail`` (It's a
    Wonderful World's ``per_type:structure``, Race's ``six_dev:<card>``) reads "Head: detail"."""
    import pandas as pd

    sources: list[str] = []
    for b in scores.values():
        for k in b:
            if k != "total" and k not in sources:
                sources.append(k)
    cols = {}
    for seat, b in scores.items():
        name = CATALOG.text(game or "core", "seat", lang, n=seat + 1)
        total = b.get("total", sum(v for k, v in b.items() if k != "total"))
        cols[name] = [b.get(s, 0) for s in sources] + [total]
    index = [place_label(game, s, lang) for s in sources] + [
        CATALOG.text(game or "core", "total", lang)
    ]
    return pd.DataFrame(cols, index=index)


def score_figure(scores: dict[int, dict[str, int]], game: str | None = None, lang: str = "en",
                 title: str = ""):
    """Stacked bars: each seat's VP by source."""
    import plotly.graph_objects as go

    frame = score_frame(scores, game, lang).iloc[:-1]
    fig = go.Figure()
    for source, row in frame.iterrows():
        fig.add_bar(x=list(frame.columns), y=list(row.values), name=str(source))
    fig.update_layout(barmode="stack", title=title or None, height=320,
                      margin={"l": 10, "r": 10, "t": 30, "b": 10})
    return fig

def vp_by_round_frame(flows: Iterable[Flow], seat: int, label: Any = None):
    """VP gained by ``seat`` per round and source (``score:<source>`` flows; losses negative):
    one row per round, one column per source (``label(source)`` names the columns)."""
    import pandas as pd

    rows: dict[int, Counter] = defaultdict(Counter)
    for f in flows:
        if f.seat != seat or f.resource != "vp":
            continue
        if f.target == "vp" and f.source.startswith("score:"):
            rows[f.round][f.source[6:]] += f.amount
        elif f.source == "vp" and f.target.startswith("score:"):
            rows[f.round][f.target[6:]] -= f.amount
    frame = pd.DataFrame.from_dict({r: dict(c) for r, c in sorted(rows.items())},
                                   orient="index").fillna(0).astype(int)
    frame.index.name = "round"
    if label is not None:
        frame.columns = [label(c) for c in frame.columns]
    return frame
