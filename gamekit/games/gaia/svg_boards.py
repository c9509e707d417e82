"""Gaia Project board drawing: the research board, the faction boards, the scoring tiles and the
boosters (rulebook "Componentes", "5) Pesquisa e Tecnologias", "Poder", "8) Passando a vez").

HTML with inline SVG; every word through the ``gaia`` catalog (see :mod:`.svg_map` helpers).
"""

from __future__ import annotations

from gamekit.core import CATALOG, Action

from .components import BOARD_ACTIONS, BUILDINGS, TRACKS
from .freeacts import free_entries
from .rounds import income_of
from .svg_controls import (
    Marks,
    amounts,
    chip,
    free_cost,
    html_attr,
    steps_wheel_svg,
    svg_attr,
    tip,
    tip_label,
)
from .svg_map import G, building_shape, esc, name, seat_colour, t, who

_TRACK_COLOURS = ("#8a5a2b", "#3d7fd9", "#a0a0a0", "#3aa655", "#e8b90e", "#5dade2")
_CODES = ("m", "ts", "lab", "PI", "ac1", "ac2")
BOX = "border:1px solid #c9cde0;border-radius:6px;padding:6px;background:#fafbff"


# ---------------------------------------------------------------------- research board
def _marker(x: float, y: float, seat: int) -> str:
    return (f"<circle cx='{x:.1f}' cy='{y:.1f}' r='7' fill='{seat_colour(seat)}' stroke='#000'/>"
            f"<text x='{x:.1f}' y='{y + 3.5:.1f}' font-size='9' text-anchor='middle' "
            f"fill='#fff' font-weight='bold'>{seat + 1}</text>")


