"""The Race for the Galaxy board as HTML (no Jupyter imports, no copyrighted art).

``html(state, lang)`` draws, from ``state.to_dict()``: the round, phase, VP pool, deck and
discard sizes, and per seat the start world, the action cards chosen this round (``?`` while
secret), VP (chips and total), military, hand size and — for the seat that may see it — the
hand, then the tableau: worlds as rounded boxes in their good's colour (red border for military
worlds, cost or defense in the corner, a square for a good on the world), developments as
boxes with a diamond cost. ``register(render=html)`` hands it to ``state._repr_html_()`` and
the widgets.
"""

from __future__ import annotations

import html as _html
from functools import lru_cache
from typing import Any

from gamekit.core import CATALOG, Action
from gamekit.kit import targets as T

from .cards import TYPE_BY_ID
from .six_words import six_lines

__all__ = ["html", "card_html", "GOOD_COLOURS", "PALETTE"]

G = "race"

GOOD_COLOURS = {
    "novelty": ("#3d7fd9", "#e7f0fc"),
    "rare": ("#8a5a2b", "#f4ebe1"),
    "genes": ("#3aa655", "#e8f6ec"),
    "alien": ("#d4b000", "#fcf7dc"),
    None: ("#777777", "#f3f3f3"),
}

#: the colours the board and every chart share (``register(..., palette=PALETTE)``): goods by
#: their kind's colour
PALETTE = {"resources": {good: pair[0] for good, pair in GOOD_COLOURS.items() if good}}

# the board's words are in locale/*.po (msgctxt race.board, race.board.power, race.board.card)


