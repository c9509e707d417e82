"""gamekit.kit.bowls: Gaia Project's power cycle, generic bowls and pools; tokens are conserved."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.kit.bowls import BowlError, Bowls, Pool, PowerBowls

# property tests: no per-example deadline (the test machines are shared and slow)


# ---------------------------------------------------------------- the power cycle
def test_charge_fills_bowl_two_first_then_three():
    # rulebook "Poder": each charge moves a token I -> II, or II -> III once I is empty
    p = PowerBowls(2, 4, 0)
    assert p.charge(1) == 1 and p.as_tuple() == (1, 5, 0, 0)
    assert p.charge(3) == 3 and p.as_tuple() == (0, 4, 2, 0)
    assert p.charge_room == 4
    assert p.charge(9) == 4 and p.as_tuple() == (0, 0, 6, 0)  # the rest is lost
    assert p.charge(1) == 0


def test_charge_can_move_a_token_twice():
    p = PowerBowls(2, 0, 0)
    assert p.charge(4) == 4 and p.as_tuple() == (0, 0, 2, 0)


def test_spend_moves_three_to_one():
    p = PowerBowls(0, 1, 4)
    p.spend(3)
    assert p.as_tuple() == (3, 1, 1, 0)
    with pytest.raises(BowlError, match="bowl III holds 1 power; cannot spend 2"):
        p.spend(2)
    assert p.as_tuple() == (3, 1, 1, 0)


def test_burn():
    # burning: 2 tokens leave bowl II, one goes to III and the other leaves the game
    p = PowerBowls(1, 5, 0)
    assert p.max_spend == 2
    p.burn(2)
    assert p.as_tuple() == (1, 1, 2, 0) and p.removed == 2 and p.tokens == 4
    with pytest.raises(BowlError, match="burning 1 needs 2"):
        p.burn()
    assert p.as_tuple() == (1, 1, 2, 0)
    itars = PowerBowls(0, 2, 0)
    itars.burn(to_gaia=True)  # Itars: the burnt token goes to the Gaia area
    assert itars.as_tuple() == (0, 0, 1, 1) and itars.removed == 0


def test_new_tokens_enter_bowl_one():
    p = PowerBowls(0, 3, 0)
    p.add(2)
    assert p.as_tuple() == (2, 3, 0, 0) and p.added == 2


def test_gaiaforming_and_satellites_take_bowl_one_first():
    # anchor engine: always bowl I, then II, then III (the rulebook lets the player choose)
    p = PowerBowls(2, 3, 4)
    assert p.split(4) == (2, 2, 0)
    assert p.split(9) == (2, 3, 4)
    assert p.split(4, order=(3, 2, 1)) == (0, 0, 4)
    with pytest.raises(BowlError, match="hold 9 tokens; 10 needed"):
        p.split(10)
    with pytest.raises(BowlError, match="hold fewer than 3"):
        p.split(3, order=(1,))
    p.to_gaia(*p.split(3))
    assert p.as_tuple() == (0, 2, 4, 3)
    p.remove(bowl2=2)
    assert p.as_tuple() == (0, 0, 4, 3) and p.removed == 2
    with pytest.raises(BowlError, match="cannot take"):
        p.remove(bowl1=1)
    with pytest.raises(BowlError, match="negative"):
        p.to_gaia(bowl3=-1)
    assert p.as_tuple() == (0, 0, 4, 3)


def test_gaia_phase_returns_tokens():
    p = PowerBowls(0, 0, 0, gaia=3)
    assert p.from_gaia() == 3 and p.as_tuple() == (3, 0, 0, 0)
    terrans = PowerBowls(1, 0, 0, gaia=2)
    assert terrans.from_gaia(bowl=2) == 2 and terrans.as_tuple() == (1, 2, 0, 0)
    with pytest.raises(BowlError, match="holds 0 tokens"):
        terrans.from_gaia(1)
    with pytest.raises(BowlError, match="bowl 1, 2 or 3"):
        PowerBowls(gaia=1).from_gaia(bowl=4)


def test_power_bowls_errors_and_copy():
    with pytest.raises(BowlError, match="negative"):
        PowerBowls(-1)
    with pytest.raises(BowlError, match="negative"):
        PowerBowls(1).charge(-1)
    p = PowerBowls(1, 2, 3, 4)
    c = p.copy()
    c.spend(3)
    assert p.as_tuple() == (1, 2, 3, 4) and c.as_tuple() == (4, 2, 0, 4)
    assert repr(p) == "PowerBowls(1, 2, 3, gaia=4)"


op = st.one_of(
    st.tuples(st.just("charge"), st.integers(0, 8)),
    st.tuples(st.just("spend"), st.integers(0, 8)),
    st.tuples(st.just("burn"), st.integers(0, 3)),
    st.tuples(st.just("add"), st.integers(0, 3)),
    st.tuples(st.just("satellite"), st.integers(0, 3)),
    st.tuples(st.just("gaiaform"), st.integers(0, 6)),
    st.tuples(st.just("gaia_phase"), st.integers(1, 3)),
)


@settings(deadline=None)
@given(st.tuples(*[st.integers(0, 8)] * 4), st.lists(op, max_size=40))
def test_power_tokens_are_conserved(start, ops):
    p = PowerBowls(*start)
    begin = p.tokens
    for name, n in ops:
        before = p.as_tuple()
        try:
            if name == "charge":
                room = p.charge_room
                assert p.charge(n) == min(n, room)
                assert p.bowl3 >= before[2]
            elif name == "spend":
                p.spend(n)
            elif name == "burn":
                p.burn(n)
            elif name == "add":
                p.add(n)
            elif name == "satellite":
                p.remove(*p.split(n))
            elif name == "gaiaform":
                p.to_gaia(*p.split(n))
            else:
                p.from_gaia(bowl=n)
        except BowlError:
            assert p.as_tuple() == before  # refused moves change nothing
        assert min(p.as_tuple()) >= 0
        assert p.tokens == begin + p.added - p.removed


# ---------------------------------------------------------------- generic bowls and pools
def test_bowls_move_add_remove():
    b = Bowls([3, 0, 1])
    b.move(0, 1, 2)
    assert b.counts == [1, 2, 1] and b.total == 4 and len(b) == 3 and b[1] == 2
    with pytest.raises(BowlError, match="bowl 0 holds 1 tokens; cannot move 2"):
        b.move(0, 2, 2)
    b.add(2, 3)
    b.remove(1, 2)
    assert b.counts == [1, 0, 4]
    with pytest.raises(BowlError, match="cannot remove"):
        b.remove(1)
    with pytest.raises(BowlError, match="negative"):
        Bowls([1, -1])
    c = b.copy()
    c.add(0)
    assert b.counts == [1, 0, 4] and repr(b) == "Bowls([1, 0, 4])"


@settings(deadline=None)
@given(st.lists(st.integers(0, 5), min_size=2, max_size=5), st.data())
def test_bowl_moves_conserve_tokens(counts, data):
    b = Bowls(counts)
    total = b.total
    for _ in range(data.draw(st.integers(0, 20))):
        src = data.draw(st.integers(0, len(counts) - 1))
        dst = data.draw(st.integers(0, len(counts) - 1))
        n = data.draw(st.integers(0, 6))
        before = list(b.counts)
        try:
            b.move(src, dst, n)
        except BowlError:
            assert b.counts == before
        assert b.total == total and min(b.counts) >= 0


def test_pool():
    bank = Pool({"crystal": 5, "scale": 0})
    assert bank["crystal"] == 5 and bank["scale"] == 0 and bank.total == 5
    player = Pool()
    bank.move("crystal", 3, player)
    assert bank["crystal"] == 2 and player["crystal"] == 3
    with pytest.raises(BowlError, match="holds 2 crystal; cannot take 3"):
        bank.take("crystal", 3)
    assert bank.take_upto("crystal", 9) == 2 and bank.total == 0 and bank.counts == {}
    with pytest.raises(BowlError, match="negative"):
        Pool({"vp": -1})
    c = player.copy()
    c.add("vp", 2)
    assert player == Pool({"crystal": 3}) and c != player and repr(player) == "Pool({'crystal': 3})"


@settings(deadline=None)
@given(st.lists(st.tuples(st.sampled_from("abc"), st.integers(0, 4), st.booleans()), max_size=40))
def test_pool_moves_conserve_tokens(moves):
    left, right = Pool({"a": 4, "b": 4, "c": 4}), Pool()
    for kind, n, back in moves:
        src, dst = (right, left) if back else (left, right)
        try:
            src.move(kind, n, dst)
        except BowlError:
            pass
        for k in "abc":
            assert left[k] + right[k] == 4 and left[k] >= 0 and right[k] >= 0
