"""The ladder's sequential stop (``ladder_until``): a step stops once its Wilson lower bound
passes 50 % (after the least games), and a step that does not hold runs to its cap."""

from __future__ import annotations

from gamekit.analysis.ladder import ladder_step, ladder_until
from gamekit.stats import wilson


def test_a_clear_step_stops_as_soon_as_it_holds():
    seen = []
    row = ladder_until("race", "heuristic", "random", 2, cap=40, batch=4, least=8,
                       progress=seen.append)
    assert row["holds"] and row["low"] > 0.5
    assert 8 <= row["games"] < 40, "it stops early, not before the least games"
    assert [r["games"] for r in seen] == list(range(4, row["games"] + 1, 4))
    assert not any(r["holds"] and r["games"] >= 8 for r in seen[:-1]), "no later than needed"
    assert (row["low"], row["high"]) == wilson(row["strong_wins"], row["games"])


def test_the_batches_are_the_same_games_as_one_run():
    whole = ladder_step("race", "heuristic", "random", 2, 6, seed=7)
    parts = ladder_until("race", "heuristic", "random", 2, cap=6, seed=7, batch=3, least=99)  # batches of 4, 2
    assert parts["games"] == 6 and parts["strong_wins"] == whole["strong_wins"]


def test_a_step_that_does_not_hold_runs_to_its_cap():
    row = ladder_until("race", "random", "heuristic", 2, cap=6, batch=4)
    assert row["games"] == 6 and not row["holds"]


def test_a_step_goes_on_from_its_stored_row():
    first = ladder_until("race", "random", "heuristic", 2, cap=4, seed=11, batch=4)
    more = ladder_until("race", "random", "heuristic", 2, cap=8, seed=999, batch=4, prior=first)
    whole = ladder_until("race", "random", "heuristic", 2, cap=8, seed=11, batch=4)
    assert more["games"] == 8 and more["seed"] == 11, "new seeds follow the stored row's"
    assert more["strong_wins"] == whole["strong_wins"]
    assert more["cpu_s"] >= first["cpu_s"]
    held = {**first, "holds": True, "games": 12}
    assert ladder_until("race", "random", "heuristic", 2, cap=40, prior=held) == held


def test_the_command_stores_every_batch_and_resumes(tmp_path, monkeypatch, capsys):
    import json

    from gamekit.analysis import ladder as ladder_mod
    from gamekit.cli import main

    monkeypatch.setattr(ladder_mod, "DATA", tmp_path)
    step = ["ladder", "race", "--bots", "heuristic,random", "-p", "2", "--until-bound", "--store"]
    assert main([*step, "--games", "4", "--seed", "20"]) == 0
    [row] = json.loads((tmp_path / "race.ladder.json").read_text())["rows"]
    assert (row["games"], row["seed"], row["holds"]) == (4, 20, False)
    assert main([*step, "--games", "8", "--resume"]) == 0
    [row] = json.loads((tmp_path / "race.ladder.json").read_text())["rows"]
    assert (row["games"], row["seed"]) == (8, 20), "8 games from seed 20 on"
    assert row["strong_wins"] == ladder_until("race", "random", "heuristic", 2, cap=8,
                                              seed=20)["strong_wins"]
    assert '"games": 8' in capsys.readouterr().out


def test_the_cpu_of_games_played_in_worker_processes_is_counted():
    """With ``-j 2`` the games run in worker processes: their CPU is the step's CPU too (it was
    once the parent's alone, a tenth of the truth)."""
    one = ladder_step("wonderful", "heuristic", "random", 5, 24, seed=3)
    two = ladder_step("wonderful", "heuristic", "random", 5, 24, seed=3, processes=2)
    assert two["strong_wins"] == one["strong_wins"], "the same games either way"
    assert two["cpu_s"] >= 0.7 * one["cpu_s"] > 0


def test_least_makes_a_held_stored_row_go_on(tmp_path, monkeypatch):
    """``--least N`` with ``--resume``: a stored row that already holds plays on to N games
    (with as many as it has, it stops at once)."""
    import json

    from gamekit.analysis import ladder as ladder_mod
    from gamekit.cli import main

    monkeypatch.setattr(ladder_mod, "DATA", tmp_path)
    step = ["ladder", "race", "--bots", "random,heuristic", "-p", "2", "--until-bound",
            "--store", "--games", "40"]
    assert main([*step, "--least", "4"]) == 0
    [held] = json.loads((tmp_path / "race.ladder.json").read_text())["rows"]
    assert held["holds"] and held["games"] < 12
    assert main([*step, "--resume", "--least", "4"]) == 0
    [row] = json.loads((tmp_path / "race.ladder.json").read_text())["rows"]
    assert row["games"] == held["games"], "a held row with its least games stops at once"
    assert main([*step, "--resume", "--least", "12"]) == 0
    [row] = json.loads((tmp_path / "race.ladder.json").read_text())["rows"]
    assert row["games"] >= 12 and row["seed"] == held["seed"]
    again = ladder_until("race", "heuristic", "random", 2, cap=row["games"], least=99)
    assert row["strong_wins"] == again["strong_wins"], "the same games as one run"
