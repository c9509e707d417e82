"""Ready to publish (issue 17): the distribution ``gamekit-boardgames`` builds (sdist, and the
wheel from the sdist), passes ``twine check``, and its wheel installed into a fresh venv works
from outside the repository: ``gamekit`` and ``gamekit_widgets`` import, ``gamekit list`` runs,
a simulated game plays, and every game's data files (and the lessons' records) are there and
load, so a missing package-data entry fails. Also: the version is written once
(``gamekit.__version__``), nothing imports the front-ends by the bare name ``widgets``, and the
README's Binder links have the form mybinder.org expects.

The build-and-install check runs by default and always in CI (``GAMEKIT_CI``); outside CI it
skips only when asked to with ``GAMEKIT_SKIP_PACKAGE=1``.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.parse
import venv
from importlib.metadata import packages_distributions, version
from pathlib import Path

import pytest

import gamekit

ROOT = Path(__file__).resolve().parents[2]
DIST = "gamekit-boardgames"
FRONT_END = "gamekit_widgets"

# the checks run inside the fresh venv (from a temporary folder, not the repository)
SMOKE = r"""
import importlib.resources as res, json, subprocess, sys
from importlib.metadata import version
from pathlib import Path
expected = json.loads(sys.argv[1])
import gamekit, gamekit_widgets
from gamekit.core import GameRecord
for mod in (gamekit, gamekit_widgets):
    assert "site-packages" in mod.__file__, mod.__file__
assert version("gamekit-boardgames") == gamekit.__version__
import importlib.util
bare = importlib.util.find_spec("widgets")
assert bare is None, f"a bare `widgets` package is installed: {bare.origin}"
assert sorted(gamekit.available()) == expected["games"], gamekit.available()
for game, files in expected["data"].items():
    folder = res.files(f"gamekit.games.{game}") / "data"
    for name in files:
        json.loads((folder / name).read_text(encoding="utf-8"))
    info = gamekit.get(game)
    gamekit.new(game, players=info.default_players, seed=1)
lessons = res.files("gamekit_widgets.lessons") / "data"
for name in expected["lessons"]:
    GameRecord.from_json((lessons / name).read_text(encoding="utf-8"))
json.loads((lessons / "verdicts.json").read_text(encoding="utf-8"))
frame = gamekit.simulate("wonderful", ["random"] * 3, n=1, seed=0, progress=False)
assert len(frame) == 3, frame
listed = subprocess.run([str(Path(sys.executable).parent / "gamekit"), "list"],
                        capture_output=True, text=True, check=True).stdout
assert all(g in listed for g in expected["games"]), listed
import gamekit_widgets.presets
app = gamekit_widgets.presets.play_app("wonderful", flows=False)
assert app.session.state.to_move()
print("smoke ok", gamekit.__version__)
"""


def expected_contents() -> dict:
    """What the installed wheel must hold, from the repository itself."""
    # the game packages of the repository that register (not test games such as "toy")
    games = sorted(g for g in gamekit.available() if (ROOT / "gamekit" / "games" / g).is_dir())
    data = {g: sorted(p.name for p in (ROOT / "gamekit" / "games" / g / "data").glob("*.json"))
            for g in games if (ROOT / "gamekit" / "games" / g / "data").is_dir()}
    # the lessons' recorded games (``<game>-<n>p-seed<k>.json``; ``verdicts.json`` is no record)
    lessons = sorted(p.name for p in (ROOT / "widgets" / "lessons" / "data").glob("*-seed*.json"))
    return {"games": games, "data": data, "lessons": lessons}


def run(args: list, **kw) -> subprocess.CompletedProcess:
    proc = subprocess.run([str(a) for a in args], capture_output=True, text=True, **kw)
    command = " ".join(map(str, args))[:200]
    assert proc.returncode == 0, f"{command}\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return proc


def clean_env() -> dict:
    """The environment without anything that would let the repository's code be found."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PYTHONNOUSERSITE"] = "1"
    return env


@pytest.mark.timeout(600)
def test_build_check_and_install_the_wheel(tmp_path):
    if os.environ.get("GAMEKIT_SKIP_PACKAGE") and not os.environ.get("GAMEKIT_CI"):
        pytest.skip("GAMEKIT_SKIP_PACKAGE is set (outside CI)")
    t0 = time.perf_counter()
    dist = tmp_path / "dist"
    run([sys.executable, "-m", "build", "--outdir", dist, ROOT], cwd=tmp_path, env=clean_env())
    wheels, sdists = list(dist.glob("*.whl")), list(dist.glob("*.tar.gz"))
    assert len(wheels) == 1 and len(sdists) == 1, list(dist.iterdir())
    name = f"{DIST.replace('-', '_')}-{gamekit.__version__}"
    assert wheels[0].name.startswith(name) and sdists[0].name == f"{name}.tar.gz"
    run([sys.executable, "-m", "twine", "check", "--strict", *wheels, *sdists])
    built = time.perf_counter() - t0

    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=True, clear=True).create(env_dir)
    py = env_dir / "bin" / "python"
    # the front-end's import needs: ipywidgets, anywidget (the clickable board), mistune (lesson
    # prose); the rest of the `app` extra (Voilà, JupyterLab) is not needed for this smoke test
    run([py, "-m", "pip", "install", "-q", wheels[0], "ipywidgets", "anywidget", "mistune"],
        cwd=tmp_path, env=clean_env())
    work = tmp_path / "elsewhere"
    work.mkdir()
    proc = run([py, "-c", SMOKE, json.dumps(expected_contents())], cwd=work, env=clean_env())
    assert "smoke ok" in proc.stdout
    print(f"\nbuild + twine check {built:.0f} s; whole packaging check "
          f"{time.perf_counter() - t0:.0f} s")


