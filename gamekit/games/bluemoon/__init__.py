"""Blue Moon City (Reiner Knizia; CMON 2019 edition) for gamekit — game id ``bluemoon``.

Specification: the Portuguese (Galápagos) rulebook of the CMON 2019 edition. Facts about the
components come from ``shared/reference/bluemoon`` and live in ``data/*.json`` in our own format.

What is verified and what is reconstructed
------------------------------------------
Every data field says how sure it is (``status``): ``verified`` (our rulebook, or a source of high
certainty), ``probable`` (a medium/low-certainty source, mostly pictures of the 2006 edition) or
``reconstructed`` (no source gives it: a playable value we chose).

* Verified: 8 peoples x 10 cards of value 1-3 and their powers; the obelisk of 13 spaces for 3-4
  players (7 7 7 7 8 8 9 9 10 10 11 11 12) and its 11-space count for 2; offerings to win
  (6/5/4); golden scales in play (7/10/12); 10 markers a player; 8 starting cards; the city
  shapes; Royal Palace 5/4/4/3 wild; the three temples 5/4/3 in their colours; University white
  5/2; City Residence brown 4/3/2; every bonus of the Water Temple; the Monastery Tower's
  majority bonus (1 scale); the four expansion tiles' bonuses and actions; the neighbourhood
  bonuses the examples name (Water Temple, Citadel, Aqueduct, Fire Temple, Hospice, Market Hall).
* Probable: colours and space counts of the other 14 base tiles (2006 set-up photo); the other
  neighbourhood bonuses (2006 pictures); the 2-player obelisk values (7 7 8 8 9 9 10 10 11 11
  12); the University's majority and construction bonuses (2006 example).
* Reconstructed: the space values of the 14 base tiles without printed numbers, most majority and
  construction bonuses (the Fire and Earth Temples' 2 / 3 crystals too: assumed equal to the
  Water Temple's, no source gives them), the spaces of the four expansion tiles (of the Main Hall
  only brown 1, blue 1 and red 1 are attested; its count of 7 spaces is ours), the Portuguese
  names the rulebook does not give (``name_status``), and the split of each people's 10 cards
  into 1s, 2s and 3s
  (we use 3 x 1, 3 x 2, 4 x 3). The reconstruction keeps every known total: 51 spaces on the 20
  base tiles, by colour black 7, red 7, blue 7, grey 8, brown 5, white 5, yellow 8 and 4 wild;
  values 2-5 except the palace; reward icon types seen in the 2006 photo.

Play with your own box's values through the options ``tiles`` (tile data by id: ``spaces``,
``majority``, ``construction``, ``neighbourhood``) and ``cards`` (per people ``{"1": n, "2": n,
"3": n}`` adding up to 10). They take the JSON data itself, bounded in size: load your file
yourself (``json.load``) and pass its data. No option names a file: a record may come from an
upload, and the engine never reads a path it names. See ``docs/games/bluemoon.md``.

Readings of the rules
---------------------
* Royal Palace: contributions may use any colour, "desde que use apenas uma cor para todos os
  espaços" (Contribution phase): the first contribution to the palace fixes its colour for all
  four spaces, for every player, until it is rebuilt. The colour is part of the action
  (``contribute 0 red``). Option ``palace_colour_per_space=True`` follows the 2006 English rules
  instead (each space in a colour of the payer's choice). Khind and Mimix wilds may join any
  colour.
* Khind cards are wild 1s whatever their printed value. Two Mimix 1s/2s make one wild 3; on a
  brown space Mimix cards count at face value or as pairs, whichever is more (2 + 2 = 4).
* Lux: discarding a Lux 1 lets up to 4 cards of one chosen colour count as the space's colour,
  a Lux 2 one card of a chosen colour; the Lux card adds no value itself. Any card but a Khind
  (already a wild 1 for every colour) may be recoloured (Mimix 1s/2s then count as single cards,
  Lux cards as white cards); recoloured cards
  keep their value and gain no power. Paid cards are always read in the way worth the most.
* Contributions are paid card by card and only payments that can still be completed are offered
  (``cancel`` takes the cards back should none remain). Overpaying is allowed only by the last
  card: once the value is reached only ``done`` is offered.
* Movement: up to 2 orthogonal steps over any tiles; Venti 2 adds 2 steps; Venti 1 flies the
  figure to any tile and the steps not yet used may still be walked. Dragon powers: value 1 puts
  the dragon on any tile (also the Central Square; it may start inside or outside the city),
  value 2 moves it 1 to 3 orthogonal steps, only if it is already in the city (one decision:
  where it lands). Dragons may share tiles. Powers are movement-phase only.
* Dragon scales: one per dragon on the tile, for the first contribution of the turn only; none
  for offerings. A player owed more scales than the supply holds takes what is left; the scale
  scoring follows at once, before the building's rewards, and counts the missing scales too
  (that scoring only). Scorers return the tokens they hold; a player who does not score keeps
  only the tokens taken.
* Building rewards in order: majority (tie: left-most marker), construction (every contributor,
  in turn order from the active player), neighbourhood (once per rebuilt neighbour per
  contributor). Cards won during your own turn are drawn face down and join your hand after the
  refill draw; cards won in another player's turn go to the hand at once.
* One offering per turn at the Central Square; each Pillar card played right after an offering
  makes one more (cost +1 / +2), each needing a free marker. The Golden Temple's offering costs
  the plain price (CMON; option ``golden_temple_surcharge=1`` for the 2006 extra crystal) and
  cannot be extended with Pillars.
* Expansion actions are taken after the contribution phase while standing on the tile (rebuilt or
  not) and end that phase: Main Hall jumps to any tile (no contribution or offering there),
  Hospital draws 2 cards into the hand, Golden Temple makes one offering, Theatre has none.
* If the contribution phase offers nothing but ``done`` it is skipped (straight to the refill).
* End: the first to 6/5/4 offerings (2/3/4 players) wins at once. Once every building is rebuilt,
  play goes on until nobody can pay the next obelisk space (crystals can no longer be won); then
  most offerings wins, then most crystals, else a shared win. If every marker is in play (none in
  anyone's reserve) and nobody has won, the game ends at once in a draw (every seat a winner).

Score: ``score_breakdown`` counts offerings (the rulebook's score) by where they were made
(Central Square, Pillar, Golden Temple); crystals left are the tie-break (``tiebreak``).
Hidden information: other seats' hands and crystals, the deck order and the face-down cards won
this turn (hidden even from their owner) are masked in ``view``, which goes through the core's
``_view_base``: a view carries no seed, no log, no chance state and a blank ``deck`` option
(``secret_options``), so nothing in it rebuilds the hidden cards.
"""

from types import SimpleNamespace

from gamekit.core import register

from . import render, text  # noqa: F401  (text registers the messages)
from .bot_search import HorizonAgent
from .bots import HeuristicAgent
from .state import BlueMoonState


def lesson_support() -> SimpleNamespace:
    """What the lessons use of the rules and pieces (handed over by ``register``): the peoples
    and their colours, the board's colours and ``arrange`` (a scenario's hands and crystals)."""
    from .data import COLOURS, PEOPLES
    from .scenario import arrange

    return SimpleNamespace(COLOURS=COLOURS, PEOPLES=PEOPLES, arrange=arrange,
                           SEAT_COLOURS=render.SEAT_COLOURS, SPACE_COLOURS=render.SPACE_COLOURS)


register(BlueMoonState, agents={"heuristic": HeuristicAgent, "horizon": HorizonAgent}, default_players=4,
         render=render.html, lesson=lesson_support, palette=render.PALETTE,
         lesson_content="gamekit_widgets.lessons.bluemoon", top_bot="horizon")

__all__ = ["BlueMoonState", "HeuristicAgent"]
