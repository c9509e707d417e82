"""People of a class as lightweight remote clients of the play app (issue 13).

In a class each person's browser runs on their own computer; only the server is shared. On the
2-core test machine, 20 Chromiums would measure the browsers, not the server. So most people of
the measurement are ``RemotePerson``s: they speak the protocol the page speaks, over the same
sockets, and cost the test machine almost nothing:

1. ``GET`` the play app's page (Voilà renders it from a pre-heated kernel; the HTML carries the
   kernel id and the model id of the app's root widget);
2. open the kernel's websocket (``/api/kernels/<id>/channels``) in the protocol the page
   negotiates (``v1.kernel.websocket.jupyter.org``: the server forwards the kernel's messages
   without parsing them), open the ``jupyter.widget.control`` comm and ask for every
   widget's state (``request_states``), as ``@jupyter-widgets`` does on load;
   the person is **usable** when that state arrived (what the page then draws at once);
3. tell the app it is on screen (the ``Shown`` widget's ``shown`` and ``width`` events, as its
   front-end code sends them) and then **click**: the comm message a decision button sends
   (``{"method": "custom", "content": {"event": "click"}}``); the round trip ends when the
   kernel is idle again after that message, having sent the widgets' new state.

Every wait is bounded. Figures are seconds (usable) and milliseconds (clicks).
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
import uuid
from datetime import datetime, timezone
from typing import Any

from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

__all__ = ["RemotePerson", "run_people"]

KERNEL_ID = re.compile(r'"kernelId":\s*"([0-9a-f-]{36})"')
ROOT_MODEL = re.compile(
    r'application/vnd\.jupyter\.widget-view\+json":\s*\{"model_id":\s*"([0-9a-f]{32})"')
SHOWN_MARK = 'event: "shown"'
#: the kernel websocket protocol the page (``@jupyterlab/services``) negotiates
PROTOCOL = "v1.kernel.websocket.jupyter.org"
#: the version of ipywidgets' control comm protocol that ``@jupyter-widgets`` 8 speaks
CONTROL_VERSION = "1.0.0"


def _pack(channel: str, parts: list[bytes]) -> bytes:
    """A message in Jupyter's websocket protocol ``v1.kernel.websocket.jupyter.org`` (the one
    the page negotiates): the number of offsets, the offsets (8 bytes, little-endian), the
    channel's name, then header, parent header, metadata, content and buffers as sent by the
    kernel, which the server forwards without parsing them."""
    name = channel.encode("utf-8")
    offsets = [8 * (len(parts) + 3), 8 * (len(parts) + 3) + len(name)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + name + b"".join(parts)


def _unpack(frame: bytes) -> dict:
    """One message from the websocket (``_pack``'s layout): channel, header, parent header,
    metadata and content (buffers are not needed here)."""
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
    parts = [frame[offsets[i]:offsets[i + 1]] for i in range(count - 1)]
    header, parent, metadata, content = (json.loads(p) for p in parts[1:5])
    return {"channel": parts[0].decode("utf-8"), "header": header, "parent_header": parent,
            "metadata": metadata, "content": content, "msg_type": header["msg_type"]}


class RemotePerson:
    """One person of the class, seen from the server (see the module docstring)."""

    def __init__(self, base: str, path: str, name: str = "person"):
        self.base, self.path, self.name = base, path, name
        self.session = uuid.uuid4().hex
        self.states: dict[str, dict] = {}
        self.root = ""
        self.kernel = ""
        self.usable_s: float | None = None
        self.page_s: float | None = None
        self.clicks_ms: list[float] = []
        self.error = ""
        self._ws = None
        self._waiting: dict[str, asyncio.Future] = {}
        self._control = uuid.uuid4().hex

    # ------------------------------------------------------------------ protocol
    def _message(self, msg_type: str, content: dict, metadata: dict | None = None) -> dict:
        return {"header": {"msg_id": uuid.uuid4().hex, "msg_type": msg_type,
                           "session": self.session, "username": self.name,
                           "date": datetime.now(timezone.utc).isoformat(), "version": "5.3"},
                "parent_header": {}, "metadata": metadata or {}, "content": content,
                "channel": "shell", "buffers": []}

    async def _send(self, msg_type: str, content: dict, metadata: dict | None = None) -> str:
        msg = self._message(msg_type, content, metadata)
        await self._write(msg)
        return msg["header"]["msg_id"]

    async def _write(self, msg: dict) -> None:
        parts = [json.dumps(msg[k]).encode("utf-8")
                 for k in ("header", "parent_header", "metadata", "content")]
        await self._ws.write_message(_pack(msg["channel"], parts), binary=True)

    async def _read(self) -> None:
        while True:
            frame = await self._ws.read_message()
            if frame is None:
                for fut in self._waiting.values():
                    if not fut.done():
                        fut.set_exception(ConnectionError("the kernel's websocket closed"))
                return
            self._receive(_unpack(frame))

    def _receive(self, msg: dict) -> None:
        kind, content = msg.get("msg_type") or msg["header"]["msg_type"], msg.get("content", {})
        parent = msg.get("parent_header", {}).get("msg_id", "")
        if kind == "comm_open":
            data = content.get("data", {})
            self.states[content["comm_id"]] = dict(data.get("state", {}))
        elif kind == "comm_msg":
            data = content.get("data", {})
            if data.get("method") == "update_states":
                for model, entry in data.get("states", {}).items():
                    self.states[model] = dict(entry.get("state", {}))
                self._resolve("states", None)
            elif data.get("method") in ("update", "echo_update"):
                self.states.setdefault(content["comm_id"], {}).update(data.get("state", {}))
        elif kind == "comm_close":
            self.states.pop(content.get("comm_id"), None)
        elif kind == "status" and content.get("execution_state") == "idle":
            self._resolve(parent, None)

    def _resolve(self, key: str, value: Any) -> None:
        fut = self._waiting.pop(key, None)
        if fut is not None and not fut.done():
            fut.set_result(value)

    def _expect(self, key: str) -> asyncio.Future:
        fut = asyncio.get_running_loop().create_future()
        self._waiting[key] = fut
        return fut

    # ------------------------------------------------------------------ what a person does
    async def open(self, timeout: float = 120) -> None:
        """Load the page and the widgets' state; ``usable_s`` is the seconds it took."""
        t0 = time.monotonic()
        request = HTTPRequest(self.base + self.path, request_timeout=timeout,
                              connect_timeout=timeout)
        page = (await AsyncHTTPClient().fetch(request)).body.decode("utf-8")
        self.page_s = time.monotonic() - t0
        kernel, root = KERNEL_ID.search(page), ROOT_MODEL.search(page)
        if kernel is None or root is None:
            raise RuntimeError("the page names no kernel or no widget")
        self.kernel, self.root = kernel.group(1), root.group(1)
        ws_base = self.base.replace("http", "ws", 1)
        self._ws = await asyncio.wait_for(websocket_connect(
            f"{ws_base}/api/kernels/{self.kernel}/channels?session_id={self.session}",
            subprotocols=[PROTOCOL]), timeout)
        if self._ws.selected_subprotocol != PROTOCOL:
            raise RuntimeError(f"the server did not accept {PROTOCOL}")
        asyncio.get_running_loop().create_task(self._read())
        states = self._expect("states")
        await self._send("comm_open", {"comm_id": self._control, "data": {},
                                       "target_name": "jupyter.widget.control"},
                         {"version": CONTROL_VERSION})
        await self._send("comm_msg", {"comm_id": self._control,
                                      "data": {"method": "request_states"}})
        await asyncio.wait_for(states, max(1.0, timeout - (time.monotonic() - t0)))
        if self.root not in self.states:
            raise RuntimeError("the app's widget is not in the kernel's state")
        self.usable_s = time.monotonic() - t0
        for model in self._shown_widgets():  # the page drew the app: its Shown widgets say so
            await self._custom(model, {"event": "shown"})
            await self._custom(model, {"event": "width", "width": 1380})

    def _shown_widgets(self) -> list[str]:
        return [m for m, s in self.states.items() if SHOWN_MARK in str(s.get("_esm", ""))]

    async def _custom(self, model: str, content: dict) -> str:
        return await self._send("comm_msg", {"comm_id": model,
                                             "data": {"method": "custom", "content": content}})

    def on_screen(self) -> list[str]:
        """The models drawn on the page: the root widget and its children, recursively."""
        seen, todo = [], [self.root]
        while todo:
            model = todo.pop()
            if model in seen or model not in self.states:
                continue
            seen.append(model)
            children = self.states[model].get("children") or []
            todo.extend(reversed([c.removeprefix("IPY_MODEL_") for c in children
                                  if isinstance(c, str)]))
        return seen

    def decisions(self) -> list[str]:
        """The enabled decision buttons on screen, in page order."""
        return [m for m in self.on_screen()
                if "gamekit-decision" in self.states[m].get("_dom_classes", ())
                and self.states[m].get("_model_name") == "ButtonModel"
                and not self.states[m].get("disabled")]

    async def click(self, timeout: float = 20) -> float | None:
        """Click the first decision on screen; ms until the kernel answered it (``None``:
        nothing to click)."""
        buttons = self.decisions()
        if not buttons:
            return None
        t0 = time.monotonic()
        msg = self._message("comm_msg", {"comm_id": buttons[0], "data": {
            "method": "custom", "content": {"event": "click"}}})
        done = self._expect(msg["header"]["msg_id"])
        await self._write(msg)
        await asyncio.wait_for(done, timeout)
        ms = (time.monotonic() - t0) * 1000
        self.clicks_ms.append(ms)
        return ms

    def close(self) -> None:
        if self._ws is not None:
            self._ws.close()
            self._ws = None


    async def leave(self, timeout: float = 10) -> None:
        """Close the tab: the page's ``beforeunload`` asks the server to shut the kernel."""
        if self.kernel:
            request = HTTPRequest(f"{self.base}/voila/api/shutdown/{self.kernel}",
                                  method="POST", body=b"", request_timeout=timeout)
            try:
                await AsyncHTTPClient().fetch(request, raise_error=False)
            except OSError:
                pass
        self.close()


async def _live(person: RemotePerson, clicks: int, think: tuple[float, float],
                start: asyncio.Event, timeout: float, seed: int) -> None:
    rng = random.Random(seed)
    try:
        await person.open(timeout)
        await start.wait()
        await asyncio.sleep(rng.uniform(0, think[1]))  # people do not click in step
        for _ in range(clicks):
            await person.click()
            await asyncio.sleep(rng.uniform(*think))
    except Exception as exc:  # noqa: BLE001  (reported per person, the others go on)
        person.error = f"{type(exc).__name__}: {exc}"[:300]


async def run_people(base: str, path: str, people: int, clicks: int = 5,
                     think: tuple[float, float] = (1.0, 3.0), timeout: float = 120,
                     all_open: Any = None, leave: bool = True) -> list[RemotePerson]:
    """``people`` persons open ``path`` at once; once every one is usable (or failed) they all
    play: ``clicks`` clicks each, a random ``think`` (s, seeded) before each one. ``all_open``
    (a ``threading.Event`` or ``None``) is also waited for before the clicks, so that real
    browsers join the same game time. ``leave``: they close their tabs at the end."""
    crowd = [RemotePerson(base, path, f"remote-{i}") for i in range(people)]
    start = asyncio.Event()
    tasks = [asyncio.ensure_future(_live(p, clicks, think, start, timeout, i))
             for i, p in enumerate(crowd)]
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(
            p.usable_s is None and not p.error for p in crowd):
        await asyncio.sleep(0.1)
    if all_open is not None:
        await asyncio.get_running_loop().run_in_executor(None, all_open.wait, timeout)
    start.set()
    await asyncio.wait(tasks, timeout=timeout + clicks * (30 + think[1]))
    for p in crowd:
        await p.leave() if leave else p.close()
    return crowd


if __name__ == "__main__":  # python tests/browser/remote_people.py http://127.0.0.1:8866 20
    import statistics
    import sys

    crowd = asyncio.run(run_people(sys.argv[1], "/voila/render/wonderful/play.ipynb",
                                   int(sys.argv[2]) if len(sys.argv) > 2 else 20))
    usable = sorted(p.usable_s for p in crowd if p.usable_s is not None)
    ms = sorted(m for p in crowd for m in p.clicks_ms)
    print(json.dumps({"usable": len(usable), "usable_s_max": usable and round(usable[-1], 2),
                      "clicks": len(ms), "click_ms_median": ms and round(statistics.median(ms)),
                      "errors": [p.error for p in crowd if p.error]}, indent=1))
