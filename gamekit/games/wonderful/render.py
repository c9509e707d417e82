"""The It's a Wonderful World board as HTML/SVG (no Jupyter imports, no copyrighted art).

``html(state, lang)`` draws, from ``state.to_dict()``: the round, phase and production step,
the supremacy bonuses won this round, and per seat the Empire (production per resource,
cubes waiting on the Empire card, Krystallium, financiers and generals, VP), the built cards
with their production and VP, the construction area with filled and empty cost spaces, the
drafted (selection) cards and, for the seat that may see it, the draft hand. Cards are boxes
in their type's colour; resources are coloured squares, Krystallium a red diamond, characters
coloured discs. ``state._repr_html_()`` (a notebook display) uses it.

It also registers, only where the engine's catalog has none, the words the front-end shows
for the phases and the action verbs (``act.<verb>``) in English and Portuguese.
"""

from __future__ import annotations

import html as _html
from typing import Any

from gamekit.core import CATALOG, Action
from gamekit.kit import targets as T

from .data import CARDS, RES, TYPES, facts

__all__ = ["html", "card_html", "key_html", "RESOURCE_COLOURS", "TYPE_COLOURS", "PALETTE"]

G = "wonderful"

RESOURCE_COLOURS = {
    "materials": "#c9ccd1",
    "energy": "#2b2b2b",
    "science": "#3aa655",
    "gold": "#e8b90e",
    "exploration": "#2f7fd1",
    "krystallium": "#d6342c",
    "financier": "#c2703d",
    "general": "#7b4bb3",
}
#: the colours the board and every chart share (``register(..., palette=PALETTE)``)
PALETTE = {"resources": RESOURCE_COLOURS}
TYPE_COLOURS = {
    "structure": ("#8d939b", "#f1f2f4"),
    "vehicle": ("#2b2b2b", "#e9e9e9"),
    "research": ("#3aa655", "#eaf6ed"),
    "project": ("#d9a70b", "#fdf6dc"),
    "discovery": ("#2f7fd1", "#e6f0fb"),
}

# the board's words are in the game's catalogs (locale/*.po, namespaces ``wonderful`` and
# ``wonderful.board``)


