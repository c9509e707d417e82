"""Federations by partition (session 25, issue 32): candidates the engine's list misses, found
by its search with groups of structures left out, formed through the hex-by-hex path
("4) Forjando Alianças"); the completer variant trying them (docs/bots.md, "Session 25,
second part")."""

from __future__ import annotations

import pytest
from gaia_helpers import choice_from_view

from gamekit.core import Action
from gamekit.games.gaia.bot_fedparts import (
    MACRO,
    PartsAgent,
    extra_federations,
    macro_moves,
    play_macro,
    spare_share,
)
from gamekit.games.gaia.federation import (
    banned_hexes,
    fed_base,
    fed_pick_valid,
    federation_options,
)
from gamekit.games.gaia.importer import import_game
from gamekit.games.gaia.samples import sample_data
from gamekit.games.gaia.state import GaiaState

#: voyager-6's move before which the Terrans form their second federation of round 6
SECOND = 301
#: that federation's structures (the real players' one, its satellites elsewhere)
REAL = "7A8+7B5+8A0+8A2+8A7+8B0+9A11"


def _voyager(upto: int) -> GaiaState:
    data = sample_data()
    st = import_game({"moves": data["moves"], "map": data["setup"]["map"]}, data["setup"],
                     upto=upto)
    st.quiet = True
    return st


@pytest.fixture(scope="module")
def second() -> GaiaState:
    return _voyager(SECOND)


def _terrans(st: GaiaState) -> int:
    seat = st.to_move()[0]
    assert st.pl[seat].faction == "terrans" and st.decision(seat).kind == "turn"
    return seat


def test_the_real_second_federation_is_found_and_forms(second: GaiaState) -> None:
    """The engine lists no federation without a 6A hex; the partition search finds the real
    players' one, it forms through the custom path's checked actions, and the 6A planets left
    (value 6) touch no federation of theirs: one more structure there forms a third."""
    seat = _terrans(second)
    listed = federation_options(second, seat)
    assert listed and all("6A" in key for key in listed)
    extra = dict(extra_federations(second, seat))
    assert REAL in extra and not set(extra) & set(listed)
    s = second.clone()
    move = next(m for m in macro_moves(s, seat) if m.args[0] == MACRO
                and {s.label(h) for h in map(s.hex_of, m.args[1:])} >= set(REAL.split("+")))
    feds = len(s.pl[seat].feds)
    play_macro(s, move, check=True)
    assert len(s.pl[seat].feds) == feds + 1
    assert {s.hex_of(x) for x in REAL.split("+")} <= s.pl[seat].feds[-1]
    assert s.decision(seat).kind == "fedtoken"
    s.apply(s.legal_actions(seat)[0])
    left = {s.hex_of(x) for x in ("6A3", "6A7", "6B2")}
    assert left <= fed_base(s, seat)[0].keys() and not left & banned_hexes(s, seat)
    assert spare_share(s, seat) == pytest.approx(6 / 7)


def test_every_extra_candidate_is_valid_and_not_listed() -> None:
    """At each of the Terrans' turns of round 6: every partition candidate is a selection
    ``fed_pick_valid`` accepts, its satellites payable, and none is a listed key."""
    seen = 0
    for upto in (291, 295, SECOND):
        st = _voyager(upto)
        seat = _terrans(st)
        listed = federation_options(st, seat)
        for key, picks in extra_federations(st, seat):
            sel = {st.hex_of(x) for x in picks}
            assert key not in listed and fed_pick_valid(st, seat, sel)
            assert "+".join(sorted(x for x in picks if st.hex_of(x) in st.pl[seat].built)) \
                == key
            seen += 1
    assert seen >= 6


def test_choices_from_the_view_and_a_finished_round(second: GaiaState) -> None:
    """Four small-beam variants play voyager-6's round 6 on from the Terrans' turn: each
    turn's choice leaves the view as it was and is a twin's of the same seed; the game ends
    and the Terrans form a federation in it."""
    s = second.clone()
    kw = {"width": 3, "guide": 1, "steps": 3}
    agents = [PartsAgent(10 + k, **kw) for k in range(4)]
    terrans = _terrans(s)
    feds = len(s.pl[terrans].feds)
    checked = 0
    while not s.is_over():
        seat = s.to_move()[0]
        decision = s.decision(seat)
        view = s.agent_view(seat)
        if checked < 4 and decision.kind == "turn" and len(decision.legal) > 1:
            choice_from_view(PartsAgent(5, **kw), PartsAgent(5, **kw), view,
                             s.agent_view(seat), decision)
            checked += 1
        s.apply(agents[seat].choose(view, decision))
    assert checked == 4
    assert len(s.pl[terrans].feds) > feds


class _Forced(PartsAgent):
    """The variant whose round-6 plan picks the real second federation (to follow the move
    through the game's own checked actions)."""

    def _last_turn(self, state, seat, legal):
        return Action(seat, "federation", (MACRO, *dict(extra_federations(state, seat))[REAL]))


def test_a_chosen_partition_is_played_hex_by_hex(second: GaiaState) -> None:
    """A partition federation chosen is given to the game as ``federation custom``, its
    picks in order and ``fedhex done``, each checked legal; the federation is formed."""
    s = second.clone()
    seat = _terrans(s)
    agent = _Forced(3)
    said = []
    while True:
        decision = s.decision(seat)
        got = agent.choose(s.agent_view(seat), decision)
        said.append(got)
        s.apply(got)
        if got.verb != "federation" and got.verb != "fedhex":
            break
    assert said[0].args == ("custom",) and said[-2].args == ("done",)
    assert {s.hex_of(x) for x in REAL.split("+")} <= s.pl[seat].feds[-1]
    assert said[-1].verb == "fedtoken"


def test_spare_adds_the_free_structures_share_before_round_6() -> None:
    """``spare`` adds its worth times ``spare_share`` to the completer's value in rounds
    1–5 (voyager-6 in round 5, the Terrans' free structures then)."""
    st = _voyager(250)
    assert st.round == 5
    seat = next(k for k, p in enumerate(st.pl) if p.faction == "terrans")
    share = spare_share(st, seat)
    assert 0 < share <= 1
    plain, spared = PartsAgent(1), PartsAgent(1, spare=3.0)
    assert spared.value(st, seat) == pytest.approx(plain.value(st, seat) + 3.0 * share)
