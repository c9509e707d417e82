"""gamekit.kit.deck: draws, discards, reshuffles through the logged Chance, and replay."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamekit.core.rng import Chance, ChanceMismatch
from gamekit.kit.deck import Deck

# property tests: no per-example deadline (the test machines are shared and slow)


def test_draw_peek_top_bottom():
    chance = Chance(0, [])
    d = Deck(["a", "b", "c", "d"])
    assert d.size == len(d) == 4 and d.order() == ["a", "b", "c", "d"]
    assert d.peek(2) == ["a", "b"] and d.peek(9) == ["a", "b", "c", "d"] and d.peek(0) == []
    assert d.draw(chance, 1) == ["a"]
    d.top(["x", "y"])
    d.bottom(["p", "q"])
    assert d.order() == ["x", "y", "b", "c", "d", "p", "q"]
    assert d.draw(chance, 3) == ["x", "y", "b"]
    assert chance.log == []  # no shuffle happened


def test_reshuffle_only_when_the_pile_is_empty():
    log: list[str] = []
    chance = Chance(7, log)
    d = Deck(["a", "b"])
    d.discard("c")
    d.discard_many(["d", "e"])
    seen = []
    got = d.draw(chance, 4, on_reshuffle=seen.append)
    assert got[:2] == ["a", "b"] and sorted(got[2:]) != [] and len(got) == 4
    assert seen == [3]
    assert len(log) == 1 and log[0].startswith("chance reshuffle ")
    assert sorted(log[0].split()[2:]) == ["0", "1", "2"]
    assert d.total == 1 and d.discards == []
    assert d.draw(chance, 5) == [c for c in "cde" if c not in got]
    assert d.draw_one(chance) is None and d.draw(chance, 2) == []  # both piles empty


def test_eager_reshuffle_right_after_the_last_card():
    # Race for the Galaxy: "reshuffled from the discards as soon as it runs out"
    log: list[str] = []
    d = Deck(["a"], discards=["b", "c"], eager=True)
    seen = []
    assert d.draw(Chance(1, log), 1, on_reshuffle=seen.append) == ["a"]
    assert seen == [2] and d.size == 2 and len(log) == 1
    lazy = Deck(["a"], discards=["b", "c"])
    assert lazy.draw(Chance(1, []), 1) == ["a"] and lazy.size == 0


def test_no_recycling():
    # It's a Wonderful World: the discard pile is never reshuffled
    log: list[str] = []
    d = Deck(["a", "b"], discards=["c"], recycle=False)
    assert d.draw(Chance(1, log), 3) == ["a", "b"] and log == [] and d.discards == ["c"]
    assert d.draw_one(Chance(1, log)) is None
    e = Deck(["a"], discards=["c"], recycle=False, eager=True)
    assert e.draw(Chance(1, log), 1) == ["a"] and log == [] and e.copy().recycle is False


def test_sorted_discards_make_the_shuffle_independent_of_discard_order():
    a = Deck(discards=[3, 1, 2], sort_discards=True)
    b = Deck(discards=[2, 3, 1], sort_discards=True)
    assert a.draw(Chance(5, []), 3) == b.draw(Chance(5, []), 3)


def test_reshuffle_goes_under_the_remaining_cards():
    d = Deck(["top"], discards=["x", "y"])
    n = d.reshuffle(Chance(3, []))
    assert n == 2 and d.order()[0] == "top" and sorted(d.order()[1:]) == ["x", "y"]


def test_shuffle_is_logged_with_its_name():
    log: list[str] = []
    d = Deck(range(5))
    d.shuffle(Chance(2, log), "deck")
    assert log[0].split()[:2] == ["chance", "deck"] and sorted(d.order()) == list(range(5))


def test_remove_and_copy():
    d = Deck(["a", "b"], discards=["c"])
    assert d.remove("b") == "cards" and d.remove("c") == "discards" and d.remove("z") is None
    c = d.copy()
    c.discard("q")
    assert d.discards == [] and c.discards == ["q"] and c.order() == ["a"]


def play(chance: Chance, script: list[tuple[str, int]]) -> list:
    """A little game on a deck: draws and discards driven by ``script``; returns every draw."""
    deck = Deck(range(12), what="reshuffle", eager=False)
    deck.shuffle(chance, "deck")
    hand: list[int] = []
    drawn = []
    for verb, n in script:
        if verb == "draw":
            got = deck.draw(chance, n)
            hand.extend(got)
            drawn.append(got)
        else:
            out, hand[:] = hand[:n], hand[n:]
            deck.discard_many(out)
        assert Counter(hand) + Counter(deck.cards) + Counter(deck.discards) == Counter(range(12))
    return drawn


script_st = st.lists(st.tuples(st.sampled_from(["draw", "discard"]), st.integers(0, 6)),
                     max_size=40)


@settings(deadline=None)
@given(st.integers(0, 10**6), script_st)
def test_replay_from_the_logged_chance_lines(seed, script):
    log: list[str] = []
    first = play(Chance(seed, log), script)
    chance_lines = [line for line in log if line.startswith("chance ")]
    assert chance_lines == log and chance_lines  # the setup shuffle at least
    # a replay fed the recorded lines draws exactly the same cards, with the game's seed
    # (checked in lockstep) or with none (an imported game: the lines are taken as given)
    for replay_seed in (seed, None):
        log2: list[str] = []
        again = play(Chance(replay_seed, log2, outcomes=chance_lines), script)
        assert again == first and log2 == log


def test_replay_with_a_wrong_line_is_refused():
    log: list[str] = []
    play(Chance(1, log), [("draw", 12), ("discard", 12), ("draw", 1)])
    assert [line.split()[1] for line in log] == ["deck", "reshuffle"]
    bad = [log[0], "chance deck 0 1 2"]
    with pytest.raises(ChanceMismatch, match="does not match the draw 'reshuffle'"):
        play(Chance(1, [], outcomes=bad), [("draw", 12), ("discard", 12), ("draw", 1)])


def test_piles_are_the_decks_own_lists_both_ways():
    """``piles(holder)``: a state's ``deck``/``discard`` read and assign its kit ``Deck``'s
    piles (Blue Moon City's accessors, once in the kit instead of in each game)."""
    from gamekit.kit.deck import piles

    class Game:
        deck, discard = piles("pile")

    game = Game()
    game.pile = Deck(["a", "b", "c"])
    assert game.deck is game.pile.cards and game.deck == ["c", "b", "a"]
    game.pile.discard("x")
    assert game.discard == ["x"]
    game.deck = ["z"]
    game.discard = []
    assert (game.pile.cards, game.pile.discards) == (["z"], [])
    assert game.pile.draw(Chance(1, []), 1) == ["z"]