def _t(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text("wonderful.board", key, lang, **params)


def _name(ident: Any, lang: str) -> str:
    if isinstance(ident, str) and "." in ident and ident.split(".")[0] in CARDS:
        base, _, k = ident.partition(".")
        return f"{CATALOG.name(G, base, lang)} ({k})"
    return CATALOG.name(G, ident, lang)


def _e(text: Any) -> str:
    return _html.escape(str(text))


# --------------------------------------------------------------------------- small pieces
def cube(kind: str, filled: bool = True, size: int = 12, title: str = "") -> str:
    """A resource cube (square), Krystallium (diamond) or character (disc) as inline SVG."""
    col = RESOURCE_COLOURS.get(kind, "#999")
    fill = col if filled else "#ffffff"
    stroke = ("#777" if kind == "materials" else col)
    dash = "" if filled else " stroke-dasharray='2,1.5' stroke-width='1.6'"
    tip = f"<title>{_e(title or kind)}</title>"
    s = size
    if kind == "krystallium":
        shape = (f"<polygon points='{s / 2},1 {s - 1},{s / 2} {s / 2},{s - 1} 1,{s / 2}' "
                 f"fill='{fill}' stroke='{stroke}'{dash}/>")
    elif kind in ("financier", "general"):
        shape = f"<circle cx='{s / 2}' cy='{s / 2}' r='{s / 2 - 1}' fill='{fill}' " \
                f"stroke='{stroke}'{dash}/>"
    else:
        shape = f"<rect x='1' y='1' width='{s - 2}' height='{s - 2}' rx='2' fill='{fill}' " \
                f"stroke='{stroke}'{dash}/>"
    cls = "gkw-cube" + ("" if filled else " gkw-empty")
    return (f"<svg class='{cls}' data-kind='{_e(kind)}' width='{s}' height='{s}' "
            f"viewBox='0 0 {s} {s}'>{tip}{shape}</svg>")


def key_html(lang: str = "en") -> str:
    """The board's key: each resource cube (square), Krystallium (diamond) and character
    (disc) by name, and an empty (dashed) one: a space still to fill on a card."""
    items = "".join(f"<span class='gkw-key-item'>{cube(res, title=_name(res, lang))} "
                    f"{_e(_name(res, lang))}</span>" for res in RES)
    empty = (f"<span class='gkw-key-item'>{cube('materials', filled=False)} "
             f"{_e(_t('key_empty', lang))}</span>")
    return (f"<div class='gkw-key' role='note'><b>{_e(_t('key', lang))}:</b> "
            f"{items}{empty}</div>")


def _amounts(amounts: dict, lang: str, zero: bool = False) -> str:
    parts = []
    for res in RES:
        n = amounts.get(res, 0)
        if n or zero:
            parts.append(f"<span class='gkw-amt'>{cube(res, title=_name(res, lang))}{n}</span>")
    return " ".join(parts) or _t("none", lang)


def _production_text(cid: str, lang: str) -> str:
    parts = []
    for res, n in CARDS[cid].produces().items():
        icon = cube(res, size=10, title=_name(res, lang))
        if isinstance(n, str):  # "1/project": one per built card of that type
            amount, _, per = n.partition("/")
            parts.append(f"{icon}{amount} {_t('per', lang)} {_e(_name(per, lang))}")
        else:
            parts.append(f"{icon}{n}")
    return " ".join(parts)


def _vp_text(cid: str, lang: str) -> str:
    c = CARDS[cid]
    parts = []
    if c.vp_fixed:
        parts.append(f"{c.vp_fixed}")
    for t, n in enumerate(c.vp_per_type):
        if n:
            parts.append(f"{n}/{_e(_name(TYPES[t], lang))}")
    for i, n in enumerate(c.vp_per_char):
        if n:
            parts.append(f"+{n}/{_e(_name(('financier', 'general')[i], lang))}")
    return _t("vp", lang, n=" ".join(parts)) if parts else ""


def card_html(cid: str, lang: str = "en", spaces: list | None = None, label: str = "",
              compact: bool = False, acts: list[Action] | None = None,
              chip: bool = False) -> str:
    """One development card: type colour, name, cost spaces (filled or empty), production,
    VP, construction and recycling bonuses. ``cid == "?"`` draws a face-down card.
    ``acts``: the legal actions the card stands for (``data-action`` on the card, or one
    chip per action when there are several or ``chip`` is set)."""
    if cid == "?" or cid not in CARDS:
        return "<div class='gkw-card gkw-hidden' title='?'>?</div>"
    c = CARDS[cid]
    border, bg = TYPE_COLOURS[c.type]
    name = _e(CATALOG.name(G, cid, lang))
    if spaces is None:
        cost = "".join(cube(k, filled=False, size=10, title=_name(k, lang)) for k in c.spaces)
    else:
        cost = "".join(
            cube(sp["filled_by"] or sp["kind"], filled=bool(sp["filled_by"]), size=12,
                 title=_name(sp["filled_by"] or sp["kind"], lang))
            for sp in spaces
        )
    prod = _production_text(cid, lang)
    vp = _vp_text(cid, lang)
    bonus = " ".join(cube(k, size=10, title=_name(k, lang)) * n for k, n in c.bonus.items())
    rec = cube(c.recycle, size=10, title=_t("recycle", lang) + _name(c.recycle, lang))
    filled = ""
    if spaces is not None:
        done = sum(1 for sp in spaces if sp["filled_by"])
        filled = f" <span class='gkw-fill'>{done}/{len(spaces)}</span>"
    rows = [f"<div class='gkw-name'>{name}{filled}</div>"]
    if not compact:
        rows.append(f"<div class='gkw-cost'>{cost}</div>")
    detail = " · ".join(x for x in (prod, vp) if x)
    if detail:
        rows.append(f"<div class='gkw-prod'>{detail}</div>")
    if not compact:
        rows.append(f"<div class='gkw-bonus'>{('⚑ ' + bonus) if bonus else ''}"
                    f"<span class='gkw-rec'>♻ {rec}</span></div>")
    here = ""
    if acts and (chip or len(acts) > 1):
        rows.append("<span class='gamekit-chips'>"
                    + "".join(T.chip(a, _chip_label(a, lang)) for a in acts) + "</span>")
    else:
        here = T.attr(acts)
    return (f"<div class='gkw-card gkw-{c.type}' data-card='{_e(label or cid)}'{here} "
            f"style='border-color:{border};background:{bg}' "
            f"title='{_e(_name(c.type, lang))}'>{''.join(rows)}</div>")


def _chip_label(a: Action, lang: str) -> str:
    params = {f"a{i}": _name(x, lang) for i, x in enumerate(a.args)}
    return _t("chip." + a.verb, lang, **params) if CATALOG.has("wonderful.board",
                                                               "chip." + a.verb) else _name(
        a.verb, lang)


def _targets(actions: Any) -> dict:
    """The person's legal actions by what they name: ``("card", id)`` for a card of the hand
    or the selection, ``("build", label)`` for a card under construction, ``("empire",)``."""
    def key(a: Action):
        if a.verb in ("draft", "keep", "recycle") and a.args:
            return ("card", a.args[0])
        if a.verb == "place" and len(a.args) == 2:
            return ("empire",) if a.args[1] == "empire" else ("build", a.args[1])
        if a.verb in ("use", "discard") and a.args:
            return ("tokens", a.args[-2] if a.verb == "use" else a.args[0])
        return None
    return T.group(actions, key)


_CSS = """
<style>
.gkw-board { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; font-size: 12px;
  color: #222; }
.gkw-top { display: flex; flex-wrap: wrap; gap: 14px; align-items: center; padding: 4px 6px;
  background: #f4f6f8; border-radius: 6px; margin-bottom: 6px; }
.gkw-top b { font-size: 13px; }
.gkw-key { display: flex; flex-wrap: wrap; gap: 4px 12px; align-items: center; font-size: 11px;
  color: #444; padding: 2px 6px 4px; }
.gkw-key-item { white-space: nowrap; }
.gkw-key .gkw-cube { vertical-align: -2px; }
.gkw-seats { display: flex; flex-direction: column; gap: 8px; }
.gkw-seat { border: 1px solid #d5d9de; border-radius: 8px; padding: 6px 8px; }
.gkw-seat.gkw-active { border-color: #2f7fd1; box-shadow: 0 0 0 2px #2f7fd133; }
.gkw-head { display: flex; flex-wrap: wrap; gap: 10px; align-items: center; }
.gkw-head .gkw-who { font-weight: 700; font-size: 13px; }
.gkw-head .gkw-vp { font-weight: 700; color: #6b2fa0; }
.gkw-row { display: flex; flex-wrap: wrap; gap: 4px; align-items: flex-start; margin-top: 4px; }
.gkw-label { font-size: 11px; color: #555; min-width: 120px; margin-top: 4px; }
.gkw-card { border: 2px solid #999; border-radius: 5px; padding: 2px 4px; min-width: 92px;
  max-width: 150px; background: #fff; }
.gkw-card .gkw-name { font-weight: 600; font-size: 11px; }
.gkw-card .gkw-fill { font-weight: 400; color: #666; }
.gkw-card .gkw-prod, .gkw-card .gkw-bonus { font-size: 10px; color: #333; }
.gkw-card .gkw-rec { float: right; }
.gkw-hidden { background: repeating-linear-gradient(45deg,#ccd,#ccd 4px,#dde 4px,#dde 8px);
  text-align: center; min-width: 26px; color: #667; }
.gkw-cube { vertical-align: middle; margin: 0 1px; }
.gkw-amt { white-space: nowrap; margin-right: 3px; }
.gkw-tokens { display: flex; gap: 10px; align-items: center; }
.gkw-pending { color: #b00020; font-weight: 600; }
.gkw-small { color: #666; font-size: 11px; }
</style>
"""


# --------------------------------------------------------------------------- the board
def _seat_head(d: dict[str, Any], seat: dict[str, Any], lang: str, active: bool,
               acts: dict) -> str:
    """The seat's line: Empire, VP, production, tokens, the Empire card's cubes (clickable
    when a cube may go there), cubes to place, status."""
    who = CATALOG.text(G, "seat", lang, n=seat["seat"] + 1)
    emp = seat["empire"]
    side = d["side"]
    try:
        emp_side = facts(emp)["sides"][side]
    except (KeyError, TypeError):
        emp_side = None
    emp_vp = ""
    if emp_side is not None:
        bits = [f"{n}/{_e(_name(t, lang))}" for t, n in emp_side.get("vp_per_type", {}).items()]
        bits += [f"+{n}/{_e(_name(c, lang))}"
                 for c, n in emp_side.get("vp_per_character", {}).items()]
        if bits:
            emp_vp = " · " + _t("vp", lang, n=" ".join(bits))
    cubes = seat["empire_cubes"]
    cube_icons = "".join(cube(r) * cubes.get(r, 0) for r in RES)
    cube_icons += "".join(cube("materials", filled=False) for _ in range(5 - sum(cubes.values())))
    tokens = (
        f"<span class='gkw-amt' data-kind='krystallium'>{cube('krystallium', size=14)}"
        f"{seat['krystallium']}</span>"
        f"<span class='gkw-amt' data-kind='financier'>{cube('financier', size=14)}"
        f"{seat['financier']}</span>"
        f"<span class='gkw-amt' data-kind='general'>{cube('general', size=14)}"
        f"{seat['general']}</span>"
    )
    status = []
    if active:
        status.append(_t("to_move", lang))
    elif seat.get("done") and d["phase"] in ("planning", "production"):
        status.append(_t("done", lang))
    pend = seat.get("pending")
    pend_html = ""
    if pend:
        pend_html = (f"<span class='gkw-pending'>{_t('pending', lang, n=pend['amount'], res='')}"
                     f"{cube(pend['resource'])}</span>")
    return (
        f"<div class='gkw-head'><span class='gkw-who'>{_e(who)}</span>"
        f"<span>{_e(_name(emp, lang))} ({_e(_t('side', lang, side=side))}){emp_vp}</span>"
        f"<span class='gkw-vp'>{_e(_t('vp', lang, n=seat['total']))}</span>"
        f"<span class='gkw-small'>{_t('produces', lang)}: "
        f"{_amounts(seat['production'], lang)}</span>"
        f"<span class='gkw-tokens'>{tokens}</span>"
        f"<span class='gkw-empire' title='{_e(_t('empire_cubes', lang))}'"
        f"{T.attr(acts.get(('empire',)))}>{cube_icons}</span>"
        f"{pend_html}<span class='gkw-small'>{_e(' '.join(status))}</span></div>"
    )


def _seat_html(d: dict[str, Any], seat: dict[str, Any], lang: str, active: bool,
               acts: dict) -> str:
    s = seat["seat"]
    head = _seat_head(d, seat, lang, active, acts)
    built = seat["built"]
    built_html = "".join(card_html(c, lang, compact=True) for c in built) or \
        f"<span class='gkw-small'>{_t('empty_area', lang)}</span>"
    constr = seat["construction"]
    constr_html = "".join(
        card_html(e["card"], lang, e["spaces"], e["label"],
                  acts=acts.get(("build", e["label"])) or acts.get(("tokens", e["label"])),
                  chip=("tokens", e["label"]) in acts) for e in constr) \
        or f"<span class='gkw-small'>{_t('empty_area', lang)}</span>"
    rows = [
        head,
        f"<div class='gkw-row gkw-built'><div class='gkw-label'>"
        f"{_t('built', lang, n=len(built))}</div>{built_html}</div>",
        f"<div class='gkw-row gkw-construction'><div class='gkw-label'>"
        f"{_t('construction', lang, n=len(constr))}</div>{constr_html}</div>",
    ]
    drafted = seat["drafted"]
    if drafted or d["phase"] in ("draft", "planning"):
        cards = "".join(card_html(c, lang, acts=acts.get(("card", c))) for c in drafted)
        if seat.get("pick"):
            cards += (f"<div class='gkw-small'>+ {_t('pick', lang)}:</div>"
                      + card_html(seat["pick"], lang))
        rows.append(
            f"<div class='gkw-row gkw-drafted'><div class='gkw-label'>"
            f"{_t('drafted', lang, n=len(drafted))}</div>"
            f"{cards or _t('empty_area', lang)}</div>"
        )
    hand = seat["hand"]
    if hand:
        if all(c == "?" for c in hand):
            shown = card_html("?", lang) + f"<span class='gkw-small'>× {len(hand)}</span>"
        else:
            shown = "".join(card_html(c, lang, acts=acts.get(("card", c))) for c in hand)
        rows.append(
            f"<div class='gkw-row gkw-hand'><div class='gkw-label'>"
            f"{_t('hand', lang, n=len(hand))}</div>{shown}</div>"
        )
    cls = "gkw-seat gkw-active" if active else "gkw-seat"
    return f"<div class='{cls}' data-seat='{s}'>{''.join(rows)}</div>"


def html(state: Any, lang: str = "en", actions: tuple[Action, ...] | None = None) -> str:
    """The whole board (root element ``div.gamekit-board``); ``actions``: the legal actions
    of the person's decision, marked on their cards and cube spaces (``data-action``)."""
    d = state.to_dict()
    acts = _targets(actions)
    if d["phase"] == "setup":
        phase = _name("setup", lang)
    else:
        phase = _name(d["phase"], lang)
    top = [f"<b>{_e(_t('round', lang, n=max(d['round'], 1)))}</b>",
           _e(_t("phase", lang, phase=phase))]
    if d.get("step"):
        top.append(f"{_e(_t('step', lang, res=''))}{cube(d['step'], size=14)} "
                   f"{_e(_name(d['step'], lang))}")
    if d.get("draft_direction"):
        top.append(_e(_t("direction", lang, dir=_name(d["draft_direction"], lang))))
    top.append(_e(_t("deck", lang, n=d["deck_size"])))
    sup = [x for x in d.get("supremacy", []) if x.get("round") == d["round"]]
    if sup:
        bits = []
        for x in sup:
            if x.get("seat") is None:
                who = _t("nobody", lang)
            else:
                who = CATALOG.text(G, "seat", lang, n=x["seat"] + 1)
            token = x.get("token")
            tok = cube(token, size=11) if token in RESOURCE_COLOURS else ""
            bits.append(f"{cube(x['step'], size=11)}→{_e(who)}{tok}")
        top.append(f"<span class='gkw-small'>{_e(_t('supremacy', lang))}: {' '.join(bits)}"
                   "</span>")
    solo = d.get("solo")
    if solo:
        rating = solo.get("rating") or {}
        band = rating.get("band_pt" if lang == "pt" else "band", "")
        top.append(_e(_t("solo", lang, seq=solo["sequence"], piles=len(solo["projects"]),
                         band=band)))
    to_move = set(d.get("to_move", []))
    seats = "".join(_seat_html(d, seat, lang, seat["seat"] in to_move,
                               acts if actions and seat["seat"] == actions[0].seat else {})
                    for seat in d["seats"])
    looking = ""
    if solo and solo.get("looking"):
        looking = (f"<div class='gkw-row'><div class='gkw-label'>{_t('looking', lang)}</div>"
                   + "".join(card_html(c, lang) for c in solo["looking"]) + "</div>")
    return (
        f"{_CSS}<div class='gamekit-board gkw-board' data-game='wonderful' "
        f"data-round='{d['round']}' data-phase='{_e(d['phase'])}'>"
        f"<div class='gkw-top'>{' · '.join(top)}</div>{key_html(lang)}{looking}"
        f"<div class='gkw-seats'>{seats}</div></div>"
    )
