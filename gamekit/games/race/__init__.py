"""Race for the Galaxy (base game, Tom Lehmann, Rio Grande Games 2007) on the gamekit contract.

Sources: the rulebook (pt-BR v1.02 and Spanish) is the specification; card facts come from the
project's reference tables (``data/cards.json``, re-expressed in our own format).

Rule readings (where the rulebook leaves a choice, the reading used here):

* Order: simultaneous steps (action choice, explore keep, develop/settle pick, discards) are
  asked of every seat at once; whatever takes cards from the deck is resolved one seat at a
  time, clockwise from the seat with the lowest-numbered start world ("Quem joga primeiro?":
  the order matters when few cards are left). Draw order, phase by phase (each pinned in
  ``tests/race/test_draw_order.py`` with a short ``deck``):

  - setup: the six-card deal, seat by seat in that order; then Alpha Centauri's good; then
    the initial discards (simultaneous);
  - Explore: every seat draws in order, then all keep at once; the unkept cards are
    discarded after every draw, so they never return in the same phase;
  - Develop: "draw at the start" powers in order, then the secret picks; then per seat in
    order: payment (discarded), placement, "draw after developing";
  - Settle: per seat in order: payment (or Colony Ship / New Military Tactics discard),
    placement, the windfall good of a windfall world, then the Settle bonus and "draw after
    settling" cards;
  - Consume: per seat in order: Trade (the sold good is discarded, then its cards drawn),
    New Economy's draw, then the consume powers with their cards and the gamble;
  - Produce: per seat in order: goods on production worlds, windfall goods (powers, then the
    Produce bonus), then that seat's produce draws, before the next seat starts; only "draw
    if you produced the most" (Mining Conglomerate) compares everyone's production, so it is
    drawn after every seat has produced, in the same order;
  - round end: discards only (simultaneous); the discard pile is sorted before a reshuffle,
    so the order of discards never matters;
  - reshuffle: as soon as the last card is taken ("reembaralhe os descartes imediatamente"),
    even in the middle of a seat's draw; cards discarded later wait for the next reshuffle.
    With deck and discards both empty, draws and goods are simply skipped.
* A card placed in a phase gives no power in that phase (Public Works does not draw for
  itself); cards placed in the first of two Develop/Settle phases (advanced 2-player) work
  in the second. Bonus of the second phase only for a seat that chose both cards.
* Consume: powers in any order chosen by the player, each once per phase, a started power is
  used to the maximum; every power is mandatory while usable, except the "discard cards from
  hand for VP" powers (Deficit Spending, Merchant World), which are optional and may stop
  early. Gambling World's gamble is a (free) mandatory power: the player names 1-7.
  Pilgrimage World, when used, discards all goods for (goods - 1) VP; it is usable (and so
  mandatory) with one good, which then gives 0 VP. New Economy's draw happens automatically
  at the start of the seat's consume powers (after Trade). Consume x2 doubles only VP chips from
  consuming goods (incl. Pilgrimage World), never cards nor VP from discarding hand cards.
* Trade ($ bonus) is mandatory for a seat that chose Consume: Trade and has a good; the
  advanced game's Trade + x2 sells before consuming at double VP.
* Windfall production (Produce bonus and powers such as Genetics Lab) is mandatory; powers
  limited to one good kind are resolved before the "any kind" ones (this never reduces what can
  be produced; the player still picks the world).
* Colony Ship and New Military Tactics are only used as part of placing the revealed world;
  Colony Ship is offered only when the world would cost more than 0 cards. Colony Ship with
  Contact Specialist places a non-Alien military world for 0 cards (rulebook, "Settle").
* New Galactic Order counts the tableau's unconditional military (negatives included,
  specialised and temporary excluded); a negative total scores negative points.
* The deck is reshuffled from the discards as soon as it runs out.
* The VP pool may go negative: chips keep being awarded; the game ends at the end of the round
  in which the pool reached 0 or a tableau reached 12 cards. Tie-break: hand + goods; then the
  tied players share the win.
* Uncertain data kept from the reference (see ``data/cards.json`` "uncertain"): Black Market
  Trading World's and Trade League's sell power count as consume (not trade) powers for Trade
  League / New Economy scoring.

* First game: the rulebook deals start worlds 1..N at random; the engine gives seat k start
  world k+1 (and its preset hand), so a lesson is the same every time. A random deal of those
  worlds is ``start_worlds`` (any order) with ``first_game``: the preset hands follow the worlds.

* Hidden information: a view hides other hands (except a card revealed for placement), the
  deck and discard order, every good's card (its kind is public), others' explored cards and
  the round's secret picks; it also drops the seed and the ``deck``/``deck_top``/``hands``
  options, which would let a bot rebuild the hidden cards. Events name a card only where the
  rules show it face up: tableau cards, revealed picks, the card the gamble flips, the world
  whose good is placed, sold or consumed (``good``, ``sell``, ``discard_good``); goods are
  face-down cards and are never named; cards drawn, dealt, explored, kept, picked, paid or
  discarded from a hand are named only in the owner's events (``drew``, ``dealt``,
  ``explore_see``, ``keep``, ``pick``, ``discarded``), the public ones give counts.

What is verified (``tests/race``): every power code in a scenario, every worked example and
clarification of the rulebook, the rulebook's card statistics against our data, every six-cost
development's scoring, and thousands of random games per player count with the invariants
(114 cards, VP pool, ledger, replay, JSON, views). A section-by-section audit against both
rulebooks (``test_rulebook_audit.py``) found no rule the engine breaks; it pins, among others:
windfall worlds get their good when placed (pt "o bem de exploração é recebido uma vez, quando o
mundo é baixado"; es "se les debe otorgar un bien cuando se establecen"), start worlds from the
deck are ordinary worlds (the original start world keeps deciding the order), a military world is
never paid in cards without Contact Specialist (not even with Colony Ship), a development placed
in Develop already works in the same round's Settle, a card placed by one seat never changes
another seat's price, draw-at-start powers act in both Develop phases of the advanced game, and
the VP pool reaching exactly 0 ends the game after the round's remaining phases.

Modules: ``cards`` (data tables), ``state`` (the state's data and the contract's hooks; each
seat's step is its entry of the core decision stack, ``state.stack``); the rules as plain
functions ``f(state, seat, ...)``, one module per rulebook section: ``setup``, ``choose``,
``explore``, ``build`` (Develop, Settle), ``consume``, ``produce``, ``round_end``, over
``cardmoves`` (draws, goods, discards, chips, active powers, the stack entries); ``phases``
and ``decisions`` (the course and the step tables; questions, why an action is illegal),
``views`` (views, determinize, JSON), ``unknown_cards``;
``options`` (the options and their checks); ``position`` and ``position_checks`` (positions:
the JSON schema of ``to_dict()``, the loader and its rule checks); ``scoring``,
``bots`` (heuristic agent: works from the view's state only, never its history, and never
picks an action card that can change nothing when another can, so its games always end),
``text`` (messages en/pt), ``render`` (HTML board).

Options: ``advanced`` (2 players), ``first_game`` (start worlds 1..N + preset hands),
``start_worlds``, ``hands``, ``initial_discard``, ``deck`` (whole deck, top first),
``deck_top``, ``tableaus``, ``goods``, ``chips``, ``vp_pool`` (for lessons, tests, replays).
"""

from types import SimpleNamespace

from gamekit.core import register

from . import render, text  # noqa: F401  (registers the messages and board words)
from .bots import HeuristicAgent
from .state import RaceState

__all__ = ["RaceState", "HeuristicAgent"]


def lesson_support() -> SimpleNamespace:
    """What the lessons use of the rules and pieces (handed over by ``register``): the card
    copies, the six-cost developments' scoring (table and function), a card's drawing and
    the goods' colours."""
    from .cards import COPIES, SIX_DEV
    from .scoring import six_dev_points

    return SimpleNamespace(COPIES=COPIES, SIX_DEV=SIX_DEV, six_dev_points=six_dev_points,
                           card_html=render.card_html, GOOD_COLOURS=render.GOOD_COLOURS)


register(RaceState, agents={"heuristic": HeuristicAgent}, default_players=2,
         render=render.html, lesson=lesson_support, palette=render.PALETTE,
         lesson_content="gamekit_widgets.lessons.race")
