"""A Sankey of a game's resource flows unrolled by round: the data (``sankey_data``), a plotly
figure of it (``sankey_figure``), its in-place update (``apply_sankey``) and its colour legend.

Readable by default: small flows are gathered into one "other" place per round (``limit``),
long names wrap, the figure grows with the number of places (``sankey_height``), and every
place and resource is named in the page's language (``names``).
"""

from __future__ import annotations

import html
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Any

from ..core.events import Flow
from .colours import colour
from .names import OTHER, _round_short, place_head, place_label, resource_label

__all__ = ["sankey_data", "sankey_figure", "apply_sankey", "sankey_height", "sankey_width", "sankey_kwargs", "legend_html",
           "wrap_label"]

#: pixels of one line of a node label (font size 11) and of the gap kept between nodes
LINE_PX = 15
#: characters per line of a wrapped node label
WRAP = 18
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


def _gather(flows: list[Flow], keep_places: set[str], limit: int) -> list[Flow]:
    """Flows of one round with all but the ``limit`` busiest places (and ``keep_places``)
    renamed to ``OTHER``; moves inside ``OTHER`` disappear and moves back and forth between a
    place and ``OTHER`` are netted: what each kept place gains or loses in all stays."""
    volume: Counter = Counter()
    for f in flows:
        volume[f.source] += f.amount
        volume[f.target] += f.amount
    kept = set(keep_places)
    room = max(1, limit - len(kept & set(volume)))
    busiest = [p for p, _v in sorted(volume.items(), key=lambda kv: (-kv[1], kv[0]))
               if p not in kept]
    if len(busiest) <= room:
        return flows
    kept.update(busiest[: room - 1])
    out = []
    for f in flows:
        src = f.source if f.source in kept else OTHER
        dst = f.target if f.target in kept else OTHER
        if src != dst:
            out.append(f._replace(source=src, target=dst))
    return _net(out)


def _links(by_round: dict[int, list[Flow]], shown: list[int], carry: set[str]):
    """Links ``(source node, target node, resource) -> amount`` of the shown rounds, with the
    stock of ``carry`` places passed from one shown round to the next (no cycles: a flow that
    would close one goes to a new version of its target)."""
    links: Counter = Counter()
    adj: dict[tuple, set] = defaultdict(set)
    version: dict[tuple[int, str], int] = {}
    stock: Counter = Counter()  # (place, resource) -> amount, for carry places
    for r in sorted(by_round):
        visible = r in shown
        prev = [x for x in shown if x < r]
        if visible and carry and stock and prev:
            for (place, res), amount in sorted(stock.items()):
                if amount > 0:
                    src = (prev[-1], place, version.get((prev[-1], place), 0))
                    dst = (r, place, 0)
                    links[(src, dst, res)] += amount
                    adj[src].add(dst)
        for f in by_round[r]:
            if f.source in carry:
                stock[(f.source, f.resource)] -= f.amount
            if f.target in carry:
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
    return links


def _layout(nodes: list[tuple], ordered: list, shown: list[int]) -> tuple[list, list, dict]:
    """x by round (and depth inside the round), y by rank inside the round; and the columns."""
    n_rounds = max(1, len(shown))
    col = {r: i for i, r in enumerate(shown)}
    depth = dict.fromkeys(nodes, 0)  # longest path from a round's sources
    for _ in range(len(nodes)):
        changed = False
        for (a, b, _res), _amt in ordered:
            if a[0] == b[0] and depth[b] < depth[a] + 1:
                depth[b] = depth[a] + 1
                changed = True
        if not changed:
            break
    max_depth: dict[int, int] = defaultdict(int)
    for n in nodes:
        max_depth[n[0]] = max(max_depth[n[0]], depth[n])
    columns: dict[tuple, list[tuple]] = defaultdict(list)
    for n in nodes:
        columns[(n[0], depth[n])].append(n)
    xs, ys = [], []
    span = 1.0 if n_rounds == 1 else 0.8  # share of a round's width its own columns use
    for n in nodes:
        r = n[0]
        inner = depth[n] / max_depth[r] if max_depth[r] else 0.0
        xs.append(round(0.01 + 0.98 * (col.get(r, 0) + inner * span) / n_rounds, 4))
        members = columns[(r, depth[n])]
        ys.append(round(0.02 + 0.96 * (members.index(n) + 0.5) / len(members), 4))
    return xs, ys, columns


