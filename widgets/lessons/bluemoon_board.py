"""The Blue Moon City lesson's drawings: the board with a side panel in the lesson's language,
the eight peoples, the shape of a turn and the annotated tile and card (rulebook: Basic
concepts; Components)."""

from __future__ import annotations

import html as _html
from typing import Any

from gamekit.core import CATALOG, get

from .making import steps_diagram

G = "bluemoon"
NS = "lesson.bluemoon"
#: the game's lesson support (``register(lesson=...)``): peoples, colours
K = get(G).lesson


def _seat(n: int, lang: str) -> str:
    return CATALOG.text(G, "seat", lang, n=n + 1)


def _chip(card: str, lang: str, n: int = 1) -> str:
    people, value = card.rsplit("_", 1)
    colour = K.COLOURS[K.PEOPLES.index(people)]
    bg = K.SPACE_COLOURS.get(colour, "#2e8b57" if colour == "green" else "#ccc")
    fg = "#000" if colour in ("white", "yellow", "grey") else "#fff"
    title = _html.escape(CATALOG.name(G, card, lang))
    times = f"×{n}" if n > 1 else ""
    return (f"<span title='{title}' style='display:inline-block;background:{bg};color:{fg};"
            f"border:1px solid #555;border-radius:3px;padding:0 3px;margin:1px;font-size:11px'>"
            f"{_html.escape(people[:2].title())}{value}{times}</span>")


def board_html(state: Any, lang: str = "en") -> str:
    """The engine's city picture with a side panel in the lesson's language (every hand and
    the cards won this turn are shown: the lesson watches the bots)."""
    t = lambda key, **kw: CATALOG.text(NS, key, lang, **kw)  # noqa: E731
    d = state.to_dict()
    heads = "".join(f"<th>{_html.escape(t(k))}</th>" for k in
                    ("b_cards", "b_crystals", "b_scales", "b_markers", "b_offerings", "b_hand"))
    rows = []
    for s in range(d["players"]):
        hand = d["hands"][s]
        size = hand.get("hidden", sum(hand.values()))
        chips = "".join(_chip(c, lang, n) for c, n in hand.items() if c != "hidden")
        pending = d["pending"][s]
        if pending:
            chips += (f" <i style='color:#777'>+{len(pending)} {_html.escape(t('b_pending'))}"
                      "</i>")
        crystals = "?" if d["crystals"][s] is None else d["crystals"][s]
        rows.append(
            f"<tr><td style='color:{K.SEAT_COLOURS[s]};white-space:nowrap'><b>{_html.escape(_seat(s, lang))}"
            f"</b></td><td>{size}</td><td>{crystals}</td><td>{d['scales'][s]}</td>"
            f"<td>{d['markers'][s]}</td><td>{d['offerings'][s]}</td><td>{chips}</td></tr>")
    costs = d["obelisk"]["costs"]
    filled = len(d["obelisk"]["filled"])
    nxt = costs[filled] if filled < len(costs) else "—"
    turn = d["turn"]
    status = t("b_over") if d["over"] else t(
        "b_turn", round=turn["round"], who=_seat(turn["seat"] - 1, lang),
        stage=t("stage." + turn["stage"]))
    side = (f"<table style='font-size:12px;border-collapse:collapse'><tr><th></th>{heads}</tr>"
            f"{''.join(rows)}</table><div style='font-size:12px;margin-top:4px'>"
            f"{_html.escape(t('b_obelisk', filled=filled, n=len(costs), next=nxt, scales=d['scale_supply']))}"
            f"</div><div style='font-size:12px'><b>{_html.escape(status)}</b></div>")
    return get(G).render(state, lang, side=side)


def _pieces(lesson: Any, lang: str) -> str:
    t = lambda key: _html.escape(CATALOG.text(NS, key, lang))  # noqa: E731
    rows = []
    for people, colour in zip(K.PEOPLES, K.COLOURS, strict=True):
        rows.append(f"<tr><td>{_chip(people + '_3', lang)} "
                    f"{_html.escape(CATALOG.name(G, people + '_3', lang)[:-2])}</td>"
                    f"<td>{_html.escape(CATALOG.name(G, colour, lang))}</td>"
                    f"<td>{t('power.' + people)}</td></tr>")
    return (f"<div class='gamekit-board' style='font-family:system-ui,sans-serif;font-size:12px'>"
            f"<table style='border-collapse:collapse'><tr><th>{t('p_people')}</th>"
            f"<th>{t('p_colour')}</th><th>{t('p_power')}</th></tr>{''.join(rows)}</table></div>")


