"""Gaia Project board controls: which piece of the board stands for which legal action of the
person's decision, and the words a piece's hover shows (cost, gain, range, VP) before the click.

Per ``gamekit.kit.targets`` a piece standing for an action carries ``data-action="<action>"``:
the next step of a research track (rulebook "5) Pesquisa e Tecnologias"), the power and QIC
action spaces ("6) Ações de Poder e C.I.Q."), boosters ("8) Passando a vez": take one, or return
the held one to pass), tech tiles (and the held one to cover), federation tokens, the bowls
(burn, brainstone, which token), each free conversion on the player's own board ("10) Ações
Livres"), the leech and income offers beside the bowls of the player who decides. Every word
goes through the ``gaia`` catalog.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping

from gamekit.core import CATALOG, Action

from .actions import FREE
from .components import BOARD_ACTIONS, FACTIONS, HOME_PLANETS, RESOURCES, TRACKS, terraform_steps
from .svg_map import PLANET_COLOURS, G, code, esc, name, t

__all__ = ["Marks", "amounts", "free_cost", "tip", "tip_label", "html_attr", "svg_attr", "chip",
           "faction_picker", "wheel_svg", "steps_wheel_svg"]


class Marks:
    """The decision's legal actions by verb and first argument (``None`` without one)."""

    def __init__(self, actions: Iterable[Action] | None, lang: str = "en"):
        self.lang = lang
        self.by: dict[str, dict[object, Action]] = {}
        self.seat: int | None = None
        for a in actions or ():
            self.seat = a.seat
            self.by.setdefault(a.verb, {}).setdefault(a.args[0] if a.args else None, a)

    def __bool__(self) -> bool:
        return bool(self.by)

    def find(self, *pairs: tuple[str, object]) -> Action | None:
        """The first legal action among ``(verb, first argument)`` pairs."""
        for verb, key in pairs:
            a = self.by.get(verb, {}).get(key)
            if a is not None:
                return a
        return None

    def verb(self, verb: str) -> list[Action]:
        return list(self.by.get(verb, {}).values())


def amounts(d: Mapping[str, int], lang: str) -> str:
    """``4 power, 1 QIC`` (localized names of resources; '' for nothing; what is no resource,
    such as terraforming steps, is left to the caller's words)."""
    return ", ".join(f"{n} {CATALOG.name(G, r, lang, count=n)}" for r, n in d.items()
                     if r in RESOURCES and isinstance(n, int) and n)


#: free actions paid with a piece, not a resource (the names of what they spend)
_PAID_WITH = {"gf-q": "gf", "t3-k": "token3"}


def free_cost(fid: str, cost: Mapping[str, int], lang: str) -> str:
    """What a free conversion spends, in words."""
    return amounts(cost, lang) or CATALOG.name(G, _PAID_WITH.get(fid, fid), lang, count=1)


def _label(action: Action, lang: str) -> str:
    """The catalog's words for ``action`` (``act.<verb>[.<last argument>]``)."""
    key = "act." + action.verb
    last = action.args[-1] if action.args else None
    if isinstance(last, str) and CATALOG.has(G, f"{key}.{last}"):
        key += "." + last
    params = {f"a{i}": a for i, a in enumerate(action.args)}
    first = action.args[0] if action.args else None
    if action.verb in ("research", "step") and first in TRACKS:
        params["a0"] = CATALOG.name(G, "track:" + first, lang)
    elif action.verb in ("rescore", "fedtoken") and isinstance(first, str):
        params["a0"] = CATALOG.name(G, "fedtoken:" + first, lang)
    elif action.verb == "federation" and isinstance(first, str):
        params["a0"] = first.replace("+", ", ")
    if not CATALOG.has(G, key):  # a verb without words of its own: its name and its arguments
        return " ".join([CATALOG.name(G, action.verb, lang)]
                        + [str(params[f"a{i}"]) for i in range(len(action.args))])
    return CATALOG.text(G, key, lang, args=list(action.args), **params)


