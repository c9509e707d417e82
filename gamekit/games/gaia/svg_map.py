"""Gaia Project board drawing: the space map as SVG (rulebook "Tabuleiro Espacial", "Componentes").

Sectors outlined, planets coloured by type **and** marked with a short localized letter code (so
the types read without colour), structures in seat colours with one shape per building type,
gaiaformers, satellites, space stations and federations (a dashed outline in the seat's colour).
Every hex carries ``data-hex="q,r"`` (axial coordinates); the hexes the pending decision can
target get the class ``gamekit-target`` and, per ``gamekit.kit.targets``, ``data-action`` (a
hex standing for several actions, e.g. upgrading to a lab or the planetary institute, holds a
small clickable building shape per action). Geometry from :mod:`gamekit.kit.hexgrid`.
"""

from __future__ import annotations

import html as _html
from collections.abc import Collection

from gamekit.core import CATALOG, Action
from gamekit.kit import targets as T
from gamekit.kit.hexgrid import DIRECTIONS, corners, svg_points, to_pixel

from .geometry import parse_label
from .mines import mine_offers

G = "gaia"
HEX = 22.0  # circumradius of a hex in SVG units
PLANET_COLOURS = {
    "terra": "#3d7fd9", "oxide": "#d9483b", "volcanic": "#f08a24", "desert": "#f2d33c",
    "swamp": "#8a5a2b", "titanium": "#8c8c8c", "ice": "#f4f4f4", "gaia": "#3aa655",
    "transdim": "#8e5bc4", "lost": "#222222", "empty": "#141a33",
}
#: seat colours (red, blue, green, violet), the same as the play app's player panels and score
#: track (``gamekit_widgets.turn``) — each seat also gets its number on its pieces
SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd")
#: per seat, a dash pattern (federation outlines, gaiaformer rings) and a satellite shape, so
#: seats read apart without colour too (their number is written on their structures)
SEAT_DASH = ("4,3", "1,2", "7,2,1,2", "2,5")
SAT_SHAPE = ("diamond", "circle", "triangle", "square")
_DARK_TEXT = {"desert", "ice", "volcanic", "titanium"}



def esc(text: object) -> str:
    return _html.escape(str(text), quote=True)


def t(key: str, lang: str, **kw) -> str:
    """A ``gaia`` catalog message, escaped for HTML/SVG."""
    return esc(CATALOG.text(G, key, lang, **kw))


def name(ident: str | None, lang: str) -> str:
    """A component's localized name, escaped (``—`` for none)."""
    return esc(CATALOG.name(G, ident, lang)) if ident else "—"


def who(state, seat: int, lang: str) -> str:
    """``Player 2 · Terrans`` (localized), escaped."""
    text = CATALOG.text(G, "seat", lang, n=seat + 1)
    faction = state.pl[seat].faction
    if faction:
        text += " · " + CATALOG.name(G, faction, lang)
    return esc(text)


#: planet types with a letter code (``code.<type>`` in the catalog: shown on the planet,
#: explained in the legend, so the types read without colour)
CODED = ("terra", "oxide", "volcanic", "desert", "swamp", "titanium", "ice", "gaia", "transdim",
         "lost")


def code(kind: str, lang: str) -> str:
    """The planet type's short letter code in ``lang`` ('' for empty space)."""
    return CATALOG.text(G, "code." + kind, lang) if kind in CODED else ""


def planet_codes(lang: str) -> dict[str, str]:
    """Every planet type's letter code in ``lang``."""
    return {k: code(k, lang) for k in CODED}


def seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


