"""The Gaia Project board as HTML (no Jupyter imports, no copyrighted art).

``html(state, lang)`` draws the space map as SVG hexes coloured by planet type (Gaia planets
green, Transdim purple, empty space dark) with each structure's code in its owner's colour,
gaiaformers, satellites and space stations; beside it a table per seat: faction, VP,
credits, ore, knowledge, QIC, power bowls I/II/III/Gaia, research levels and booster.
``state._repr_html_()`` uses it; the game hands it to core and widgets through ``register(..., render=html)``.
"""

from __future__ import annotations

import html as _html

from gamekit.core import CATALOG
from gamekit.kit.hexgrid import svg_points, to_pixel

from .components import TRACKS

__all__ = ["html", "PLANET_COLOURS", "SEAT_COLOURS"]

G = "gaia"
PLANET_COLOURS = {
    "terra": "#3d7fd9", "oxide": "#d9483b", "volcanic": "#f08a24", "desert": "#f2d33c",
    "swamp": "#8a5a2b", "titanium": "#8c8c8c", "ice": "#f4f4f4", "gaia": "#3aa655",
    "transdim": "#8e5bc4", "lost": "#222222", "empty": "#141a33",
}
SEAT_COLOURS = ("#e63946", "#2a9d8f", "#f4a261", "#9b5de5")

CATALOG.add(G, {
    "ui.round": {"en": "Round {n}", "pt": "Rodada {n}"},
    "ui.setup": {"en": "Setup", "pt": "Preparação"},
    "ui.over": {"en": "Game over", "pt": "Fim de jogo"},
    "ui.player": {"en": "Player", "pt": "Jogador"},
    "ui.vp": {"en": "VP", "pt": "PV"},
    "ui.bowls": {"en": "power I/II/III/Gaia", "pt": "Poder I/II/III/Gaia"},
    "ui.booster": {"en": "booster", "pt": "Marcador de Bônus"},
    "ui.none": {"en": "—", "pt": "—"},
})


def _t(key: str, lang: str, **kw) -> str:
    return _html.escape(CATALOG.text(G, key, lang, **kw))


def _name(ident: str | None, lang: str) -> str:
    return _html.escape(CATALOG.name(G, ident, lang)) if ident else _t("ui.none", lang)


def _map_svg(state, size: float = 14.0) -> str:
    pts = {h: to_pixel(h, size) for h in state.space.planets}
    xs = [x for x, _ in pts.values()]
    ys = [y for _, y in pts.values()]
    x0, y0 = min(xs) - size * 1.2, min(ys) - size * 1.2
    w, h = max(xs) - x0 + size * 1.2, max(ys) - y0 + size * 1.2
    out = [f"<svg viewBox='{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}' width='{w * 1.6:.0f}' "
           "style='background:#0b0f22'>"]
    sats = {x: s for s, p in enumerate(state.pl) for x in p.satellites}
    for hx, kind in state.space.planets.items():
        kind = state.ptype.get(hx, kind)
        fill = PLANET_COLOURS.get(kind, "#141a33")
        label = _html.escape(state.label(hx))
        out.append(f"<polygon points='{svg_points(hx, size * 0.97)}' fill='#141a33' "
                   f"stroke='#2b335c' stroke-width='0.6'><title>{label}</title></polygon>")
        x, y = pts[hx]
        if kind != "empty":
            out.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{size * 0.62:.1f}' fill='{fill}'>"
                       f"<title>{label}</title></circle>")
        owner = state.owner.get(hx)
        if owner is not None:
            code = _html.escape(state.pl[owner].built[hx])
            out.append(f"<text x='{x:.1f}' y='{y + 3:.1f}' font-size='{size * 0.6:.1f}' "
                       f"text-anchor='middle' font-weight='bold' stroke='#000' stroke-width='0.3'"
                       f" fill='{SEAT_COLOURS[owner % 4]}'>{code}</text>")
        elif hx in state.gf:
            out.append(f"<text x='{x:.1f}' y='{y + 3:.1f}' font-size='{size * 0.5:.1f}' "
                       f"text-anchor='middle' fill='{SEAT_COLOURS[state.gf[hx] % 4]}'>gf</text>")
        if hx in sats or hx in state.stations:
            s = sats.get(hx, state.stations.get(hx))
            out.append(f"<rect x='{x - 3:.1f}' y='{y - 3:.1f}' width='6' height='6' "
                       f"fill='{SEAT_COLOURS[s % 4]}'/>")
    out.append("</svg>")
    return "".join(out)


def _seat_table(state, lang: str) -> str:
    tracks = list(TRACKS)
    head = [_t("ui.player", lang), _t("ui.vp", lang), _name("credits", lang), _name("ore", lang),
            _name("knowledge", lang), _name("qic", lang), _t("ui.bowls", lang)]
    head += [_name("track:" + t, lang) for t in tracks] + [_t("ui.booster", lang)]
    rows = ["<tr>" + "".join(f"<th>{c}</th>" for c in head) + "</tr>"]
    for s, p in enumerate(state.pl):
        b = p.bowls
        cells = [f"<span style='color:{SEAT_COLOURS[s % 4]}'>&#9679;</span> "
                 + CATALOG.text(G, "seat", lang, n=s + 1) + " · " + _name(p.faction, lang),
                 str(p.vp), str(p.res["credits"]), str(p.res["ore"]), str(p.res["knowledge"]),
                 str(p.res["qic"]), f"{b.bowl1}/{b.bowl2}/{b.bowl3}/{b.gaia}"]
        cells += [str(p.research[t]) for t in tracks] + [_name(p.booster, lang)]
        rows.append("<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>")
    return "<table style='border-collapse:collapse;font-size:12px'>" + "".join(rows) + "</table>"


def html(state, lang: str = "en", side: str | None = None) -> str:
    """The map and, beside it, ``side`` (HTML) or by default the table of every seat."""
    if state.is_over():
        title = _t("ui.over", lang)
    elif state.round == 0:
        title = _t("ui.setup", lang)
    else:
        tile = state.round_tiles[state.round - 1]
        title = _t("ui.round", lang, n=state.round) + " · " + _name(tile, lang)
    return (f"<div class='gamekit-board gaia-board' style='font-family:sans-serif'>"
            f"<h4>{title}</h4><div style='display:flex;gap:12px;align-items:flex-start'>"
            f"<div>{_map_svg(state)}</div><div>{side or _seat_table(state, lang)}</div>"
            f"</div></div>")
