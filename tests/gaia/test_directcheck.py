"""The replay's direct check of one turn action (``directcheck.turn_verdict``) gives the same
verdict as membership in the legal list, for every legal action and for near misses, over
random games of 2-4 players (the base rules, the site's readings the importer switches on,
and the factions whose special actions the check reads one by one); ``checked_apply``
refuses what the list refuses, with the same message, the state unchanged."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest

from gamekit.core import Action, IllegalAction, position
from gamekit.games.gaia import state as state_module
from gamekit.games.gaia.components import BOARD_ACTIONS, BOOSTERS, TECH
from gamekit.games.gaia.directcheck import checked_apply, turn_verdict
from gamekit.games.gaia.importer import SITE_READINGS, import_bytes
from gamekit.games.gaia.state import GaiaState
from gamekit.games.gaia.subdecisions import fedpick_verdict

_VERBS = ("build", "upgrade", "action", "special", "federation")
_CODES = ("m", "ts", "lab", "PI", "ac1", "ac2", "gf", "x")
_SPECIALS = (*TECH, *BOOSTERS, "ac2", "up-lowest", "space-station", "swap-PI", "down-lab",
             "step", "x")


def _fresh(state: GaiaState) -> GaiaState:
    """A copy without any memo (a pickled state leaves them behind: all computed again)."""
    return pickle.loads(pickle.dumps(state))


def _candidates(state: GaiaState, seat: int, legal: list[Action],
                rng: random.Random) -> set[Action]:
    """The legal actions of the checked verbs and near misses: every planet for a mine,
    every own building with every code, every board and special action, odd shapes."""
    labels = [state.label(h) for h in state.space.planets]
    own = [state.label(h) for h in state.pl[seat].built]
    out = {a for a in legal if a.verb in _VERBS}
    out.update(Action(seat, "build", (lab,)) for lab in labels)
    out.update(Action(seat, "upgrade", (h, c)) for h in own for c in _CODES)
    out.update(Action(seat, "upgrade", (lab, "ts")) for lab in rng.sample(labels, 10))
    out.update(Action(seat, "action", (a,)) for a in (*BOARD_ACTIONS, "x", "power1"))
    out.update(Action(seat, "special", (s,)) for s in _SPECIALS)
    out.update({Action(seat, "federation", ("custom",)), Action(seat, "build"),
                Action(seat, "upgrade", (own[0],) if own else ()), Action(seat, "special"),
                Action(seat, "build", (labels[0], labels[1])), Action(seat, "action", (3,)),
                Action(seat, "build", ("0x0",)), Action(seat, "build", ("99Z9",))})
    return out


_GAMES = [(2, 21, None, {}), (3, 22, None, SITE_READINGS), (4, 23, None, SITE_READINGS),
          (4, 24, ["firaks", "ambas", "ivits", "xenos"], SITE_READINGS),
          (4, 25, ["bescods", "ivits", "ambas", "terrans"], {}),
          (3, 26, ["lantids", "hadsch-hallas", "geodens"], SITE_READINGS),
          (4, 27, ["terrans", "xenos", "taklons", "nevlas"], SITE_READINGS),
          (2, 28, ["baltaks", "itars"], SITE_READINGS)]


def _new_game(players: int, seed: int, factions: list[str] | None, options: dict) -> GaiaState:
    """One of ``_GAMES``: odd seeds on the random map, even ones on the first game's."""
    extra = {"factions": factions} if factions else {}
    return GaiaState.new(players, seed, layout="random" if seed % 2 else "first_game",
                         **extra, **options)


@pytest.mark.parametrize("players,seed,factions,options", _GAMES)
def test_direct_verdict_equals_membership(players, seed, factions, options) -> None:
    rng = random.Random(seed)
    state = _new_game(players, seed, factions, options)
    checked = answered = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if state.stack[-1][0] == "turn" and rng.random() < 0.5:
            fresh = _fresh(state)
            for a in _candidates(state, seat, legal, rng):
                want = a in legal
                got, got_fresh = turn_verdict(state, a), turn_verdict(fresh, a)
                assert got == got_fresh, a
                if got is not None:
                    assert got == want, (a, want)
                    answered += 1
                checked += 1
        state.apply(legal[rng.randrange(len(legal))], False)
    assert answered > 2000 and checked >= answered


def test_checked_apply_gives_the_full_check_verdict() -> None:
    """A legal turn action goes through as ``apply`` would; an illegal one is refused with
    the full check's message and the state left as it was."""
    rng = random.Random(5)
    state = GaiaState.new(3, 5, **SITE_READINGS)
    refused = applied = 0
    while not state.is_over() and applied < 400:
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        if state.stack[-1][0] == "turn":
            for a in sorted(_candidates(state, seat, legal, rng) - set(legal), key=str)[:6]:
                a_copy, b_copy = state.clone(), state.clone()
                with pytest.raises(IllegalAction) as direct:
                    checked_apply(a_copy, a)
                with pytest.raises(IllegalAction) as full:
                    b_copy.apply(a)
                assert str(direct.value) == str(full.value)
                assert a_copy.to_dict() == state.to_dict() and a_copy.log == state.log
                refused += 1
        a = legal[rng.randrange(len(legal))]
        twin = state.clone()
        checked_apply(state, a)
        twin.apply(a)
        assert state.to_dict() == twin.to_dict() and state.log == twin.log
        applied += 1
    assert refused > 100