def _details(state, action: Action, lang: str) -> str:
    """What the action costs and gives, in words ('' when the label says it all)."""
    v, arg = action.verb, (action.args[0] if action.args else None)
    if v == "action" and arg in BOARD_ACTIONS:
        a = BOARD_ACTIONS[arg]
        gain = amounts(a.gain, lang)
        if set(a.gain) - set(RESOURCES):  # steps, a tile, a token: the space's own words
            gain = CATALOG.name(G, arg, lang)
        return CATALOG.text(G, "tip.cost_gain", lang, cost=amounts(a.cost, lang), gain=gain)
    if v == "convert" and arg in FREE:
        cost, gain = FREE[arg][:2]
        return CATALOG.text(G, "tip.cost_gain", lang, cost=free_cost(arg, cost, lang),
                            gain=amounts(gain, lang))
    if v in ("research", "step") and arg in state.pl[action.seat].research:
        level = state.pl[action.seat].research[arg] + 1
        text = CATALOG.text(G, "tip.level", lang, n=level)
        if v == "research":
            text += "; " + CATALOG.text(G, "tip.research_cost", lang)
        return text
    if v == "leech" and isinstance(arg, int):
        return CATALOG.text(G, "tip.leech_vp", lang, n=max(0, arg - 1))
    if v == "pass":
        return CATALOG.text(G, "tip.pass", lang)
    return ""


def tip_label(state, action: Action, lang: str) -> str:
    """The short words of a chip standing for ``action`` (not escaped)."""
    text = _label(action, lang)
    return text[:1].upper() + text[1:]


def tip(state, action: Action, lang: str) -> str:
    """The hover words of a piece standing for ``action`` (not escaped)."""
    more = _details(state, action, lang)
    return tip_label(state, action, lang) + (f" — {more}" if more else "")


def html_attr(state, action: Action | None, lang: str) -> str:
    """`` data-action='…' title='…'`` for an HTML element standing for ``action``."""
    if action is None:
        return ""
    return f" data-action='{esc(str(action))}' title='{esc(tip(state, action, lang))}'"


def svg_attr(state, action: Action | None, lang: str) -> tuple[str, str]:
    """``(attribute, <title>)`` for an SVG group standing for ``action``."""
    if action is None:
        return "", ""
    return f" data-action='{esc(str(action))}'", f"<title>{esc(tip(state, action, lang))}</title>"


def chip(state, action: Action, label: str, lang: str) -> str:
    """A small clickable button on the board for ``action`` (``label`` escaped already)."""
    return (f"<button type='button' class='gamekit-chip gaia-control'"
            f"{html_attr(state, action, lang)}>{label}</button>")


def wheel_svg(home: str, lang: str) -> str:
    """The terraforming wheel: the seven home planet types in a ring, ``home`` marked (large,
    outlined, its letter code written)."""
    out = ["<svg class='gaia-wheel' width='44' height='44' viewBox='-22 -22 44 44' role='img' "
           "style='float:right'>"]
    for i, kind in enumerate(HOME_PLANETS):
        x, y = 14 * math.sin(i * math.tau / 7), -14 * math.cos(i * math.tau / 7)
        big = kind == home
        out.append(f"<circle cx='{x:.1f}' cy='{y:.1f}' r='{7 if big else 4}' "
                   f"fill='{PLANET_COLOURS[kind]}' stroke='#000' stroke-width='{2 if big else .6}'>"
                   f"<title>{name(kind, lang)}</title></circle>")
    out.append(f"<text y='4' font-size='10' text-anchor='middle' font-weight='bold'>"
               f"{esc(code(home, lang))}</text></svg>")
    return "".join(out)


def _build_kinds(state, marks: Marks) -> set:
    """The planet types of the hexes the decision can build a mine on."""
    kinds = set()
    for a in marks.verb("build"):
        try:
            hx = tuple(state.hex_of(a.args[0]))
        except (KeyError, ValueError, IndexError):
            continue
        kinds.add(state.ptype.get(hx, state.space.planets.get(hx)))
    return kinds


