"""Plotly figures from a game's flows and events: where resources came from and went (a Sankey
unrolled by round), stocks and VP over time, the score breakdown, and charts of simulations.

Data functions (``sankey_data``, ``stocks_frame``, ``score_frame`` ...) return plain data or
pandas frames and need only the engine; the ``*_figure`` functions import plotly on first use.
Nothing here imports Jupyter or ipywidgets: ``widgets.flows`` wraps these in a ``FigureWidget``.
"""

from __future__ import annotations

import hashlib
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from .core.events import Flow
from .core.i18n import CATALOG

__all__ = [
    "RESOURCE_COLOURS",
    "colour",
    "place_label",
    "place_head",
    "sankey_data",
    "sankey_figure",
    "apply_sankey",
    "stocks_frame",
    "stocks_figure",
    "vp_frame",
    "vp_figure",
    "score_frame",
    "score_figure",
    "win_rate_figure",
    "vp_box_figure",
    "vp_sources_figure",
    "sankey_svg",
    "lines_svg",
    "POWER_CYCLE_COLOURS",
    "power_cycle_data",
    "power_cycle_figure",
    "leech_charges",
    "vp_by_round_frame",
]

#: Colours of resources that several games share; anything else gets a stable hashed colour.
RESOURCE_COLOURS: dict[str, str] = {
    "materials": "#9aa0a6",
    "energy": "#3c3c3c",
    "science": "#3aa655",
    "gold": "#e8b90e",
    "exploration": "#2f7fd1",
    "krystallium": "#d6342c",
    "financier": "#c2703d",
    "general": "#7b4bb3",
    "vp": "#8e44ad",
    "card": "#5f6b7a",
    "cards": "#5f6b7a",
    "credits": "#e8b90e",
    "goods": "#b5651d",
}

_PALETTE = (
    "#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f",
    "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac",
)