# ---------------------------------------------------------------------- building shapes
def building_shape(kind: str, x: float, y: float, r: float, fill: str,
                   seat: int | None = None) -> str:
    """One structure drawn at ``(x, y)``: mine = house, trading station = square, research lab
    = circle, planetary institute = large hexagon, academies = diamond (the QIC academy
    with a second outline),
    space station = four-pointed star. The seat number is written inside."""
    s = f"fill='{fill}' stroke='#000' stroke-width='1.2'"
    if kind == "m":
        pts = [(x, y - r), (x + r * .8, y - r * .2), (x + r * .8, y + r * .8),
               (x - r * .8, y + r * .8), (x - r * .8, y - r * .2)]
        body = f"<polygon points='{_pts(pts)}' {s}/>"
    elif kind == "ts":
        body = f"<rect x='{x - r * .8:.1f}' y='{y - r * .8:.1f}' width='{r * 1.6:.1f}' " \
               f"height='{r * 1.6:.1f}' {s}/>"
    elif kind == "lab":
        body = f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{r * .9:.1f}' {s}/>"
    elif kind == "PI":
        body = f"<polygon points='{svg_points_at(x, y, r * 1.15)}' {s}/>"
    elif kind in ("ac1", "ac2"):
        pts = [(x, y - r * 1.1), (x + r * 1.1, y), (x, y + r * 1.1), (x - r * 1.1, y)]
        body = f"<polygon points='{_pts(pts)}' {s}/>"
        if kind == "ac2":
            ring = [(x, y - r * 1.45), (x + r * 1.45, y), (x, y + r * 1.45), (x - r * 1.45, y)]
            body += f"<polygon points='{_pts(ring)}' fill='none' stroke='#fff' stroke-width='1.2'/>"
    else:  # space station (and anything else): a four-pointed star
        k = r * .35
        pts = [(x, y - r), (x + k, y - k), (x + r, y), (x + k, y + k), (x, y + r),
               (x - k, y + k), (x - r, y), (x - k, y - k)]
        body = f"<polygon points='{_pts(pts)}' {s}/>"
    return body if seat is None else body + _seat_number(x, y, r, seat)


def _seat_number(x: float, y: float, r: float, seat: int) -> str:
    return (f"<text x='{x:.1f}' y='{y + r * .45:.1f}' font-size='{r * 1.1:.1f}' "
            f"text-anchor='middle' fill='#fff' stroke='#000' stroke-width='0.4' "
            f"font-weight='bold'>{seat + 1}</text>")


def _pts(points) -> str:
    return " ".join(f"{a:.1f},{b:.1f}" for a, b in points)


def svg_points_at(x: float, y: float, r: float) -> str:
    """A flat-topped hexagon of circumradius ``r`` centred on ``(x, y)``."""
    return _pts((x + dx * r / HEX, y + dy * r / HEX) for dx, dy in corners((0, 0), HEX))


# ---------------------------------------------------------------------- the map
def _sector_edges(state) -> list[str]:
    """Line segments along the borders of sectors (and the outer edge of the map)."""
    sector = state.space.sector
    out = []
    for h in state.space.planets:
        cs = corners(h, HEX)
        for d, off in enumerate(DIRECTIONS):
            other = (h[0] + off[0], h[1] + off[1])
            if sector.get(other) == sector[h]:
                continue
            if other in sector and other < h:  # draw a shared border once
                continue
            (x1, y1), (x2, y2) = cs[(d + 4) % 6], cs[(d + 5) % 6]
            out.append(f"M{x1:.1f},{y1:.1f}L{x2:.1f},{y2:.1f}")
    return out


def _sector_numbers(state, lang: str) -> list[str]:
    out = []
    for sector, centre in sorted(state.space.centres.items(), key=lambda kv: str(kv[0])):
        x, y = to_pixel(centre, HEX)
        num = str(sector).rstrip("AB") or str(sector)
        out.append(f"<text class='gaia-sector' x='{x:.1f}' y='{y - HEX * .55:.1f}' "
                   f"font-size='9' fill='#6f7bb8' text-anchor='middle'>"
                   f"<title>{t('board.sector', lang, n=esc(num))}</title>{esc(num)}</text>")
    return out