def _t(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text("race.board", key, lang, **params)


def _e(text: Any) -> str:
    return _html.escape(str(text), quote=True)



_PHASES = (("explore", "I"), ("develop", "II"), ("settle", "III"), ("trade", "$"),
           ("consume", "IV"), ("produce", "V"))
_GOOD_NAMES = ("novelty", "rare", "genes", "alien")


def _w(key: str, lang: str, **kw: Any) -> str:
    return CATALOG.text("race.board.card", key, lang, **kw)


def _six_rule(lang: str) -> str:
    return CATALOG.text("race.board.six", "rule", lang)


def _power_text(ct: Any, code: str, p: dict, lang: str) -> str:
    kw = {k: v for k, v in p.items() if isinstance(v, int) and not isinstance(v, bool)}
    good = p.get("good") or ("any" if code != "produce" or ct.good < 0 else
                             _GOOD_NAMES[ct.good])
    kw["good"] = CATALOG.name(G, good, lang)
    if code == "consume":
        gain = [_w("vp_n", lang, n=p["vp"])] if p.get("vp") else []
        if p.get("cards"):
            gain.append(_w("cards_n", lang, n=p["cards"]))
        kw.update(per=p.get("goods_per_use", 1), gain=" + ".join(gain) or "—")
        text = CATALOG.text("race.board.power", code, lang, **kw)
        return text + (" " + _w("uses", lang, n=p["max_uses"]) if p.get("max_uses", 1) > 1
                       else "")
    if code == "military":
        kw["against"] = (_w("rebel", lang) if p.get("against") == "rebel"
                         else _w("against", lang, good=kw["good"]) if p.get("good") else "")
    if not CATALOG.has("race.board.power", code):
        return CATALOG.name(G, code, lang)
    return CATALOG.text("race.board.power", code, lang, **kw)


def powers_lines(cid: str, lang: str = "en") -> list[tuple[str, str]]:
    """The card's powers as ``(phase numeral, short text)`` in phase order."""
    ct = TYPE_BY_ID[cid]
    out = []
    for phase, roman in _PHASES:
        for ph, code, p in ct.powers:
            if ph == phase:
                out.append((roman, _power_text(ct, code, p, lang)))
    return out


def _kind(ct: Any, lang: str) -> str:
    if ct.dev:
        return _w("development", lang)
    words = [_w("military_world" if ct.military else "world", lang)]
    if ct.good >= 0:
        words.append(CATALOG.name(G, _GOOD_NAMES[ct.good], lang))
        if ct.windfall:
            words.append(CATALOG.name(G, "windfall", lang))
    return " · ".join(words)


def card_html(cid: str, lang: str = "en", good: str | None = None, hidden: bool = False,
              act: str = "") -> str:
    """One card: full name, cost (◆ development, ○ world, ● military defense), VP, kind and
    good, the powers by phase (I explore … V produce) as short text; the whole card in its
    tooltip. ``good``: the good on it; ``hidden``: face down; ``act``: its ``data-action``."""
    if hidden or cid == "?":
        return "<span class='rftg-card rftg-hidden'></span>"
    head, body = _card_parts(cid, lang)
    good_box = ""
    if good is not None:
        gname = CATALOG.name(G, good, lang)
        good_box = (f"<span class='rftg-good' title='{_e(_w('good_on', lang, good=gname))}' "
                    f"style='background:{GOOD_COLOURS[good][0]}'></span>")
    return f"{head}{act}{body}{good_box}</span>"


@lru_cache(maxsize=2048)
def _card_parts(cid: str, lang: str) -> tuple[str, str]:
    """The card's HTML before and after its ``data-action`` (the same on every render)."""
    ct = TYPE_BY_ID[cid]
    colour = GOOD_COLOURS[None if ct.good < 0 else _GOOD_NAMES[ct.good]][0]
    if ct.dev:
        corner, cost = f"&#9670;{ct.cost}", _w("cost", lang, n=ct.cost)
    elif ct.military:
        corner, cost = f"&#9679;{ct.defense}", _w("defense", lang, n=ct.defense)
    else:
        corner, cost = f"&#9675;{ct.cost}", _w("cost", lang, n=ct.cost)
    vp = _w("vp_six", lang) if ct.dev and ct.cost == 6 else _w("vp_n", lang, n=ct.vp)
    name = CATALOG.name(G, cid, lang)
    kind = _kind(ct, lang)
    powers = powers_lines(cid, lang)
    lines = "".join(f"<div class='rftg-pw'><b>{_e(r)}</b> {_e(tx)}</div>" for r, tx in powers)
    scoring = six_lines(cid, lang)  # a six-cost development: how it scores, never "? VP"
    lines += "".join(f"<div class='rftg-pw rftg-six'>{_e(tx)}</div>" for tx in scoring)
    tip = "\n".join([name, kind, f"{cost} · {vp}", *(f"{r} {tx}" for r, tx in powers),
                     *scoring, *([_six_rule(lang)] if len(scoring) > 1 else [])])
    cls = "rftg-card rftg-dev" if ct.dev else (
        "rftg-card rftg-world rftg-mil" if ct.military else "rftg-card rftg-world")
    border = "#555" if ct.dev else "#c0392b" if ct.military else colour
    head = f"<span class='{cls}' data-card='{_e(cid)}'"
    body = (f" title='{_e(tip)}' style='border-color:{border}'>"
            f"<span class='rftg-top'><b style='color:{colour}'>{corner}</b>"
            f"<span class='rftg-vp'>{_e(vp)}</span></span>"
            f"<span class='rftg-name'>{_e(name)}</span>"
            f"<span class='rftg-kind' style='color:{colour}'>{_e(kind)}</span>{lines}")
    return head, body


_CSS = """<style>
.rftg-board { font-family: system-ui, sans-serif; font-size: 12px; }
.rftg-card { position: relative; display: inline-block; vertical-align: top; width: 132px;
  min-height: 84px; margin: 2px; border: 2px solid #777; border-radius: 12px;
  background: #fbfbfb; font-size: 10.5px; padding: 3px 5px; box-sizing: border-box;
  line-height: 1.25; }
.rftg-dev { border-radius: 3px; background: #f4f4f8; }
.rftg-hidden { width: 54px; min-height: 70px; background: #4a4a68; border-color: #4a4a68; }
.rftg-top { display: flex; justify-content: space-between; }
.rftg-name { display: block; font-weight: 700; font-size: 11.5px; white-space: normal;
  overflow-wrap: anywhere; }
.rftg-kind { display: block; font-size: 10px; }
.rftg-pw { color: #333; }
.rftg-pw b { color: #666; display: inline-block; min-width: 20px; }
.rftg-good { position: absolute; right: 4px; bottom: 4px; width: 12px; height: 12px;
  border: 1px solid #222; }
.rftg-card:not(.rftg-hidden):hover { z-index: 5; transform: scale(1.35);
  transform-origin: top left; box-shadow: 0 3px 12px #0005; position: relative; }
.rftg-seat { border-top: 1px solid #ccc; padding: 4px 0; }
.rftg-choose { margin: 3px 0; }
</style>"""


def _zone(a: Action) -> tuple[str, str] | None:
    """Where the element of ``a`` is: a card of the hand, the tableau or the explored cards,
    or an action card to choose."""
    if not a.args or not isinstance(a.args[0], str):
        return None
    if a.verb == "choose":
        return ("choose", a.args[0])
    if a.verb == "keep":
        return ("explore", a.args[0])
    if a.verb in _HAND_VERBS:
        return ("hand", a.args[0])
    if a.verb in _TABLEAU_VERBS:
        return ("tableau", a.args[0])
    return None


_HAND_VERBS = frozenset({"develop", "settle", "pay", "discard"})
_TABLEAU_VERBS = frozenset({"good", "trade", "consume", "use", "windfall"})


def _cards(cids: list[str], lang: str, zone: str, acts: dict, goods: dict | None = None) -> str:
    out = []
    for cid in cids:
        good = None
        if goods is not None and cid in goods:
            g = goods[cid]
            good = g if isinstance(g, str) else g[0]
        out.append(card_html(cid, lang, good=good, act=T.attr(acts.get((zone, cid)))))
    return "".join(out)


def _seat_html(d: dict[str, Any], s: int, lang: str, acts: dict) -> str:
    seat = d["seats"][s]
    who = CATALOG.text(G, "seat", lang, n=s + 1)
    chosen = ", ".join("?" if a == "?" else CATALOG.name(G, a, lang) for a in seat["actions"])
    head = (
        f"<div class='rftg-seat-head'><b>{_e(who)}</b> — "
        f"{_e(CATALOG.name(G, seat['start_world'], lang))} · "
        f"{_e(_t('vp', lang))} {seat['score']} ({_e(_t('chips', lang))} {seat['vp_chips']}) · "
        f"{_e(_t('military', lang))} {seat['military']} · "
        f"{_e(_t('hand', lang))} {_e(_t('cards', lang, n=len(seat['hand'])))}"
        + (f" · {_e(_t('actions', lang))}: {_e(chosen)}" if chosen else "")
        + "</div>"
    )
    parts = [head]
    choose = [a for (zone, _x), group in acts.items() if zone == "choose" for a in group]
    if choose:
        parts.append("<div class='rftg-choose gamekit-chips'>" + "".join(
            T.chip(a, CATALOG.name(G, a.args[0], lang)) for a in choose) + "</div>")
    tableau = _cards(seat["tableau"], lang, "tableau", acts, seat["goods"])
    parts.append(f"<div class='rftg-tableau'>{tableau}</div>")
    hand = seat["hand"]
    if hand and any(c != "?" for c in hand):
        parts.append(f"<div class='rftg-hand'><i>{_e(_t('hand', lang))}:</i><br>"
                     f"{_cards(hand, lang, 'hand', acts)}</div>")
    if seat["explore"] and any(c != "?" for c in seat["explore"]):
        parts.append(f"<div class='rftg-explore'><i>{_e(_t('explore', lang))}:</i><br>"
                     f"{_cards(seat['explore'], lang, 'explore', acts)}</div>")
    return f"<div class='rftg-seat' data-seat='{s}'>{''.join(parts)}</div>"


def html(state: Any, lang: str = "en", actions: tuple[Action, ...] | None = None) -> str:
    """The board of a Race for the Galaxy state (a full state or a view); ``actions``: the
    legal actions of the person's decision, marked on their cards (``data-action``)."""
    d = state.to_dict()
    deck = d["deck"] if isinstance(d["deck"], int) else len(d["deck"])
    discard = d["discard"] if isinstance(d["discard"], int) else len(d["discard"])
    phase = CATALOG.name(G, d["phase"], lang)
    status = _t("over", lang) if d["over"] else (
        f"{_t('round', lang, n=d['round'])} · {_t('phase', lang, phase=phase)}")
    top = (f"<div class='rftg-status'><b>{_e(status)}</b> · {_e(_t('pool', lang, n=max(0, d['vp_pool'])))}"
           f" · {_e(_t('deck', lang, n=deck, m=discard))}</div>")
    acts = T.group(actions, _zone)
    mine = actions[0].seat if actions else None
    seats = "".join(_seat_html(d, s, lang, acts if s == mine else {})
                    for s in range(len(d["seats"])))
    return (f"<div class='gamekit-board rftg-board' data-round='{d['round']}' "
            f"data-phase='{_e(d['phase'])}'>{_CSS}{top}{seats}</div>")
