"""It's a Wonderful World (base game, 1-5 players) on the gamekit engine contract.

Sources: the Portuguese rulebook (``shared/rules/its-a-wonderful-world.pt-PT.txt``) is the
specification; card, Empire and solo facts come from ``shared/reference/wonderful/`` and are
re-expressed in ``data/cards.json``, ``data/empires.json`` and ``data/solo.json``. The reference
marks no value as uncertain (every field agrees in at least three independent listings); the
``uncertain`` list in ``data/cards.json`` is kept, empty, for that purpose. Portuguese card names
exist only for the 22 cards named in the rulebook's solo scenarios; the others (and all Empire
names) are shown in English in Portuguese narration.

What is modelled: 3-5 players; the 2-player draft; the solo mode and scenarios CO1-CO6; both
Empire sides; all 150 development cards; draft (left in rounds 1 and 3, right in 2 and 4, with
a simultaneous secret pick), planning, the five production steps, supremacy, construction,
Krystallium, characters, discarding under construction, end scoring and tie-breaks.

Options: ``empire_side`` (A/B, default A; B in scenarios), ``empires`` (one id per seat, else
dealt at random), ``deck`` (card ids on top of the deck, in order; the rest of the 150 cards is
shuffled below them, so a full list of 150 fixes the whole order), ``scenario`` (CO1-CO6, 1
player), ``solo_exchange`` (the solo discard-2-look-at-5 option, default on).

Actions (text form)::

    p2 draft zeppelin                      secret draft pick
    p1 keep zeppelin | p1 recycle zeppelin planning, one drafted card at a time
    p3 place materials industrial_complex  one produced / recycled cube (or ``empire``)
    p1 use krystallium zeppelin energy     a Krystallium on an energy (or krystallium) space
    p1 use general center_of_the_earth     a character token on its space
    p1 discard zeppelin                    discard a card under construction
    p1 supremacy financier                 science supremacy: financier or general
    p1 done                                keep the tokens for later (end of a step)
    p1 exchange zeppelin / p1 take zeppelin   solo: discard 2 cards, keep 1 of 5 drawn

A second copy of the same card under construction is named ``zeppelin.2`` (third
``zeppelin.3``), in the order of the construction area.

Readings where the rulebook leaves room (each one is tested in ``tests/wonderful``):

1. *Seats and direction.* Seats are clockwise; "left" is the next seat (``seat + 1``), "right"
   the previous one.
2. *Last card of the draft.* With 3-5 players the single card passed last is kept without a
   decision (it is forced). With 2 players the 3 cards left after the 7th pick are discarded
   (no recycling bonus) before planning.
3. *"At any time".* Krystallium and character tokens may be placed, and cards under
   construction discarded, with every keep/recycle choice of the planning phase. In addition,
   at the end of planning and of every production step (once its cubes are placed) a seat that
   holds a token it could place is asked whether to place it (or discard a card) or be
   ``done``; so tokens can complete a card before the next step produces, and after the last
   step of the game. A seat is asked too when discarding other cards under construction
   would make enough Krystallium (the 5th cube on the Empire card) to complete a card with
   the tokens it holds; otherwise a discard can wait for the next decision with no effect on
   the game. Nothing is offered during the draft: placing a token then is the same as placing
   it at the start of planning, since nothing is produced in between.
4. *Immediate placement.* A produced or recycled cube must be placed before anything else;
   when the Empire card is its only possible place it goes there without a decision. Placed
   cubes never move; cubes on the Empire card only ever make Krystallium.
5. *Krystallium.* Every time 5 resource cubes (any mix) lie on the Empire card they become 1
   Krystallium at once. Krystallium from construction bonuses is kept apart (it is not one of
   the 5 cubes). A Krystallium placed for a resource names the space it fills
   (``use krystallium giant_tower gold``); it never fills a character space.
6. *Production.* Each step counts the Empire card and the cards built at the start of the
   step; "per type" production counts built cards of that type, the producing card included.
   A card completed during step S produces from step S+1 of the same round; one completed in
   planning (e.g. by a recycled cube) produces in this round's production.
7. *Supremacy.* The single seat with strictly the highest production of the step gets the
   token; a tie for the highest gives nothing. The token arrives before that step's placement
   and may be used at once. Science lets the winner choose (a decision). Solo: the player gets
   the token with at least 5 of that resource produced in the step.
8. *Discarding under construction.* The recycling bonus cube goes to the Empire card (it may
   complete a Krystallium); cubes and tokens on the card return to the supply.
9. *Tie-breaks.* Most built cards, then most character tokens on the Empire card, then a shared
   victory (all tied seats rank 1).
10. *Solo.* The 8 Development Projects are the first 40 cards of the shuffled deck, 5 each,
    taken in order (they are face down and shuffled, so order is random). The exchange needs at
    least 2 cards in hand and at least 5 in the deck (the discard pile is never reshuffled). The
    5 drawn cards are seen by the player only. Spectators see the selection area.
11. *Solo score and rating.* ``score_breakdown`` is the plain VP count on either side; the
    rating (``state.rating()``, ``to_dict()["solo"]["rating"]``, ``sim_columns``) subtracts 15
    VP first when side A was used, as the rulebook asks.
12. *Scenarios.* The listed cards are taken out of the deck and start in the construction area
    (empty). A scenario is won when a card of each listed id is built at the end (another copy
    of the same card counts); the medal then follows the VP thresholds. A seat may still
    discard a scenario card (the rules allow it), but then has to build another copy.
13. *Deck.* With at most 140 cards dealt, the multi-player deck never runs out.
14. *What a seat sees.* Its own hand and pick; every revealed card (selection areas,
    construction, Empires, discard pile); and the hands it has already held and passed on
    (their picks are public), except while their holder's secret pick is pending. Other hands,
    secret picks, the deck order and the solo Development Projects are hidden; a view also drops
    the seed and an explicit ``deck`` option (either would rebuild the hidden order).
"""

from types import SimpleNamespace

from gamekit.core import register

from . import render, text  # noqa: F401  (text registers the messages and names)
from .bots import HeuristicAgent
from .data import SCENARIOS
from .state import WonderfulState

__all__ = ["WonderfulState", "HeuristicAgent"]


def lesson_support() -> SimpleNamespace:
    """What the lessons use of the rules and pieces (handed over by ``register``): the card
    table, resources and card types in rulebook order, Empire facts, and drawings of a card, a
    cube and the board's CSS."""
    from .data import CARDS, RES, TYPES, facts

    return SimpleNamespace(CARDS=CARDS, RES=RES, TYPES=TYPES, facts=facts,
                           card_html=render.card_html, cube=render.cube, CSS=render._CSS)


register(
    WonderfulState, agents={"heuristic": HeuristicAgent}, default_players=4,
    render=render.html,
    palette=render.PALETTE,
    # a solo scenario is played by one player (side B is set by the engine)
    presets={"players": 3, "bots": ("heuristic", "random"),
             "choices": lambda: {"scenario": [None, *sorted(SCENARIOS)]},
             "fixes": {"scenario": {"players": 1}}},
    lesson=lesson_support, lesson_content="gamekit_widgets.lessons.wonderful",
)
