"""Gaia Project board drawing: the research board, the faction boards, the scoring tiles and the
boosters (rulebook "Componentes", "5) Pesquisa e Tecnologias", "Poder", "8) Passando a vez").

HTML with inline SVG; every word through the ``gaia`` catalog (see :mod:`.svg_map` helpers).
"""

from __future__ import annotations

from gamekit.core import CATALOG

from .components import BOARD_ACTIONS, BUILDINGS, TRACKS
from .svg_map import G, building_shape, esc, name, seat_colour, t, who

_TRACK_COLOURS = ("#8a5a2b", "#3d7fd9", "#a0a0a0", "#3aa655", "#e8b90e", "#5dade2")
_CODES = ("m", "ts", "lab", "PI", "ac1", "ac2")
BOX = "border:1px solid #c9cde0;border-radius:6px;padding:6px;background:#fafbff"


# ---------------------------------------------------------------------- research board
def _marker(x: float, y: float, seat: int) -> str:
    return (f"<circle cx='{x:.1f}' cy='{y:.1f}' r='7' fill='{seat_colour(seat)}' stroke='#000'/>"
            f"<text x='{x:.1f}' y='{y + 3.5:.1f}' font-size='9' text-anchor='middle' "
            f"fill='#fff' font-weight='bold'>{seat + 1}</text>")


def research_svg(state, lang: str) -> str:
    """Six tracks × levels 0-5 with every seat's marker; the federation token on Terraforming 5."""
    col, row, top = 92, 30, 24
    tracks = list(TRACKS)
    w, h = col * len(tracks), top + row * 6 + 8
    out = [f"<svg class='gaia-research' xmlns='http://www.w3.org/2000/svg' viewBox='0 0 {w} {h}' "
           f"width='100%' style='max-width:{w * 1.3:.0f}px' role='img'>"]
    for i, tr in enumerate(tracks):
        x = i * col
        out.append(f"<rect x='{x + 2}' y='0' width='{col - 4}' height='{h}' rx='5' "
                   f"fill='{_TRACK_COLOURS[i]}' fill-opacity='0.22'/>"
                   f"<text x='{x + col / 2}' y='15' font-size='8.5' text-anchor='middle' "
                   f"font-weight='bold'>{name('track:' + tr, lang)}</text>")
        for lv in range(6):
            y = top + row * (5 - lv)
            out.append(f"<g class='gaia-level' data-track='{i}' data-level='{lv}'>"
                       f"<title>{name('track:' + tr, lang)} · {t('board.level', lang, n=lv)}"
                       f"</title><rect x='{x + 6}' y='{y + 2}' width='{col - 12}' "
                       f"height='{row - 4}' rx='3' fill='#fff' stroke='#999'/>"
                       f"<text x='{x + 12}' y='{y + row / 2 + 4}' font-size='10' "
                       f"fill='#666'>{lv}</text></g>")
            at = [s for s, p in enumerate(state.pl) if p.research[tr] == lv]
            for k, s in enumerate(at):
                out.append(_marker(x + 30 + k * 15, y + row / 2, s))
        if tr == "terra" and state.terra_fed:
            y = top + 4
            out.append(f"<g class='gaia-terra-fed'><title>{t('board.terra_fed', lang)}: "
                       f"{name('fedtoken:' + state.terra_fed, lang)}</title>"
                       f"<polygon points='{x + col - 22},{y} {x + col - 12},{y + 6} "
                       f"{x + col - 12},{y + 16} {x + col - 22},{y + 22} {x + col - 32},"
                       f"{y + 16} {x + col - 32},{y + 6}' fill='#3aa655' stroke='#000'/></g>")
    out.append("</svg>")
    return "".join(out)


def _tile(ident: str, available: bool, lang: str, cls: str) -> str:
    mark = "" if available else f" <i>{t('board.taken', lang)}</i>"
    style = "opacity:.55;" if not available else ""
    return (f"<div class='{cls}' style='{style}font-size:11px;border:1px solid #bbb;"
            f"border-radius:4px;padding:2px 4px;background:#fff'>{name(ident, lang)}{mark}</div>")