def _planet(state, h, kind: str, lang: str) -> str:
    x, y = to_pixel(h, HEX)
    fill = PLANET_COLOURS.get(kind, "#141a33")
    ink = "#111" if kind in _DARK_TEXT else "#fff"
    owned = h in state.owner
    ty = y + (HEX * .62 if owned else 4)
    outline = "stroke='#000' stroke-width='0.3' " if owned else ""
    return (f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{HEX * .6:.1f}' fill='{fill}' "
            f"stroke='#000' stroke-width='0.8'/>"
            f"<text class='gaia-planet-code' x='{x:.1f}' y='{ty:.1f}' font-size='10' "
            f"text-anchor='middle' fill='{'#fff' if owned else ink}' {outline}"
            f"font-weight='bold'>{esc(code(kind, lang))}</text>")


def _pieces(state, h, lang: str, sats: dict) -> tuple[str, list[str]]:
    """The SVG of what stands on ``h`` and the words of its tooltip."""
    x, y = to_pixel(h, HEX)
    out, words = [], []
    owner = state.owner.get(h)
    if owner is not None:
        b = state.pl[owner].built.get(h, "m")
        out.append(building_shape(b, x, y - 2, HEX * .42, seat_colour(owner), owner))
        words.append(t("board.owned", lang, building=name(b, lang), who=who(state, owner, lang)))
    if h in state.gf:
        s = state.gf[h]
        out.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{HEX * .45:.1f}' fill='none' "
                   f"stroke='{seat_colour(s)}' stroke-width='3' "
                   f"stroke-dasharray='{SEAT_DASH[s % 4]}' class='gaia-gaiaformer' "
                   f"data-seat='{s}'/>")
        words.append(t("board.gaiaformer", lang, who=who(state, s, lang)))
    if h in state.stations and owner is None:
        s = state.stations[h]
        out.append(building_shape("sp", x, y, HEX * .45, seat_colour(s), s))
        words.append(t("board.owned", lang, building=name("sp", lang), who=who(state, s, lang)))
    here = sats.get(h, ())
    for dx, s in zip(_spread(len(here), 8), here, strict=True):
        out.append(_satellite(x + dx, y + HEX * .45 + 3.5, s))
        words.append(t("board.satellite", lang, who=who(state, s, lang)))
    return "".join(out), words


def _spread(n: int, gap: float) -> list[float]:
    """Offsets of ``n`` marks in a row ``gap`` apart, centred on 0 (satellites, chips)."""
    return [(i - (n - 1) / 2) * gap for i in range(n)]


def _satellite(x: float, y: float, seat: int) -> str:
    """A satellite: a small mark in the seat's colour and the seat's own shape."""
    shape = SAT_SHAPE[seat % 4]
    s = (f"fill='{seat_colour(seat)}' stroke='#fff' stroke-width='0.8' class='gaia-satellite' "
         f"data-seat='{seat}' data-shape='{shape}'")
    if shape == "circle":
        return f"<circle cx='{x:.1f}' cy='{y:.1f}' r='3.6' {s}/>"
    if shape == "square":
        return f"<rect x='{x - 3.2:.1f}' y='{y - 3.2:.1f}' width='6.4' height='6.4' {s}/>"
    if shape == "triangle":
        return f"<polygon points='{_pts([(x, y - 4), (x + 4, y + 3.2), (x - 4, y + 3.2)])}' {s}/>"
    return f"<polygon points='{_pts([(x, y - 4.5), (x + 4.5, y), (x, y + 4.5), (x - 4.5, y)])}' {s}/>"


def hex_actions(state, actions=None) -> dict:
    """The legal actions by the hex they name (build, upgrade, place, gaiaform, federation
    hexes); ``actions=None``: those of the decision in front."""
    if actions is None:
        if state.is_over() or not state.to_move():
            return {}
        actions = state.legal_actions(state.to_move()[0])

    def key(a: Action):
        for arg in a.args:
            if isinstance(arg, str) and parse_label(arg) is not None:
                try:
                    return tuple(state.space.hex(arg))
                except (KeyError, ValueError):
                    return None
        return None
    return T.group(actions, key)