def test_version_is_written_once():
    """pyproject reads the version from ``gamekit.__version__``; the installed metadata agrees."""
    text = (ROOT / "pyproject.toml").read_text()
    assert 'dynamic = ["version"]' in text and 'attr = "gamekit.__version__"' in text
    assert not re.search(r'(?m)^version\s*=\s*"', text), "a second version in pyproject.toml"
    assert DIST in packages_distributions().get("gamekit", []), \
        f"gamekit is installed from {packages_distributions().get('gamekit')}, not {DIST}"
    assert version(DIST) == gamekit.__version__
    changelog = (ROOT / "CHANGELOG.md").read_text()
    assert f"## {gamekit.__version__}" in changelog, "CHANGELOG.md lacks this version"


def tracked(*suffixes: str) -> list[Path]:
    proc = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, text=True)
    if proc.returncode == 0 and proc.stdout:
        paths = [ROOT / p for p in proc.stdout.split("\0") if p]
    else:  # not a git checkout (an unpacked sdist)
        paths = [p for p in ROOT.rglob("*") if ".venv" not in p.parts]
    return [p for p in paths if p.suffix in suffixes and p.is_file()]


def python_sources(path: Path) -> str:
    if path.suffix != ".ipynb":
        return path.read_text(encoding="utf-8")
    nb = json.loads(path.read_text(encoding="utf-8"))
    return "\n".join("".join(c.get("source", "")) for c in nb["cells"]
                     if c.get("cell_type") == "code")


BARE = re.compile(r"(?m)^\s*(?:from\s+" + "widgets" + r"(?:\.|\s+import\b)|import\s+"
                  + "widgets" + r"\b)|import_module\(\s*[\"']" + "widgets" + r"[.\"']")


def test_nothing_imports_the_bare_name_widgets():
    """The front-ends install as ``gamekit_widgets``; a bare ``widgets`` import would only work
    from the repository root (and could pick up another distribution's package)."""
    files = tracked(".py", ".ipynb")
    assert any(p.name == "app.py" and p.parent.name == "widgets" for p in files)
    found = [f"{p.relative_to(ROOT)}: {m.group().strip()}"
             for p in files for m in BARE.finditer(python_sources(p))]
    assert not found, found
    assert BARE.search("from widgets.app import App") and BARE.search("import widgets")
    assert not BARE.search("import ipywidgets as W") and not BARE.search("from gamekit_widgets import App")


BINDER = re.compile(r"https://mybinder\.org/v2/gh/[^\s)\]>]+")


def test_readme_binder_links():
    """mybinder.org/v2/gh/<owner>/<repo>/<ref>?urlpath=<path>, the path an existing notebook
    served by Voila (``voila/render/...``) or JupyterLab (``lab/tree/...``)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    links = BINDER.findall(readme)
    assert len(links) >= 2, "the README has a Binder link to the play app and to a lesson"
    for link in links:
        url = urllib.parse.urlsplit(link)
        parts = url.path.split("/")
        assert parts[:4] == ["", "v2", "gh", parts[3]] and len(parts) == 6, link
        owner, repo, ref = parts[3:6]
        assert re.fullmatch(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})", owner), link
        assert re.fullmatch(r"[A-Za-z0-9._-]+", repo) and ref, link
        query = urllib.parse.parse_qs(url.query)
        assert list(query) == ["urlpath"], link
        urlpath = query["urlpath"][0]
        kind = re.match(r"(voila/render|lab/tree)/(.+\.ipynb)$", urlpath)
        assert kind, f"{link}: urlpath {urlpath!r} is not a notebook"
        assert (ROOT / kind.group(2)).is_file(), f"{link}: {kind.group(2)} does not exist"
    assert any("urlpath=voila%2Frender%2Fnotebooks%2Fwonderful%2Fplay.ipynb" in x for x in links)
    for gaia in ("voila%2Frender%2Fnotebooks%2Fgaia%2Fplay.ipynb",
                 "lab%2Ftree%2Fnotebooks%2Fgaia%2Flearn.ipynb"):
        assert any(f"urlpath={gaia}" in x for x in links), gaia