def tech_html(state, lang: str) -> str:
    """Advanced and basic tech tiles in track order, then the three without a track."""
    cols = []
    for tr in TRACKS:
        adv = state.adv_at.get("adv-" + tr)
        basic = state.tech_at.get(tr)
        cells = []
        if adv:
            cells.append(_tile(adv, adv in state.adv_left, lang, "gaia-advtech"))
        if basic:
            cells.append(_tile(basic, basic in state.basic_left, lang, "gaia-tech"))
        cols.append(f"<div style='display:flex;flex-direction:column;gap:3px'>{''.join(cells)}"
                    "</div>")
    free = [state.tech_at[k] for k in sorted(state.tech_at) if k.startswith("free")]
    row = "".join(_tile(x, x in state.basic_left, lang, "gaia-tech") for x in free)
    return (f"<div style='display:grid;grid-template-columns:repeat(6,minmax(0,1fr));overflow-wrap:anywhere;gap:4px'>"
            f"{''.join(cols)}</div><div style='font-size:11px;margin-top:4px'>"
            f"{t('board.free_tech', lang)}</div>"
            f"<div style='display:flex;gap:4px;flex-wrap:wrap'>{row}</div>")


def research_html(state, lang: str) -> str:
    return (f"<div class='gaia-research-board' style='{BOX}'><b>{t('board.research', lang)}</b>"
            f"{research_svg(state, lang)}{tech_html(state, lang)}</div>")


# ---------------------------------------------------------------------- faction boards
def bowls_svg(p, lang: str) -> str:
    """Bowls I, II, III and the Gaia area with their token counts (and the brainstone)."""
    b = p.bowls
    cells = [(t("board.bowl", lang, n="I"), b.bowl1, 1), (t("board.bowl", lang, n="II"), b.bowl2, 2),
             (t("board.bowl", lang, n="III"), b.bowl3, 3), (t("board.gaia_area", lang), b.gaia, 4)]
    out = ["<svg class='gaia-bowls' xmlns='http://www.w3.org/2000/svg' viewBox='0 0 260 62' "
           "width='100%' style='max-width:300px' role='img'>"]
    for i, (label, n, bowl) in enumerate(cells):
        x = 32 + i * 64
        fill = "#c8f0d0" if bowl == 4 else ("#e9ddff", "#d6c2ff", "#b18cff")[bowl - 1]
        out.append(f"<g class='gaia-bowl' data-bowl='{bowl}'><title>{label}: {n}</title>"
                   f"<circle cx='{x}' cy='26' r='22' fill='{fill}' stroke='#555'/>"
                   f"<text x='{x}' y='32' font-size='17' text-anchor='middle' "
                   f"font-weight='bold'>{n}</text>"
                   f"<text x='{x}' y='60' font-size='9' text-anchor='middle'>{label}</text></g>")
        if p.brainstone == bowl:
            out.append(f"<g class='gaia-brainstone'><title>{t('board.brainstone', lang)}</title>"
                       f"<polygon points='{x + 14},6 {x + 21},13 {x + 14},20 {x + 7},13' "
                       f"fill='#ff4fa3' stroke='#000'/></g>")
    out.append("</svg>")
    return "".join(out)


def _income_text(state, seat: int, lang: str) -> str:
    if state.pl[seat].board is None:  # no faction yet
        return t("board.none", lang)
    gains, charges, tokens = state.income_of(seat)
    parts = [f"{n} {esc(CATALOG.name(G, r, lang, count=n))}" for r, n in gains.items() if n]
    parts += [t("board.charge", lang, n=n) for n in charges]
    parts += [t("board.new_tokens", lang, n=n) for n in tokens]
    return ", ".join(parts) or t("board.none", lang)


def _pieces_left(state, seat: int, lang: str) -> str:
    p = state.pl[seat]
    board = p.board.buildings if p.board else {b.id: b for b in BUILDINGS.values()}
    by_code = {b.code: b for b in board.values()}
    out = []
    for code in _CODES:
        b = by_code.get(code)
        if b is None:
            continue
        left = b.count - p.counts.get(code, 0)
        out.append(f"<span title='{name(code, lang)}' style='white-space:nowrap'>"
                   f"<svg width='18' height='18' viewBox='-9 -9 18 18'>"
                   f"{building_shape(code, 0, 0, 6, seat_colour(seat))}</svg>"
                   f"{name(code, lang)} ×{left}</span>")
    return " ".join(out)


