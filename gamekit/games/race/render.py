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
from typing import Any

from gamekit.core import CATALOG

from .cards import TYPE_BY_ID

__all__ = ["html", "card_html", "GOOD_COLOURS"]

G = "race"

GOOD_COLOURS = {
    "novelty": ("#3d7fd9", "#e7f0fc"),
    "rare": ("#8a5a2b", "#f4ebe1"),
    "genes": ("#3aa655", "#e8f6ec"),
    "alien": ("#d4b000", "#fcf7dc"),
    None: ("#777777", "#f3f3f3"),
}

_LABELS = {
    "round": {"en": "Round {n}", "pt": "Rodada {n}"},
    "phase": {"en": "Phase: {phase}", "pt": "Fase: {phase}"},
    "pool": {"en": "VP pool: {n}", "pt": "Reserva de PV: {n}"},
    "deck": {"en": "deck {n} · discards {m}", "pt": "estoque {n} · descarte {m}"},
    "hand": {"en": "hand", "pt": "mão"},
    "cards": {"en": "{n} cards", "pt": "{n} cartas"},
    "chips": {"en": "chips", "pt": "fichas"},
    "military": {"en": "military", "pt": "militarismo"},
    "vp": {"en": "VP", "pt": "PV"},
    "actions": {"en": "actions", "pt": "ações"},
    "over": {"en": "Game over", "pt": "Fim de jogo"},
    "explore": {"en": "exploring", "pt": "descobrindo"},
}

_ACTS = {
    "act.choose": {"en": "{a0}", "pt": "{a0}"},
    "act.keep": {"en": "keep {a0}", "pt": "ficar com {a0}"},
    "act.develop": {"en": "develop {a0}", "pt": "desenvolver {a0}"},
    "act.settle": {"en": "settle {a0}", "pt": "colonizar {a0}"},
    "act.pass": {"en": "nothing", "pt": "nada"},
    "act.pay": {"en": "pay with {a0}", "pt": "pagar com {a0}"},
    "act.use": {"en": "use {a0}", "pt": "usar {a0}"},
    "act.method": {"en": "{a0}", "pt": "{a0}"},
    "act.trade": {"en": "sell the good of {a0}", "pt": "vender o bem de {a0}"},
    "act.consume": {"en": "use {a0}", "pt": "usar {a0}"},
    "act.gamble": {"en": "gamble on {a0}", "pt": "apostar no {a0}"},
    "act.good": {"en": "consume the good of {a0}", "pt": "consumir o bem de {a0}"},
    "act.discard": {"en": "discard {a0}", "pt": "descartar {a0}"},
    "act.done": {"en": "done", "pt": "terminar"},
    "act.windfall": {"en": "good on {a0}", "pt": "bem em {a0}"},
}

_PHASE_NAMES = {
    "choose": {"en": "action choice", "pt": "escolha de ações"},
    "explore": {"en": "Explore", "pt": "Descoberta"},
    "round_end": {"en": "end of round", "pt": "fim da rodada"},
    "end": {"en": "end of the game", "pt": "fim do jogo"},
}


CATALOG.add("race.board", _LABELS)
CATALOG.add_defaults(G, _ACTS, _PHASE_NAMES)


