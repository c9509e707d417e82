"""A plain-HTML picture of a Blue Moon City state (``html``; ``_repr_html_`` and the widgets'
board use it). Labels go through the catalog (``bluemoon.board``), in English and Portuguese."""

from __future__ import annotations

from html import escape
from typing import Any

from gamekit.core import CATALOG, Action
from gamekit.kit import targets as T

from . import data as D

# the board's words and the cards' powers in a few words (rulebook "Poderes das Cartas") are in
# locale/*.po (msgctxt bluemoon.board, bluemoon.board.power)
_TILE_VERBS = frozenset({"move", "dragon", "jump"})
_CARD_VERBS = frozenset({"play", "pay", "discard", "recolour", "pillar"})


def _t(key: str, lang: str, **params: Any) -> str:
    return CATALOG.text("bluemoon.board", key, lang, **params)

SEAT_COLOURS = ("#d62728", "#1f77b4", "#2ca02c", "#9467bd")
#: the colours the board and every chart share (``register(..., palette=PALETTE)``)
PALETTE = {"seats": SEAT_COLOURS,
           "resources": {"crystal": "#3d9be9", "scale": "#d4a017", "marker": "#8c564b"}}
SPACE_COLOURS = {
    "black": "#222", "red": "#c0392b", "blue": "#2e86c1", "grey": "#888", "brown": "#8e5b2e",
    "white": "#eee", "yellow": "#f1c40f", "green": "#27ae60", "wild": "linear-gradient(90deg,#c0392b,#2e86c1,#f1c40f)",
}
DRAGON_COLOURS = {"red": "#e74c3c", "green": "#27ae60", "blue": "#3498db"}


def _key(a: Action):
    """What the element of ``a`` is: a tile ``(r, c)``, a space of the current tile, a card."""
    args = a.args
    if a.verb in _TILE_VERBS and len(args) == 2 and all(isinstance(x, int) for x in args):
        return ("tile", args[0], args[1])
    if a.verb == "contribute" and args:
        return ("space", args[0])
    if a.verb in _CARD_VERBS and args and isinstance(args[0], str):
        return ("card", args[0])
    if a.verb == "done":
        return ("done",)
    return None


def _place_done(acts: dict, here: dict, stage: str, lang: str) -> str:
    """Give the decision's "done" a piece on the person's own area: in the movement, the tile
    their figure stands on ("stop here", its words on the tile); else a control above their
    hand, whose HTML is returned ("" when it sits on the tile or there is no "done").
    ``stage``: the step of the turn it closes (rulebook "Movimento", "Contribuição",
    "Reabastecer"): ``move``, ``act``, ``pay`` or ``refill``."""
    done = acts.pop(("done",), None)
    if not done:
        return ""
    if stage not in ("move", "act", "pay", "refill"):
        stage = "act"
    if stage == "move" and "me" in here and ("tile", *here["me"]) not in acts:
        acts[("tile", *here["me"])] = done
        return ""
    return (f"<button type='button' class='gamekit-chip bm-done'{T.attr(done)} "
            f"title='{escape(_t('done_tip.' + stage, lang))}'>"
            f"{escape(_t('done.' + stage, lang))}</button>")


def _chip_label(a: Action, lang: str, split: str = "") -> str:
    """A chip's words: the colour a space or a Lux card takes, else the action's label (a
    card's with the split mark ``split``)."""
    if len(a.args) > 1 and isinstance(a.args[-1], str):
        return CATALOG.name("bluemoon", a.args[-1], lang)
    params = {f"a{i}": x for i, x in enumerate(a.args)}
    return CATALOG.text("bluemoon", "act." + a.verb, lang, args=list(a.args), split=split,
                        **params)


def _marks(acts: list[Action] | None, lang: str, split: str = "") -> tuple[str, str]:
    """(attribute, chips) of an element standing for ``acts``."""
    return T.attr(acts), T.chips(acts, lambda a: _chip_label(a, lang, split))


