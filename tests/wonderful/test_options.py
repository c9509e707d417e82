"""Options are validated and every random setup element can be given explicitly."""

import pytest

import gamekit
from gamekit.core import OptionError
from gamekit.games.wonderful.data import DECK, SCENARIOS


@pytest.mark.parametrize(
    "players, opts, words",
    [
        (0, {}, "1 to 5 players"),
        (6, {}, "1 to 5 players"),
        (4, {"empire_side": "C"}, "empire_side"),
        (4, {"empire_side": 1}, "empire_side"),
        (3, {"empires": ["aztec_empire", "noram_states"]}, "one empire per seat"),
        (2, {"empires": ["aztec_empire", "atlantis"]}, "unknown empire"),
        (2, {"empires": ["aztec_empire", "aztec_empire"]}, "different empire"),
        (2, {"empires": "aztec_empire"}, "empires"),
        (4, {"deck": ["zeppelin", "no_such_card"]}, "unknown card"),
        (4, {"deck": ["atlantis", "atlantis"]}, "atlantis has 1 copies"),
        (4, {"scenario": "CO1"}, "1 player"),
        (1, {"scenario": "CO9"}, "unknown scenario"),
        (1, {"scenario": "CO1", "empire_side": "A"}, "side B"),
        (1, {"scenario": "CO1", "deck": ["polar_base"]}, "too many copies"),
        (1, {"solo_exchange": "yes"}, "solo_exchange"),
        (4, {"draft": "left"}, "unknown option"),
    ],
)
def test_bad_options_name_the_problem(players, opts, words):
    with pytest.raises(OptionError) as err:
        gamekit.new("wonderful", players=players, **opts)
    assert words in str(err.value)
    if "option" in str(err.value) and players in range(1, 6):
        key = next(iter(opts))
        assert key in str(err.value)


def test_defaults_and_explicit_setup():
    st = gamekit.new("wonderful", players=4, seed=3)
    assert st.side == "A" and len(set(st.empires)) == 4 and st.round == 1
    top = list(DECK[:28])
    st = gamekit.new("wonderful", players=4, seed=3, deck=top, empire_side="B",
                     empires=["noram_states", "aztec_empire", "republic_of_europe",
                              "panafrican_union"])
    assert st.side == "B" and st.empires[0] == "noram_states"
    assert [st.hands[s] for s in range(4)] == [top[7 * s:7 * s + 7] for s in range(4)]
    full = list(reversed(DECK))
    st = gamekit.new("wonderful", players=3, seed=9, deck=full)
    assert st.hands[0] == full[:7] and st.pile.order() == full[21:]
    assert not any(line.startswith("chance deck") for line in st.log)


def test_seed_fixes_random_setup():
    a = gamekit.new("wonderful", players=5, seed=11)
    b = gamekit.new("wonderful", players=5, seed=11)
    assert a.to_dict() == b.to_dict()
    assert gamekit.new("wonderful", players=5, seed=12).to_dict() != a.to_dict()


def test_scenario_setup():
    for code, sc in SCENARIOS.items():
        st = gamekit.new("wonderful", players=1, seed=1, scenario=code)
        assert st.side == "B"
        assert [c for c, _ in st.seats[0].construction] == sc["cards"]
        assert len(st.all_cards()) == 150
        st.check_invariants()
