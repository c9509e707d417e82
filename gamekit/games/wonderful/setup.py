"""Options and the set-up of a game (rulebook "Preparação", "Modo a solo", "Cenários a solo"):
the Empire side and cards, the deck (an explicit top, the rest shuffled), scenario cards in the
construction area and the solo Development Projects."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from gamekit.core import Option, OptionError
from gamekit.kit.deck import Deck

from .data import CARDS, DECK, EMPIRES, SCENARIOS, SOLO
from .seat import SeatState

if TYPE_CHECKING:
    from .state import WonderfulState

__all__ = ["OPTIONS", "lay_out"]


def _check_empires(value: list, players: int) -> str | None:
    if len(value) != players:
        return f"give one empire per seat ({players}), got {len(value)}"
    bad = [e for e in value if e not in EMPIRES]
    if bad:
        return f"unknown empire(s) {bad}; choose from {sorted(EMPIRES)}"
    if len(set(value)) != len(value):
        return "each seat needs a different empire"
    return None


def _check_deck(value: list, players: int) -> str | None:
    bad = [c for c in value if c not in CARDS]
    if bad:
        return f"unknown card id(s) {sorted(set(bad))[:5]}"
    counts = Counter(value)
    over = [c for c, n in counts.items() if n > CARDS[c].copies]
    if over:
        return ", ".join(f"{c} has {CARDS[c].copies} copies, listed {counts[c]} times" for c in over)
    return None


def _check_scenario(value: str, players: int) -> str | None:
    if value not in SCENARIOS:
        return f"unknown scenario {value!r}; choose from {sorted(SCENARIOS)}"
    if players != 1:
        return f"solo scenarios are played by 1 player, not {players}"
    return None


OPTIONS = {
    "empire_side": Option(
        "empire_side", str, None, ("A", "B"),
        "side of the Empire cards for all players (default A; B in solo scenarios)",
    ),
    "empires": Option(
        "empires", list, None, None, "empire id per seat (default: dealt at random)",
        _check_empires,
    ),
    "deck": Option(
        "deck", list, None, None,
        "card ids on top of the deck in this order (the rest of the 150 cards is shuffled "
        "below; all 150 fixes the whole order)", _check_deck,
    ),
    "scenario": Option(
        "scenario", str, None, None, "solo scenario CO1-CO6 (1 player)", _check_scenario,
    ),
    "solo_exchange": Option(
        "solo_exchange", bool, True, None,
        "solo: allow discarding 2 cards to look at 5 from the deck and keep 1",
    ),
}


def _side(scenario: str | None, side: str | None) -> str:
    if scenario is not None:
        want = SCENARIOS[scenario]["side"]
        if side is not None and side != want:
            raise OptionError(
                f"option 'empire_side' of wonderful: scenario {scenario} is played with "
                f"side {want}, not {side}"
            )
        side = want
    return side or "A"


def _deck(state: WonderfulState, setup_cards: list[str]) -> list[str]:
    """Scenario cards come out first, then the explicit top, then the rest shuffled."""
    top = list(state.options["deck"] or [])
    if not setup_cards and not top:  # the usual game: all 150 cards shuffled
        below = list(DECK)
        state.chance.shuffle("deck", below)
        return below
    rest = Counter(DECK)
    rest.subtract(setup_cards)
    rest.subtract(top)
    short = sorted(c for c, k in rest.items() if k < 0)
    if short:
        raise OptionError(
            f"option 'deck' of wonderful: too many copies of {short} once the scenario "
            f"cards are set aside"
        )
    below = []
    for c in DECK:
        if rest[c] > 0:
            rest[c] -= 1
            below.append(c)
    if below:
        state.chance.shuffle("deck", below)
    return top + below


def lay_out(state: WonderfulState) -> None:
    """Set the game up from ``state.options`` and ``state.chance`` (before the first round)."""
    n = state.players
    opts = state.options
    scenario = opts["scenario"]
    state.side = _side(scenario, opts["empire_side"])
    state.scenario = scenario
    if opts["empires"] is not None:
        empires = list(opts["empires"])
    else:
        empires = state.chance.sample("empires", sorted(EMPIRES), n)
    setup_cards = list(SCENARIOS[scenario]["cards"]) if scenario else []
    state.pile = Deck(_deck(state, setup_cards), recycle=False)
    state.seats = [SeatState(e) for e in empires]
    state.step = -1
    state.supremacy = []
    state.projects = []
    state.solo_sequence = 0
    state.looking = []
    state.emit("setup", rule="preparacao", side=state.side, empires=list(empires), players=n)
    for cid in setup_cards:
        state.seats[0].construction.append((cid, ("",) * len(CARDS[cid].spaces)))
        state.flow(0, "card", 1, "deck", "construction")
    if setup_cards:
        state.emit("scenario_setup", 0, rule="cenarios_a_solo", scenario=scenario,
                   cards=setup_cards)
    if n == 1:
        piles, size = SOLO["projects"]["piles"], SOLO["projects"]["cards_per_pile"]
        state.projects = [state.pile.draw(state.chance, size) for _ in range(piles)]
        state.emit("projects_formed", rule="modo_a_solo", piles=piles, size=size)
