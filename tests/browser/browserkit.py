"""Helpers of the real-browser tests: Voila (and Jupyter Server with the Voila extension, the Binder path)
serving the notebooks, driven by Playwright with Debian's Chromium.

They skip only when Chromium is absent and ``GAMEKIT_CI`` is not set; under ``GAMEKIT_CI=1``
a missing Chromium is a failure. Screenshots of failures go to ``test-artifacts/``.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "test-artifacts"
BIN = Path(sys.executable).parent
LAUNCH_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


def chromium_path() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen, timeout: float = 180) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"server exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status < 500:
                    return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer in {timeout}s")


class Server:
    def __init__(self, args: list[str], cwd: Path, probe: str, name: str,
                 env: dict[str, str] | None = None):
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        ARTIFACTS.mkdir(exist_ok=True)
        worker = os.environ.get("PYTEST_XDIST_WORKER")  # make test: two files at a time
        self.log_path = ARTIFACTS / f"{name}{'-' + worker if worker else ''}.log"
        self.log = open(self.log_path, "w")  # noqa: SIM115
        env = dict(os.environ, PYTHONUNBUFFERED="1", **(env or {}))
        self.proc = subprocess.Popen(
            [a.replace("{port}", str(self.port)) for a in args], cwd=cwd, env=env,
            stdout=self.log, stderr=subprocess.STDOUT,
        )
        try:
            wait_http(self.base + probe, self.proc)
        except Exception:
            self.stop()
            raise

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        self.log.close()


def voila(root: Path, name: str, extra: tuple[str, ...] = ()) -> Server:
    """Voila in directory mode over ``root`` with the page people get from ``make app`` and
    Binder: the ``gamekit`` template (its waiting notice, and its patient widget lookup: on a
    busy machine Voilà's own "lab" page showed "model not found" on a lesson's outputs) and
    the kernel spec with ``make app``'s memory limit (It's a Wonderful World's lesson once
    died under it); no pre-heated kernels (``appserver`` has those)."""
    return Server(
        [str(BIN / "voila"), str(root), "--no-browser", "--port={port}",
         "--Voila.ip=127.0.0.1", "--template=gamekit", *extra],
        ROOT, "/", name, env={"JUPYTER_PATH": str(ROOT / "config" / "jupyter"),
                              "GAMEKIT_KERNEL_MEMORY": "2048"},
    )


def report_speed(key: str, seconds: float, target: float, load: float, **extra) -> None:
    """Add a page's figure to ``test-artifacts/page-speed.json`` (issue 27: the figures the
    README gives): seconds, the target, the load and whether the target was met."""
    import json

    out = ARTIFACTS / "page-speed.json"
    ARTIFACTS.mkdir(exist_ok=True)
    data = json.loads(out.read_text()) if out.exists() else {}
    data[key] = {"seconds": round(seconds, 2), "target": target, "load": round(load, 1),
                 "met": seconds <= target, **extra}
    out.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")


def open_flows(page, timeout: float = 120_000) -> None:
    """Open the play app's "Resource flows and scores" section: the plotly panel is built when
    the person opens it (``GameWidget(flows="on_request")``, the play notebooks)."""
    page.locator(".gamekit-flows-section .jupyter-widget-Collapse-header").first.click(
        timeout=timeout)
