"""A plain-HTML picture of a Blue Moon City state (``BlueMoonState._repr_html_``)."""

from __future__ import annotations

from html import escape

from . import data as D

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd")
SPACE_COLOURS = {
    "black": "#222", "red": "#c0392b", "blue": "#2e86c1", "grey": "#888", "brown": "#8e5b2e",
    "white": "#eee", "yellow": "#f1c40f", "wild": "linear-gradient(90deg,#c0392b,#2e86c1,#f1c40f)",
}
DRAGON_COLOURS = {"red": "#e74c3c", "green": "#27ae60", "blue": "#3498db"}


def render(state, lang: str = "en") -> str:
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
                    for (col, val), who in zip(tile.spaces, info["markers"]):
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
    seats = []
    for s in range(d["players"]):
        hand = d["hands"][s]
        size = hand["hidden"] if "hidden" in hand else sum(hand.values())
        crystals = "?" if d["crystals"][s] is None else d["crystals"][s]
        seats.append(f"<tr><td style='color:{SEAT_COLOURS[s]}'><b>p{s + 1}</b></td><td>{size}</td>"
                     f"<td>{crystals}</td><td>{d['scales'][s]}</td><td>{d['markers'][s]}</td>"
                     f"<td>{d['offerings'][s]}</td></tr>")
    filled = len(d["obelisk"]["filled"])
    nxt = d["obelisk"]["costs"][filled] if filled < len(d["obelisk"]["costs"]) else "—"
    turn = d["turn"]
    status = ("over" if d["over"] else f"round {turn['round']}, p{turn['seat']} — {turn['stage']}")
    side = ("<table style='font-size:12px'><tr><th></th><th>cards</th><th>crystals</th>"
            "<th>scales</th><th>markers</th><th>offerings</th></tr>" + "".join(seats) + "</table>"
            f"<div style='font-size:12px'>obelisk: {filled}/{len(d['obelisk']['costs'])} filled, "
            f"next {nxt} · scales left {d['scale_supply']} · {escape(status)}</div>")
    return ("<div class='gamekit-board gamekit-bluemoon' style='display:flex;gap:12px'>"
            "<table style='border-collapse:collapse'>" + "".join(cells) + "</table>"
            f"<div>{side}</div></div>")