def _by_round(
    flows: Iterable[Flow], seats: Iterable[int] | None, resources: Iterable[str] | None,
    detail: bool,
) -> tuple[dict[int, list[Flow]], dict[str, int]]:
    """The flows of ``seats`` (and ``resources``) grouped by round, places merged by head
    unless ``detail``; and each place's first appearance (the diagram's stable order)."""
    chosen = _select(flows, seats, None)
    if resources is not None:
        wanted = set(resources)
        chosen = [f for f in chosen if f.resource in wanted]
    if not detail:
        chosen = [
            f._replace(source=place_head(f.source), target=place_head(f.target)) for f in chosen
        ]
    first_seen: dict[str, int] = {}
    by_round: dict[int, list[Flow]] = defaultdict(list)
    for f in chosen:
        by_round[f.round].append(f)
        for p in (f.source, f.target):
            first_seen.setdefault(p, len(first_seen))
    return by_round, first_seen


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
    limit: int | None = None,
) -> dict[str, Any]:
    """Nodes and links of a Sankey of ``flows`` unrolled by round.

    ``seats``, ``rounds`` and ``resources`` filter the flows; ``detail=False`` merges the
    places that share a head (``income:economy`` and ``income:empire`` become ``income``).
    ``net`` (default) nets out, inside a round, movements back and forth between two places
    (cards passed around in a draft) and drops movements from a place to itself, so the
    diagram shows where things ended up rather than every hop. ``limit`` keeps at most that
    many places per round (the busiest, and the ``carry`` places) and gathers the small flows
    of the others into one place ``other``.

    A node is ``(round, place, version)``: the same place in another round is another node, and
    inside a round a flow that would close a cycle goes to a new version of its target place,
    so the diagram never has cycles. ``carry`` places (a game's ``ledger_places``) get links
    from one round to the next with the stock kept. Links are coloured by resource and summed
    per (source node, target node, resource). Node order is fixed: by round, then by
    ``place_order`` (then first appearance), then version, so a growing game never reshuffles
    earlier nodes. ``legend`` lists ``(resource, name, colour)`` of the links shown.
    """
    by_round, first_seen = _by_round(flows, seats, resources, detail)
    order = {p: i for i, p in enumerate(place_order)}
    shown = sorted(r for r in by_round if rounds is None or r in set(rounds))
    for r in list(by_round):
        if net:
            by_round[r] = _net(by_round[r])
        if limit and r in shown:
            by_round[r] = _gather(by_round[r], set(carry), limit)
    links = _links(by_round, shown, set(carry))

    def rank(node: tuple) -> tuple:
        r, place, v = node
        last = place == OTHER
        return (r, last, order.get(place, len(order)), first_seen.get(place, 0), place, v)

    nodes = sorted({n for key in links for n in key[:2]}, key=rank)
    index = {n: i for i, n in enumerate(nodes)}
    ordered = sorted(links.items(), key=lambda kv: (index[kv[0][0]], index[kv[0][1]], kv[0][2]))
    xs, ys, columns = _layout(nodes, ordered, shown)
    labels = []
    for r, place, _v in nodes:  # a later visit in the same round is further right, same name
        lab = place_label(game, place, lang)
        labels.append(f"{lab} ({_round_short(r, lang)})" if len(shown) > 1 else lab)
    used = list(dict.fromkeys(res for (_a, _b, res), _v in ordered))
    return {
        "nodes": [list(n) for n in nodes],
        "label": labels,
        "x": xs,
        "y": ys,
        "columns": max((len(c) for c in columns.values()), default=0),
        "depths": len({x for x in xs}),
        "node_colour": ["#dfe3e8"] * len(nodes),
        "source": [index[a] for (a, _b, _r), _v in ordered],
        "target": [index[b] for (_a, b, _r), _v in ordered],
        "value": [v for _k, v in ordered],
        "resource": [res for (_a, _b, res), _v in ordered],
        "link_colour": [colour(res, 0.55, game) for (_a, _b, res), _v in ordered],
        "link_label": [resource_label(game, res, lang) for (_a, _b, res), _v in ordered],
        "legend": [(res, resource_label(game, res, lang), colour(res, game=game))
                   for res in used],
    }


