"""What the Voila app serves over HTTP (issue 9), pinned against the Voila server the browser
tests start on 127.0.0.1: no Jupyter API (kernels, contents, sessions, terminals), no file
browser, no way out of ``notebooks/`` by ``..`` (plain, URL-encoded or doubly encoded), no
notebook or source file as a download, and no code run through the kernel's websocket. What
Voila does serve beyond the app is its tree page's read-only listing of ``notebooks/``
(``/voila/api/contents``: names, no content) and the page's own kernel model by its id.

Every request goes to the loopback server only, with a 10 s timeout, and follows at most
three redirects on the same server.
"""

from __future__ import annotations

import http.client
import json
import re
import time
import urllib.parse
import uuid

import pytest
import websocket  # websocket-client, a dependency of jupyter_server

pytestmark = pytest.mark.timeout(300)

#: text that would show a file's content had leaked
LEAKS = ("root:x:", "root:*:", "[build-system]", "BSD 3-Clause", '"nbformat"', '"cells"',
         "from __future__", "import ", "gamekit-record")
#: text that would show a directory outside notebooks/ had been listed
LISTING = ("pyproject.toml", "README.md", "LICENSE", "setup.py")

API = [
    "/api", "/api/status", "/api/kernels", "/api/kernels/0f4e9a52-3c1d-4b8e-9a7f-2d6c5b1e8a90", "/api/kernelspecs",
    "/api/contents", "/api/contents/wonderful/play.ipynb", "/api/contents/../pyproject.toml",
    "/api/sessions", "/api/terminals", "/terminals/1", "/terminals/websocket/1",
    "/api/config/notebook", "/api/nbconvert", "/api/me", "/api/spec.yaml", "/lab", "/lab/tree",
    "/tree", "/tree/wonderful", "/notebooks/index.ipynb", "/edit/index.ipynb",
    "/view/index.ipynb", "/files/index.ipynb", "/files/../pyproject.toml",
    "/nbconvert/html/index.ipynb", "/voila/api/kernels", "/voila/api/sessions", "/voila/terminals/1",
]

FILES = [
    # notebooks and sources are not downloads
    "/voila/files/index.ipynb", "/voila/files/wonderful/play.ipynb",
    # out of notebooks/ by ..
    "/voila/files/../pyproject.toml", "/voila/files/../../etc/passwd",
    "/voila/files/wonderful/../../README.md", "/voila/files/%2e%2e/%2e%2e/etc/passwd",
    "/voila/files/..%2f..%2fetc%2fpasswd", "/voila/files/..%252f..%252fetc%252fpasswd",
    "/voila/files/%2fetc%2fpasswd", "/voila/files//etc/passwd", "/voila/files/..\\..\\etc\\passwd",
    "/voila/render/../../etc/passwd", "/voila/render/%2e%2e/%2e%2e/etc/passwd",
    "/voila/render/..%2f..%2fpyproject.toml", "/voila/render//etc/passwd",
    "/voila/render/%2e%2e/README.md", "/voila/static/../../../etc/passwd",
    "/voila/static/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/voila/static/..%2f..%2fsetup.py",
    "/static/../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd",
    "/voila/templates/../../../../etc/passwd", "/voila/nbextensions/../../../etc/passwd",
    "/voila/tree/../../etc", "/voila/tree/%2e%2e", "/voila/tree/..%2f..",
    "/voila/files/%2e%2e%2f%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd",
    # the tree page's listing: notebooks/ only, and never a file's content
    "/voila/api/contents/..", "/voila/api/contents/../pyproject.toml",
    "/voila/api/contents/%2e%2e/pyproject.toml", "/voila/api/contents/..%2f..%2fetc%2fpasswd",
    "/voila/api/contents/wonderful/play.ipynb?format=text&content=1",
    "/voila/api/contents/index.ipynb?format=base64&content=1",
    "/voila/api/contents?path=..",
]


def get(base: str, path: str, method: str = "GET", hops: int = 3) -> tuple[int, str]:
    """``method path`` sent as is (no normalisation of ``..``) to the loopback server; the
    status and body after at most ``hops`` redirects on the same server."""
    url = urllib.parse.urlsplit(base)
    assert url.hostname == "127.0.0.1", "requests go to the loopback server only"
    for _ in range(hops + 1):
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=10)
        try:
            conn.request(method, path)
            resp = conn.getresponse()
            body = resp.read(1_000_000).decode("utf-8", "replace")
            location = resp.getheader("Location")
        finally:
            conn.close()
        if resp.status not in (301, 302, 303, 307, 308) or not location:
            return resp.status, body
        target = urllib.parse.urlsplit(urllib.parse.urljoin(base + path, location))
        if target.netloc != url.netloc:
            return resp.status, ""
        path = target.path + (f"?{target.query}" if target.query else "")
    return resp.status, body