def _spaces(state, r: int, c: int, info: dict, acts: dict, lang: str) -> str:
    tile = state.tiles[state.board[r * 5 + c]]
    boxes = []
    for i, ((_c, val), who) in enumerate(zip(tile.spaces, info["markers"])):
        col = state.space_colour(r * 5 + c, i)
        colour = SPACE_COLOURS[D.COLOURS[col] if col < 8 else "wild"]
        fg = "#000" if col in (6, 7) else "#fff"
        mark = f"<b style='color:{SEAT_COLOURS[who - 1]}'>●</b>" if who else ""
        attr, chips = _marks(acts.get(("space", i)), lang)
        boxes.append(f"<span class='bm-space'{attr} style='background:{colour};color:{fg}'>"
                     f"{val}{mark}{chips}</span>")
    return "<div>" + "".join(boxes) + "</div>"


def dragon_svg(colour: str, lang: str = "en", size: int = 16) -> str:
    """A dragon figure drawn in SVG (a dragon emoji needs a colour-emoji font many machines
    lack: it showed as an empty box): head, neck, wing and tail in the dragon's colour."""
    fill = DRAGON_COLOURS[colour]
    name = escape(CATALOG.name("bluemoon.board", "dragon", lang))
    return (f"<svg class='bm-dragon' data-dragon='{escape(colour)}' width='{size}' "
            f"height='{size}' viewBox='0 0 16 16' role='img' aria-label='{name}'>"
            f"<title>{name}</title><g fill='{fill}' stroke='#333' stroke-width='.6'>"
            "<path d='M2 13c2-1 4-1 6-1l3-4 1-4 2-1-1 2 1 1-2 1-1 4 1 3-3 0-1-2-4 1z'/>"
            "<path d='M6 9l1-6 3 4z'/></g></svg>")


def _tile_td(state, d: dict, r: int, c: int, here: dict, acts: dict, lang: str) -> str:
    tid = d["city"][r][c]
    if tid is None:
        return "<td style='border:none'></td>"
    names = D.TILE_NAMES
    title = escape(names[tid].get(lang, names[tid]["en"]))
    if "reconstructed" in state.tiles[state.board[r * 5 + c]].status.values():
        title += f"<sup title='{escape(_t('reconstructed', lang))}'>≈</sup>"
    info = d["tiles"].get(tid)
    bg, body = "#fdf6e3", ""
    if tid == "central_square":
        bg = "#e8e0ff"
    elif info is not None:
        if info["built"]:
            bg, body = "#d5f5e3", "<div style='font-size:10px'>✔</div>"
        else:
            mine = acts if (r, c) == here.get("me") else {}
            body = _spaces(state, r, c, info, mine, lang)
    figs = "".join(f"<b style='color:{SEAT_COLOURS[s]}'>♟</b>" for s in here.get((r, c), ()))
    drs = "".join(dragon_svg(n, lang) for n in here.get(("dragon", r, c), ()))
    tile_acts = acts.get(("tile", r, c))
    attr, chips = _marks(tile_acts, lang)
    if tile_acts and tile_acts[0].verb == "done":  # the figure's own tile: stop the movement here
        attr += f" title='{escape(_t('done_tip.move', lang))}'"
        chips = f"<div class='bm-stop'>{escape(_t('done.move', lang))}</div>"
    return (f"<td class='bm-tile' data-tile='{escape(tid)}'{attr} style='background:{bg}'>"
            f"<b>{title}</b>{body}<div>{figs}{drs}</div>{chips}</td>")


