"""Voilà configuration of ``make app`` (read through ``--Voila.config_file_paths``).

A classroom on one machine (see README, "Running it for a class"):

- Pre-heated kernels: each play app keeps a pool of kernels that have already run its notebook
  (``preheat_kernel``), so a person who opens it gets a running app at once instead of waiting
  for a kernel to start and import everything. ``GAMEKIT_POOL`` kernels per play app (default
  2); with ``GAMEKIT_CLASS=<game>`` that game's play app gets the whole pool and the others one
  kernel each. The other pages (each game's lessons, analyses and replay) keep
  ``GAMEKIT_POOL_PAGES`` pre-heated kernels each (default 1), so they open at once too; the
  front door needs no kernel: it is served as a finished page (``FrontDoor``).
  The pool is paced (``PacedKernelManager`` below) and each kernel, once its app is built,
  writes ``gamekit: pre-heated play app ready: <game>`` to the log (the pool is ready).
- Culling as Binder does: a kernel idle for ``GAMEKIT_CULL`` seconds (default 600) with no
  browser connected is shut down (pooled kernels are never culled).
- Lean forwarding: every message a kernel sends passes through this one process, for every
  person of the class. Jupyter Server's activity watcher checked the signature of each one
  (hashing the whole message: a click's board is 40 kB) and parsed its dates only to note the
  time and the kernel's busy/idle state; here it reads the two small headers it needs
  (``PacedKernelManager.start_watching_activity``). The kernel websockets send each message
  at once (``TCP_NODELAY``: no waiting to bundle a click's small updates).
- Closing a tab shuts its kernel: Voilà's page posts to ``/voila/api/shutdown/<kernel id>``
  with the ``_xsrf`` cookie, which Voilà alone never sets, so the request failed with 403 and
  kernels piled up. This server has no login: every request is anonymous, so an XSRF check
  protects nothing here (a forged request could do no more than a direct one); the only POST
  it serves is that shutdown, which needs the kernel's random id (122 bits). The check is off
  for this standalone server only; the Binder path (Jupyter Server with a token) keeps it.
- The server protects itself (issue 30; details in docs/frontend.md, "Limits"): at most
  ``GAMEKIT_MAX_KERNELS`` pages with a kernel at once (pools apart) and ``GAMEKIT_PER_VISITOR``
  per visitor (address); past either, the page says, in both languages, that the server is full
  (HTTP 503, ``Retry-After``) instead of starting a kernel. Each kernel gets at most
  ``GAMEKIT_KERNEL_MEMORY`` MiB of address space (the kernel spec in ``jupyter/kernels``); a
  kernel busy for more than ``GAMEKIT_MAX_BUSY`` s, or idle with its page open for more than
  ``GAMEKIT_CULL_CONNECTED`` s, is shut down.
"""

import asyncio
import contextvars
import html
import json
import os
import threading
import time
from datetime import datetime, timezone
from importlib.util import find_spec
from pathlib import Path

from jupyter_core.utils import ensure_async
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from voila.execute import VoilaExecutor
from voila.tornado.handler import TornadoVoilaHandler

from gamekit.core import CATALOG, available

c = get_config()  # noqa: F821  (traitlets config files get ``get_config`` injected)


def _setting(name: str, default: int) -> int:
    """A whole-number setting from the environment (a clear error if it is not one)."""
    text = os.environ.get(name, "").strip() or str(default)
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name}={text!r}: give a whole number") from None
    if value < 0:
        raise ValueError(f"{name}={text!r}: give a number >= 0")
    return value


POOL = _setting("GAMEKIT_POOL", 2)
CLASS = os.environ.get("GAMEKIT_CLASS", "")
NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
#: every registered game that has a play app (``notebooks/<game>/play.ipynb``)
PLAY_APPS = tuple(g for g in available() if (NOTEBOOKS / g / "play.ipynb").is_file())
#: pre-heated kernels of every other page (the front door, each registered game's lessons,
#: analyses and replay): ``GAMEKIT_POOL_PAGES`` each (default 1; 0: they start when opened)
POOL_PAGES = _setting("GAMEKIT_POOL_PAGES", 1)
#: the other pages, in the order their pools fill (the analyses first); the front door needs
#: no kernel (``FrontDoor``, ``GAMEKIT_FRONT_DOOR=0``: run its notebook like any other page)
FRONT_DOOR = _setting("GAMEKIT_FRONT_DOOR", 1)
PAGE_KINDS = ("analyse", "replay", "learn")
PAGES = (*(() if FRONT_DOOR else ("index.ipynb",)),
         *(f"{g}/{kind}.ipynb" for kind in PAGE_KINDS for g in available()
           if (NOTEBOOKS / g / f"{kind}.ipynb").is_file()))
