"""``gamekit new-game`` (issue 24, section 3): the skeleton it writes plays and passes, as
generated, its own tests, the core's contract checks, ruff and the house rules; ``--dry-run``
writes nothing; a bad, reserved or taken id is refused with a clear error before anything is
written.

How "passes ``make test`` as generated" is proven: the game is written into a temporary root
(``gamekit/games/``, ``tests/``, ``notebooks/``, ``docs/`` and a copy of ``pyproject.toml``),
made importable by adding that ``gamekit/games`` folder to the package's path in a fresh
interpreter, and there pytest runs the generated tests and the per-game contract checks of
``tests/core`` (``test_all_games``, ``test_position_schemas``) on it; ruff checks the generated
code; the house rules (sizes, notebooks stripped, both catalogs, docs page) are checked here."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gamekit.cli import main
from gamekit.newgame import FILES, NewGameError, check_id, generate

ROOT = Path(__file__).resolve().parents[1]
GAME = "dicerace"

#: run in a fresh interpreter: the generated package joins gamekit.games, then pytest
_RUNNER = """
import importlib, sys
root, game, tests = sys.argv[1], sys.argv[2], sys.argv[3]
import gamekit.games
gamekit.games.__path__.append(root + "/gamekit/games")
importlib.import_module("gamekit.games." + game)
sys.path[:0] = [tests + "/core", tests]
import json, pytest
code = pytest.main(sys.argv[4:])
for page in ("learn", "play", "analyse") if code == 0 else ():
    with open(f"{root}/notebooks/{game}/{page}.ipynb", encoding="utf-8") as fh:
        cells = json.load(fh)["cells"]
    source = "\\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "code")
    exec(compile(source, page + ".ipynb", "exec"), {"__name__": "__main__"})
    print("notebook ran:", page)