def _stock_line(p, lang: str) -> str:
    cells = [(name("credits", lang), p.res["credits"]), (name("ore", lang), p.res["ore"]),
             (name("knowledge", lang), p.res["knowledge"]), (name("qic", lang), p.res["qic"]),
             (name("vp", lang), p.vp)]
    return " · ".join(f"{k} <b>{v}</b>" for k, v in cells)


def _held_tiles(state, seat: int, lang: str) -> str:
    p = state.pl[seat]
    tech = [name(x, lang) + (f" <i>{t('board.covered', lang)}</i>" if x in p.covered else "")
            for x in p.tech] + [name(x, lang) for x in p.advanced]
    feds = [name("fedtoken:" + f[0], lang) for f in p.fed_tokens]
    return (f"<div>{t('board.booster_held', lang)}: {name(p.booster, lang)}</div>"
            f"<div>{t('board.tiles', lang)}: {', '.join(tech) or t('board.none', lang)}</div>"
            f"<div>{t('board.fed_tokens', lang)}: {', '.join(feds) or t('board.none', lang)}"
            "</div>")


def faction_html(state, seat: int, lang: str) -> str:
    """One seat's faction board: stock, bowls, pieces left, income, tiles held."""
    p = state.pl[seat]
    moving = state.to_move() and state.to_move()[0] == seat
    flags = [t("board.passed", lang)] if p.passed else []
    if moving:
        flags.append(t("board.to_move", lang))
    placed = sum(1 for s in state.gf.values() if s == seat)
    gf = t("board.gaiaformers", lang, free=max(0, p.gaiaformers - placed - p.gf_gaia),
           all=p.gaiaformers)
    border = f"border-left:6px solid {seat_colour(seat)}"
    return (f"<div class='gaia-faction' data-seat='{seat}' style='{BOX};{border};"
            f"font-size:12px;flex:1 1 320px;max-width:520px'><b>{who(state, seat, lang)}</b> "
            f"<span style='color:#555'>{' · '.join(flags)}</span>"
            f"<div>{_stock_line(p, lang)}</div>{bowls_svg(p, lang)}"
            f"<div>{t('board.left', lang)}: {_pieces_left(state, seat, lang)}</div>"
            f"<div>{gf}</div>"
            f"<div>{t('board.income', lang)}: {_income_text(state, seat, lang)}</div>"
            f"{_held_tiles(state, seat, lang)}</div>")


# ---------------------------------------------------------------------- tiles
def _chips(items: list[tuple[str, bool]], lang: str, cls: str) -> str:
    out = []
    for ident, strong in items:
        style = "font-weight:bold;border-color:#333;" if strong else ""
        out.append(f"<span class='{cls}' style='{style}border:1px solid #bbb;border-radius:4px;"
                   f"padding:1px 4px;background:#fff;font-size:11px'>{ident}</span>")
    return "<div style='display:flex;flex-wrap:wrap;gap:3px'>" + "".join(out) + "</div>"


def tiles_html(state, lang: str) -> str:
    """Round scoring (the current round in bold), final scoring, boosters and board actions."""
    rounds = [(f"{i + 1}. {name(x, lang)}", state.round == i + 1)
              for i, x in enumerate(state.round_tiles)]
    finals = [(name("final:" + x, lang), False) for x in state.final_tiles]
    boosters = [(name(x, lang), False) for x in state.booster_pool]
    actions = [(name(a, lang) + (f" {t('board.taken', lang)}" if a in state.taken else ""),
                a not in state.taken) for a in BOARD_ACTIONS]
    return (f"<div class='gaia-tiles' style='{BOX};font-size:12px'>"
            f"<b>{t('board.round_tiles', lang)}</b>{_chips(rounds, lang, 'gaia-round-tile')}"
            f"<b>{t('board.final_tiles', lang)}</b>{_chips(finals, lang, 'gaia-final-tile')}"
            f"<b>{t('board.boosters', lang)}</b>{_chips(boosters, lang, 'gaia-booster')}"
            f"<b>{t('board.actions', lang)}</b>{_chips(actions, lang, 'gaia-board-action')}"
            "</div>")
