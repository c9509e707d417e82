"""The server ``make app`` runs (Voilà over ``notebooks/`` with ``config/voila.py`` and the
``gamekit`` template), started for the browser tests on 127.0.0.1 with a chosen pool."""

from __future__ import annotations

import os
import re
from contextlib import contextmanager

from browserkit import BIN, ROOT, Server

CONFIG = ROOT / "config"


@contextmanager
def _environ(**values: str):
    old = {k: os.environ.get(k) for k in values}
    os.environ.update(values)
    try:
        yield
    finally:
        for k, v in old.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v


def app_args() -> list[str]:
    """The voila command line of the Makefile's ``app`` target ({port} for the port)."""
    return [str(BIN / "voila"), str(ROOT / "notebooks"), "--no-browser", "--port={port}",
            "--Voila.ip=127.0.0.1", f"--Voila.config_file_paths=['{CONFIG}']"]


def app_server(name: str, pool: int = 2, game: str = "", cull: int = 600,
               fill_delay: float = 5, cull_interval: int = 30, pages: int = 0,
               only: tuple[str, ...] = (), plays: tuple[str, ...] = ()) -> Server:
    """``make app POOL=pool CLASS=game CULL=cull`` on a free port (the log in test-artifacts),
    with ``pages`` pre-heated kernels for each other page (none by default: a test's server
    heats only what it opens; ``only``: those pages alone; ``plays``: only those games' play
    apps keep a pool)."""
    with _environ(GAMEKIT_POOL=str(pool), GAMEKIT_CLASS=game, GAMEKIT_CULL=str(cull),
                  GAMEKIT_POOL_PAGES=str(pages), GAMEKIT_PAGES=",".join(only),
                  GAMEKIT_PLAY_APPS=",".join(plays),
                  GAMEKIT_FILL_DELAY=str(fill_delay), GAMEKIT_CULL_INTERVAL=str(cull_interval),
                  JUPYTER_PATH=str(CONFIG / "jupyter")):
        return Server(app_args(), ROOT, "/", name)


def makefile_app_recipe() -> str:
    text = (ROOT / "Makefile").read_text()
    return re.search(r"^app:.*?(?=^\S)", text, re.S | re.M).group(0)


def log_text(server: Server) -> str:
    server.log.flush()
    return server.log_path.read_text(errors="replace")


def wait_log(server: Server, pattern: str, timeout: float, count: int = 1) -> float:
    """Seconds until ``pattern`` (a regex) is in the server's log ``count`` times; fails after
    ``timeout`` seconds (a bounded wait)."""
    import time

    t0 = time.monotonic()
    while time.monotonic() - t0 < timeout:
        if len(re.findall(pattern, log_text(server))) >= count:
            return time.monotonic() - t0
        if server.proc.poll() is not None:
            raise RuntimeError(f"the server exited: see {server.log_path}")
        time.sleep(0.5)
    raise TimeoutError(f"{pattern!r} x{count} not in {server.log_path} after {timeout} s")


def pool_filled(server: Server, game: str, size: int, timeout: float = 300) -> float:
    return wait_log(server, rf"Kernel pool of {game}/play\.ipynb is filled with {size} kernel",
                    timeout)


def page_pool_filled(server: Server, page: str, timeout: float = 300) -> float:
    """Seconds until Voilà's pool of ``page`` (``index.ipynb``, ``race/analyse.ipynb``) has
    started its kernel and run the notebook in it (the pool is paced: one after another)."""
    return wait_log(server, rf"Kernel pool of {re.escape(page)} is filled with \d+ kernel",
                    timeout)


def pool_ready(server: Server, game: str, size: int, timeout: float = 600) -> float:
    """Seconds until ``size`` pre-heated kernels of ``game``'s play app have built the app
    (each writes ``READY_LINE`` to the log; Voilà's "filled" comes when they have started)."""
    from gamekit_widgets.ready import READY_LINE

    return wait_log(server, re.escape(READY_LINE.format(game=game)), timeout, size)
