"""Positions of It's a Wonderful World: round trip, same future, clear errors, scores."""

from __future__ import annotations

import copy
import json
import random

import pytest

import gamekit
from gamekit import PositionError
from gamekit.core import fold_flows
from gamekit.core.invariants import same_future


def _random_states(players: int, seeds: range, every: int = 7):
    for seed in seeds:
        state = gamekit.new("wonderful", players=players, seed=seed)
        rng = random.Random(seed)
        n = 0
        while not state.is_over():
            if n % every == 0:
                yield state
            seat = state.to_move()[0]
            state.apply(rng.choice(state.legal_actions(seat)))
            n += 1
        yield state


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5])
def test_round_trip_andsame_future(players):
    checked = 0
    for i, state in enumerate(_random_states(players, range(5), every=11)):
        data = json.loads(json.dumps(state.position()))
        loaded = gamekit.position(data)
        assert loaded.to_dict() == state.to_dict()
        assert loaded.to_move() == state.to_move()
        for seat in state.to_move():
            assert loaded.legal_actions(seat) == state.legal_actions(seat)
        assert loaded.scores() == state.scores()
        if i % 9 == 0 and not state.is_over():
            same_future(state.clone(), loaded, i)
        checked += 1
    assert checked > 40


def test_loaded_ledger_balances_and_invariants_hold():
    state = next(s for i, s in enumerate(_random_states(3, range(1), every=1)) if i == 90)
    loaded = gamekit.position(state.position())
    for seat in range(3):
        assert dict(fold_flows(loaded.flows, seat, loaded.ledger_places)) == loaded.holdings(seat)
    rng = random.Random(4)
    while not loaded.is_over():
        loaded.apply(rng.choice(loaded.legal_actions(loaded.to_move()[0])))
        loaded.check_invariants()
    for seat in range(3):
        assert dict(fold_flows(loaded.flows, seat, loaded.ledger_places)) == loaded.holdings(seat)


def test_json_text_and_bytes_are_read():
    state = gamekit.new("wonderful", players=2, seed=3)
    text = json.dumps(state.position())
    assert gamekit.position(text).to_dict() == state.to_dict()
    assert gamekit.position(text.encode()).to_dict() == state.to_dict()
    assert gamekit.position(text, game="wonderful").players == 2


def _base():
    state = gamekit.new("wonderful", players=3, seed=5)
    return state.position()


def _mutated(change):
    data = copy.deepcopy(_base())
    change(data)
    return data


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["state"]["deck"].append(d["state"]["deck"][0]), r"appears \d+ times"),
        (lambda d: d["state"]["deck"].pop(), r"card\(s\) are nowhere"),
        (lambda d: d["state"]["seats"][0]["hand"].extend(
            d["state"]["deck"].pop() for _ in range(3)), r"seats\[0\].hand: 10 cards"),
        (lambda d: d["state"]["seats"][1]["empire_cubes"].update(materials=5),
         r"seats\[1\].empire_cubes"),
        (lambda d: d["state"]["seats"][1].update(empire=d["state"]["seats"][0]["empire"]),
         "own empire"),
        (lambda d: d["state"].update(to_move=[0]), "to_move"),
        (lambda d: d["state"].update(phase="lunch"), r"field phase: 'lunch' is not one of"),
        (lambda d: d["state"]["seats"][2].update(krystallium=-1), r"seats\[2\].krystallium"),
        (lambda d: d["state"]["seats"][2].update(krystallium=1.5), r"seats\[2\].krystallium"),
        (lambda d: d["state"]["seats"].pop(), "field seats"),
        (lambda d: d.update(version=2), "field version"),
        (lambda d: d.update(game="chess"), "unknown game"),
        (lambda d: d.update(players=7), "3 to 5 players|1 to 5 players|field seats"),
        (lambda d: d.update(options={"colour": "red"}), "unknown option"),
        (lambda d: d.update(chance=[1, 2, 3]), "field chance"),
        (lambda d: d.update(extra=1), "unknown key 'extra'"),
    ],
)
def test_bad_positions_name_the_field(change, message):
    with pytest.raises(PositionError, match=message):
        gamekit.position(_mutated(change))


def test_a_card_under_construction_holds_only_what_its_spaces_take():
    state = gamekit.new("wonderful", players=2, seed=8)
    rng = random.Random(0)
    while not any(s["construction"] for s in state.to_dict()["seats"]):
        state.apply(rng.choice(state.legal_actions(state.to_move()[0])))
    data = state.position()
    seat = next(s for s in data["state"]["seats"] if s["construction"])
    spaces = seat["construction"][0]["spaces"]
    wrong = "general" if spaces[0]["filled_by"] != "general" else "financier"
    spaces[0]["filled_by"] = wrong
    with pytest.raises(PositionError, match=r"construction\[0\].*cannot fill"):
        gamekit.position(data)
    for sp in spaces:  # all filled: it would be built, not under construction
        sp["filled_by"] = "krystallium"
    with pytest.raises(PositionError, match="complete"):
        gamekit.position(data)


def test_malformed_input():
    with pytest.raises(PositionError, match="not valid JSON"):
        gamekit.position("{nope")
    with pytest.raises(PositionError, match="nested more than 32 levels"):
        gamekit.position("[" * 100_000)
    with pytest.raises(PositionError, match=r"at most 2\.0 MiB, got 3\.0 MiB"):
        gamekit.position(" " * (3 * 1024 * 1024))
    with pytest.raises(PositionError, match="expected 'race'"):
        gamekit.position(_base(), game="race")


def test_a_view_is_not_a_position():
    state = gamekit.new("wonderful", players=3, seed=1)
    with pytest.raises(PositionError, match="view"):
        state.view(0).position()


def test_scores_of_any_position_and_a_result_declared_final():
    state = next(s for i, s in enumerate(_random_states(4, range(3, 4), every=1)) if i == 200)
    assert not state.is_over()
    loaded = gamekit.position(state.position())
    live = loaded.scores()
    assert all(b["total"] == sum(v for k, v in b.items() if k != "total") for b in live.values())
    with pytest.raises(gamekit.IllegalAction, match="not over"):
        loaded.result()
    res = loaded.result(final=True)
    assert res.scores == [live[s]["total"] for s in range(4)]
    assert set(res.winners) == {s for s in range(4) if res.ranks[s] == 1}


def test_cli_position_then_play_from_it(tmp_path, capsys):
    from gamekit.cli import main

    assert main(["position", "wonderful", "-p", "3", "-s", "4", "--at", "40"]) == 0
    data = json.loads(capsys.readouterr().out)
    state = gamekit.position(data)
    assert state.players == 3 and not state.is_over()
    path = tmp_path / "pos.json"
    path.write_text(json.dumps(data))
    assert main(["play", "wonderful", "--from", str(path), "-a", "heuristic"]) == 0
    out = capsys.readouterr().out.strip().splitlines()[-1]
    assert json.loads(out)["finished"] is True
    # a position of another game, a missing file, options beside --from: one clear line each
    for argv, words in (
        (["play", "race", "--from", str(path)], "expected 'race'"),
        (["play", "wonderful", "--from", str(tmp_path / "none.json")], "cannot be read"),
        (["play", "wonderful", "--from", str(path), "-o", "empire_side=B"], "--from takes"),
    ):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert words in err and err.count("\n") == 1