def colour(resource: str, alpha: float | None = None) -> str:
    """Stable colour of a resource (``rgba`` when ``alpha`` is given)."""
    base = RESOURCE_COLOURS.get(resource)
    if base is None:
        digest = hashlib.md5(resource.encode()).digest()
        base = _PALETTE[digest[0] % len(_PALETTE)]
    if alpha is None:
        return base
    r, g, b = (int(base[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


def place_label(game: str | None, place: str, lang: str = "en") -> str:
    """Readable name of a flow place like ``income:economy`` (catalog names when known)."""
    if game is None:
        return place
    head, _, tail = place.partition(":")
    name = CATALOG.name(game, head, lang)
    if tail:
        return f"{name}: {CATALOG.name(game, tail, lang)}"
    return name


CATALOG.add(
    "plots",
    {
        "setup": {"en": "Setup", "pt": "Preparação"},
        "round_short": {"en": "R{n}", "pt": "R{n}"},
        "win_rate": {"en": "win rate", "pt": "taxa de vitória"},
        "vp": {"en": "VP", "pt": "PV"},
        "source": {"en": "source", "pt": "origem"},
    },
)


def place_head(place: str) -> str:
    """``income:economy`` -> ``income`` (the kind of place, without its detail)."""
    return place.partition(":")[0]


def _round_label(game: str | None, rnd: int, lang: str) -> str:
    if rnd <= 0:
        return CATALOG.text("plots", "setup", lang)
    return CATALOG.text(game or "core", "round", lang, n=rnd)


# --------------------------------------------------------------------------- Sankey
def _select(
    flows: Iterable[Flow], seats: Iterable[int] | None, rounds: Iterable[int] | None
) -> list[Flow]:
    seat_set = None if seats is None else set(seats)
    round_set = None if rounds is None else set(rounds)
    return [
        f
        for f in flows
        if (seat_set is None or f.seat in seat_set) and (round_set is None or f.round in round_set)
    ]


def _net(flows: list[Flow]) -> list[Flow]:
    """Net out back-and-forth movements between two places (per seat and resource), keeping
    the first-seen order; drop movements from a place to itself."""
    total: dict[tuple, int] = {}
    order: list[tuple] = []
    sample: dict[tuple, Flow] = {}
    for f in flows:
        if f.source == f.target:
            continue
        a, b = sorted((f.source, f.target))
        key = (f.seat, f.resource, a, b)
        if key not in total:
            total[key] = 0
            order.append(key)
            sample[key] = f
        total[key] += f.amount if f.source == a else -f.amount
    out = []
    for key in order:
        amount = total[key]
        if amount == 0:
            continue
        seat, res, a, b = key
        src, dst = (a, b) if amount > 0 else (b, a)
        out.append(sample[key]._replace(source=src, target=dst, amount=abs(amount)))
    return out


def _round_short(rnd: int, lang: str) -> str:
    return CATALOG.text("plots", "round_short", lang, n=rnd) if rnd > 0 else \
        CATALOG.text("plots", "setup", lang)


def _reaches(adj: dict, start: Any, goal: Any) -> bool:
    stack, seen = [start], {start}
    while stack:
        node = stack.pop()
        if node == goal:
            return True
        for nxt in adj.get(node, ()):
            if nxt not in seen:
                seen.add(nxt)
                stack.append(nxt)
    return False


def sankey_data(
    flows: Iterable[Flow],
    *,
    seats: Iterable[int] | None = None,
    rounds: Iterable[int] | None = None,
    carry: Sequence[str] = (),
    game: str | None = None,
    lang: str = "en",
    place_order: Sequence[str] = (),
    resources: Iterable[str] | None = None,
    detail: bool = True,
    net: bool = True,
) -> dict[str, Any]:
    """Nodes and links of a Sankey of ``flows`` unrolled by round.

    ``seats``, ``rounds`` and ``resources`` filter the flows; ``detail=False`` merges the
    places that share a head (``income:economy`` and ``income:empire`` become ``income``).
    ``net`` (default) nets out, inside a round, movements back and forth between two places
    (cards passed around in a draft) and drops movements from a place to itself, so the
    diagram shows where things ended up rather than every hop.

    A node is ``(round, place, version)``: the same place in another round is another node, and
    inside a round a flow that would close a cycle goes to a new version of its target place,
    so the diagram never has cycles. ``carry`` places (a game's ``ledger_places``) get links
    from one round to the next with the stock kept. Links are coloured by resource and summed
    per (source node, target node, resource). Node order is fixed: by round, then by
    ``place_order`` (then first appearance), then version, so a growing game never reshuffles
    earlier nodes.
    """
    chosen = _select(flows, seats, None)
    if resources is not None:
        wanted = set(resources)
        chosen = [f for f in chosen if f.resource in wanted]
    if not detail:
        chosen = [
            f._replace(source=place_head(f.source), target=place_head(f.target)) for f in chosen
        ]
    round_set = None if rounds is None else set(rounds)
    order = {p: i for i, p in enumerate(place_order)}
    first_seen: dict[str, int] = {}
    links: Counter = Counter()
    adj: dict[tuple, set] = defaultdict(set)
    version: dict[tuple[int, str], int] = {}
    stock: Counter = Counter()  # (place, resource) -> amount, for carry places
    carry_set = set(carry)
    by_round: dict[int, list[Flow]] = defaultdict(list)
    for f in chosen:
        by_round[f.round].append(f)
        for p in (f.source, f.target):
            first_seen.setdefault(p, len(first_seen))
    if net:
        for r, fl in by_round.items():
            by_round[r] = _net(fl)
    all_rounds = sorted(by_round)
    if round_set is not None:
        shown = [r for r in all_rounds if r in round_set]
    else:
        shown = all_rounds
    for r in all_rounds:
        visible = r in shown
        if visible and carry_set and stock:
            prev = [x for x in shown if x < r]
            if prev:
                for (place, res), amount in sorted(stock.items()):
                    if amount > 0:
                        src = (prev[-1], place, version.get((prev[-1], place), 0))
                        dst = (r, place, 0)
                        links[(src, dst, res)] += amount
                        adj[src].add(dst)
        for f in by_round[r]:
            if f.source in carry_set:
                stock[(f.source, f.resource)] -= f.amount
            if f.target in carry_set:
                stock[(f.target, f.resource)] += f.amount
            if not visible:
                continue
            src = (r, f.source, version.get((r, f.source), 0))
            dst = (r, f.target, version.get((r, f.target), 0))
            if src == dst or (dst not in adj[src] and _reaches(adj, dst, src)):
                version[(r, f.target)] = version.get((r, f.target), 0) + 1
                dst = (r, f.target, version[(r, f.target)])
            links[(src, dst, f.resource)] += f.amount
            adj[src].add(dst)

    def rank(node: tuple) -> tuple:
        r, place, v = node
        return (r, order.get(place, len(order)), first_seen.get(place, 0), place, v)

    nodes = sorted({n for key in links for n in key[:2]}, key=rank)
    index = {n: i for i, n in enumerate(nodes)}
    ordered = sorted(links.items(), key=lambda kv: (index[kv[0][0]], index[kv[0][1]], kv[0][2]))
    # fixed layout: x by round (and depth inside the round), y by place rank
    n_rounds = max(1, len(shown))
    col = {r: i for i, r in enumerate(shown)}
    depth: dict[tuple, int] = {}
    for n in nodes:  # nodes are in rank order; depth = longest path from a round's sources
        depth.setdefault(n, 0)
    for _ in range(len(nodes)):
        changed = False
        for (a, b, _res), _amt in ordered:
            if a[0] == b[0] and depth[b] < depth[a] + 1:
                depth[b] = depth[a] + 1
                changed = True
        if not changed:
            break
    max_depth = defaultdict(int)
    for n in nodes:
        max_depth[n[0]] = max(max_depth[n[0]], depth[n])
    ranks_in_round: dict[int, list[tuple]] = defaultdict(list)
    for n in nodes:
        ranks_in_round[n[0]].append(n)
    xs, ys = [], []
    for n in nodes:
        r = n[0]
        inner = depth[n] / (max_depth[r] + 1)
        xs.append(round(0.01 + 0.98 * (col.get(r, 0) + inner * 0.9) / n_rounds, 4))
        members = ranks_in_round[r]
        ys.append(round(0.02 + 0.96 * (members.index(n) + 0.5) / len(members), 4))
    labels = []
    for r, place, v in nodes:
        lab = place_label(game, place, lang) + ("′" * v)
        labels.append(f"{lab} ({_round_short(r, lang)})" if len(shown) > 1 else lab)
    return {
        "nodes": [list(n) for n in nodes],
        "label": labels,
        "x": xs,
        "y": ys,
        "node_colour": ["#dfe3e8"] * len(nodes),
        "source": [index[a] for (a, _b, _r), _v in ordered],
        "target": [index[b] for (_a, b, _r), _v in ordered],
        "value": [v for _k, v in ordered],
        "resource": [res for (_a, _b, res), _v in ordered],
        "link_colour": [colour(res, 0.55) for (_a, _b, res), _v in ordered],
        "link_label": [CATALOG.name(game or "", res, lang) for (_a, _b, res), _v in ordered],
    }


def _sankey_kwargs(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "arrangement": "snap",
        "node": {
            "label": data["label"],
            "x": data["x"],
            "y": data["y"],
            "color": data["node_colour"],
            "pad": 8,
            "thickness": 12,
        },
        "link": {
            "source": data["source"],
            "target": data["target"],
            "value": data["value"],
            "color": data["link_colour"],
            "label": data["link_label"],
        },
    }


def sankey_figure(flows: Iterable[Flow], *, title: str = "", widget: bool = False, **kw: Any):
    """A plotly Sankey figure (``widget=True``: a ``FigureWidget``) of ``sankey_data``."""
    import plotly.graph_objects as go

    data = sankey_data(flows, **kw)
    cls = go.FigureWidget if widget else go.Figure
    fig = cls(go.Sankey(**_sankey_kwargs(data)))
    fig.update_layout(
        title=title or None, height=420, margin={"l": 10, "r": 10, "t": 30 if title else 10, "b": 10},
        font={"size": 11},
    )
    return fig


def apply_sankey(fig: Any, data: dict[str, Any]) -> None:
    """Update the Sankey trace of ``fig`` in place (inside ``batch_update`` for widgets)."""
    kw = _sankey_kwargs(data)
    trace = fig.data[0]
    trace.node.update(kw["node"])
    trace.link.update(kw["link"])


# --------------------------------------------------------------------------- over time
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
            name=CATALOG.name(game or "", res, lang), line={"color": colour(res)},
        )
    fig.update_layout(title=title or None, height=300, margin={"l": 10, "r": 10, "t": 30, "b": 10})
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


def vp_figure(frame, *, title: str = "", widget: bool = False, names: Sequence[str] = ()):
    import plotly.graph_objects as go

    cls = go.FigureWidget if widget else go.Figure
    fig = cls()
    seats = [c for c in frame.columns if c != "step"]
    for i, col in enumerate(seats):
        fig.add_scatter(
            x=list(frame["step"]), y=list(frame[col]), mode="lines+markers",
            name=names[i] if i < len(names) else col, line={"color": _PALETTE[i % len(_PALETTE)]},
        )
    fig.update_layout(title=title or None, height=300, margin={"l": 10, "r": 10, "t": 30, "b": 10})
    return fig


def score_frame(scores: dict[int, dict[str, int]], game: str | None = None, lang: str = "en"):
    """The score breakdown as a table: one row per source (``total`` last), one column per seat."""
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
    index = [CATALOG.name(game or "", s, lang) for s in sources] + [
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


# --------------------------------------------------------------------------- simulations
def win_rate_figure(frame, by: str | Sequence[str], title: str = ""):
    """Bar chart of the win rate (shared wins count as wins) grouped by column(s) ``by``."""
    import plotly.express as px

    cols = [by] if isinstance(by, str) else list(by)
    table = frame.groupby(cols, dropna=False)["winner"].mean().reset_index()
    table["label"] = table[cols].astype(str).agg(" / ".join, axis=1)
    return px.bar(table, x="label", y="winner", title=title or None,
                  labels={"winner": "win rate", "label": " / ".join(cols)}, height=320)


def vp_box_figure(frame, by: str, title: str = ""):
    """Box plot of final VP grouped by ``by``."""
    import plotly.express as px

    return px.box(frame, x=by, y="score", points=False, title=title or None, height=320)


def vp_sources_figure(frame, by: str | None = None, title: str = ""):
    """Mean VP by source (the ``vp_*`` columns of a simulation), optionally grouped by ``by``."""
    import plotly.express as px

    vp_cols = [c for c in frame.columns if c.startswith("vp_")]
    if by is None:
        table = frame[vp_cols].mean().rename(lambda c: c[3:]).reset_index()
        table.columns = ["source", "vp"]
        return px.bar(table, x="source", y="vp", title=title or None, height=320)
    table = frame.groupby(by)[vp_cols].mean().reset_index().melt(id_vars=by, var_name="source",
                                                                  value_name="vp")
    table["source"] = table["source"].str[3:]
    return px.bar(table, x=by, y="vp", color="source", barmode="stack", title=title or None,
                  height=340)


# --------------------------------------------------------------------------- static SVG
def _esc(text: Any) -> str:
    import html

    return html.escape(str(text))


def sankey_svg(data: dict[str, Any], width: int = 900, height: int = 380,
               title: str = "") -> str:
    """A static SVG drawing of ``sankey_data`` (no plotly.js needed: lessons, reports).

    Nodes sit in columns by their ``x``; a node is as tall as the larger of what flows in and
    out; links are bands coloured by resource, stacked along each node."""
    n = len(data["label"])
    if not n:
        return f"<svg class='gamekit-sankey' width='{width}' height='40'></svg>"
    inflow = [0.0] * n
    outflow = [0.0] * n
    for s, t, v in zip(data["source"], data["target"], data["value"], strict=True):
        outflow[s] += v
        inflow[t] += v
    size = [max(a, b) for a, b in zip(inflow, outflow, strict=True)]
    cols: dict[float, list[int]] = defaultdict(list)
    for i, x in enumerate(data["x"]):
        cols[x].append(i)
    xs = sorted(cols)
    pad, node_w, top = 8, 10, 24 if title else 6
    label_room = 120
    usable_h = height - top - 6
    scale = min(
        (usable_h - pad * (len(members) - 1)) / max(1.0, sum(size[i] for i in members))
        for members in cols.values()
    )
    pos: dict[int, tuple[float, float]] = {}
    for ci, x in enumerate(xs):
        members = sorted(cols[x], key=lambda i: data["y"][i])
        px = 4 + ci * (width - label_room - node_w - 8) / max(1, len(xs) - 1)
        y = top
        for i in members:
            pos[i] = (px, y)
            y += size[i] * scale + pad
    out_off = [0.0] * n
    in_off = [0.0] * n
    parts = []
    order = sorted(range(len(data["value"])),
                   key=lambda k: (pos[data["source"][k]][1], pos[data["target"][k]][1]))
    for k in order:
        s, t, v = data["source"][k], data["target"][k], data["value"][k]
        w = v * scale
        x0 = pos[s][0] + node_w
        y0 = pos[s][1] + out_off[s] + w / 2
        x1 = pos[t][0]
        y1 = pos[t][1] + in_off[t] + w / 2
        out_off[s] += w
        in_off[t] += w
        mid = (x0 + x1) / 2
        parts.append(
            f"<path d='M{x0:.1f},{y0:.1f} C{mid:.1f},{y0:.1f} {mid:.1f},{y1:.1f} {x1:.1f},{y1:.1f}'"
            f" stroke='{data['link_colour'][k]}' stroke-width='{max(w, 0.8):.1f}' fill='none'>"
            f"<title>{_esc(data['label'][s])} → {_esc(data['label'][t])}: {v} "
            f"{_esc(data['link_label'][k])}</title></path>"
        )
    for i in range(n):
        x, y = pos[i]
        h = max(size[i] * scale, 1.5)
        parts.append(
            f"<rect x='{x:.1f}' y='{y:.1f}' width='{node_w}' height='{h:.1f}' fill='#8a94a3'>"
            f"<title>{_esc(data['label'][i])}: {size[i]:g}</title></rect>"
            f"<text x='{x + node_w + 3:.1f}' y='{y + h / 2 + 4:.1f}' font-size='11'>"
            f"{_esc(data['label'][i])}</text>"
        )
    head = (f"<text x='4' y='15' font-size='13' font-weight='600'>{_esc(title)}</text>"
            if title else "")
    return (f"<svg class='gamekit-sankey' xmlns='http://www.w3.org/2000/svg' width='{width}' "
            f"height='{height}' viewBox='0 0 {width} {height}' "
            f"font-family='system-ui, sans-serif'>{head}{''.join(parts)}</svg>")


def lines_svg(frame, columns: Sequence[str], labels: Sequence[str] = (),
              colours: Sequence[str] = (), width: int = 900, height: int = 220,
              title: str = "", x: str = "step") -> str:
    """A static SVG line chart of ``frame[columns]`` against ``frame[x]`` (no plotly.js)."""
    rows = len(frame)
    if not rows or not columns:
        return f"<svg class='gamekit-lines' width='{width}' height='30'></svg>"
    left, right, top, bottom = 36, 150, 22 if title else 8, 40
    values = [float(v) for c in columns for v in frame[c]]
    hi = max(1.0, max(values))
    pw, ph = width - left - right, height - top - bottom

    def px(i: int) -> float:
        return left + (pw * i / max(1, rows - 1))

    def py(v: float) -> float:
        return top + ph - ph * v / hi

    parts = [f"<line x1='{left}' y1='{top + ph}' x2='{left + pw}' y2='{top + ph}' "
             "stroke='#999'/>",
             f"<text x='{left - 4}' y='{top + 8}' font-size='10' text-anchor='end'>{hi:g}</text>",
             f"<text x='{left - 4}' y='{top + ph}' font-size='10' text-anchor='end'>0</text>"]
    step = max(1, rows // 8)
    for i in range(0, rows, step):
        parts.append(f"<text x='{px(i):.1f}' y='{top + ph + 14}' font-size='9' "
                     f"text-anchor='middle'>{_esc(frame[x].iloc[i])}</text>")
    for k, col in enumerate(columns):
        colour_k = colours[k] if k < len(colours) else _PALETTE[k % len(_PALETTE)]
        pts = " ".join(f"{px(i):.1f},{py(float(v)):.1f}" for i, v in enumerate(frame[col]))
        parts.append(f"<polyline points='{pts}' fill='none' stroke='{colour_k}' "
                     "stroke-width='2'/>")
        name = labels[k] if k < len(labels) else col
        ly = top + 12 + 14 * k
        parts.append(f"<rect x='{left + pw + 10}' y='{ly - 8}' width='10' height='10' "
                     f"fill='{colour_k}'/><text x='{left + pw + 24}' y='{ly + 1}' "
                     f"font-size='11'>{_esc(name)}</text>")
    head = (f"<text x='4' y='15' font-size='13' font-weight='600'>{_esc(title)}</text>"
            if title else "")
    return (f"<svg class='gamekit-lines' xmlns='http://www.w3.org/2000/svg' width='{width}' "
            f"height='{height}' viewBox='0 0 {width} {height}' "
            f"font-family='system-ui, sans-serif'>{head}{''.join(parts)}</svg>")


# --------------------------------------------------------------------------- power cycle
CATALOG.add("plots", {
    "pc.start": {"en": "starting tokens", "pt": "marcadores iniciais"},
    "pc.new": {"en": "new tokens", "pt": "novos marcadores"},
    "pc.bowl1": {"en": "bowl I", "pt": "área I"},
    "pc.bowl2": {"en": "bowl II", "pt": "área II"},
    "pc.bowl3": {"en": "bowl III", "pt": "área III"},
    "pc.spent": {"en": "spent (back to bowl I)", "pt": "gasto (volta à área I)"},
    "pc.burned": {"en": "burned (removed)", "pt": "sacrificado (removido)"},
    "pc.gaia": {"en": "Gaia area", "pt": "área Gaia"},
    "pc.gaia_back": {"en": "back from the Gaia area", "pt": "de volta da área Gaia"},
    "pc.removed": {"en": "removed (satellites)", "pt": "removido (satélites)"},
    "pc.income": {"en": "charge: income", "pt": "carga: renda"},
    "pc.leech": {"en": "charge: leech", "pt": "carga: ganhar Poder"},
    "pc.other": {"en": "charge: actions", "pt": "carga: ações"},
    "pc.burn": {"en": "burn", "pt": "sacrifício"},
    "pc.move": {"en": "tokens", "pt": "marcadores"},
})
_PC_NODES = ("start", "new", "gaia_back", "bowl1", "bowl2", "bowl3", "spent", "burned", "gaia", "removed")
_PC_X = (0.01, 0.01, 0.01, 0.3, 0.55, 0.8, 0.99, 0.99, 0.99, 0.99)
POWER_CYCLE_COLOURS = {"income": "#4e79a7", "leech": "#e15759", "other": "#f28e2b", "burn": "#9c755f",
               "move": "#b07aa1"}
_BOWLS = {"bowl1": "bowl1", "bowl2": "bowl2", "bowl3": "bowl3"}


def _pc_link(f: Flow, nxt: Flow | None) -> tuple[str, str, str] | None:
    """(source node, target node, cause) of one token flow of the power cycle."""
    src, dst = f.source, f.target
    if src in _BOWLS and dst in _BOWLS:
        if src == "bowl3":
            return "bowl3", "spent", "move"
        burn = (src == "bowl2" and dst == "bowl3" and nxt is not None and nxt.seat == f.seat
                and nxt.source == "bowl2" and nxt.target in ("burned", "gaia_area"))
        if burn:
            return src, dst, "burn"
        return src, dst, "income" if f.phase == "income" else "charge"
    if src == "gaia_area":
        return "gaia_back", dst if dst in _BOWLS else "bowl1", "move"
    if src == "setup" and dst in _BOWLS:
        return "start", dst, "move"
    if dst == "bowl1":
        return "new", "bowl1", "move"
    if src in _BOWLS:
        if dst == "burned":
            return src, "burned", "burn"
        return src, "gaia" if dst == "gaia_area" else "removed", "move"
    return None


def power_cycle_data(flows: Iterable[Flow], *, seats: Iterable[int] | None = None,
                     rounds: Iterable[int] | None = None, leech: dict | None = None,
                     lang: str = "en") -> dict[str, Any]:
    """Gaia Project's power cycle as Sankey data (the format of ``sankey_data``): tokens from
    bowl I to II to III by charges (split by cause: income, leech, other actions), spent from
    III back to I, burned, into the Gaia area and back, removed for satellites, new tokens.

    ``leech`` maps ``(seat, round)`` to the power charged by leech (from the ``leech`` events,
    see :func:`leech_charges`): the action-phase charges of that seat and round count as leech
    first, up to that amount (the flows themselves do not name the cause of a charge)."""
    chosen = [f for f in _select(flows, seats, rounds) if f.resource == "token"]
    budget = dict(leech or {})
    totals: Counter = Counter()
    for i, f in enumerate(chosen):
        link = _pc_link(f, chosen[i + 1] if i + 1 < len(chosen) else None)
        if link is None:
            continue
        src, dst, cause = link
        amount = f.amount
        if cause == "charge":
            key = (f.seat, f.round)
            as_leech = min(amount, budget.get(key, 0))
            if as_leech:
                budget[key] -= as_leech
                totals[(src, dst, "leech")] += as_leech
            amount -= as_leech
            cause = "other"
        if amount:
            totals[(src, dst, cause)] += amount
    used = [n for n in _PC_NODES if any(n in (a, b) for a, b, _c in totals)]
    index = {n: i for i, n in enumerate(used)}
    links = sorted(totals.items(), key=lambda kv: (_PC_NODES.index(kv[0][0]),
                                                   _PC_NODES.index(kv[0][1]), kv[0][2]))
    col = {n: [m for m in used if _PC_X[_PC_NODES.index(m)] == _PC_X[_PC_NODES.index(n)]]
           for n in used}
    return {
        "nodes": used,
        "label": [CATALOG.text("plots", "pc." + n, lang) for n in used],
        "x": [_PC_X[_PC_NODES.index(n)] for n in used],
        "y": [round(0.05 + 0.9 * (col[n].index(n) + 0.5) / len(col[n]), 4) for n in used],
        "node_colour": ["#dfe3e8"] * len(used),
        "source": [index[a] for (a, _b, _c), _v in links],
        "target": [index[b] for (_a, b, _c), _v in links],
        "value": [v for _k, v in links],
        "resource": [c for (_a, _b, c), _v in links],
        "link_colour": [POWER_CYCLE_COLOURS[c] for (_a, _b, c), _v in links],
        "link_label": [CATALOG.text("plots", "pc." + c, lang) for (_a, _b, c), _v in links],
    }


def leech_charges(events: Iterable[Any]) -> dict[tuple[int, int], int]:
    """``(seat, round) -> power charged`` from a game's ``leech`` events (Gaia Project)."""
    out: Counter = Counter()
    for e in events:
        if e.kind == "leech" and e.seat is not None:
            out[(e.seat, e.round)] += int(e.data.get("n", 0))
    return dict(out)


def power_cycle_figure(flows: Iterable[Flow], *, title: str = "", widget: bool = False,
                       **kw: Any):
    """A plotly Sankey of :func:`power_cycle_data` (``widget=True``: a ``FigureWidget``)."""
    import plotly.graph_objects as go

    data = power_cycle_data(flows, **kw)
    cls = go.FigureWidget if widget else go.Figure
    fig = cls(go.Sankey(**_sankey_kwargs(data)))
    fig.update_layout(title=title or None, height=360, font={"size": 11},
                      margin={"l": 10, "r": 10, "t": 30 if title else 10, "b": 10})
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