_STEPS = {
    "en": (("1 Movement", "0–2 steps · powers"), ("2 Contribution", "pay spaces | 1 offering"),
           ("3 Refill", "discard ≤ 2, draw 2 more"), ("4 Next player", "clockwise")),
    "pt": (("1 Movimentação", "0–2 passos · poderes"),
           ("2 Contribuição", "pagar espaços | 1 oferenda"),
           ("3 Reposição", "descarte ≤ 2, compre 2 a mais"), ("4 Próximo jogador", "sentido horário")),
}


def _turn_diagram(lesson: Any, lang: str) -> str:
    note = {"en": "dashed: optional · rewards can come in any player's turn",
            "pt": "tracejado: opcional · bônus podem chegar no turno de qualquer jogador"}[lang]
    return steps_diagram(_STEPS[lang], ("#3d7fd9", "#8a5a2b", "#3aa655", "#555"),
                         lambda name: name[:1] in "12", note)


#: the annotated tile (the rulebook's own contribution example) and card
ANATOMY = ("city_residence", "aqua_2")


def _bonus(reward: tuple[int, int, int], lang: str, status: str) -> str:
    """A reward as words (``crystals: 2``), marked ≈ when gamekit reconstructed it."""
    words = ("b_crystals", "b_scales", "b_cards")
    text = " + ".join(f"{CATALOG.text(NS, w, lang)}: {n}" for n, w in zip(reward, words,
                                                                         strict=True) if n)
    return text + (" ≈" if status == "reconstructed" else "")


def _anatomy(lesson: Any, lang: str) -> str:
    """A ruined building tile with its parts named, and a people card with its value and power."""
    t = lambda key: _html.escape(CATALOG.text(NS, key, lang))  # noqa: E731
    tile_id, card = ANATOMY

    tile = _tile_def(lesson, tile_id)
    spaces = "".join(
        f"<span style='display:inline-block;min-width:20px;margin:1px;text-align:center;"
        f"background:{K.SPACE_COLOURS[K.COLOURS[colour]]};color:#fff'>{value}</span>"
        for colour, value in tile.spaces)
    rows = [(t("an_spaces"), spaces)] + [
        (t("an_" + part), _bonus(getattr(tile, part), lang, tile.status.get(part, "")))
        for part in ("majority", "construction", "neighbourhood")]
    name = _html.escape(CATALOG.name(G, tile_id, lang))
    table = "".join(f"<tr><td style='color:#555;padding-right:8px'>{k}</td><td>{v}</td></tr>"
                    for k, v in rows)
    people, value = card.rsplit("_", 1)
    card_rows = [(t("an_value"), _chip(card, lang) + " " + _html.escape(
        CATALOG.name(G, K.COLOURS[K.PEOPLES.index(people)], lang))),
                 (t("an_power"), t("power." + people))]
    card_table = "".join(f"<tr><td style='color:#555;padding-right:8px'>{k}</td><td>{v}</td>"
                         f"</tr>" for k, v in card_rows)
    box = "display:inline-block;vertical-align:top;border:1px solid #aaa;padding:6px;margin:4px"
    return (f"<div class='gamekit-board' style='font-family:system-ui,sans-serif;font-size:12px'>"
            f"<div style='{box};background:#fdf6e3'><b>{name}</b><table>{table}</table></div>"
            f"<div style='{box};border-radius:6px'><b>{_html.escape(CATALOG.name(G, card, lang))}"
            f"</b><table>{card_table}</table></div></div>")


EXTRAS = {"pieces": _pieces, "turn_shape": _turn_diagram, "anatomy": _anatomy}


def _tile_def(lesson: Any, tile: str) -> Any:
    """The definition of building ``tile`` in the lesson's game (the one place that reads the
    tiles' data)."""
    return next(t for t in lesson.state.tiles if t.id == tile)
