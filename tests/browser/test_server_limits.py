"""The server protects itself (issue 30; ``config/voila.py``, docs/frontend.md "Limits"):
pages with a kernel at once in total and per visitor, with a "server is full" page in both
languages past either; a memory limit per kernel; kernels busy too long or idle with their page
open too long are culled. The live server runs with small limits (no pool: fast to start);
the decisions themselves are also checked on ``config/voila.py``'s own functions."""

from __future__ import annotations

import http.client
import json
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import psutil
import pytest
import websocket  # websocket-client, a dependency of jupyter_server
from appserver import CONFIG, _environ, app_args
from browserkit import ROOT, Server
from traitlets.config import Config

from gamekit.core.registry import declared

pytestmark = pytest.mark.timeout(600)

PAGE = "/voila/render/index.ipynb"
FULL_WORDS = {"server_full": ("The server is full", "O servidor está cheio"),
              "server_full_visitor": ("too many games open", "jogos demais abertos")}


def config(**env: str) -> dict:
    """The names ``config/voila.py`` defines, read with the environment ``env``."""
    namespace = {"get_config": Config, "__file__": str(CONFIG / "voila.py")}
    with _environ(**env):
        exec(compile((CONFIG / "voila.py").read_text(), "voila.py", "exec"), namespace)  # noqa: S102
    return namespace


