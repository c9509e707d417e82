"""Golden scales owed beyond the supply (rulebook, "Pontuação das Escamas Douradas").

A player owed k scales when only m < k are left takes the m tokens; the k - m missing ones count
in the scale scoring this sets off and nowhere else. Scoring, the player returns the m tokens;
not scoring, the player keeps only the m tokens.
"""

from __future__ import annotations

import random

from bluemoon_helpers import each, play

from gamekit.core.invariants import check_state


def _two_dragons_on_the_earth_temple(bm, scales):
    s = bm.new({(2, 3): "earth_temple"})
    s = bm.arrange(s, hands={0: ["terrah_3"]}, positions={0: (2, 3)}, scales=scales,
               dragons={"red": (2, 3), "green": (2, 3)})
    assert s.supply == 1
    # first contribution of the turn under two dragons: p1 is owed 2 scales, 1 is left
    play(s, "p1 done", "p1 contribute 2", "p1 pay terrah_3", "p1 done")
    return s


def _scoring(s):
    scoring = [e for e in s.events if e.kind == "scale_scoring"]
    assert len(scoring) == 1
    scored = {e.seat: (e.data["crystals"], e.data["scales"]) for e in s.events
              if e.kind == "scale_score"}
    returned = {e.seat: e.data["returned"] for e in s.events if e.kind == "scale_score"}
    return scoring[0].data["scales"], scored, returned


def test_owed_player_who_scores_counts_the_missing_scales_and_returns_the_tokens(bm):
    s = _two_dragons_on_the_earth_temple(bm, {0: 2, 1: 5, 2: 3, 3: 1})
    counted, scored, returned = _scoring(s)
    assert counted == [4, 5, 3, 1]  # p1: 2 held + 2 owed (only 1 of them taken)
    assert scored == {0: (3, 4), 1: (6, 5), 2: (3, 3)}
    assert returned == {0: 3, 1: 5, 2: 3}  # p1 returns the 3 tokens it holds, not 4
    assert each(s, "crystals")[:3] == [3, 6, 3]
    assert each(s, "scales") == [0, 0, 0, 1] and s.supply == 11
    check_state(s, random.Random(0))


def test_owed_player_who_does_not_score_keeps_only_the_tokens_taken(bm):
    s = _two_dragons_on_the_earth_temple(bm, {0: 0, 1: 5, 2: 4, 3: 2})
    counted, scored, returned = _scoring(s)
    assert counted == [2, 5, 4, 2]  # p1 counts 2 (under 3: no crystals)
    assert scored == {1: (6, 5), 2: (3, 4)}
    assert s.seats[0].crystals == 0
    assert each(s, "scales") == [1, 0, 0, 2]  # p1 keeps the 1 token taken, not 2
    assert s.supply == 12 - 3
    flows_in = sum(f.amount for f in s.flows if f.seat == 0 and f.resource == "scale"
                   and f.target == "scales")
    assert flows_in == 1  # the ledger moved one token, not two
    check_state(s, random.Random(0))


def test_no_phantom_scale_carries_into_the_next_scoring(bm):
    s = _two_dragons_on_the_earth_temple(bm, {0: 0, 1: 5, 2: 4, 3: 2})
    assert s.seats[0].scales == 1
    # p2 is owed the 9 scales left and more: the next scoring counts p1 with its 1 token
    s.give_scales(1, 12, "test")
    second = [e for e in s.events if e.kind == "scale_scoring"][-1]
    assert second.data["scales"] == [1, 12, 0, 2]
    assert each(s, "scales") == [1, 0, 0, 2] and s.supply == 9
    assert s.supply + sum(each(s, "scales")) == s.scales_in_play
    check_state(s, random.Random(0))


def test_the_rulebook_example_miguel_returns_the_tokens_he_holds(bm):
    # Miguel 5 + 2 from the dragons with 1 left: scores as 7, holds 6 tokens and returns them
    s = bm.new({(1, 1): "monastery_tower"})
    s = bm.arrange(s, hands={0: ["venti_3"]}, positions={0: (1, 1)}, scales={0: 5, 1: 3, 2: 2, 3: 1},
               dragons={"blue": (1, 1), "red": (1, 1)})
    play(s, "p1 done", "p1 contribute 2", "p1 pay venti_3", "p1 done")
    counted, scored, returned = _scoring(s)
    assert counted == [7, 3, 2, 1]
    assert scored == {0: (6, 7), 1: (3, 3)}
    assert returned == {0: 6, 1: 3}
    assert each(s, "scales") == [0, 0, 2, 1] and s.supply == 9