def steps_wheel_svg(state, seat: int, lang: str, marks: Marks | None = None) -> str:
    """The seat's terraforming wheel (rulebook "1) Construir uma Mina", "Habitabilidade"): the
    seven home types round the ring, the home planet outlined, beside each the steps a mine
    there takes and the ore they cost now (the Terraforming level sets ore per step); the
    types the decision can build a mine on ringed in yellow. The engine asks no separate wheel
    decision: the steps are paid with the mine ('' without a faction on the wheel)."""
    p = state.pl[seat]
    home = FACTIONS[p.faction].home if p.faction in FACTIONS else None
    if home not in HOME_PLANETS:
        return ""
    ore = p.ore_per_step()
    marks = marks if marks and marks.seat == seat else Marks(())
    targets = _build_kinds(state, marks)
    out = [f"<svg class='gaia-steps-wheel' xmlns='http://www.w3.org/2000/svg' width='66' "
           f"height='66' viewBox='-33 -33 66 66' role='img' style='flex:none'><title>"
           f"{t('board.wheel', lang, home=name(home, lang), ore=ore)}</title>"
           f"<circle r='17' fill='none' stroke='#999' stroke-width='1'/>"]
    start = HOME_PLANETS.index(home)
    for k in range(len(HOME_PLANETS)):
        kind = HOME_PLANETS[(start + k) % len(HOME_PLANETS)]
        steps = terraform_steps(home, kind)
        angle = k * math.tau / len(HOME_PLANETS)
        x, y = 17 * math.sin(angle), -17 * math.cos(angle)
        nx, ny = 28 * math.sin(angle), -28 * math.cos(angle)
        ring = (f"<circle cx='{x:.1f}' cy='{y:.1f}' r='7.8' fill='none' stroke='#ffb300' "
                f"stroke-width='2.5'/>" if kind in targets else "")
        title = t("board.wheel_planet", lang, planet=name(kind, lang), n=steps, ore=steps * ore)
        out.append(f"<g class='gaia-wheel-step' data-planet='{esc(kind)}' data-steps='{steps}'>"
                   f"<title>{title}</title>{ring}"
                   f"<circle cx='{x:.1f}' cy='{y:.1f}' r='6' fill='{PLANET_COLOURS[kind]}' "
                   f"stroke='#000' stroke-width='{1.8 if kind == home else .5}'/>"
                   f"<text x='{x:.1f}' y='{y + 3:.1f}' font-size='5.5' text-anchor='middle' "
                   f"font-weight='bold' fill='#fff' stroke='#000' stroke-width='.3'>"
                   f"{esc(code(kind, lang))}</text>"
                   f"<text x='{nx:.1f}' y='{ny + 3:.1f}' font-size='8.5' text-anchor='middle' "
                   f"font-weight='bold' fill='#333'>{steps if kind != home else '⌂'}</text></g>")
    out.append(f"<text y='0' font-size='6' text-anchor='middle' fill='#333'>"
               f"{t('board.wheel_ore', lang, ore=ore)}</text>"
               f"<text y='6.5' font-size='5' text-anchor='middle' fill='#555'>"
               f"{t('board.wheel_per_step', lang)}</text></svg>")
    return "".join(out)


def faction_picker(state, marks: Marks, lang: str) -> str:
    """Every faction as a card: home planet, start, abilities; the free ones clickable."""
    cards = []
    for fid, f in FACTIONS.items():
        a = marks.find(("faction", fid))
        colour = PLANET_COLOURS.get(f.home, "#888")
        taken = "" if a else f" <i>{t('board.unavailable', lang)}</i>"
        ability = CATALOG.text(G, "ability." + fid, lang) if CATALOG.has(G, "ability." + fid) \
            else ""
        pi = CATALOG.text(G, "pi_ability." + fid, lang) if CATALOG.has(G, "pi_ability." + fid) \
            else ""
        cards.append(
            f"<div class='gaia-faction-card' data-faction='{esc(fid)}'"
            f"{html_attr(state, a, lang)} style='border:1px solid #bbb;border-left:8px solid "
            f"{colour};border-radius:5px;padding:3px 6px;background:#fff;font-size:11px;"
            f"{'' if a else 'opacity:.5;'}'>{wheel_svg(f.home, lang)}<b>{name(fid, lang)}</b>"
            f"{taken}<br>"
            f"{t('board.home', lang)}: {name(f.home, lang)} · "
            f"{esc(amounts(f.start, lang))}"
            + (f"<br>{esc(ability)}" if ability else "")
            + (f"<br><i>{t('board.pi', lang)}</i>: {esc(pi)}" if pi else "") + "</div>")
    return (f"<div class='gaia-factions-free' style='display:grid;grid-template-columns:"
            f"repeat(auto-fill,minmax(210px,1fr));gap:4px'>{''.join(cards)}</div>")
