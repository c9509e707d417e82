"""One federation looked up without listing them all (``gaia.fedlookup``) answers as the whole
list does: over random games of 2, 3 and 4 players (the anchor-engine options every other
game), on states without any speed memo (so the restricted search runs) and on states that
listed their federations already, for every listed federation, for sets of structures that are
not listed, and for malformed keys. A few games by default; many more with ``GAMEKIT_SOAK=1``."""

from __future__ import annotations

import os
import pickle
import random

import pytest
from gaia_helpers import ANCHOR

from gamekit.core import Action
from gamekit.games.gaia import GaiaState
from gamekit.games.gaia.actions import in_turn, turn_part
from gamekit.games.gaia.federation import fed_values, federation_options
from gamekit.games.gaia.fedlookup import federation_option, option_by_key

SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
GAMES = 80 if SOAK else 4


def fresh(s: GaiaState) -> GaiaState:
    """The same state without any speed memo (pickling drops them)."""
    return pickle.loads(pickle.dumps(s))


def subsets(rng: random.Random, hexes: list, n: int) -> list[frozenset]:
    """``n`` random non-empty sets of ``hexes``, and the whole set."""
    out = [frozenset(hexes)] if hexes else []
    for _ in range(n if hexes else 0):
        out.append(frozenset(rng.sample(hexes, rng.randint(1, len(hexes)))))
    return out


def check(s: GaiaState, seat: int, rng: random.Random) -> int:
    """Every lookup of ``seat``'s federations equals the whole list; returns how many listed
    federations were compared."""
    full, r = fresh(s), fresh(s)  # ``r`` never lists them all: the restricted search runs
    options = federation_options(full, seat)
    for key, entry in options.items():
        assert option_by_key(r, seat, key) == entry
        assert federation_option(r, seat, entry[0]) == entry
        assert option_by_key(s, seat, key) == entry  # the list known (or memos shared)
    assert all(e[4] for e in r._fedbase_memo.values()) if options else True
    by_hexes = {hexes: (hexes, sats) for hexes, sats in options.values()}
    vals = sorted(fed_values(s, seat))
    for want in subsets(rng, vals, 6):
        assert federation_option(r, seat, want) == by_hexes.get(want)
    labels = [s.label(h) for h in vals]
    bogus = ["", "+", "custom", "9Z9", "+".join(labels), "+".join(reversed(labels)),
             "+".join(sorted(labels) * 2), *(k + "+" for k in options)]
    part = turn_part(full, seat, "federation")
    actions = [*part, *(Action(seat, "federation", (k,)) for k in bogus),
               Action(seat, "federation", ()), Action(seat, "federation", (7,)),
               Action(seat, "federation", ("custom",)),
               *(Action((seat + 1) % len(s.pl), "federation", (k,)) for k in options)]
    for a in actions:
        assert in_turn(r, a, seat) == (a in part), a
    return len(options)


@pytest.mark.parametrize("i", range(GAMES))
def test_lookup_answers_as_the_whole_list(i):
    """Game ``i``: 2, 3 or 4 players in turn, the anchor-engine options every other game."""
    rng = random.Random(9100 + i)
    s = GaiaState.new(2 + i % 3, 9100 + i, **(ANCHOR if i % 2 else {}))
    s.quiet = True
    step = compared = 0
    while not s.is_over():
        seat = s.to_move()[0]
        legal = s.legal_actions(seat)
        if s.stack[-1].kind == "turn" and (step % 15 == 0 or (
                compared < 12 and any(a.verb == "federation" for a in legal))):
            compared += check(s, seat, rng)
        s.apply(rng.choice(legal), False)
        step += 1


def test_a_replayed_federation_line_is_checked_by_its_key():
    """A ``federation`` of the legal list is accepted checked, one that is not is refused
    naming it, and the state is unchanged."""
    rng = random.Random(5)
    for seed in range(40):
        s = GaiaState.new(2, 9300 + seed)
        s.quiet = True
        while not s.is_over():
            seat = s.to_move()[0]
            if s.stack[-1].kind == "turn" and federation_options(fresh(s), seat):
                key = next(iter(federation_options(fresh(s), seat)))
                bad = fresh(s)
                before = bad.to_dict()
                with pytest.raises(Exception) as exc:
                    bad.apply(Action(seat, "federation", (key + "+9Z9",)))
                assert "federation" in str(exc.value) and bad.to_dict() == before
                good = fresh(s)
                good.apply(Action(seat, "federation", (key,)))
                ref = s.clone()
                ref.legal_actions(seat)  # the whole list first
                ref.apply(Action(seat, "federation", (key,)))
                assert good.to_dict() == ref.to_dict()
                return
            s.apply(rng.choice(s.legal_actions(seat)), False)
    pytest.fail("no federation offered in 40 games")
