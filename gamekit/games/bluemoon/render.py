"""A plain-HTML picture of a Blue Moon City state (``html``; ``_repr_html_`` and the widgets'
board use it). Labels go through the catalog (``bluemoon.board``), in English and Portuguese."""

from __future__ import annotations

from html import escape
from typing import Any

from gamekit.core import CATALOG

from . import data as D

CATALOG.add("bluemoon.board", {
    "cards": {"en": "cards", "pt": "cartas"},
    "crystals": {"en": "crystals", "pt": "cristais"},
    "scales": {"en": "scales", "pt": "escamas"},
    "markers": {"en": "markers", "pt": "marcadores"},
    "offerings": {"en": "offerings", "pt": "oferendas"},
    "obelisk": {
        "en": "obelisk: {filled}/{total} filled, next {next} · scales left {scales} · {status}",
        "pt": "obelisco: {filled}/{total} ocupados, próximo {next} · escamas restantes {scales}"
              " · {status}",
    },
    "over": {"en": "game over", "pt": "fim de jogo"},
    "turn": {"en": "round {round}, p{seat} — {stage}", "pt": "rodada {round}, j{seat} — {stage}"},
})


def _t(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text("bluemoon.board", key, lang, **params)

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd")
SPACE_COLOURS = {
    "black": "#222", "red": "#c0392b", "blue": "#2e86c1", "grey": "#888", "brown": "#8e5b2e",
    "white": "#eee", "yellow": "#f1c40f", "wild": "linear-gradient(90deg,#c0392b,#2e86c1,#f1c40f)",
}
DRAGON_COLOURS = {"red": "#e74c3c", "green": "#27ae60", "blue": "#3498db"}


def html(state, lang: str = "en", side: str | None = None) -> str:
    """The city grid (tiles, spaces with markers, figures, dragons) and, beside it, ``side``
    (HTML) or by default a table of every seat's counts and the obelisk."""
    d = state.to_dict()
    names = D.TILE_NAMES
    cells = []
    figures: dict[tuple[int, int], list[int]] = {}
    for s, (r, c) in enumerate(d["figures"]):
        figures.setdefault((r, c), []).append(s)
    dragons: dict[tuple[int, int], list[str]] = {}
    for name, rc in d["dragons"].items():
        if rc is not None:
            dragons.setdefault(tuple(rc), []).append(name)
    for r in range(5):
        row = []
        for c in range(5):
            tid = d["city"][r][c]
            if tid is None:
                row.append("<td style='border:none'></td>")
                continue
            title = escape(names[tid].get(lang, names[tid]["en"]))
            title += f"<sup title='{escape(_t('reconstructed', lang))}'>≈</sup>" if "reconstructed" in state.td[state.board[r * 5 + c]].status.values() else ""  # noqa: E501
            info = d["tiles"].get(tid)
            bg = "#fdf6e3"
            body = ""
            if tid == "central_square":
                bg = "#e8e0ff"
            elif info is not None:
                if info["built"]:
                    bg = "#d5f5e3"
                    body = "<div style='font-size:10px'>✔</div>"
                else:
                    tile = state.td[state.board[r * 5 + c]]
                    boxes = []
                    for i, ((_c, val), who) in enumerate(zip(tile.spaces, info["markers"])):
                        col = state.space_colour(r * 5 + c, i)
                        colour = SPACE_COLOURS[D.COLOURS[col] if col < 8 else "wild"]
                        fg = "#000" if col in (6, 7) else "#fff"
                        mark = (f"<b style='color:{SEAT_COLOURS[who - 1]}'>●</b>" if who else "")
                        boxes.append(f"<span style='display:inline-block;min-width:16px;background:"
                                     f"{colour};color:{fg};margin:1px;padding:0 2px'>{val}{mark}</span>")
                    body = "<div>" + "".join(boxes) + "</div>"
            figs = "".join(f"<b style='color:{SEAT_COLOURS[s]}'>♟</b>" for s in figures.get((r, c), []))
            drs = "".join(f"<b style='color:{DRAGON_COLOURS[n]}'>🐉</b>" for n in dragons.get((r, c), []))
            row.append(f"<td style='width:110px;height:62px;vertical-align:top;background:{bg};"
                       f"border:1px solid #aaa;font-size:11px'><b>{title}</b>{body}<div>{figs}{drs}</div></td>")
        cells.append("<tr>" + "".join(row) + "</tr>")
    grid = "<table style='border-collapse:collapse'>" + "".join(cells) + "</table>"
    if side is None:
        side = _side(d, lang)
    return (f"<div class='gamekit-board gamekit-bluemoon' style='display:flex;gap:12px'>{grid}"
            f"<div>{side}</div></div>")


def _side(d: dict[str, Any], lang: str) -> str:
    seats = []
    for s in range(d["players"]):
        hand = d["hands"][s]
        size = hand["hidden"] if "hidden" in hand else sum(hand.values())
        crystals = "?" if d["crystals"][s] is None else d["crystals"][s]
        who = escape(CATALOG.text("bluemoon", "seat", lang, n=s + 1))
        seats.append(f"<tr><td style='color:{SEAT_COLOURS[s]}'><b>{who}</b></td><td>{size}</td>"
                     f"<td>{crystals}</td><td>{d['scales'][s]}</td><td>{d['markers'][s]}</td>"
                     f"<td>{d['offerings'][s]}</td></tr>")
    filled = len(d["obelisk"]["filled"])
    nxt = d["obelisk"]["costs"][filled] if filled < len(d["obelisk"]["costs"]) else "—"
    turn = d["turn"]
    status = (_t("over", lang) if d["over"]
              else _t("turn", lang, round=turn["round"], seat=turn["seat"], stage=turn["stage"]))
    heads = "".join(f"<th>{_t(k, lang)}</th>"
                    for k in ("cards", "crystals", "scales", "markers", "offerings"))
    obelisk = _t("obelisk", lang, filled=filled, total=len(d["obelisk"]["costs"]), next=nxt,
                 scales=d["scale_supply"], status=status)
    return (f"<table style='font-size:12px'><tr><th></th>{heads}</tr>" + "".join(seats)
            + f"</table><div style='font-size:12px'>{escape(obelisk)}</div>")