def _hand(d: dict, seat: int, acts: dict, lang: str, split: str = "", done: str = "") -> str:
    """The seat's own hand as cards: people colour, value (``split``: the ≈ mark when the
    deck's split into 1s, 2s and 3s is gamekit's reconstruction), name, power."""
    hand = d["hands"][seat]
    if "hidden" in hand:
        return ""
    cards = []
    for kind in sorted(hand, key=lambda k: D.KIND_INDEX.get(k, 99)):
        people, _, value = kind.rpartition("_")
        colour = SPACE_COLOURS[D.COLOURS[D.PEOPLES.index(people)]] if people in D.PEOPLES \
            else "#999"
        fg = "#000" if people in ("lux", "pillar") else "#fff"
        key = kind if CATALOG.has("bluemoon.board.power", kind) else people
        power = (CATALOG.text("bluemoon.board.power", key, lang)
                 if CATALOG.has("bluemoon.board.power", key) else _t("no_power", lang))
        attr, chips = _marks(acts.get(("card", kind)), lang, split)
        name = escape(CATALOG.name("bluemoon", kind, lang))
        for _ in range(hand[kind]):
            cards.append(f"<div class='bm-card' data-card='{escape(kind)}'{attr}>"
                         f"<div class='bm-band' style='background:{colour};color:{fg}'>"
                         f"<b>{escape(value)}</b>{split}</div><div class='bm-name'>{name}</div>"
                         f"<div class='bm-power'>{escape(power)}</div>{chips}</div>")
    n = sum(hand.values())
    return (f"<div class='bm-hand'><b>{escape(_t('hand', lang, n=n))}</b> {done}"
            f"<div class='bm-cards'>{''.join(cards)}</div></div>")


_CSS = """<style>
.gamekit-bluemoon { font-family: system-ui, sans-serif; font-size: 12px; }
.bm-city { border-collapse: collapse; }
.bm-tile { width: 112px; height: 64px; vertical-align: top; border: 1px solid #aaa;
  font-size: 11px; }
.bm-space { display: inline-block; min-width: 16px; margin: 1px; padding: 0 2px; }
.bm-cards { display: flex; flex-wrap: wrap; gap: 4px; margin-top: 3px; }
.bm-card { width: 86px; min-height: 78px; border: 1px solid #888; border-radius: 6px;
  background: #fff; overflow: hidden; font-size: 11px; }
.bm-band { padding: 1px 6px; font-size: 15px; }
.bm-name { font-weight: 600; padding: 1px 4px; }
.bm-power { color: #333; padding: 0 4px 2px 4px; font-size: 10.5px; }
.bm-done { font-size: 12px; font-weight: 600; margin-left: 8px; }
.bm-stop { font-size: 10px; font-weight: 600; color: #6d4c00; }
</style>"""


def html(state, lang: str = "en", side: str | None = None,
         actions: tuple[Action, ...] | None = None) -> str:
    """The city grid (tiles, spaces with markers, figures, dragons), the deciding person's hand
    as cards and, beside them, ``side`` (HTML) or by default a table of every seat's counts and
    the obelisk. ``actions``: the person's legal actions, marked on tiles, spaces and cards."""
    d = state.to_dict()
    here: dict = {}
    for s, (r, c) in enumerate(d["figures"]):
        here.setdefault((r, c), []).append(s)
    for name, rc in d["dragons"].items():
        if rc is not None:
            here.setdefault(("dragon", *rc), []).append(name)
    acts = T.group(actions, _key)
    seat = actions[0].seat if actions else None
    if seat is not None:
        here["me"] = tuple(d["figures"][seat])
    done = _place_done(acts, here, d["turn"]["stage"], lang)
    rows = "".join("<tr>" + "".join(_tile_td(state, d, r, c, here, acts, lang)
                                    for c in range(5)) + "</tr>" for r in range(5))
    grid = f"<table class='bm-city'>{rows}</table>"
    split = state.split_mark and (f"<sup class='bm-approx' title='"
                                  f"{escape(_t('reconstructed_split', lang))}'>≈</sup>")
    hand = _hand(d, seat, acts, lang, split, done) if seat is not None else "".join(
        _hand(d, s, {}, lang, split) for s in range(d["players"]))
    if side is None:
        side = _side(d, lang)
    # the side table wraps below the city rather than being cut at the panel's edge
    return (f"<div class='gamekit-board gamekit-bluemoon'>{_CSS}<div style='display:flex;"
            f"flex-wrap:wrap;gap:12px'>{grid}<div style='flex:1 1 300px;min-width:0'>{side}"
            f"</div></div>{hand}</div>")


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