def _mine_offers(state, acts: dict) -> dict:
    """What each mine of the pending decision takes, by hex (``mines.mine_offers``): range,
    QIC, terraforming steps, ore and credits for the hover; empty without a mine to build."""
    seats = {a.seat for here in acts.values() for a in here if a.verb == "build"}
    if len(seats) != 1:
        return {}
    offers = mine_offers(state, seats.pop())
    return {tuple(state.hex_of(label)): o for label, o in offers.items()}


def target_hexes(state) -> set:
    """Hexes named by the legal actions of the decision in front (build, upgrade, place ...)."""
    return set(hex_actions(state))


def _chips(hx, acts: list, lang: str) -> str:
    """One small clickable shape per action of a hex that stands for several (the building an
    upgrade makes, else a dot), in a row across the hex's lower half."""
    x, y = to_pixel(hx, HEX)
    out = []
    for dx, a in zip(_spread(len(acts), HEX * .75), acts, strict=True):
        cx = x + dx
        what = a.args[1] if len(a.args) > 1 and isinstance(a.args[1], str) else None
        shape = (building_shape(what, cx, y + HEX * .45, HEX * .3, "#ffe066") if what
                 else f"<circle cx='{cx:.1f}' cy='{y + HEX * .45:.1f}' r='{HEX * .25:.1f}' "
                      "fill='#ffe066' stroke='#000'/>")
        out.append(f"<g class='gaia-chip' data-action='{esc(str(a))}'><title>"
                   f"{name(what or a.verb, lang)}</title>{shape}</g>")
    return "".join(out)


_LAYOUTS: dict = {}


def _hex_name(hx, label: str) -> str:
    """The space's name (``7A6``, as the narration and the buttons say it) over its top edge:
    shown on the spaces of the decision; hidden on the others until the board's names toggle
    is open (``details.gaia-names``, a rule of the board panel's CSS)."""
    x, y = to_pixel(hx, HEX)
    return (f"<text class='gaia-hexname' x='{x:.1f}' y='{y - HEX * .66:.1f}' font-size='6.5' "
            f"text-anchor='middle' fill='#ffe9a8' pointer-events='none' display='none'>"
            f"{label}</text>")


def _layout(state) -> dict:
    """What of the map is fixed for a layout (the sectors' placements): the ``<svg>`` tag,
    each hex's label and outlines, the sector borders; computed once per layout."""
    key = state.space.placements
    found = _LAYOUTS.get(key)
    if found is not None:
        return found
    pts = [to_pixel(h, HEX) for h in state.space.planets]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    x0, y0 = min(xs) - HEX * 1.2, min(ys) - HEX * 1.2
    w, h = max(xs) - x0 + HEX * 1.2, max(ys) - y0 + HEX * 1.2
    found = {
        "head": (f"<svg class='gaia-map' xmlns='http://www.w3.org/2000/svg' "
                 f"viewBox='{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}' width='100%' "
                 f"style='background:#0b0f22;max-width:{w * 1.6:.0f}px;"
                 f"max-height:max(300px,calc(100vh - 350px))' role='img'>"),
        "hexes": [(hx, esc(state.label(hx)), svg_points(hx, HEX * .97), svg_points(hx, HEX * .8),
                   _hex_name(hx, esc(state.label(hx))))
                  for hx in sorted(state.space.planets)],
        "edges": (f"<path d='{''.join(_sector_edges(state))}' stroke='#7f8fd6' "
                  "stroke-width='2' fill='none' class='gaia-sectors'/>"),
    }
    if len(_LAYOUTS) > 32:
        _LAYOUTS.clear()
    _LAYOUTS[key] = found
    return found