def _t(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text("race.board", key, lang, **params)


def _e(text: Any) -> str:
    return _html.escape(str(text), quote=True)


def card_html(cid: str, lang: str = "en", good: str | None = None, hidden: bool = False) -> str:
    """One card as an HTML box (``good``: kind of the good on it; ``hidden``: a face-down card)."""
    if hidden or cid == "?":
        return ("<span class='rftg-card rftg-hidden' style='display:inline-block;width:54px;"
                "height:70px;margin:2px;border-radius:6px;background:#4a4a68'></span>")
    ct = TYPE_BY_ID[cid]
    colour, fill = GOOD_COLOURS[None if ct.good < 0 else
                                ("novelty", "rare", "genes", "alien")[ct.good]]
    if ct.dev:
        corner = f"&#9670;{ct.cost}"
        radius = "2px"
        border = "#555"
    else:
        corner = f"&#9679;{ct.defense}" if ct.military else f"&#9675;{ct.cost}"
        radius = "12px"
        border = "#c0392b" if ct.military else colour
    vp = "?" if ct.dev and ct.cost == 6 else str(ct.vp)
    phases = "".join(
        roman for roman, ph in (("I", "explore"), ("II", "develop"), ("III", "settle"),
                                ("$", "trade"), ("IV", "consume"), ("V", "produce"))
        if ph in ct.phases
    )
    kind = "windfall" if ct.windfall else "production" if ct.production else ""
    good_box = ""
    if good is not None:
        gc = GOOD_COLOURS[good][0]
        good_box = (f"<span title='{_e(good)}' style='position:absolute;right:3px;bottom:3px;"
                    f"width:12px;height:12px;background:{gc};border:1px solid #222'></span>")
    name = _e(CATALOG.name(G, cid, lang))
    return (
        f"<span class='rftg-card' data-card='{_e(cid)}' title='{name}' style='position:relative;"
        f"display:inline-block;vertical-align:top;width:96px;height:70px;margin:2px;"
        f"border:2px solid {border};border-radius:{radius};background:{fill};font-size:10px;"
        f"padding:2px;box-sizing:border-box;overflow:hidden'>"
        f"<b style='color:{colour}'>{corner}</b> <span style='float:right'>{vp} VP</span><br>"
        f"<span style='font-weight:600'>{name}</span><br>"
        f"<span style='color:#666'>{_e(phases)} {_e(kind)}</span>{good_box}</span>"
    )


def _seat_html(d: dict[str, Any], s: int, lang: str) -> str:
    seat = d["seats"][s]
    who = CATALOG.text(G, "seat", lang, n=s + 1)
    acts = ", ".join("?" if a == "?" else CATALOG.name(G, a, lang) for a in seat["actions"])
    head = (
        f"<div class='rftg-seat-head'><b>{_e(who)}</b> — "
        f"{_e(CATALOG.name(G, seat['start_world'], lang))} · "
        f"{_e(_t('vp', lang))} {seat['score']} ({_e(_t('chips', lang))} {seat['vp_chips']}) · "
        f"{_e(_t('military', lang))} {seat['military']} · "
        f"{_e(_t('hand', lang))} {_e(_t('cards', lang, n=len(seat['hand'])))}"
        + (f" · {_e(_t('actions', lang))}: {_e(acts)}" if acts else "")
        + "</div>"
    )
    goods = seat["goods"]
    tableau = "".join(
        card_html(cid, lang, good=(goods[cid] if isinstance(goods.get(cid), str)
                                   else goods[cid][0] if cid in goods else None))
        for cid in seat["tableau"]
    )
    parts = [head, f"<div class='rftg-tableau'>{tableau}</div>"]
    hand = seat["hand"]
    if hand and any(c != "?" for c in hand):
        cards = "".join(card_html(c, lang) for c in hand)
        parts.append(f"<div class='rftg-hand'><i>{_e(_t('hand', lang))}:</i><br>{cards}</div>")
    if seat["explore"] and any(c != "?" for c in seat["explore"]):
        cards = "".join(card_html(c, lang) for c in seat["explore"])
        parts.append(f"<div class='rftg-explore'><i>{_e(_t('explore', lang))}:</i><br>"
                     f"{cards}</div>")
    return (f"<div class='rftg-seat' data-seat='{s}' style='border-top:1px solid #ccc;"
            f"padding:4px 0'>{''.join(parts)}</div>")


def html(state: Any, lang: str = "en") -> str:
    """The board of a Race for the Galaxy state (a full state or a view)."""
    d = state.to_dict()
    deck = d["deck"] if isinstance(d["deck"], int) else len(d["deck"])
    discard = d["discard"] if isinstance(d["discard"], int) else len(d["discard"])
    phase = CATALOG.name(G, d["phase"], lang)
    status = _t("over", lang) if d["over"] else (
        f"{_t('round', lang, n=d['round'])} · {_t('phase', lang, phase=phase)}")
    top = (f"<div class='rftg-status'><b>{_e(status)}</b> · {_e(_t('pool', lang, n=d['vp_pool']))}"
           f" · {_e(_t('deck', lang, n=deck, m=discard))}</div>")
    seats = "".join(_seat_html(d, s, lang) for s in range(len(d["seats"])))
    return (f"<div class='gamekit-board rftg-board' data-round='{d['round']}' "
            f"data-phase='{_e(d['phase'])}' style='font-family:system-ui,sans-serif;"
            f"font-size:12px'>{top}{seats}</div>")
