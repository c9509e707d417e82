"""Property tests over many random games: conservation, ledger, determinism, JSON round-trip,
hidden information in views, illegal actions rejected with the state unchanged."""

from __future__ import annotations

import json
import os
import random

import pytest
from bluemoon_helpers import each

import gamekit
from gamekit.core import GameRecord, replay
from gamekit.core.events import fold_flows
from gamekit.core.invariants import check_random_game
from gamekit.games.bluemoon.scenario import arrange

CONFIGS = [(p, city) for p in (2, 3, 4) for city in ("base", "expansion")]
#: random games per set-up in ``make test`` (about 0.13 and 0.07 CPU-s each); ``GAMEKIT_SOAK=1``
#: (``make soak``) plays the full 80 and 260
SOAK = os.environ.get("GAMEKIT_SOAK") == "1"
FAST_GAMES, EAGER_GAMES = (80, 260) if SOAK else (20, 60)


@pytest.mark.parametrize("players,city", CONFIGS)
def test_check_random_game_full(players, city):
    """The core's generic checks (views every ~100 decisions) on a few games per set-up."""
    for seed in range(2):
        setup = "alternative" if seed == 1 else "standard"
        check_random_game("bluemoon", players, 1000 * players + seed,
                          {"city": city, "setup": setup}, every=131, views=True)


@pytest.mark.parametrize("players,city", CONFIGS)
def test_check_random_game_light(players, city):
    """The generic checks without views, sparse, on more games."""
    for seed in range(10):
        check_random_game("bluemoon", players, 50_000 + 100 * players + seed, {"city": city},
                          every=1501, views=False)


PROGRESS = {"contribute", "pay", "recolour", "offer", "pillar"}


def _eager(s, legal, rng):
    """A random player that grabs progress (contributions, payments, offerings) when it can and
    heads for the Central Square when it could pay the next obelisk space: shorter games that
    reach the late-game rules (completions, scale scorings, wins) far more often."""
    good = [a for a in legal if a.verb in PROGRESS]
    if good and rng.random() < 0.8:
        return good[rng.randrange(len(good))]
    if s.step == "pay" and len(legal) == 1:
        return legal[0]
    if s.step == "move" and rng.random() < 0.6:
        seat = s.turn_seat
        if s.seats[seat].markers and len(s.obelisk) < len(s.costs) and \
                s.seats[seat].crystals >= s.costs[len(s.obelisk)]:
            r, c = divmod(s.seats[seat].figure, 5)
            for a in legal:
                if a.verb == "move" and abs(a.args[0] - 2) + abs(a.args[1] - 2) < abs(r - 2) + abs(c - 2):
                    return a
            if s.seats[seat].figure == 12:
                return legal[-1]
    return legal[rng.randrange(len(legal))]


def _fast_game(players, city, seed, eager=False):
    """A random game played without re-parsing every action (fast); checks along the way."""
    rng = random.Random(seed)
    s = gamekit.new("bluemoon", players=players, seed=seed, city=city,
                    setup="alternative" if seed % 3 == 0 else "standard")
    n = 0
    while not s.is_over():
        seat = s.turn_seat
        legal = s.legal_actions(seat)
        if eager:
            s.apply(_eager(s, legal, rng), False)
        else:
            s.apply(legal[rng.randrange(len(legal))], False)
        n += 1
        if n % 701 == 0:
            s.check_invariants()
        assert n < 200_000, "game does not end"
    s.check_invariants()
    for seat in range(players):
        folded = fold_flows(s.flows, seat, s.ledger_places)
        held = {k: v for k, v in s.holdings(seat).items() if v}
        assert dict(folded) == held
    res = s.result()
    assert res.winners
    if s.drawn_game:
        assert res.winners == list(range(players))
    elif s.end_reason == "offerings":
        assert res.winners == [s.winner] and s.seats[s.winner].offerings == s.target
    else:
        assert s.buildings_built == s.building_count
        best = max(each(s, "offerings"))
        top = [p for p in range(players) if s.seats[p].offerings == best]
        rich = max(s.seats[p].crystals for p in top)
        assert res.winners == [p for p in top if s.seats[p].crystals == rich]
    return s, n


@pytest.mark.parametrize("players,city", CONFIGS)
def test_many_random_games(players, city):
    """Uniform random games per set-up: they end, conserve everything, rank by the rules."""
    lengths = []
    for seed in range(FAST_GAMES):
        s, n = _fast_game(players, city, 7_000_000 + 1000 * players + seed)
        lengths.append(n)
        if seed % 10 == 0:  # determinism and JSON round-trip on a sample
            again = replay(GameRecord.from_json(s.record().to_json()))
            assert again.to_dict() == s.to_dict()
            json.dumps(s.to_dict())
    assert max(lengths) < 100_000


@pytest.mark.parametrize("players,city", CONFIGS)
def test_many_eager_random_games(players, city):
    """More games per set-up with eager random players (see ``_eager``)."""
    ends = set()
    for seed in range(EAGER_GAMES):
        s, _ = _fast_game(players, city, 9_000_000 + 1000 * players + seed, eager=True)
        ends.add(s.end_reason)
    assert "offerings" in ends


def test_views_hide_hands_crystals_deck_and_pending():
    s = gamekit.new("bluemoon", players=4, seed=3)
    rng = random.Random(3)
    for _ in range(400):
        legal = s.legal_actions(s.turn_seat)
        s.apply(legal[rng.randrange(len(legal))])
    s = arrange(s, crystals={0: 5, 1: 6, 2: 7, 3: 8})  # make every count distinct
    for seat in range(4):
        d = s.view(seat).to_dict()
        for o in range(4):
            if o == seat:
                assert "hidden" not in d["hands"][o] and d["crystals"][o] == s.seats[o].crystals
            else:
                assert d["hands"][o] == {"hidden": s.seats[o].hand_size} and d["crystals"][o] is None
        assert d["deck"] == {"hidden": len(s.deck)}
        assert all(isinstance(x, int) for x in d["pending"])
        full = s.view(seat).determinize(random.Random(seat))
        assert full.view(seat).to_dict() == d
        full.check_invariants()
    spectator = s.view(None).to_dict()
    assert all("hidden" in h for h in spectator["hands"])
    assert all(c is None for c in spectator["crystals"])


def test_view_hides_crystal_flows_of_others_but_narrates_public_gains():
    s = gamekit.new("bluemoon", players=3, seed=11)
    rng = random.Random(1)
    while not s.is_over() and not any(each(s, "crystals")):
        legal = s.legal_actions(s.turn_seat)
        s.apply(legal[rng.randrange(len(legal))], False)
    rich = next(p for p in range(3) if s.seats[p].crystals)
    other = (rich + 1) % 3
    v = s.view(other)
    assert not any(f.resource == "crystal" and f.seat == rich for f in v.flows)
    # the bonus won is public (printed on the tile, rulebook "Bônus Disponíveis"); only the
    # face-down total is hidden
    assert any(e.kind == "gain_crystals" and e.seat == rich for e in v.events)
    assert v.seats[rich].crystals is None
    v2 = s.view(rich)
    assert any(f.resource == "crystal" and f.seat == rich for f in v2.flows)