def map_svg(state, lang: str = "en", actions: tuple[Action, ...] | None = None,
            names: bool | Collection = False) -> str:
    """The space map as a scalable ``<svg>`` (viewBox; width 100 % of its box); ``actions``:
    the legal actions to mark on their hexes (``None``: the decision in front); ``names``
    (opt-in): the hexes whose space name (``7A6``) is always shown, ``True`` for every hex (a
    lesson's board, whose text names spaces); otherwise a name shows on the decision's hexes
    and with the board's names toggle."""
    layout = _layout(state)
    named = names is True or {tuple(h) for h in names or ()}
    sats: dict = {}
    for s, p in enumerate(state.pl):
        for hx in p.satellites:
            sats.setdefault(hx, []).append(s)
    fed_of = {hx: s for s, p in enumerate(state.pl) for fed in p.feds for hx in fed}
    acts = hex_actions(state, actions)
    offers = _mine_offers(state, acts)
    out = [layout["head"]]
    for hx, label, outline, inner, hexname in layout["hexes"]:
        kind = state.ptype.get(hx, state.space.planets[hx])
        pieces, words = _pieces(state, hx, lang, sats)
        here = acts.get(tuple(hx))
        cls = "gaia-hex gamekit-target" if here else "gaia-hex"
        stroke = "stroke='#2b335c' stroke-width='0.8'"
        if hx in fed_of:
            words.append(t("board.federation", lang, who=who(state, fed_of[hx], lang)))
        if here:
            stroke = "stroke='#ffe066' stroke-width='3'"
            words.append(t("board.target", lang))
            offer = offers.get(tuple(hx))
            if offer:
                words.append(t("board.mine_offer", lang, **offer))
        title = "; ".join([t("board.hex", lang, label=label)]
                          + ([name(kind, lang)] if kind != "empty" else []) + words)
        out.append(f"<g class='{cls}' data-hex='{hx[0]},{hx[1]}'{T.attr(here)}>"
                   f"<title>{title}</title>"
                   f"<polygon points='{outline}' fill='#141a33' {stroke}/>")
        if hx in fed_of:
            out.append(f"<polygon points='{inner}' fill='none' "
                       f"stroke='{seat_colour(fed_of[hx])}' stroke-width='2' "
                       f"stroke-dasharray='{SEAT_DASH[fed_of[hx] % 4]}' class='gaia-federation' "
                       f"data-seat='{fed_of[hx]}'/>")
        if kind != "empty":
            out.append(_planet(state, hx, kind, lang))
        out.append(pieces + (_chips(hx, here, lang) if here and len(here) > 1 else "")
                   + (hexname.replace(" display='none'", "")
                      if here or named is True or tuple(hx) in named else hexname) + "</g>")
    out.append(layout["edges"])
    out += _sector_numbers(state, lang)
    out.append("</svg>")
    return "".join(out)


def legend_html(lang: str) -> str:
    """Planet colours with their letter codes and names; building shapes with their names."""
    items = []
    for kind, colour in PLANET_COLOURS.items():
        if kind == "empty":
            continue
        ink = "#111" if kind in _DARK_TEXT else "#fff"
        items.append(f"<span class='gaia-legend-item' style='white-space:nowrap'>"
                     f"<svg width='22' height='22' viewBox='-11 -11 22 22'><circle r='10' "
                     f"fill='{colour}' stroke='#000'/><text y='4' font-size='9' "
                     f"text-anchor='middle' fill='{ink}' font-weight='bold'>"
                     f"{esc(code(kind, lang))}</text></svg> {name(kind, lang)}</span>")
    for b in ("m", "ts", "lab", "PI", "ac1", "ac2", "sp"):
        items.append(f"<span class='gaia-legend-item' style='white-space:nowrap'>"
                     f"<svg width='22' height='22' viewBox='-11 -11 22 22'>"
                     f"{building_shape(b, 0, 0, 8, '#bbb')}</svg> {name(b, lang)}</span>")
    return (f"<div class='gaia-legend' style='display:flex;flex-wrap:wrap;gap:4px 12px;"
            f"font-size:12px;align-items:center'>{''.join(items)}</div>")