def research_svg(state, lang: str, marks: Marks | None = None) -> str:
    """Six tracks × levels 0-5 with every seat's marker; the federation token on Terraforming 5;
    the next step of a track the decision can advance on is clickable."""
    marks = marks or Marks(())
    seat = marks.seat
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
            act = (marks.find(("research", tr), ("step", tr))
                   if seat is not None and state.pl[seat].research[tr] + 1 == lv else None)
            attr, title = svg_attr(state, act, lang)
            title = title or (f"<title>{name('track:' + tr, lang)} · "
                              f"{t('board.level', lang, n=lv)}</title>")
            out.append(f"<g class='gaia-level' data-track='{i}' data-level='{lv}'{attr}>"
                       f"{title}<rect x='{x + 6}' y='{y + 2}' width='{col - 12}' "
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


def _tile(ident: str, available: bool, lang: str, cls: str, attr: str = "") -> str:
    mark = "" if available else f" <i>{t('board.taken', lang)}</i>"
    style = "opacity:.55;" if not available else ""
    return (f"<div class='{cls}'{attr} style='{style}font-size:11px;border:1px solid #bbb;"
            f"border-radius:4px;padding:2px 4px;background:#fff'>{name(ident, lang)}{mark}</div>")


def tech_html(state, lang: str, marks: Marks | None = None) -> str:
    """Advanced and basic tech tiles, a row per track (in the track's colour), then the three
    without a track; the tiles the decision can take are clickable."""
    marks = marks or Marks(())

    def _at(x):
        return html_attr(state, marks.find(("tech", x)), lang)
    rows = []
    for i, tr in enumerate(TRACKS):
        adv = state.adv_at.get("adv-" + tr)
        basic = state.tech_at.get(tr)
        rows.append(f"<div style='font-size:10px;font-weight:600;border-left:5px solid "
                    f"{_TRACK_COLOURS[i]};padding-left:3px'>{name('track:' + tr, lang)}</div>")
        rows.append(_tile(adv, adv in state.adv_left, lang, "gaia-advtech", _at(adv))
                    if adv else "<div></div>")
        rows.append(_tile(basic, basic in state.basic_left, lang, "gaia-tech", _at(basic))
                    if basic else "<div></div>")
    free = [state.tech_at[k] for k in sorted(state.tech_at) if k.startswith("free")]
    row = "".join(_tile(x, x in state.basic_left, lang, "gaia-tech", _at(x)) for x in free)
    return (f"<div style='display:grid;grid-template-columns:auto minmax(0,1fr) minmax(0,1fr);"
            f"gap:3px;align-items:center'><div></div><div style='font-size:10px'>"
            f"{t('board.advanced', lang)}</div><div style='font-size:10px'>"
            f"{t('board.basic', lang)}</div>{''.join(rows)}</div>"
            f"<div style='font-size:11px;margin-top:4px'>{t('board.free_tech', lang)}</div>"
            f"<div style='display:flex;gap:4px;flex-wrap:wrap'>{row}</div>")


# ---------------------------------------------------------------------- faction boards
def _bowl_action(marks: Marks, bowl: int) -> Action | None:
    """What a click on a bowl does: burn from bowl II, take a token from it, move the
    brainstone to it, trade the Gaia area's tokens (Itars)."""
    pairs = [("tokens", bowl), ("brainstone", bowl)]
    if bowl == 2:
        pairs.append(("burn", None))
    if bowl == 4:
        pairs.append(("itars", "tech"))
    return marks.find(*pairs)


def bowls_svg(p, lang: str, state=None, marks: Marks | None = None) -> str:
    """Bowls I, II, III and the Gaia area with their token counts (and the brainstone); a bowl
    the decision acts on is clickable."""
    marks = marks if marks and marks.seat == p.seat else Marks(())
    b = p.bowls
    cells = [(t("board.bowl", lang, n="I"), b.bowl1, 1), (t("board.bowl", lang, n="II"), b.bowl2, 2),
             (t("board.bowl", lang, n="III"), b.bowl3, 3), (t("board.gaia_area", lang), b.gaia, 4)]
    out = ["<svg class='gaia-bowls' xmlns='http://www.w3.org/2000/svg' viewBox='0 0 260 62' "
           "width='100%' style='max-width:230px' role='img'>"]
    for i, (label, n, bowl) in enumerate(cells):
        x = 32 + i * 64
        fill = "#c8f0d0" if bowl == 4 else ("#e9ddff", "#d6c2ff", "#b18cff")[bowl - 1]
        act = _bowl_action(marks, bowl)
        attr, _ = svg_attr(state, act, lang)
        more = f" · {esc(tip(state, act, lang))}" if act else ""
        out.append(f"<g class='gaia-bowl' data-bowl='{bowl}'{attr}>"
                   f"<title>{label}: {n}{more}</title>"
                   f"<circle cx='{x}' cy='26' r='22' fill='{fill}' stroke='#555'/>"
                   f"<text x='{x}' y='32' font-size='17' text-anchor='middle' "
                   f"font-weight='bold'>{n}</text>"
                   f"<text x='{x}' y='60' font-size='9' text-anchor='middle'>{label}</text></g>")
        if p.brainstone == bowl:
            attr, title = svg_attr(state, marks.find(("brainstone", "use")), lang)
            out.append(f"<g class='gaia-brainstone'{attr}>"
                       f"{title or '<title>' + t('board.brainstone', lang) + '</title>'}"
                       f"<polygon points='{x + 14},6 {x + 21},13 {x + 14},20 {x + 7},13' "
                       f"fill='#ff4fa3' stroke='#000'/></g>")
    out.append("</svg>")
    return "".join(out)


def _income_text(state, seat: int, lang: str) -> str:
    if state.pl[seat].board is None:  # no faction yet
        return t("board.none", lang)
    gains, charges, tokens = income_of(state, seat)
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
        out.append(f"<span class='gaia-left' title='{name(code, lang)}' "
                   f"style='white-space:nowrap'><svg width='16' height='16' viewBox='-9 -9 18 18'>"
                   f"{building_shape(code, 0, 0, 6, seat_colour(seat))}</svg>×{left}</span>")
    return " ".join(out)


def _stock_line(p, lang: str) -> str:
    cells = [(name("credits", lang), p.res["credits"]), (name("ore", lang), p.res["ore"]),
             (name("knowledge", lang), p.res["knowledge"]), (name("qic", lang), p.res["qic"]),
             (name("vp", lang), p.vp)]
    return " · ".join(f"{k} <b>{v}</b>" for k, v in cells)


def _held(state, ident: str, text: str, act: Action | None, lang: str) -> str:
    """A held tile or token as a span, clickable when it stands for ``act``."""
    return (f"<span class='gaia-held' data-id='{esc(ident)}'{html_attr(state, act, lang)}>"
            f"{text}</span>")


def _held_tiles(state, seat: int, lang: str, marks: Marks) -> str:
    """Booster (click: use its action, or return it to pass), tech tiles (use, cover),
    federation tokens (score again)."""
    p = state.pl[seat]
    tech = [_held(state, x, name(x, lang) + (f" <i>{t('board.covered', lang)}</i>"
                                              if x in p.covered else ""),
                  marks.find(("special", x), ("cover", x)), lang)
            for x in p.tech]
    tech += [_held(state, x, name(x, lang), marks.find(("special", x)), lang) for x in p.advanced]
    feds = [_held(state, f[0], name("fedtoken:" + f[0], lang), marks.find(("rescore", f[0])), lang)
            for f in p.fed_tokens]
    use, give = marks.find(("special", p.booster)), marks.find(("pass", None))
    booster = _held(state, p.booster or "", name(p.booster, lang), use or give, lang)
    if use and give:  # the booster's action and passing: the pass as a chip beside it
        booster += chip(state, give, t("board.pass_chip", lang), lang)
    return (f"<div>{t('board.booster_held', lang)}: {booster}</div>"
            f"<div>{t('board.tiles', lang)}: {', '.join(tech) or t('board.none', lang)}</div>"
            f"<div>{t('board.fed_tokens', lang)}: {', '.join(feds) or t('board.none', lang)}"
            "</div>")


_ROW = "display:flex;flex-wrap:wrap;gap:3px;align-items:center"
_OFF = "cursor:default;border:1px dashed #bbb;background:#f4f4f4;color:#888"


def _conversions(state, seat: int, lang: str, marks: Marks) -> str:
    """When the decision allows free actions: every free conversion of the seat's faction as a
    control (clickable when open now, greyed when not), the Taklons' bundles. Then, as chips,
    what else the decision offers beside the bowls: leech, income order, the faction's and the
    academy's special actions, the Terrans' and Itars' Gaia-phase choices."""
    p = state.pl[seat]
    if p.faction is None:
        return ""
    out = []
    if marks.verb("convert") or marks.verb("burn"):
        for fid, cost, gain, *_ in free_entries(p.faction, bool(p.counts.get("PI"))):
            a = marks.find(("convert", fid))
            label = esc(f"{free_cost(fid, cost, lang)} → {amounts(gain, lang)}")
            out.append(chip(state, a, label, lang) if a else
                       f"<span class='gamekit-chip gaia-convert-off' title='{label}' "
                       f"style='{_OFF}'>{label}</span>")
        out += [chip(state, a, esc(tip_label(state, a, lang)), lang)
                for a in marks.verb("convert") if len(a.args) > 1]
    extra = [a for v in ("terrans", "special", "leech", "income") for a in marks.verb(v)
             if not (v == "special" and (a.args[0] == p.booster or a.args[0] in p.tech
                                         or a.args[0] in p.advanced))
             and not (v == "terrans" and a.args[0] == "done")]
    offers = "".join(chip(state, a, esc(tip_label(state, a, lang)), lang) for a in extra)
    return ((f"<div class='gaia-conversions' style='{_ROW}'>{t('board.free_actions', lang)}: "
             f"{''.join(out)}</div>" if out else "")
            + (f"<div class='gaia-offers' style='{_ROW}'>{offers}</div>" if offers else ""))


def faction_html(state, seat: int, lang: str, marks: Marks | None = None) -> str:
    """One seat's faction board: stock, bowls (burn, brainstone, leech, income), free
    conversions, pieces left, income, tiles held; the deciding seat's controls clickable."""
    marks = marks if marks and marks.seat == seat else Marks(())
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
            f"font-size:12px;flex:1 1 320px;max-width:520px;padding:3px 6px'>"
            f"<b>{who(state, seat, lang)}</b> "
            f"<span style='color:#555'>{' · '.join(flags)}</span>"
            f"<div>{_stock_line(p, lang)}</div><div style='display:flex;align-items:center;"
            f"gap:4px'>{bowls_svg(p, lang, state, marks)}"
            f"{steps_wheel_svg(state, seat, lang, marks)}</div>"
            f"{_conversions(state, seat, lang, marks) if marks else ''}"
            f"<div>{t('board.left', lang)}: {_pieces_left(state, seat, lang)}</div>"
            f"<div>{gf}</div>"
            f"<div>{t('board.income', lang)}: {_income_text(state, seat, lang)}</div>"
            f"{_held_tiles(state, seat, lang, marks)}</div>")


