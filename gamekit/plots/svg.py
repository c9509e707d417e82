"""Static SVG drawings (no plotly.js): a Sankey and a line chart, for lessons and reports."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from .colours import _PALETTE


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