sys.exit(code)
"""


def _root(tmp_path: Path) -> Path:
    (tmp_path / "gamekit" / "games").mkdir(parents=True)
    for name in ("pyproject.toml", "README.md"):
        (tmp_path / name).write_text((ROOT / name).read_text("utf-8"), encoding="utf-8")
    return tmp_path


@pytest.fixture(scope="module")
def written(tmp_path_factory) -> tuple[Path, list[Path]]:
    root = _root(tmp_path_factory.mktemp("newgame"))
    return root, generate(GAME, root, title="Dice Race")


def test_a_dry_run_lists_every_file_and_writes_nothing(tmp_path, capsys):
    root = _root(tmp_path)
    before = (root / "pyproject.toml").read_text("utf-8")
    assert main(["new-game", GAME, "--root", str(root), "--dry-run"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed == [f"would write {where.format(id=GAME)}" for _, where in FILES] + [
        "would write pyproject.toml", "would write README.md"]
    assert not (root / "gamekit" / "games" / GAME).exists() and not (root / "tests").exists()
    assert (root / "pyproject.toml").read_text("utf-8") == before


@pytest.mark.parametrize(("game", "words"), [
    ("Dice", "lowercase letters"), ("1dice", "a letter first"), ("x", "2 to 24"),
    ("dice_race", "lowercase letters"), ("../evil", "lowercase letters"), ("class", "reserved"),
    ("core", "reserved"), ("race", "already registered"), ("gaia", "already registered"),
])
def test_a_bad_or_taken_id_is_refused(game, words):
    with pytest.raises(NewGameError, match=words):
        check_id(game)


def test_the_command_refuses_a_bad_id_with_one_line(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["new-game", "Bad-Id", "--root", str(tmp_path)])
    assert stop.value.code == 2
    assert "lowercase letters" in capsys.readouterr().err


def test_an_existing_folder_or_a_root_without_games_is_refused(tmp_path, capsys):
    assert main(["new-game", GAME, "--root", str(tmp_path)]) == 2
    assert "not the root of a gamekit checkout" in capsys.readouterr().err
    root = _root(tmp_path)
    (root / "notebooks" / GAME).mkdir(parents=True)
    assert main(["new-game", GAME, "--root", str(root)]) == 2
    assert f"notebooks/{GAME} already exists" in capsys.readouterr().err
    assert not (root / "gamekit" / "games" / GAME).exists()  # nothing written


def test_it_writes_every_seam_and_declares_the_game(written):
    root, paths = written
    assert [p.relative_to(root).as_posix() for p in paths] == [
        where.format(id=GAME) for _, where in FILES] + ["pyproject.toml", "README.md"]
    text = (root / "pyproject.toml").read_text("utf-8")
    table = text.split('[project.entry-points."gamekit.games"]\n', 1)[1].split("\n\n", 1)[0]
    assert f'{GAME} = "gamekit.games.{GAME}"' in table.splitlines()
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    contracts = tomllib.loads(text)["tool"]["importlinter"]["contracts"]
    mine = [c for c in contracts if c["id"] == f"{GAME}-layers"]
    assert mine and mine[0]["containers"] == [f"gamekit.games.{GAME}"]
    readme = (root / "README.md").read_text("utf-8")
    table = readme.split("## What each game supports", 1)[1].split("\n## ", 1)[0]
    ids = [line.split("|")[2].strip() for line in table.splitlines() if line.startswith("| ")]
    assert ids[-1] == f"`{GAME}`" and ids.count(f"`{GAME}`") == 1  # the table's last row
    assert (ROOT / "README.md").read_text("utf-8").count("\n") + 1 == readme.count("\n")
    with pytest.raises(NewGameError, match="already exists"):
        generate(GAME, root)  # a second time: refused, nothing overwritten


def test_the_written_files_keep_the_house_rules(written):
    root, _ = written
    package = root / "gamekit" / "games" / GAME
    for path in [*package.glob("*.py"), *(root / "tests" / GAME).glob("*.py")]:
        text = path.read_text("utf-8")
        assert text.count("\n") <= 600 and "__game__" not in text and "__Game__" not in text
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.FunctionDef):
                assert node.end_lineno - node.lineno < 80, (path.name, node.name)
    for page in ("learn", "play", "analyse"):
        notebook = json.loads((root / "notebooks" / GAME / f"{page}.ipynb").read_text("utf-8"))
        code = [c for c in notebook["cells"] if c["cell_type"] == "code"]
        assert code and all(c["outputs"] == [] and c["execution_count"] is None for c in code)
        assert any(f'"{GAME}"' in "".join(c["source"]) for c in code)
    assert {p.name for p in (package / "locale").iterdir()} == {"en.po", "pt_BR.po"}
    assert "Dice Race" in (root / "docs" / "games" / f"{GAME}.md").read_text("utf-8")
    ruff = subprocess.run([str(Path(sys.executable).with_name("ruff")), "check",
                           "--config", str(ROOT / "pyproject.toml"), str(package),
                           str(root / "tests")], capture_output=True, text=True)
    assert ruff.returncode == 0, ruff.stdout + ruff.stderr


def test_the_generated_game_passes_its_tests_and_the_contract_checks(written):
    root, _ = written
    tests = ROOT / "tests"
    run = subprocess.run(
        [sys.executable, "-c", _RUNNER, str(root), GAME, str(tests), str(root / "tests" / GAME),
         str(tests / "core" / "test_all_games.py"), str(tests / "core" / "test_position_schemas.py"),
         "-k", GAME,
         "-q", "-p", "no:cacheprovider", "--rootdir", str(root), "--import-mode=importlib"],
        capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    summary = [line for line in run.stdout.splitlines() if " passed" in line][-1]
    assert " passed" in summary and "failed" not in summary and "skipped" not in summary, summary
    assert [line for line in run.stdout.splitlines() if line.startswith("notebook ran:")] == [
        "notebook ran: learn", "notebook ran: play", "notebook ran: analyse"]
    summary = [line for line in run.stdout.splitlines() if " passed" in line][-1]
    passed = int(summary.split(" passed")[0].split()[-1])
    assert passed >= 24, summary  # the generated tests (21) and the core's checks of the game


def test_the_checklist_names_every_file_new_game_writes():
    """docs/adding-a-game.md is the checklist of what ``new-game`` writes: each file (or its
    folder) is named there."""
    doc = (ROOT / "docs" / "adding-a-game.md").read_text("utf-8")
    checklist = doc.split("## The checklist, in order", 1)[1].split("\n## ", 1)[0]
    missing = []
    for _, where in FILES:
        path = Path(where.format(id="<id>"))
        if not any(str(p) in checklist for p in (path, path.name, f"{path.parent}/")):
            missing.append(str(path))
    assert not missing, missing
    assert "pyproject.toml" in checklist and "README" in checklist