# ---------------------------------------------------------------------- tiles
def _chips(items: list[tuple[str, bool]], lang: str, cls: str) -> str:
    """Tiles as small boxes (``strong``: in bold); an item is ``(html, strong)`` or
    ``(html, strong, attr)`` with ``attr`` its ``data-action`` attributes."""
    out = []
    for ident, strong, *attr in items:
        style = "font-weight:bold;border-color:#333;" if strong else ""
        out.append(f"<span class='{cls}'{attr[0] if attr else ''} style='{style}border:1px solid"
                   f" #bbb;border-radius:4px;padding:1px 4px;background:#fff;font-size:11px'>"
                   f"{ident}</span>")
    return "<div style='display:flex;flex-wrap:wrap;gap:3px'>" + "".join(out) + "</div>"


def _federations(state, lang: str, marks: Marks) -> str:
    """The federation tokens left in the supply (take one) and the federations the decision
    can form (a chip each, its hexes in the hover)."""
    supply = [(f"{name('fedtoken:' + x, lang)} ×{n}", False,
               html_attr(state, marks.find(("fedtoken", x)), lang))
              for x, n in state.fed_supply.items() if n > 0]
    forms = "".join(chip(state, a, esc(tip_label(state, a, lang).split(":")[0]) + " "
                         + str(i + 1), lang) for i, a in enumerate(marks.verb("federation")))
    return (f"<b>{t('board.fed_supply', lang)}</b>{_chips(supply, lang, 'gaia-fedtoken')}"
            + (f"<div class='gamekit-chips'>{forms}</div>" if forms else ""))