def assert_nothing_served(base: str, path: str, method: str = "GET") -> None:
    status, body = get(base, path, method)
    leaked = [m for m in LEAKS if m in body]
    assert status != 200 or not leaked, f"{method} {path} -> {status}, shows {leaked}"
    assert not 200 <= status < 300 or not leaked, f"{method} {path} -> {status}"


@pytest.mark.parametrize("path", API)
def test_no_jupyter_api_or_file_browser(voila_notebooks, path):
    status, body = get(voila_notebooks.base, path)
    assert status != 200, f"{path} is served ({body[:200]!r})"
    assert not [m for m in LEAKS if m in body]


@pytest.mark.parametrize("path", FILES)
def test_no_file_content_and_no_traversal(voila_notebooks, path):
    assert_nothing_served(voila_notebooks.base, path)
    status, body = get(voila_notebooks.base, path)
    if status == 200 and ("/tree" in path or "/api/contents" in path):
        assert not [m for m in LISTING if m in body], f"{path} lists a folder outside notebooks/"


def test_the_app_itself_is_served(voila_notebooks):
    """The checks above mean something: the same server does serve the app and its index."""
    status, body = get(voila_notebooks.base, "/voila/render/index.ipynb")
    assert status == 200 and "play.ipynb" in body
    status, body = get(voila_notebooks.base, "/voila/tree")
    assert status == 200 and "voila-tree-main" in body
    # the tree page's listing (Voila's own, read-only: names of notebooks/ and no content)
    status, body = get(voila_notebooks.base, "/voila/api/contents")
    names = {item["name"] for item in json.loads(body)["content"]}
    assert status == 200 and {"index.ipynb", "wonderful"} <= names
    assert not names & set(LISTING)
    status, body = get(voila_notebooks.base, "/voila/api/contents/wonderful/play.ipynb")
    assert status == 200 and json.loads(body)["content"] is None


def page_kernel(base: str) -> str:
    status, body = get(base, "/voila/render/wonderful/play.ipynb")
    assert status == 200
    found = re.search(r'kernelId": "([0-9a-f-]{36})"', body)
    assert found, "no kernel id in the rendered page"
    return found.group(1)


def test_the_page_kernel_cannot_be_managed_or_listed(voila_notebooks):
    base = voila_notebooks.base
    kernel = page_kernel(base)
    status, body = get(base, "/api/kernels")
    assert status != 200 and kernel not in body
    for method, path in (("DELETE", f"/api/kernels/{kernel}"), ("POST", f"/api/kernels/{kernel}"),
                         ("POST", f"/api/kernels/{kernel}/restart"),
                         ("POST", f"/api/kernels/{kernel}/interrupt"),
                         ("POST", "/api/kernels"), ("POST", "/api/sessions"),
                         ("POST", "/api/terminals"), ("PUT", "/api/contents/x.py")):
        status, _body = get(base, path, method)
        assert not 200 <= status < 300, f"{method} {path} -> {status}"


def message(kind: str, content: dict) -> str:
    return json.dumps({
        "header": {"msg_id": uuid.uuid4().hex, "username": "test", "session": uuid.uuid4().hex,
                   "msg_type": kind, "version": "5.3", "date": ""},
        "parent_header": {}, "metadata": {}, "channel": "shell", "content": content,
    })


def test_kernel_websocket_runs_no_code(voila_notebooks, tmp_path):
    """Voila passes only widget (comm) and kernel-info messages to the kernel: code sent as an
    ``execute_request`` is dropped (a marker file it would write never appears)."""
    base = voila_notebooks.base
    kernel = page_kernel(base)
    marker = tmp_path / "ran"
    ws = websocket.create_connection(
        f"ws://127.0.0.1:{voila_notebooks.port}/api/kernels/{kernel}/channels", timeout=10)
    try:
        ws.send(message("execute_request", {
            "code": f"open({str(marker)!r}, 'w').write('x')", "silent": False,
            "store_history": False, "user_expressions": {}, "allow_stdin": False}))
        ws.send(message("kernel_info_request", {}))
        seen: list[str] = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and "kernel_info_reply" not in seen:
            try:
                seen.append(json.loads(ws.recv()).get("msg_type", ""))
            except websocket.WebSocketTimeoutException:
                break
    finally:
        ws.close()
    assert "kernel_info_reply" in seen, f"the websocket answered nothing useful: {seen}"
    assert "execute_reply" not in seen and "execute_input" not in seen
    time.sleep(1)
    assert not marker.exists(), "code sent over the kernel websocket ran"
