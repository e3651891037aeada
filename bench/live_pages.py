"""Open pages that behave as ``static/js/live.js`` does, many at once on one event loop.

A page keeps its websocket; a notice that carries the page's parts is shown as it comes, and
whenever a newer version is announced without them (a bare notice, the greeting, a pong) it
asks once for all its live parts (``?fragment=a&fragment=b``, the planner's
``shown`` key included), again while a newer version arrived meanwhile. It tells its socket
the key of each part it holds (``?held=``), adds the new lines a notice brings to the log
they were made for, and asks for any part whose key a notice names but did not bring.
Requests are plain
HTTP/1.0 over asyncio streams, so hundreds of pages need no thread each. A page records when
it showed each version and every notice it was sent, so a benchmark can tell how long the
last page took and whether any notice was lost.
"""

from __future__ import annotations

import asyncio
import json
import re
import time
import urllib.parse
from dataclasses import dataclass, field

PLAN_KEY = re.compile(rb'id="plan-key" name="shown" value="([0-9a-f]+)"')
PART_KEY = re.compile(rb'data-part="(\w+)" data-key="(\w+)"')
# A log sent its new lines alone (``game/_log_new.html``): added to the log whose key is the base.
NEW_LINES = re.compile(rb'data-lines-for="(\w+)-live" data-base="(\w+)" data-key="(\w+)"')


async def http(
    port: int,
    method: str,
    path: str,
    cookies: str = "",
    body: dict | None = None,
    htmx: bool = True,
) -> tuple[int, bytes]:
    """One request to 127.0.0.1:``port``, as htmx sends it (or, with ``htmx=False``, as a
    browser without JavaScript does); the status and the body."""
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    data = urllib.parse.urlencode(body).encode() if body is not None else b""
    head = [f"{method} {path} HTTP/1.0", f"Host: 127.0.0.1:{port}"]
    head += ["HX-Request: true"] if htmx else []
    head += [f"Cookie: {cookies}"] if cookies else []
    head += ["Accept-Language: ca", f"Origin: http://127.0.0.1:{port}"]
    if body is not None:
        head += ["Content-Type: application/x-www-form-urlencoded", f"Content-Length: {len(data)}"]
    writer.write(("\r\n".join(head) + "\r\n\r\n").encode() + data)
    try:
        response = await reader.read()
    finally:
        writer.close()
    status_line, _, rest = response.partition(b"\r\n")
    return int(status_line.split(b" ", 2)[1]), rest.partition(b"\r\n\r\n")[2]


@dataclass
class LivePage:
    """One open page: the viewer it shows, where it lives, and what it has shown so far."""

    viewer: str
    port: int
    path: str  # the page, e.g. /play/12/
    ws_path: str
    parts: list[str]
    cookies: str = ""
    version: int = 0
    shown: int = 0
    key: str = ""
    held: dict[str, str] = field(default_factory=dict)
    behind: bool = False  # a notice named a part this page does not hold
    failures: int = 0
    last_status: int = 0
    received: int = 0  # bytes of parts received
    fetches: int = 0
    pushes: int = 0
    connects: int = 0
    notices: set[int] = field(default_factory=set)
    # Versions that reached the page only between its ping and the pong (the server's catch-up
    # of a notice that never came): a late page, however fast the bench's figures look.
    caught: int = 0
    pinging: bool = False
    history: list[tuple[float, int]] = field(default_factory=list)
    _fetching: asyncio.Task | None = None

    async def run(self) -> None:
        """The socket, reconnected as live.js does (after 0.25 s, backing off to 2 s)."""
        import websockets

        delay = 0.25
        while True:
            try:
                await self._listen()
                delay = 0.25
            except (OSError, TimeoutError, websockets.WebSocketException):
                pass
            await asyncio.sleep(delay)
            delay = min(2 * delay, 2.0)

    async def _listen(self) -> None:
        import websockets

        url = f"ws://127.0.0.1:{self.port}{self.ws_path}"
        held = ",".join(f"{name}:{key}" for name, key in self.held.items())
        url += f"?{urllib.parse.urlencode({'held': held})}" if held else ""
        headers = {"Cookie": self.cookies} if self.cookies else {}
        origin = f"http://127.0.0.1:{self.port}"
        async with websockets.connect(
            url, origin=origin, additional_headers=headers, open_timeout=30, max_queue=None
        ) as ws:
            self.connects += 1
            pinger = asyncio.ensure_future(self._ping(ws))
            try:
                await self._frames(ws)
            finally:
                pinger.cancel()

    async def _ping(self, ws) -> None:
        """live.js's ping every 20 s: its pong catches up a page whose notice was lost."""
        while True:
            await asyncio.sleep(20)
            self.pinging = True
            await ws.send('{"type":"ping"}')

    async def _frames(self, ws) -> None:
        async for frame in ws:
            message = json.loads(frame)
            version = message.get("version")
            if message.get("type") == "pong":
                self.pinging = False
            if message.get("type") == "changed" and isinstance(version, int):
                if self.pinging and version > self.version:
                    self.caught += 1
                self.notices.add(version)
                if isinstance(message.get("parts"), str) and version > self.shown:
                    self._pushed(version, message["parts"].encode())
                    keys = message.get("keys") or {}
                    if any(self.held.get(name) != key for name, key in keys.items()):
                        self.behind = True
                        self._fetch()
                    continue
            if isinstance(version, int) and version > self.version:
                self.version = version
                self._fetch()

    def _fetch(self) -> None:
        if self._fetching is None or self._fetching.done():
            self._fetching = asyncio.ensure_future(self._refresh())

    async def _refresh(self) -> None:
        while self.shown < self.version or self.behind:
            target, self.behind = self.version, False
            before = self.shown
            query = [("fragment", name) for name in self.parts]
            query += [("shown", self.key)] if self.key else []
            path = f"{self.path}?{urllib.parse.urlencode(query)}"
            try:
                status, body = await http(self.port, "GET", path, self.cookies)
            except OSError:
                status, body = 0, b""
            self.last_status = status
            if status not in (200, 204):
                self.failures += 1
                await asyncio.sleep(0.1)
                continue
            if self.shown > before and self.shown >= target:
                continue  # parts a notice brought meanwhile are newer: this answer is dropped
            self.fetches += 1
            self._show(target, body)

    def _pushed(self, version: int, body: bytes) -> None:
        """Parts the notice carried, as live.js swaps them: shown with no request."""
        self.version = max(self.version, version)
        self.pushes += 1
        self._show(version, body)

    def _show(self, version: int, body: bytes) -> None:
        self.received += len(body)
        found = PLAN_KEY.search(body)
        self.key = found.group(1).decode() if found else self.key
        self.held.update((n.decode(), k.decode()) for n, k in PART_KEY.findall(body))
        for name, base, key in NEW_LINES.findall(body):
            if self.held.get(name.decode()) == base.decode():
                self.held[name.decode()] = key.decode()
        self.shown = version
        self.history.append((time.monotonic(), version))

    def shown_at(self, version: int) -> float | None:
        return next((t for t, v in self.history if v >= version), None)