def tiles_html(state, lang: str, marks: Marks | None = None) -> str:
    """Round scoring (the current round in bold), final scoring, boosters (take one), the power
    and QIC actions (taken ones marked taken), the federation tokens."""
    marks = marks or Marks(())
    rounds = [(f"{i + 1}. {name(x, lang)}", state.round == i + 1)
              for i, x in enumerate(state.round_tiles)]
    finals = [(name("final:" + x, lang), False) for x in state.final_tiles]
    boosters = [(name(x, lang), False, html_attr(state, marks.find(("booster", x)), lang))
                for x in state.booster_pool]
    actions = [(name(a, lang) + (f" <i>{t('board.taken', lang)}</i>" if a in state.taken
                                 else ""), a not in state.taken,
                html_attr(state, marks.find(("action", a)), lang)) for a in BOARD_ACTIONS]
    return (f"<div class='gaia-tiles' style='{BOX};font-size:12px'>"
            f"<b>{t('board.round_tiles', lang)}</b>{_chips(rounds, lang, 'gaia-round-tile')}"
            f"<b>{t('board.final_tiles', lang)}</b>{_chips(finals, lang, 'gaia-final-tile')}"
            f"<b>{t('board.boosters', lang)}</b>{_chips(boosters, lang, 'gaia-booster')}"
            f"<b>{t('board.actions', lang)}</b>{_chips(actions, lang, 'gaia-board-action')}"
            f"{_federations(state, lang, marks)}</div>")