#: ``GAMEKIT_PAGES``: only these pages pre-heated (comma-separated paths of ``PAGES``; a class
#: that needs one game's pages, or a test), else every page
_ONLY = [p.strip() for p in os.environ.get("GAMEKIT_PAGES", "").split(",") if p.strip()]
if any(p not in PAGES for p in _ONLY):
    raise ValueError(f"GAMEKIT_PAGES={','.join(_ONLY)!r}: choose among {', '.join(PAGES)}")
PAGES = tuple(_ONLY) or PAGES
#: ``GAMEKIT_PLAY_APPS``: only these games' play apps keep a pool (comma-separated ids; a
#: class that plays one game, or a test), else every game's
_PLAYS = [g.strip() for g in os.environ.get("GAMEKIT_PLAY_APPS", "").split(",") if g.strip()]
if any(g not in PLAY_APPS for g in _PLAYS):
    raise ValueError(f"GAMEKIT_PLAY_APPS={','.join(_PLAYS)!r}: choose among {', '.join(PLAY_APPS)}")
POOLED_PLAYS = tuple(_PLAYS) or PLAY_APPS
if CLASS and CLASS not in PLAY_APPS:
    raise ValueError(f"GAMEKIT_CLASS={CLASS!r}: choose one of {', '.join(PLAY_APPS)}")

#: pages with a kernel at once (pooled kernels apart) and per visitor (address); 0: no limit
MAX_KERNELS = _setting("GAMEKIT_MAX_KERNELS", 40)
PER_VISITOR = _setting("GAMEKIT_PER_VISITOR", 6)
#: addresses many people share (a reverse proxy or the tests on this machine): counted in the
#: total only
SHARED = frozenset(a.strip() for a in os.environ.get("GAMEKIT_SHARED_ADDRESSES",
                                                     "127.0.0.1,::1").split(",") if a.strip())
#: MiB of address space per kernel (read by the kernel spec's launcher); 0: no limit
os.environ["GAMEKIT_KERNEL_MEMORY"] = str(_setting("GAMEKIT_KERNEL_MEMORY", 2048))
#: seconds a kernel may stay busy, and stay idle with its page open, before it is shut down
MAX_BUSY = _setting("GAMEKIT_MAX_BUSY", 300)
CULL_CONNECTED = _setting("GAMEKIT_CULL_CONNECTED", 3600)