def get(server: Server, path: str = PAGE) -> tuple[int, str, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        return resp.status, resp.read().decode("utf-8", "replace"), dict(resp.getheaders())
    finally:
        conn.close()


def kernel_of(body: str) -> str:
    found = re.search(r'kernelId": "([0-9a-f-]{36})"', body)
    assert found, "no kernel id in the rendered page"
    return found.group(1)


def server(name: str, notebooks: Path | None = None, **env: str) -> Server:
    """``make app`` with small limits: no pools, and the front door run as its notebook (a page
    with a kernel, to count); ``notebooks``: serve that folder instead of the project's."""
    settings = {"GAMEKIT_POOL": "0", "GAMEKIT_POOL_PAGES": "0", "GAMEKIT_FRONT_DOOR": "0",
                "GAMEKIT_CLASS": "", "GAMEKIT_CULL": "600",
                "GAMEKIT_CULL_INTERVAL": "1", "JUPYTER_PATH": str(CONFIG / "jupyter"),
                "GAMEKIT_SHARED_ADDRESSES": "", **env}
    args = app_args()
    if notebooks is not None:
        args = [str(notebooks) if a == str(ROOT / "notebooks") else a for a in args]
    with _environ(**settings):
        return Server(args, ROOT, "/", name)


def assert_full(status: int, body: str, headers: dict, key: str) -> None:
    assert status == 503 and headers.get("Retry-After") == "60", status
    for words in FULL_WORDS[key]:
        assert words in body, body
    assert "Traceback" not in body and str(ROOT) not in body


# ---------------------------------------------------------------- the decisions, one by one
def manager(conf: dict, owners: dict[str, str], waiting: list[str]) -> SimpleNamespace:
    tickets = set()
    for visitor in waiting:
        tickets.add(conf["Ticket"](visitor))
    return SimpleNamespace(_owners=owners, _kernels=set(owners), _tickets=tickets)


def test_limits_count_live_kernels_and_pages_being_served():
    conf = config(GAMEKIT_MAX_KERNELS="3", GAMEKIT_PER_VISITOR="2",
                  GAMEKIT_SHARED_ADDRESSES="10.0.0.9")
    refusal = conf["PacedKernelManager"].refusal
    assert refusal(manager(conf, {"k1": "a"}, ["a"]), "b") is None
    assert refusal(manager(conf, {"k1": "a"}, ["a"]), "a") == "server_full_visitor"
    assert refusal(manager(conf, {"k1": "a", "k2": "b"}, ["c"]), "d") == "server_full"
    # a shared address (a proxy) counts in the total only
    assert refusal(manager(conf, {"k1": "10.0.0.9"}, ["10.0.0.9"]), "10.0.0.9") is None
    # a kernel that is gone no longer counts
    gone = manager(conf, {"k1": "a", "k2": "a"}, [])
    gone._kernels = {"k1"}
    assert refusal(gone, "a") is None


def test_culling_busy_and_connected_kernels():
    conf = config(GAMEKIT_MAX_BUSY="10", GAMEKIT_CULL_CONNECTED="60")
    reason = conf["cull_reason"]
    busy = SimpleNamespace(gamekit_busy_since=100.0, gamekit_last_seen=100.0)
    assert reason(busy, 1, now=105.0) is None
    assert "busy for 11 s" in reason(busy, 1, now=111.0)
    assert "busy" in reason(busy, 0, now=111.0)
    idle = SimpleNamespace(gamekit_busy_since=None, gamekit_last_seen=100.0)
    assert reason(idle, 1, now=150.0) is None
    assert "with its page open" in reason(idle, 1, now=161.0)
    assert reason(idle, 0, now=161.0) is None  # no page: Jupyter Server's own culling
    assert config(GAMEKIT_MAX_BUSY="0")["cull_reason"](busy, 1, now=10**6) is None


def test_full_page_in_both_languages_and_bad_settings():
    conf = config()
    for key in FULL_WORDS:
        page = conf["full_page"](key)
        assert all(w in page for w in FULL_WORDS[key]) and "lang='pt'" in page
    assert conf["PLAY_APPS"] == tuple(declared())  # from the registry
    pools = conf["c"].VoilaKernelManager.kernel_pools_config
    assert set(pools) == {"default", *(f"{g}/play.ipynb" for g in conf["PLAY_APPS"]),
                          *conf["PAGES"]}
    # every registered game's analyse and lesson pages have a pool (and Gaia's replay)
    assert {f"{g}/{k}.ipynb" for g in conf["PLAY_APPS"] for k in ("analyse", "learn")} \
        <= set(conf["PAGES"]) and "gaia/replay.ipynb" in conf["PAGES"]
    for name, value in (("GAMEKIT_MAX_KERNELS", "many"), ("GAMEKIT_PER_VISITOR", "-1"),
                        ("GAMEKIT_POOL", "2.5")):
        with pytest.raises(ValueError, match=name):
            config(**{name: value})


# ---------------------------------------------------------------- the live server
@pytest.fixture(scope="module")
def per_visitor() -> Iterator[Server]:
    srv = server("limits-visitor", GAMEKIT_MAX_KERNELS="5", GAMEKIT_PER_VISITOR="1",
                 GAMEKIT_CULL_CONNECTED="4", GAMEKIT_KERNEL_MEMORY="1024")
    yield srv
    srv.stop()


def test_one_visitor_past_the_limit_gets_the_full_page_then_a_slot(per_visitor):
    status, body, _h = get(per_visitor)
    assert status == 200, body[:300]
    kernel = kernel_of(body)
    assert_full(*get(per_visitor), "server_full_visitor")
    # the page's kernel has the memory limit (the kernel spec's launcher)
    kernels = [p for p in psutil.Process(per_visitor.proc.pid).children(recursive=True)
               if any("launch.py" in part for part in p.cmdline())]
    assert kernels, "no kernel started through config/jupyter/kernels/python3/launch.py"
    limits = Path(f"/proc/{kernels[0].pid}/limits").read_text()
    assert re.search(rf"Max address space\s+{1024 * 2**20}\s", limits), limits
    # its page stays open, idle: culled after GAMEKIT_CULL_CONNECTED s; the visitor gets a slot
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{per_visitor.port}/api/kernels/{kernel}/channels", timeout=10)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            status, _b, _h = get(per_visitor, f"/api/kernels/{kernel}")
            if status == 404:
                break
            time.sleep(1)
        assert status == 404, "a kernel idle with its page open was never culled"
    finally:
        ws.close()
    status, body, _h = get(per_visitor)
    assert status == 200 and kernel_of(body) != kernel


@pytest.fixture(scope="module")
def in_total() -> Iterator[Server]:
    srv = server("limits-total", GAMEKIT_MAX_KERNELS="1", GAMEKIT_PER_VISITOR="0")
    yield srv
    srv.stop()


def test_the_server_full_page_in_total(in_total):
    status, body, _h = get(in_total)
    assert status == 200, body[:300]
    for _ in range(2):
        assert_full(*get(in_total), "server_full")
    # pages that start no kernel are still served
    status, _b, _h = get(in_total, "/voila/tree")
    assert status == 200


@contextmanager
def _kernel(tmp_path, memory: str):
    """A kernel of the kernel spec ``make app`` uses, with ``GAMEKIT_KERNEL_MEMORY=memory``:
    its ready client, shut at the end."""
    from jupyter_client import KernelManager
    from jupyter_client.kernelspec import KernelSpecManager

    specs = KernelSpecManager(kernel_dirs=[str(CONFIG / "jupyter" / "kernels")])
    km = KernelManager(kernel_name="python3", kernel_spec_manager=specs)
    with _environ(GAMEKIT_KERNEL_MEMORY=memory):
        km.start_kernel(cwd=str(tmp_path))
    client = km.client()
    client.start_channels()
    try:
        client.wait_for_ready(timeout=60)
        yield client
    finally:
        client.stop_channels()
        km.shutdown_kernel(now=True)


def test_a_kernel_past_its_memory_fails_alone(tmp_path):
    """The kernel spec's launcher: an allocation past ``GAMEKIT_KERNEL_MEMORY`` is a
    ``MemoryError`` in that kernel, which lives on."""
    with _kernel(tmp_path, "700") as client:
        replies = []
        for code in ("x = bytearray(2 * 1024**3)", "y = sum(range(10))"):
            reply = client.execute_interactive(code, timeout=60, output_hook=lambda _m: None)
            replies.append(reply["content"])
        assert replies[0]["status"] == "error" and replies[0]["ename"] == "MemoryError"
        assert replies[1]["status"] == "ok"


def test_a_kernel_s_threads_do_not_eat_its_address_space(tmp_path):
    """The kernel spec caps malloc arenas (each thread's arena reserves 64 MB of address space:
    It's a Wonderful World's lesson died at 2,287 MiB under the 2,048 MiB limit): sixteen
    threads that allocate add far less than 16 x 64 MB to the kernel's address space."""
    code = (
        "import os, threading\n"
        "def vm(): return int(next(l for l in open('/proc/self/status') if l.startswith('VmSize')).split()[1])\n"
        "before = vm(); hold = []; go = threading.Barrier(17)\n"
        "def work():\n"
        "    hold.append([bytearray(200) for _ in range(2000)]); go.wait(); go.wait()\n"
        "ts = [threading.Thread(target=work) for _ in range(16)]\n"
        "[t.start() for t in ts]; go.wait(); grown = (vm() - before) // 1024; go.wait()\n"
        "[t.join() for t in ts]\n"
        "print(os.environ.get('MALLOC_ARENA_MAX'), os.environ.get('OPENBLAS_NUM_THREADS'), grown)\n"
    )
    out: list[str] = []
    with _kernel(tmp_path, "2048") as client:
        reply = client.execute_interactive(
            code, timeout=60,
            output_hook=lambda m: out.append(m["content"].get("text", "")) if m["msg_type"] == "stream" else None)
        assert reply["content"]["status"] == "ok", reply["content"]
    arenas, blas, grown = "".join(out).split()
    assert (arenas, blas) == ("2", "1")
    assert int(grown) < 16 * 8 + 200, f"{grown} MiB more address space for 16 threads"


def test_settings_are_documented():
    text = (ROOT / "docs" / "frontend.md").read_text()
    for name in ("GAMEKIT_MAX_KERNELS", "GAMEKIT_PER_VISITOR", "GAMEKIT_SHARED_ADDRESSES",
                 "GAMEKIT_KERNEL_MEMORY", "GAMEKIT_MAX_BUSY", "GAMEKIT_CULL_CONNECTED"):
        assert name in text, name
    assert json.loads((CONFIG / "jupyter/kernels/python3/kernel.json").read_text())["argv"][1] \
        == "{resource_dir}/launch.py"


def test_a_failed_cell_shows_no_traceback():
    """Voilà's cell error (``show_tracebacks = False``) in both languages, nothing else."""
    conf = config()
    from voila.execute import VoilaExecutor

    cell = {"cell_type": "code", "outputs": [{
        "output_type": "error", "ename": "KeyError", "evalue": f"{ROOT}/secret",
        "traceback": ["Traceback (most recent call last):", f'  File "{ROOT}/x.py"']}]}
    VoilaExecutor.strip_code_cell_errors(None, cell)
    shown = json.dumps(cell)
    assert "Traceback" not in shown and str(ROOT) not in shown and "KeyError" not in shown
    assert "the server has logged why" in shown and "o servidor registrou o motivo" in shown
    assert conf["c"].VoilaConfiguration.show_tracebacks is False


BUSY_NOTEBOOK = {
    "cells": [{"cell_type": "code", "execution_count": None, "id": "busy", "metadata": {},
               "outputs": [], "source": [
                   "import time\n", "import ipywidgets as w\n",
                   "button = w.Button(description='work')\n",
                   "button.on_click(lambda _b: time.sleep(600))\n", "button"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5}


def test_a_kernel_kept_busy_by_its_page_is_culled(tmp_path):
    """Live: a page's widget message that keeps its kernel busy (a click whose handler never
    ends) gets the kernel shut down after ``GAMEKIT_MAX_BUSY`` s, with the page still open."""
    (tmp_path / "busy.ipynb").write_text(json.dumps(BUSY_NOTEBOOK))
    srv = server("limits-busy", tmp_path, GAMEKIT_MAX_BUSY="3", GAMEKIT_CULL_CONNECTED="0")
    try:
        status, body, _h = get(srv, "/voila/render/busy.ipynb")
        assert status == 200, body[:300]
        kernel = kernel_of(body)
        model = re.search(r'model_id[\\"]*: *[\\"]*([0-9a-f]{32})', body)
        assert model, "no widget model in the rendered page"
        ws = websocket.create_connection(
            f"ws://127.0.0.1:{srv.port}/api/kernels/{kernel}/channels", timeout=10)
        try:
            click = {"header": {"msg_id": "click-1", "username": "visitor", "session": "s-1",
                                "msg_type": "comm_msg", "version": "5.3"},
                     "parent_header": {}, "metadata": {}, "channel": "shell", "buffers": [],
                     "content": {"comm_id": model.group(1),
                                 "data": {"method": "custom", "content": {"event": "click"}}}}
            ws.send(json.dumps(click))
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                status, _b, _h = get(srv, f"/api/kernels/{kernel}")
                if status == 404:
                    break
                time.sleep(1)
            assert status == 404, "a kernel kept busy by its page was never culled"
        finally:
            ws.close()
        srv.log.flush()
        log = srv.log_path.read_text(errors="replace")
        assert re.search(rf"culling kernel {kernel}: busy for \d+ s", log), log[-2000:]
    finally:
        srv.stop()