@pytest.mark.parametrize("arg", ["3A5", "-3x5", "12", "-4", "booster3", "4pw-q", "1A3+1A4", "",
                                 "a b", '"x', "None", "²", "token_first", 5, -3, 0, True, None,
                                 10**9, "x#y", "é"])
def test_importer_action_reads_as_its_text(arg) -> None:
    """The importer's action made directly is the one its text parses to (or both refused)."""
    from gamekit.games.gaia.importer import _action

    text = f"p2 verb {arg}"
    try:
        want = Action.parse(text)
    except Exception:  # noqa: BLE001 - both must refuse
        with pytest.raises(IllegalAction):
            _action(1, "verb", (arg,))
        return
    assert _action(1, "verb", (arg,)) == want


@pytest.mark.parametrize("players,seed,factions,options", _GAMES[:5])
def test_fedpick_verdict_equals_membership(players, seed, factions, options) -> None:
    """A hex-by-hex federation's pick is checked at that pick (``fedpick_verdict``): the
    verdict of the list for every legal pick, every hex of the map, ``done``, ``cancel`` and
    odd shapes; the games lay federations out whenever they may."""
    rng = random.Random(seed)
    state = _new_game(players, seed, factions, options)
    checked = dones = 0
    while not state.is_over():
        seat = state.to_move()[0]
        legal = state.legal_actions(seat)
        entry = state.stack[-1]
        pick = [a for a in legal if a.verb == "federation" and a.args == ("custom",)]
        if entry[0] == "fedpick":
            data = state.data_of(entry)
            tries = {*legal, Action(seat, "fedhex", ("done",)), Action(seat, "fedhex", ()),
                     Action(seat, "fedhex", ("cancel", "x")), Action(seat, "mine", ("done",))}
            tries.update(Action(seat, "fedhex", (state.label(h),)) for h in state.space.planets)
            for a in tries:
                assert fedpick_verdict(state, a, data) == (a in legal), a
                checked += 1
            dones += Action(seat, "fedhex", ("done",)) in legal
            moves = [a for a in legal if a.args != ("cancel",)] or legal
            state.apply(moves[rng.randrange(len(moves))])  # checked by the verdict
        elif pick and rng.random() < 0.7:
            state.apply(pick[0])
        else:
            state.apply(legal[rng.randrange(len(legal))], False)
    assert checked > 500


@pytest.mark.parametrize("record", ["voyager-6-qxr"])
def test_fedpick_verdict_on_imported_federations(record, monkeypatch) -> None:
    """The importer lays the records' federations out hex by hex: at every pick the verdict
    (``done`` included) is the list's, for the pick and every other hex of the map."""
    seen = {"done": 0, "checked": 0}

    def both(state, action, data):
        legal = state._legal(action.seat)
        got = fedpick_verdict(state, action, data)
        assert got == (action in legal), action
        for h in state.space.planets:
            other = Action(action.seat, "fedhex", (state.label(h),))
            assert fedpick_verdict(state, other, data) == (other in legal), other
        seen["done"] += action.args == ("done",)
        seen["checked"] += 1
        return got

    monkeypatch.setattr(state_module, "fedpick_verdict", both)
    data = (Path(__file__).parent / "records" / f"{record}.json").read_bytes()
    import_bytes(data, record)
    assert seen["done"] > 0 and seen["checked"] > seen["done"]


def test_lost_planet_spaces_are_those_within_reach_cost() -> None:
    """The Lost Planet's spaces (a distance bound of range + 2 per QIC) are those whose
    ``reach_cost`` the seat can pay, with and without ``lost_planet_on_satellites``."""
    from gamekit.games.gaia.mines import range_origins, reach_cost
    from gamekit.games.gaia.subdecisions import LEGAL

    compared = 0
    for seed, options in ((31, {}), (32, SITE_READINGS)):
        rng = random.Random(seed)
        state = GaiaState.new(4, seed, **options)
        while not state.is_over():
            seat = state.to_move()[0]
            legal = state.legal_actions(seat)
            if rng.random() < 0.1:
                data = state.position()  # each seat's QIC changed: never played on
                for seat_data in data["state"]["players"]:
                    seat_data["resources"]["qic"] = rng.randint(0, 3)
                view = position(data)
                for s in range(4):
                    p, origins = view.pl[s], range_origins(view, s)
                    sats = set().union(*(o.satellites for o in view.pl))
                    want = [Action(s, "lost", (view.label(h),))
                            for h, t in sorted(view.space.planets.items())
                            if t == "empty" and h not in view.stations and h not in view.owner
                            and (view.options["lost_planet_on_satellites"] or h not in sats)
                            and 0 <= reach_cost(view, s, h, origins) <= p.res["qic"]]
                    assert LEGAL["lost"](view, s, {}) == want
                    compared += bool(want)
            state.apply(legal[rng.randrange(len(legal))], False)
    assert compared > 20