#: pre-heated kernels that start and run their notebook at the same time (default: half the
#: cores, at least 1)
PARALLEL = int(os.environ.get("GAMEKIT_PREHEAT_PARALLEL", "0")) or max(1, (os.cpu_count() or 2) // 2)


#: a refill of the pool waits until no kernel has talked for QUIET s, at most LATEST s
QUIET = float(os.environ.get("GAMEKIT_REFILL_QUIET", "2"))
LATEST = float(os.environ.get("GAMEKIT_REFILL_LATEST", "120"))


#: the order the first fill of the pools follows: the play apps, the front door, then the
#: analyses, replay and lessons (``PAGES``)
FILL_ORDER = (*(f"{g}/play.ipynb" for g in PLAY_APPS), *PAGES)


def fill_rank(notebook_path: str) -> int:
    """Where ``notebook_path`` comes in ``FILL_ORDER`` (unlisted notebooks last)."""
    path = str(notebook_path).replace(os.sep, "/")
    return FILL_ORDER.index(path) if path in FILL_ORDER else len(FILL_ORDER)


def cull_reason(kernel, connections: int, now: float | None = None) -> str | None:
    """Why ``kernel`` (with ``connections`` pages open) is shut down beyond Jupyter Server's
    own culling: busy for more than ``MAX_BUSY`` s, or idle with its page open for more than
    ``CULL_CONNECTED`` s; ``None`` if it lives on."""
    now = time.monotonic() if now is None else now
    busy_since = getattr(kernel, "gamekit_busy_since", None)
    if busy_since is not None:
        return f"busy for {now - busy_since:.0f} s" if MAX_BUSY and now - busy_since > MAX_BUSY \
            else None
    last = getattr(kernel, "gamekit_last_seen", None)
    if connections and last is not None and CULL_CONNECTED and now - last > CULL_CONNECTED:
        return f"idle for {now - last:.0f} s with its page open"
    return None


class PacedKernelManager(AsyncMappingKernelManager):
    """Voilà's pool, paced: at most ``PARALLEL`` pre-heated kernels start and run their notebook
    at a time, and a refill waits for a quiet moment (no kernel message for ``QUIET`` s) for at
    most ``LATEST`` s. Voilà refills its pool with one new kernel per kernel taken, all at once:
    when 20 people arrived together, 20 kernels started together 5 s later and took every core
    for half a minute while the 20 people began to play (clicks took 6-17 s); a refill also
    costs Voilà's own process about 0.4 s of CPU, which delays every message it forwards.
    The first fill is paced too (start the server a few minutes before the class). Kernels
    started on request (no pool) are not paced."""

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._pace = asyncio.Semaphore(PARALLEL)
        self._born = time.monotonic()
        self._owners: dict[str, str] = {}  # kernel id -> the visitor whose page has it
        self._tickets: set[Ticket] = set()  # pages being served (their kernel not yet known)
        initialize = getattr(self, "_initialize", None)  # Voilà's pool (preheat_kernel)
        if initialize is not None:
            self._initialize = self._paced(initialize)
        rendered = getattr(self, "get_rendered_notebook", None)  # a pooled kernel handed out
        if rendered is not None:
            self.get_rendered_notebook = self._tracked(rendered)

    def _paced(self, initialize):
        def paced(notebook_path, kernel_id=None, **kwargs):
            # the first fill is asked for while Voilà builds this manager; refills later
            refill = time.monotonic() - self._born > 5
            return paced_start(notebook_path, kernel_id, refill, **kwargs)

        async def paced_start(notebook_path, kernel_id, refill, **kwargs):
            if kernel_id is not None:  # a restart of a kernel in use: at once
                return await initialize(notebook_path, kernel_id, **kwargs)
            if not refill:  # the first fill queues in ``FILL_ORDER`` (Voilà asks in file order)
                await asyncio.sleep(0.01 * fill_rank(notebook_path))
            latest = time.monotonic() + LATEST
            async with self._pace:
                if refill:
                    await self._quiet(latest, asyncio.current_task())
                content = await initialize(notebook_path, kernel_id, **kwargs)
                try:  # the notebook has run in the new kernel (bounded: a hung cell is cut)
                    await asyncio.wait_for(asyncio.shield(content["task"]), 120)
                except Exception:  # noqa: BLE001  (its page shows what went wrong)
                    pass
                return content
        return paced

    # ------------------------------------------------------------------ limits
    def refusal(self, visitor: str) -> str | None:
        """Why a new page of ``visitor`` gets no kernel (``server_full`` /
        ``server_full_visitor``, messages of the ``ui`` catalog), or ``None``."""
        live = [v for k, v in self._owners.items() if k in self._kernels]
        waiting = [t.visitor for t in self._tickets if t.kernel is None]
        if MAX_KERNELS and len(live) + len(waiting) >= MAX_KERNELS:
            return "server_full"
        if PER_VISITOR and visitor not in SHARED \
                and (live + waiting).count(visitor) >= PER_VISITOR:
            return "server_full_visitor"
        return None

    def _owned(self, kernel_id: str) -> None:
        """Note the kernel given to the page being served (``TICKET``)."""
        ticket = TICKET.get()
        if ticket is not None and ticket.kernel is None:
            ticket.kernel = kernel_id
            self._owners[kernel_id] = ticket.visitor
        for gone in [k for k in self._owners if k not in self._kernels and k != kernel_id]:
            del self._owners[gone]

    async def start_kernel(self, *args, **kwargs):
        kernel_id = await super().start_kernel(*args, **kwargs)
        if (kwargs.get("env") or {}).get("VOILA_PREHEAT") != "True":
            self._owned(kernel_id)
        return kernel_id

    def _tracked(self, get_rendered_notebook):
        async def tracked(*args, **kwargs):
            render_task, cache, kernel_id = await get_rendered_notebook(*args, **kwargs)
            self._owned(kernel_id)
            return render_task, cache, kernel_id
        return tracked

    async def cull_kernel_if_idle(self, kernel_id):
        """Jupyter Server's culling (idle, no page open, ``GAMEKIT_CULL`` s), and also the
        kernels ``cull_reason`` names (Voilà's pool, whose kernels are never culled, asks
        first)."""
        kernel = self._kernels.get(kernel_id)
        why = cull_reason(kernel, self._kernel_connections.get(kernel_id, 0))
        if kernel is not None and why is not None:
            self.log.warning("gamekit: culling kernel %s: %s", kernel_id, why)
            return await ensure_async(self.shutdown_kernel(kernel_id))
        return await super().cull_kernel_if_idle(kernel_id)

    def start_watching_activity(self, kernel_id):
        """Note each kernel message's time and the kernel's busy/idle state (for culling and
        for ``_quiet``) as Jupyter Server does, reading only the headers of the message (and
        the content of a status message, a few bytes)."""
        kernel = self._kernels[kernel_id]
        kernel.reason = ""
        kernel.last_activity = datetime.now(timezone.utc)
        kernel.gamekit_last_seen = time.monotonic()
        kernel._activity_stream = kernel.connect_iopub()
        kernel._activity_stream.on_recv(lambda parts: self._activity(kernel, parts))

    def _activity(self, kernel, parts: list[bytes]) -> None:
        # [identities..., b"<IDS|MSG>", signature, header, parent header, metadata, content, ...]
        try:
            at = parts.index(b"<IDS|MSG>")
            kind = json.loads(parts[at + 2]).get("msg_type")
            parent = json.loads(parts[at + 3]).get("msg_type")
            state = json.loads(parts[at + 5]).get("execution_state") if kind == "status" else None
        except (ValueError, IndexError, AttributeError):
            return
        if self.track_message_type(kind) or self.track_message_type(parent) \
                or kernel.execution_state == "busy":
            self.last_kernel_activity = kernel.last_activity = datetime.now(timezone.utc)
            kernel.gamekit_last_seen = time.monotonic()
        if state is not None:
            if self.track_message_type(parent):
                kernel.execution_state = state
            elif kernel.execution_state == "starting" and state != "starting":
                kernel.execution_state = "idle"
            if kernel.execution_state != "busy":
                kernel.gamekit_busy_since = None
            elif getattr(kernel, "gamekit_busy_since", None) is None:
                kernel.gamekit_busy_since = time.monotonic()

    async def _quiet(self, latest: float, task) -> None:
        """Wait until no kernel has sent a message for ``QUIET`` s, until ``latest``, or until
        someone asks for this pool entry (``task`` no longer in the pool: a person waits)."""
        pools = getattr(self, "_pools", {})
        while time.monotonic() < latest and any(task in pool for pool in pools.values()):
            stamps = [k.last_activity for k in self._kernels.values()
                      if getattr(k, "last_activity", None) is not None]
            if not stamps or (datetime.now(timezone.utc) - max(stamps)).total_seconds() > QUIET:
                return
            await asyncio.sleep(0.5)


class Ticket:
    """A page being served to ``visitor``: counted against the limits until its kernel is
    known (then the kernel is), dropped when the page is sent."""

    def __init__(self, visitor: str):
        self.visitor = visitor
        self.kernel: str | None = None


#: the page the current request serves (set by ``_admit``, read by the kernel manager)
TICKET: contextvars.ContextVar[Ticket | None] = contextvars.ContextVar("gamekit_ticket",
                                                                        default=None)
CATALOG.load(Path(find_spec("gamekit_widgets").submodule_search_locations[0]) / "locale")


def full_page(key: str) -> str:
    """The page that says the server is full (``key``), in both languages."""
    parts = "".join(f"<p lang='{lang}'>{html.escape(CATALOG.text('ui', key, lang))}</p>"
                    for lang in ("pt", "en"))
    title = html.escape(CATALOG.text("ui", "server_full_title", "pt") + " · "
                        + CATALOG.text("ui", "server_full_title", "en"))
    return (f"<!DOCTYPE html><html><head><meta charset='utf-8'><title>{title}</title>"
            "<meta http-equiv='refresh' content='60'></head>"
            "<body style='font:17px system-ui,sans-serif;max-width:560px;margin:15vh auto;"
            f"text-align:center' class='gamekit-server-full'>{parts}</body></html>")


class FrontDoor:
    """The front door (``index.ipynb``) served as a finished page, with no kernel and no
    script: ``gamekit_widgets.home.front_document``, built once in a thread when the server
    starts (the first visitor waits for it only if they come within the first seconds). The
    notebook itself stays for Binder and JupyterLab (issue 27: usable in at most 2 s)."""

    PATH = "/voila/render/index.ipynb"

    def __init__(self):
        self._lock = threading.Lock()
        self._page: str | None = None
        threading.Thread(target=self.page, name="gamekit-front-door", daemon=True).start()

    def page(self) -> str:
        with self._lock:
            if self._page is None:
                from gamekit_widgets.home import front_document

                self._page = front_document(NOTEBOOKS)
            return self._page

    def serves(self, handler) -> bool:
        return handler.request.method == "GET" and handler.request.path.rstrip("/").endswith(
            self.PATH)


FRONT = FrontDoor() if FRONT_DOOR else None

_prepare = TornadoVoilaHandler.prepare
_on_finish = TornadoVoilaHandler.on_finish


async def _admit(self, *args, **kwargs):
    """Serve a notebook page only within the limits (else ``full_page``, HTTP 503); the front
    door at once (``FrontDoor``)."""
    await ensure_async(_prepare(self, *args, **kwargs))
    if self._finished:
        return
    if FRONT is not None and FRONT.serves(self):
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(await asyncio.get_running_loop().run_in_executor(None, FRONT.page))
        return
    manager = self.kernel_manager
    visitor = self.request.remote_ip or "?"
    why = manager.refusal(visitor) if hasattr(manager, "refusal") else None
    if why is not None:
        self.log.warning("gamekit: %s: refused a page to %s", why, visitor)
        self.set_status(503)
        self.set_header("Retry-After", "60")
        self.set_header("Content-Type", "text/html; charset=utf-8")
        self.finish(full_page(why))
        return
    self.gamekit_ticket = Ticket(visitor)
    manager._tickets.add(self.gamekit_ticket)
    TICKET.set(self.gamekit_ticket)


def _served(self):
    ticket = getattr(self, "gamekit_ticket", None)
    if ticket is not None:
        self.kernel_manager._tickets.discard(ticket)
    _on_finish(self)


TornadoVoilaHandler.prepare = _admit
TornadoVoilaHandler.on_finish = _served


def _cell_errors(self, cell):
    """A failed cell shows one line in both languages (``ui.cell_error``), no traceback and
    no server path; Voilà logs the error itself (``Error at server while executing cell``)."""
    if cell.get("cell_type") != "code":
        return cell
    text = " · ".join(CATALOG.text("ui", "cell_error", lang) for lang in ("pt", "en"))
    for output in cell.get("outputs", []):
        if output.get("output_type") == "error":
            output.update(ename="", evalue="", traceback=[text])
    return cell


VoilaExecutor.strip_code_cell_errors = _cell_errors


class PromptConnection(ZMQChannelsWebsocketConnection):
    """A kernel websocket that sends each message at once (``TCP_NODELAY``): a click answers
    with a dozen small widget updates, which Nagle's algorithm would hold back waiting for the
    browser's acknowledgement of the first."""

    def connect(self):
        self.websocket_handler.set_nodelay(True)
        return super().connect()


c.VoilaConfiguration.multi_kernel_manager_class = PacedKernelManager
c.Voila.kernel_websocket_connection_class = PromptConnection
c.VoilaConfiguration.preheat_kernel = True
c.VoilaConfiguration.show_tracebacks = False
c.VoilaConfiguration.template = "gamekit"
c.VoilaConfiguration.http_keep_alive_timeout = 5
c.VoilaKernelManager.kernel_pools_config = {
    "default": {"pool_size": 0},
    **{f"{game}/play.ipynb": {"pool_size": POOL if CLASS in ("", game) else 1}
       for game in POOLED_PLAYS},
    **{page: {"pool_size": POOL_PAGES} for page in PAGES},
}
# refill the pool a few seconds after kernels are taken (not while a wave of people arrives)
c.VoilaKernelManager.fill_delay = float(os.environ.get("GAMEKIT_FILL_DELAY", "5"))

# A pool fills with every kernel running the notebook at once: on a busy machine a cell's output
# can reach Voilà after nbclient's default 4 s, and the page was then rendered WITHOUT the app
# (no widget, nothing to connect: a page that never became usable). Wait for it; bound a cell
# that hangs (its page then shows the error) and a kernel that does not start.
c.VoilaExecutor.iopub_timeout = int(os.environ.get("GAMEKIT_IOPUB_TIMEOUT", "120"))
c.VoilaExecutor.timeout = int(os.environ.get("GAMEKIT_CELL_TIMEOUT", "300"))
c.VoilaExecutor.startup_timeout = 120

c.MappingKernelManager.cull_idle_timeout = int(os.environ.get("GAMEKIT_CULL", "600"))
c.MappingKernelManager.cull_interval = int(os.environ.get("GAMEKIT_CULL_INTERVAL", "30"))
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False

c.Voila.tornado_settings = {"disable_check_xsrf": True}
