"""Audit scenarios: rules of the rulebook not covered by the worked examples."""

from __future__ import annotations

from bluemoon_helpers import deck_to_discard, each, legal, markers_on_buildings, play

from gamekit.core.invariants import assert_illegal_unchanged


def test_offering_only_on_the_central_square(bm):
    # crystals for the next space but standing on a tile: no offering there
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["terrah_3"]}, crystals={0: 20}, positions={0: (2, 3)})
    play(s, "p1 done")
    assert "p1 offer" not in legal(s)
    # walking through the square is not enough: the move must end there
    s = bm.new({})
    s = bm.arrange(s, hands={0: []}, crystals={0: 20}, positions={0: (2, 1)})
    play(s, "p1 move 2 2", "p1 move 2 3", "p1 done")
    assert s.step == "refill"
    # staying on the square (no move) is fine
    s = bm.new({})
    s = bm.arrange(s, hands={0: []}, crystals={0: 7})
    play(s, "p1 done")
    assert legal(s) == {"p1 offer", "p1 done"}


def test_venti_flight_to_the_square_then_offer(bm):
    s = bm.new({})
    s = bm.arrange(s, hands={0: ["venti_1"]}, crystals={0: 7}, positions={0: (0, 1)})
    play(s, "p1 play venti_1", "p1 move 2 2", "p1 done", "p1 offer")
    assert s.seats[0].offerings == 1 and s.seats[0].crystals == 0


def test_refill_is_mandatory_and_the_discard_pile_is_reshuffled(bm):
    s = bm.new({}, players=2)
    s = bm.arrange(s, hands={0: ["aqua_3"]})
    # empty the deck into the discard pile: the refill draws from the reshuffled pile
    s = deck_to_discard(s)
    before = len(s.discard)
    play(s, "p1 done", "p1 done")  # refill without discarding: still draws 2
    assert s.seats[0].hand_size == 3 and len(s.deck) == before - 2 and s.discard == []
    assert any(e.kind == "reshuffle" for e in s.events)
    s.check_invariants()


def test_figures_walk_over_rebuilt_tiles_and_the_square_but_not_missing_corners(bm):
    s = bm.new({(1, 2): "water_temple"})
    s = bm.arrange(s, hands={0: []}, positions={0: (0, 2)}, built=["water_temple"])
    play(s, "p1 move 1 2", "p1 move 2 2")  # over a rebuilt tile onto the square
    assert s.seats[0].figure == 12
    s = bm.new({})
    s = bm.arrange(s, hands={0: []}, positions={0: (0, 1)})
    assert "p1 move 0 0" not in legal(s)  # base city: no corner tiles
    s = bm.new({}, city="expansion")
    s = bm.arrange(s, hands={0: []}, positions={0: (0, 1)})
    assert "p1 move 0 0" in legal(s)  # the 5x5 expansion city has them


def test_scale_scoring_set_off_by_a_building_reward_comes_at_once(bm):
    # 4 players, 12 scales: 11 out. The University's majority bonus (1 scale) takes the last:
    # the scoring happens then, before the construction bonus is handed out.
    s = bm.new({(2, 1): "university"})
    s = bm.arrange(s, hands={0: ["lux_2"]}, positions={0: (2, 1)}, scales={0: 2, 1: 5, 2: 4},
               markers={"university": [0, None]})
    assert s.supply == 1
    play(s, "p1 done", "p1 contribute 1", "p1 pay lux_2", "p1 done")
    kinds = [e.kind for e in s.events]
    assert kinds.index("scale_scoring") < kinds.index("gain_crystals")
    # p1 3 scales -> 3 crystals, p2 5 (most) -> 6, p3 4 -> 3; all three return theirs
    scored = {e.seat: e.data["crystals"] for e in s.events if e.kind == "scale_score"}
    assert scored == {0: 3, 1: 6, 2: 3}
    assert each(s, "scales") == [0, 0, 0, 0] and s.supply == 12
    assert s.seats[0].crystals == 3 + 1  # + the University's construction bonus (1 crystal)


def test_golden_temple_offering_needs_a_free_marker(bm):
    s = bm.new({(0, 0): "golden_temple"}, city="expansion")
    s = bm.arrange(s, hands={0: []}, crystals={0: 30}, positions={0: (0, 0)}, obelisk=[0] * 3,
                   markers=markers_on_buildings(s, 0, 7, spare=("golden_temple",)))
    assert s.seats[0].markers == 0
    play(s, "p1 done")
    assert s.step == "refill"


def test_pillar_is_refused_before_any_offering_and_away_from_the_square(bm):
    s = bm.new({})
    s = bm.arrange(s, hands={0: ["pillar_1"]}, crystals={0: 20})
    play(s, "p1 done")
    assert_illegal_unchanged(s, "p1 pillar pillar_1")


def test_dragon_value_1_may_land_on_the_square_and_value_2_only_inside_the_city(bm):
    s = bm.new({})
    s = bm.arrange(s, hands={0: ["aqua_1", "aqua_2"]})
    assert "p1 play aqua_2" not in legal(s)  # the blue dragon starts outside the city
    play(s, "p1 play aqua_1", "p1 dragon 2 2")
    assert s.dragons[2] == 12
    assert "p1 play aqua_2" in legal(s)
    play(s, "p1 play aqua_2")
    assert len(legal(s)) == 20  # from the square every other tile is 1-3 steps away
    assert "p1 dragon 2 2" not in legal(s)


