"""Gaia Project board as HTML with SVG: the space map, the research board with the tech tiles,
every seat's faction board (stock, power bowls, pieces left, income, tiles), the scoring tiles
and the boosters (rulebook "Componentes"). No Jupyter imports.

``html(state, lang)`` is the board the widgets show (root class ``gamekit-board``); every word
goes through the ``gaia`` catalog in en and pt-BR. Drawing: :mod:`.svg_map` (map, legend) and
:mod:`.svg_boards` (research board, faction boards, tiles). The game hands it to core and widgets through
``register(..., render=html)``; ``state._repr_html_()`` uses it.
"""

from __future__ import annotations

from .svg_boards import faction_html, research_svg, tech_html, tiles_html
from .svg_controls import Marks, faction_picker
from .svg_map import (
    PLANET_COLOURS,
    SEAT_COLOURS,
    legend_html,
    map_svg,
    name,
    seat_colour,
    t,
    target_hexes,
    who,
)

__all__ = ["html", "PLANET_COLOURS", "SEAT_COLOURS", "target_hexes"]



def _title(state, lang: str) -> str:
    if state.is_over():
        return t("ui.over", lang)
    if state.round == 0:
        return t("ui.setup", lang)
    tile = state.round_tiles[state.round - 1]
    return t("ui.round", lang, n=state.round) + " · " + name(tile, lang)


def _section(key: str, title: str, body: str, open_: bool) -> str:
    """A tab of the side column: a folding section of the group ``gaia-side`` (opening one
    closes the others, so the side never grows below the map); the board panel keeps the one
    the person opened across redraws (``data-key``)."""
    attr = " open='open' data-open='1'" if open_ else ""
    return (f"<details class='gaia-section' name='gaia-side' data-key='{key}'{attr}"
            f" style='{_SECTION}'><summary style='cursor:pointer;font-weight:600'>{title}"
            f"</summary>{body}</details>")


_SECTION = ("border:1px solid #c9cde0;border-radius:6px;padding:1px 6px;background:#fafbff;"
            "font-size:13px")
#: which verbs' pieces lie in which section (the section opens when the decision has them and
#: the deciding seat's board has none)
_IN_RESEARCH = ("research", "step", "tech", "cover")
_IN_TILES = ("booster", "fedtoken", "federation")


def _front_seat(state, marks: Marks) -> int:
    """The seat whose board stands beside the map: the one deciding (else seat 0)."""
    if marks.seat is not None:
        return marks.seat
    moving = state.to_move() if not state.is_over() else ()
    return moving[0] if moving else 0


def _order(state, lang: str) -> str:
    """The turn order of the round (rulebook "Fase III: Ações": a passed seat is skipped)."""
    seats = []
    for s in state.order:
        text = t("seat", lang, n=s + 1)
        if state.pl[s].passed:
            text = f"<s>{text}</s> ({t('board.passed', lang)})"
        seats.append(f"<span style='color:{seat_colour(s)};font-weight:600'>{text}</span>")
    return f"{t('board.order', lang)}: " + " → ".join(seats)


def _open_tab(marks: Marks) -> str:
    """The side tab open as drawn: the one holding the decision's pieces (the research board
    for a step or a tech tile, the tiles for a booster or a federation token), else the
    deciding seat's board (a main turn: its conversions, bowls and booster)."""
    verbs = set(marks.by)
    if verbs and verbs <= set(_IN_RESEARCH) | {"end", "decline", "pass"}:
        return "research" if verbs & set(_IN_RESEARCH) else "mine"
    if verbs and verbs <= set(_IN_TILES) | {"end", "decline", "pass"}:
        return "tiles" if verbs & set(_IN_TILES) else "mine"
    return "mine"


def html(state, lang: str = "en", side: str | None = None, actions=None, names=False,
         **_kw) -> str:
    """The whole board in one screen: the map, beside it the round, the turn order and tabs
    (the deciding seat's faction board; the research board with the tech tiles; scoring tiles,
    boosters, power and QIC actions, federation tokens; the other seats' boards), the tab with
    the decision's pieces open (``side`` HTML, when given, replaces the faction boards).
    ``actions``: the person's legal actions, each clickable on its piece (``data-action``:
    hexes, research steps, action spaces, boosters, tiles, bowls, conversions). ``names``:
    the map's always-named hexes (``map_svg``; opt-in, e.g. a lesson's board)."""
    marks = Marks(actions, lang)
    front = _front_seat(state, marks)
    if side is None:
        mine = faction_html(state, front, lang, marks)
        others = "".join(faction_html(state, s, lang, marks)
                         for s in range(state.players) if s != front)
    else:
        mine, others = "", side
    picker = faction_picker(state, marks, lang) if marks.verb("faction") else ""
    tab = _open_tab(marks)
    sections = (
        (_section("mine", who(state, front, lang), mine, tab == "mine") if mine else "")
        + _section("research", t("board.research", lang),
                   f"<div class='gaia-research-board'>{research_svg(state, lang, marks)}"
                   f"{tech_html(state, lang, marks)}</div>", tab == "research")
        + _section("tiles", t("board.tiles_section", lang), tiles_html(state, lang, marks),
                   tab == "tiles")
        + _section("players", t("board.others", lang),
                   f"<div class='gaia-factions' style='display:flex;flex-direction:column;"
                   f"gap:6px'>{others}</div>", not mine))
    head = (f"<div style='font-size:12px'><b>{_title(state, lang)}</b>"
            + (f"<div class='gaia-order'>{_order(state, lang)}</div>" if state.round and not state.is_over() else "")
            + "</div>")
    return (f"<div class='gamekit-board gaia-board' data-round='{state.round}' "
            f"style='font-family:system-ui,sans-serif;color:#111'>{picker}"
            f"<div style='display:flex;flex-wrap:wrap;gap:8px;align-items:flex-start'>"
            f"<div style='flex:3 1 380px;min-width:300px'>{map_svg(state, lang, actions, names)}"
            f"<div style='display:flex;gap:12px;font-size:12px'>"
            f"<details class='gaia-section' data-key='legend'><summary style='cursor:pointer'>"
            f"{t('board.legend', lang)}</summary>{legend_html(lang)}</details>"
            f"<details class='gaia-names' data-key='names'><summary style='cursor:pointer'>"
            f"{t('board.hex_names', lang)}</summary></details></div>"
            f"</div><div class='gaia-side' style='flex:2 1 300px;min-width:280px;display:flex;"
            f"flex-direction:column;gap:3px'>{head}{sections}</div></div></div>")


#: the play app gives this board 68 % of its width (``gamekit_widgets.board.board_share``):
#: the map and the deciding seat's board stand side by side
html.board_share = 68
#: the colours the board and every chart share (``register(..., palette=PALETTE)``): the
#: seats' colours of the map; resources far apart (credits gold, knowledge blue, ore grey,
#: QIC green, power tokens purple)
PALETTE = {"seats": SEAT_COLOURS,
           "resources": {"credits": "#e8b90e", "knowledge": "#2f7fd1", "ore": "#7f8790",
                         "qic": "#3aa655", "token": "#9b5de5", "vp": "#8e44ad"}}
