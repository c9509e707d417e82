"""The Binder configuration, checked without Binder.

* the files: pins, runtime, postBuild, server config (kernel culling);
* ``repo2docker --no-build --debug``: the Dockerfile repo2docker would build (repo2docker is
  installed into a throwaway venv under the test's tmp dir, never into the project's venv;
  it needs no Docker for ``--no-build``);
* (slow, selected with ``-m binder`` or ``GAMEKIT_BINDER_INSTALL=1``) a fresh venv installs
  ``binder/requirements.txt`` from the repository root, as Binder does, and the app imports.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import venv
import warnings
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BINDER = ROOT / "binder"


def _venv(path: Path) -> Path:
    venv.EnvBuilder(with_pip=True, clear=True).create(path)
    return path / "bin" / "python"


def test_binder_files():
    req = (BINDER / "requirements.txt").read_text().splitlines()
    lines = [x.strip() for x in req if x.strip() and not x.startswith("#")]
    assert lines[0] == ".[app]", "Binder must install the package with its app extra"
    pins = dict(x.split("==") for x in lines[1:])
    for name in ("ipywidgets", "plotly", "voila", "anywidget", "ipykernel"):
        assert name in pins, f"{name} is not pinned"
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert re.fullmatch(r"python-3\.\d+", runtime)
    assert runtime == f"python-{sys.version_info.major}.{sys.version_info.minor}", \
        "binder runtime differs from the tested Python"
    post = BINDER / "postBuild"
    assert os.access(post, os.X_OK), "postBuild must be executable"
    subprocess.run(["bash", "-n", str(post)], check=True)
    assert "voila" in post.read_text()
    config = json.loads((BINDER / "jupyter_server_config.json").read_text())
    cull = config["MappingKernelManager"]
    assert cull["cull_idle_timeout"] > 0 and cull["cull_interval"] > 0
    # Binder serves gamekit's page template, as `make app` does (installed by postBuild)
    assert config["VoilaConfiguration"]["template"] == "gamekit"
    assert "config/jupyter/voila/templates/gamekit" in post.read_text()
    assert (ROOT / "config/jupyter/voila/templates/gamekit/index.html.j2").is_file()


def test_pins_match_the_tested_environment():
    from importlib.metadata import version

    lines = [x.strip() for x in (BINDER / "requirements.txt").read_text().splitlines()
             if "==" in x and not x.startswith("#")]
    differ = []
    for line in lines:
        name, pin = line.split("==")
        if version(name) != pin:
            differ.append(f"{name} {version(name)} tested, {pin} pinned for Binder")
    if differ:  # a fresh CI install may resolve newer versions: say so, do not fail
        warnings.warn("binder/requirements.txt pins differ from this environment: "
                      + "; ".join(differ), stacklevel=1)


@pytest.mark.timeout(300)
def test_repo2docker_no_build(tmp_path):
    py = _venv(tmp_path / "r2d")
    got = subprocess.run([str(py), "-m", "pip", "install", "-q", "jupyter-repo2docker"],
                         capture_output=True, text=True)
    if got.returncode != 0:
        pytest.skip(f"cannot install jupyter-repo2docker: {got.stderr[-300:]}")
    proc = subprocess.run(
        [str(py.parent / "repo2docker"), "--no-build", "--no-run", "--debug", str(ROOT)],
        capture_output=True, text=True, timeout=240,
    )
    out = proc.stdout + proc.stderr
    assert proc.returncode == 0, out[-2000:]
    version = (BINDER / "runtime.txt").read_text().strip().split("-")[1]
    assert f"python={version}" in out
    assert 'pip install --no-cache-dir -r "binder/requirements.txt"' in out
    assert "./binder/postBuild" in out


def _selected(config) -> bool:
    return bool(os.environ.get("GAMEKIT_BINDER_INSTALL")) or "binder" in (
        config.getoption("-m") or "")


@pytest.mark.binder
@pytest.mark.timeout(1800)
def test_fresh_venv_installs_binder_requirements(tmp_path, request):
    if not _selected(request.config):
        pytest.skip("slow: run with -m binder or GAMEKIT_BINDER_INSTALL=1")
    t0 = time.perf_counter()
    py = _venv(tmp_path / "env")
    subprocess.run([str(py), "-m", "pip", "install", "-q", "--upgrade", "pip"], check=True)
    proc = subprocess.run([str(py), "-m", "pip", "install", "-q", "-r",
                           str(BINDER / "requirements.txt")], cwd=ROOT, capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr[-3000:]
    installed = time.perf_counter() - t0
    check = subprocess.run(
        [str(py), "-c", "import gamekit, gamekit_widgets.presets, voila, plotly; "
         "app = gamekit_widgets.presets.play_app('wonderful'); print(len(app.session.state.to_move()))"],
        cwd=tmp_path, capture_output=True, text=True,
    )
    assert check.returncode == 0, check.stderr[-3000:]
    print(f"\nfresh venv + binder/requirements.txt: {installed:.0f} s to install")