def test_markers_out_draw_needs_every_player_out(bm):
    s = bm.new({(2, 3): "earth_temple"}, players=2)
    s = bm.arrange(s, hands={0: ["terrah_3"]}, positions={0: (2, 3)}, obelisk=[0] * 5,
               markers={"fire_temple": [0, 0, None], "water_temple": [0, 0, None]})
    assert each(s, "markers") == [1, 10]
    play(s, "p1 done", "p1 contribute 2", "p1 pay terrah_3", "p1 done")
    assert each(s, "markers") == [0, 10] and not s.is_over()


# ---------------------------------------------------------------- an independent oracle
def _expected(s):
    """What finishing the current payment must do, recomputed from the rulebook: the marker, the
    dragons' scales (first contribution of the turn), the scale scoring the moment the supply
    is empty, and on completion majority, construction and neighbourhood rewards, markers back.
    Returns (crystals, scales, supply, free markers, cards won) per seat."""
    n = s.players
    cr, sc, free = each(s, "crystals"), each(s, "scales"), each(s, "markers")
    supply = s.supply
    cards = [0] * n
    cell, me = s.pay_cell, s.turn_seat
    marks = list(s.marks[cell])
    marks[s.pay_space] = me
    free[me] -= 1

    def scales(p, k):
        # p takes what the supply holds; scales it could not take count in this scoring only
        nonlocal supply
        taken = min(k, supply)
        supply -= taken
        if supply:
            sc[p] += k
            return
        counted = [sc[q] + (k if q == p else 0) for q in range(n)]
        sc[p] += taken
        top = max(counted)
        lead = [q for q in range(n) if counted[q] == top]
        for q in range(n):
            g = (6 if len(lead) == 1 else 3) if counted[q] == top else 3 if counted[q] >= 3 else 0
            if g:
                cr[q] += g
                sc[q] = 0
        supply = s.scales_in_play - sum(sc)

    def give(p, r):
        if r is not None:
            cr[p] += r[0]
            if r[1]:
                scales(p, r[1])
            cards[p] += r[2]

    if s.turn_contributions == 0:
        k = sum(1 for d in s.dragons if d == cell)
        if k:
            scales(me, k)
    if all(m >= 0 for m in marks):
        _completed(s, cell, marks, give, free)
    return cr, sc, supply, free, cards


def _completed(s, cell, marks, give, free) -> None:
    """A building completed: majority, construction and neighbourhood rewards (``give``), in
    turn order from the contributor; the markers go back (``free``)."""
    n, me = s.players, s.turn_seat
    td = s.tiles[s.board[cell]]
    cnt = [marks.count(p) for p in range(n)]
    give(next(m for m in marks if cnt[m] == max(cnt)), td.majority)
    order = [(me + j) % n for j in range(n) if cnt[(me + j) % n]]
    for p in order:
        give(p, td.construction)
    for nb in s.neigh[cell]:
        if s.built[nb]:
            for p in order:
                give(p, s.tiles[s.board[nb]].neighbourhood)
    for p in order:
        free[p] += cnt[p]


def test_contributions_and_offerings_match_an_independent_oracle():
    import random

    import gamekit

    done = completions = 0
    for seed in range(24):
        rng = random.Random(seed)
        s = gamekit.new("bluemoon", players=2 + seed % 3, seed=seed,
                        city="expansion" if seed % 2 else "base")
        steps = 0
        while not s.is_over() and steps < 20_000:
            legal = s.legal_actions(s.turn_seat)
            good = [a for a in legal if a.verb in ("contribute", "pay", "recolour", "offer", "pillar")]
            a = rng.choice(good) if good and rng.random() < 0.85 else rng.choice(legal)
            if s.step == "pay" and a.verb == "done":
                want = _expected(s)
                completions += all(m >= 0 or j == s.pay_space for j, m in enumerate(s.marks[s.pay_cell]))
                before = [len(p) + h for p, h in zip(each(s, "pending"), each(s, "hand_size"))]
                s.apply(a, False)
                won = [len(p) + h - b for p, h, b in zip(each(s, "pending"), each(s, "hand_size"), before)]
                assert (each(s, "crystals"), each(s, "scales"), s.supply, each(s, "markers"), won) == \
                    (*want[:2], want[2], want[3], want[4]), (seed, steps)
                done += 1
            elif a.verb in ("offer", "pillar"):
                me, here = s.turn_seat, s.seats[s.turn_seat].figure
                extra = ({"pillar_1": 1, "pillar_2": 2}[a.args[0]] if a.verb == "pillar" else
                         0 if here == 12 else s.options["golden_temple_surcharge"])
                cost = s.costs[len(s.obelisk)] + extra
                before = s.seats[me].crystals
                s.apply(a, False)
                assert s.seats[me].crystals == before - cost
            else:
                s.apply(a, False)
            steps += 1
    assert done > 500 and completions > 150
