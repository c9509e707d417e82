"""Gaia Project's "pieces first": the annotated pieces shown before the lesson's game.

Drawn with the game's own renderers (the faction board and map helpers the game hands over
with ``register(lesson=...)``): Player 1's faction board as the game shows it at the start of round 1 (structures left, income, power
bowls), the terraforming wheel seen from the faction's home planet, the tech tile under the
terraforming track and the round booster Player 1 holds. Each piece has a callout in words (prose
keys ``anat_*`` of ``text/gaia.{en,pt}.md``) whose numbers are facts read here from the game data
(:func:`piece_facts`), never written out. Rulebook sections: "Componentes", "O Ciclo de Poder",
"1) Ação: Construir uma Mina > Habitabilidade", "5) Ação: Pesquisa e Tecnologias", "Apêndice IV:
Bônus de Rodada" (``shared/rules/gaia-project.pt-BR.txt``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from gamekit.core import get

#: what the lesson uses of the game (``register(lesson=...)``)
K = get("gaia").lesson
C, M = K.components, K.svg_map
BOOSTERS, HOME_PLANETS, TECH, TRACKS = C.BOOSTERS, C.HOME_PLANETS, C.TECH, C.TRACKS
terraform_steps = C.terraform_steps
BOX, faction_html = K.BOX, K.faction_html
PLANET_COLOURS, code, name, svg_points_at = M.PLANET_COLOURS, M.code, M.name, M.svg_points_at

__all__ = ["SEAT", "piece_facts", "tech_tile", "anatomy_html", "wheel_svg"]

#: whose pieces are shown: Player 1 (Hadsch Hallas in the rulebook's first game)
SEAT = 0
#: the research track whose tech tile is shown
TECH_TRACK = "terra"
_DARK = {"desert", "ice", "volcanic", "titanium"}


def tech_tile(state: Any) -> Any:
    """The tech tile under the terraforming track in ``state``'s game."""
    return TECH[state.tech_at[TECH_TRACK]]


def piece_facts(state: Any) -> dict[str, int]:
    """Every number the pieces' callouts state, read from the game data of ``state`` (the
    start of round 1 of the lesson's game): ``{placeholder: value}``."""
    p = state.pl[SEAT]
    board = p.board.buildings
    home = p.board.home
    steps = [terraform_steps(home, k) for k in HOME_PLANETS]
    tile = tech_tile(state)
    booster = BOOSTERS[p.booster]
    return {
        "pc_mines": board["mine"].count, "pc_stations": board["trading_station"].count,
        "pc_labs": board["research_lab"].count,
        "pc_mine_credits": board["mine"].cost.get("credits", 0),
        "pc_mine_ore": board["mine"].cost.get("ore", 0),
        "pc_bowl1": p.board.bowls[0], "pc_bowl2": p.board.bowls[1],
        "pc_bowl3": p.board.bowls[2],
        "pc_step_ore": TRACKS[TECH_TRACK].levels[0].ore_per_step,
        "pc_near_steps": min(s for s in steps if s), "pc_far_steps": max(steps),
        "pc_tech_ore": tile.gain.get("ore", 0), "pc_tech_qic": tile.gain.get("qic", 0),
        "pc_boost_credits": booster.income.get("credits", 0),
        "pc_boost_qic": booster.income.get("qic", 0),
    }


def wheel_svg(home: str, lang: str) -> str:
    """The seven home planet types round the terraforming wheel, each with its letter code and
    the steps from ``home`` (the shorter way round, "Habitabilidade")."""
    n = len(HOME_PLANETS)
    out = ["<svg class='gaia-wheel' xmlns='http://www.w3.org/2000/svg' viewBox='0 0 220 200' "
           "width='100%' style='max-width:260px' role='img'>"]
    for i, kind in enumerate(HOME_PLANETS):
        a = 2 * math.pi * i / n - math.pi / 2
        x, y = 110 + 70 * math.cos(a), 98 + 70 * math.sin(a)
        steps = terraform_steps(home, kind)
        ink = "#000" if kind in _DARK else "#fff"
        ring = " stroke-width='3'" if kind == home else ""
        out.append(f"<g class='gaia-wheel-planet' data-planet='{kind}' data-steps='{steps}'>"
                   f"<title>{name(kind, lang)}: {steps}</title>"
                   f"<polygon points='{svg_points_at(x, y, 22)}' fill='{PLANET_COLOURS[kind]}' "
                   f"stroke='#000'{ring}/>"
                   f"<text x='{x:.1f}' y='{y - 2:.1f}' font-size='11' text-anchor='middle' "
                   f"fill='{ink}' font-weight='bold'>{code(kind, lang)}</text>"
                   f"<text x='{x:.1f}' y='{y + 11:.1f}' font-size='10' text-anchor='middle' "
                   f"fill='{ink}'>{steps}</text></g>")
    out.append("</svg>")
    return "".join(out)


def _piece(title: str, drawing: str, callout: str) -> str:
    return (f"<div class='gaia-piece' style='{BOX};display:inline-block;vertical-align:top;"
            f"margin:3px;max-width:520px'><b>{title}</b>{drawing}"
            f"<div class='gaia-callout' style='font-size:12px;margin-top:4px'>{callout}</div>"
            "</div>")


def _chip(label: str, cls: str) -> str:
    return (f"<div class='{cls}' style='font-size:12px;border:1px solid #bbb;border-radius:4px;"
            f"padding:4px 6px;background:#fff;margin:4px 0'>{label}</div>")


def anatomy_html(state: Any, lang: str, text: Callable[[str], str]) -> str:
    """The four annotated pieces; ``text(key)`` is the lesson's prose in ``lang``."""
    p = state.pl[SEAT]
    tile = tech_tile(state)
    track = name("track:" + TECH_TRACK, lang)
    pieces = [
        _piece(text("anat_faction_title"), faction_html(state, SEAT, lang),
               text("anat_faction")),
        _piece(text("anat_wheel_title"), wheel_svg(p.board.home, lang),
               f"{text('anat_home')} <b>{name(p.board.home, lang)}</b>. {text('anat_wheel')}"),
        _piece(text("anat_tech_title"),
               _chip(f"{track}: <b>{name(tile.id, lang)}</b>", "gaia-tech"),
               text("anat_tech")),
        _piece(text("anat_booster_title"), _chip(f"<b>{name(p.booster, lang)}</b>",
                                                 "gaia-booster"), text("anat_booster")),
    ]
    return (f"<div class='gamekit-board gaia-anatomy' style='font-family:system-ui,sans-serif'>"
            f"{''.join(pieces)}</div>")
