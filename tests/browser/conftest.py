"""Fixtures of the real-browser tests (helpers in ``browserkit``): a Chromium browser from
Debian (skipped only when absent and ``GAMEKIT_CI`` is unset), Voila and Jupyter Server
processes, and a page that leaves a screenshot in ``test-artifacts/`` when its test fails."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from browserkit import ARTIFACTS, BIN, LAUNCH_ARGS, ROOT, Server, chromium_path, voila


@pytest.fixture(scope="session")
def browser():
    exe = chromium_path()
    if exe is None:
        if os.environ.get("GAMEKIT_CI"):
            pytest.fail("GAMEKIT_CI is set but Debian's chromium is not installed")
        pytest.skip("chromium is not installed (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    pw = sync_playwright().start()
    b = pw.chromium.launch(executable_path=exe, args=LAUNCH_ARGS, headless=True)
    yield b
    b.close()
    pw.stop()


@pytest.fixture(scope="module")
def voila_notebooks() -> Iterator[Server]:
    server = voila(ROOT / "notebooks", "voila")
    yield server
    server.stop()


@pytest.fixture(scope="module")
def jupyter_server() -> Iterator[Server]:
    """Jupyter Server over the repository root with the Voila extension (Binder's layout:
    binder/jupyter_server_config.json, gamekit's page template where postBuild puts it)."""
    server = Server(
        [str(BIN / "jupyter"), "server", "--no-browser", "--port={port}",
         "--ServerApp.ip=127.0.0.1", "--IdentityProvider.token=", "--ServerApp.password=",
         "--ServerApp.allow_root=True", f"--config={ROOT / 'binder' / 'jupyter_server_config.json'}",
         f"--ServerApp.root_dir={ROOT}", "--ServerApp.open_browser=False"],
        ROOT, "/api/status", "jupyter-server", env={"JUPYTER_PATH": str(ROOT / "config" / "jupyter"),
                                               "GAMEKIT_KERNEL_MEMORY": "0"},  # Binder: none
    )
    yield server
    server.stop()


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.js_errors = errors
    yield pg
    failed = getattr(request.node, "rep_call", None)
    if failed is not None and failed.failed:
        ARTIFACTS.mkdir(exist_ok=True)
        pg.screenshot(path=str(ARTIFACTS / f"{request.node.name}.png"), full_page=True)
    context.close()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, "rep_" + rep.when, rep)
