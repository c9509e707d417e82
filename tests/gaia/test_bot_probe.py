"""Randomised swaps of the scholar's two best main actions (session 27, docs/bots.md): with
no swap it plays the scholar's own game, swaps happen only in rounds 1–5 and are logged, a game
is the same twice, and the fit finds a worth planted in made-up games."""

from __future__ import annotations

import random
import re

from gamekit.games.gaia.bot_probe import band_of, fit, fit_table, main, probe_game
from gamekit.games.gaia.bot_study import selfplay_game

_KIND = re.compile(r"^(up:\w+|res:\w+|act:(power|qic)\d|build|gaia|federation|special|pass)$")


def test_no_swap_is_the_scholars_own_game() -> None:
    g = probe_game(5, p=0.0)
    assert g["swaps"] == []
    assert g["vp"] == [r["score"] for r in selfplay_game(5, 4, ("scholar",))]


def test_swaps_are_logged_in_rounds_one_to_five_and_repeat() -> None:
    g = probe_game(6, p=0.5)
    assert len(g["swaps"]) >= 10
    for s in g["swaps"]:
        assert 1 <= s["round"] <= 5 and 0 <= s["seat"] < 4
        assert _KIND.match(s["best"]) and _KIND.match(s["alt"])
        assert s["gap"] >= 0
    assert probe_game(6, p=0.5) == g
    assert g["vp"] != [r["score"] for r in selfplay_game(6, 4, ("scholar",))]


def test_fit_finds_a_planted_worth() -> None:
    rng = random.Random(1)
    games = []
    kinds = ["build", "up:lab", "res:sci", "pass"]
    for seed in range(400):
        swaps, vp = [], []
        for seat in range(4):
            score = 100.0 + rng.gauss(0, 3)
            for _ in range(rng.randint(2, 6)):
                best, alt = rng.sample(kinds, 2)
                swaps.append({"seat": seat, "round": 1, "best": best, "alt": alt, "gap": 1.0})
                score += 5.0 * (alt == "build") - 5.0 * (best == "build")
            vp.append(score)
        games.append({"seed": seed, "vp": vp, "swaps": swaps})
    f = fit(games, ridge=1.0)
    w = {k: v[0] for k, v in f["kinds"].items()}
    assert abs((w[("build", "r1-2")] - w[("pass", "r1-2")]) - 5.0) < 0.6
    assert abs(w[("up:lab", "r1-2")] - w[("res:sci", "r1-2")]) < 0.6
    assert band_of(5) == "r5" and band_of(3) == "r3-4"
    assert "| build | r1-2 |" in fit_table(f).splitlines()[4]


def test_command_line_plays_and_reads_back(tmp_path, capsys) -> None:
    out = tmp_path / "swaps.jsonl"
    main(["--games", "1", "--seed", "7", "--p", "0.3", "--out", str(out)])
    first = capsys.readouterr().out
    assert first.startswith("1 games, ") and "| kind played instead of the best |" in first
    main(["--rows", str(out)])
    assert capsys.readouterr().out == first
