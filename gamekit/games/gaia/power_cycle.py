"""Gaia Project's power cycle as a Sankey: tokens between the bowls, by cause (rulebook:
"Ciclo de Poder"). The game's own chart and colours (moved out of the generic
``gamekit.plots``: a game's figures live with the game, issue 24); words in the game's
catalogs (namespace ``gaia.pc``)."""

from __future__ import annotations

__all__ = ["POWER_CYCLE_COLOURS", "leech_charges", "power_cycle_data", "power_cycle_figure"]

from collections import Counter
from collections.abc import Iterable
from typing import Any

from gamekit.core import CATALOG
from gamekit.core.events import Flow
from gamekit.plots.sankey import _select, sankey_kwargs

_PC_NODES = ("start", "new", "gaia_back", "bowl1", "bowl2", "bowl3", "spent", "burned", "gaia",
             "removed")
_PC_X = (0.01, 0.01, 0.01, 0.3, 0.55, 0.8, 0.99, 0.99, 0.99, 0.99)
#: the causes' colours (the replay's power-cycle figures and their key)
POWER_CYCLE_COLOURS = {"income": "#4e79a7", "leech": "#e15759", "other": "#f28e2b",
                       "burn": "#9c755f", "move": "#b07aa1"}
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
        "label": [CATALOG.text("gaia.pc", n, lang) for n in used],
        "x": [_PC_X[_PC_NODES.index(n)] for n in used],
        "y": [round(0.05 + 0.9 * (col[n].index(n) + 0.5) / len(col[n]), 4) for n in used],
        "node_colour": ["#dfe3e8"] * len(used),
        "source": [index[a] for (a, _b, _c), _v in links],
        "target": [index[b] for (_a, b, _c), _v in links],
        "value": [v for _k, v in links],
        "resource": [c for (_a, _b, c), _v in links],
        "link_colour": [POWER_CYCLE_COLOURS[c] for (_a, _b, c), _v in links],
        "link_label": [CATALOG.text("gaia.pc", c, lang) for (_a, _b, c), _v in links],
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
    fig = cls(go.Sankey(**sankey_kwargs(data, None)) if data["value"] else None)
    fig.update_layout(title=title or None, height=360, font={"size": 11},
                      margin={"l": 10, "r": 10, "t": 30 if title else 10, "b": 10})
    return fig