def wrap_label(text: str, width: int = WRAP) -> str:
    """``text`` broken into lines of at most ``width`` characters (``<br>``, plotly's break)."""
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "<br>".join(lines)


def sankey_height(data: dict[str, Any], minimum: int = 360) -> int:
    """Pixels the figure needs so that the labels of the fullest column never touch."""
    lines = max((wrap_label(lab).count("<br>") + 1 for lab in data["label"]), default=1)
    return max(minimum, 40 + data.get("columns", 0) * (lines + 1) * LINE_PX)


def sankey_width(data: dict[str, Any], fits: int = 1300, per_column: int = 140) -> int | None:
    """Pixels the figure needs so that the labels of neighbouring columns never touch, or
    ``None`` when it fits in ``fits`` pixels (the page's width: the default)."""
    need = data.get("depths", 0) * per_column
    return need if need > fits else None


def sankey_kwargs(data: dict[str, Any], wrap: int | None = WRAP) -> dict[str, Any]:
    labels = data["label"] if wrap is None else [wrap_label(t, wrap) for t in data["label"]]
    """Arguments of ``go.Sankey`` for ``data`` (labels wrapped at ``wrap`` characters). Never
    draw one without nodes: plotly.js throws "RangeError: Invalid array length" on it."""
    lines = max((t.count("<br>") + 1 for t in labels), default=1)
    return {
        "arrangement": "snap",
        "node": {
            "label": labels,
            "x": data["x"],
            "y": data["y"],
            "color": data["node_colour"],
            "pad": LINE_PX * lines,
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
    """A plotly Sankey figure (``widget=True``: a ``FigureWidget``) of ``sankey_data``, with
    wrapped labels, a height that fits them and the resources as a legend."""
    import plotly.graph_objects as go

    data = sankey_data(flows, **kw)
    cls = go.FigureWidget if widget else go.Figure
    fig = cls(go.Sankey(**sankey_kwargs(data)) if data["value"] else None)
    for _res, name, col in data["legend"]:  # legend entries only: no axes, no points
        fig.add_scatter(x=[None], y=[None], mode="markers", name=name, showlegend=True,
                        marker={"color": col, "size": 10, "symbol": "square"})
    fig.update_layout(
        title=title or None, height=sankey_height(data), width=sankey_width(data),
        font={"size": 11},
        margin={"l": 10, "r": 10, "t": 40 if title else 10, "b": 10},
        xaxis={"visible": False}, yaxis={"visible": False}, plot_bgcolor="white",
        legend={"orientation": "h", "y": -0.02, "yanchor": "top"},
    )
    return fig


def apply_sankey(fig: Any, data: dict[str, Any], wrap: int | None = WRAP) -> None:
    """Update the Sankey trace of ``fig`` in place (inside ``batch_update`` for widgets)."""
    kw = sankey_kwargs(data, wrap)
    trace = fig.data[0]
    trace.node.update(kw["node"])
    trace.link.update(kw["link"])


def legend_html(data: dict[str, Any], title: str = "") -> str:
    """The colours of the links as an HTML legend (class ``gamekit-legend``)."""
    items = "".join(
        f"<span class='gamekit-legend-item' data-resource='{html.escape(res)}'>"
        f"<span style='display:inline-block;width:12px;height:12px;border-radius:2px;"
        f"background:{col};margin-right:4px;vertical-align:-1px'></span>{html.escape(name)}</span>"
        for res, name, col in data["legend"])
    head = f"<b>{html.escape(title)}</b> " if title else ""
    return (f"<div class='gamekit-legend' style='display:flex;flex-wrap:wrap;gap:4px 14px;"
            f"align-items:center'>{head}{items}</div>")
