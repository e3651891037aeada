"""The people at the table: a browser's forms over HTTP, and open pages as live.js keeps them."""

from __future__ import annotations

import asyncio
import http.cookiejar
import json
import random
import re
import threading
import time
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

from .services import THROUGH_HEADER, UPSTREAM_HEADER

# live.js's reconnect backoff and ping interval (static/js/live.js).
FIRST_DELAY, MAX_DELAY, PING_SECONDS = 0.25, 2.0, 20.0
PLAN_KEY = re.compile(rb'id="plan-key" name="shown" value="([0-9a-f]+)"')


class Browser:
    """A browser's cookies and forms, over plain HTTP (CSRF token included), through nginx.

    ``through`` (a daphne's port) asks the suite's nginx to pass its requests to that daphne;
    ``answered_by`` lists the daphne nginx names for each answer.
    """

    def __init__(
        self, base: str, cookies: dict[str, str] | None = None, through: int | None = None
    ):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.opener.addheaders = [("Accept-Language", "en")]
        if through is not None:
            self.opener.addheaders.append((THROUGH_HEADER, str(through)))
        self.answered_by: list[str | None] = []
        for name, value in (cookies or {}).items():
            self.jar.set_cookie(_cookie(name, value))

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def get(self, path: str) -> tuple[int, str]:
        with self.opener.open(self.base + path, timeout=30) as response:
            self.answered_by.append(response.headers.get(UPSTREAM_HEADER))
            return response.status, response.read().decode()

    def post(self, path: str, data: dict[str, str]) -> tuple[int, str]:
        assert self.cookie("csrftoken"), "open a page with a form first"
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.cookie("csrftoken")})
        request = urllib.request.Request(self.base + path, data=body.encode(), method="POST")
        with self.opener.open(request, timeout=30) as response:
            self.answered_by.append(response.headers.get(UPSTREAM_HEADER))
            return response.status, response.read().decode()


def _cookie(name: str, value: str) -> http.cookiejar.Cookie:
    return http.cookiejar.Cookie(
        0, name, value, None, False, "127.0.0.1", False, False, "/", True, False, None, False,
        None, None, {},
    )  # fmt: skip


@dataclass
class Page:
    """One open page, behaving as live.js does: its websocket, and its live parts fetched again
    (in one request, as live.js asks) whenever a newer version is announced or a greeting
    finds the page stale.

    ``version`` is the newest version the page was told of; ``shown`` the one its fragments
    were last fetched at, all of them successfully. ``sockets`` lists the daphne nginx passed
    each of its sockets to.
    """

    viewer: str
    url: str
    origin: str
    fragments: list[str]
    cookies: str = ""
    version: int = 0
    shown: int = 0
    stale: bool = False
    went_back: int = 0
    connects: int = 0
    refused: int | None = None
    stopped: bool = False
    plan_key: str = ""  # the planner's key the page holds, sent so an unchanged plan stays
    sockets: list[str | None] = field(default_factory=list)
    history: list[tuple[float, int]] = field(default_factory=list)  # (monotonic, shown)
    _fetching: asyncio.Task | None = None

    async def run(self) -> None:
        import websockets

        delay = FIRST_DELAY
        headers = {"Cookie": self.cookies} if self.cookies else {}
        while not self.stopped:
            try:
                async with websockets.connect(
                    self.url, origin=self.origin, additional_headers=headers, open_timeout=5
                ) as ws:
                    self.connects += 1
                    self.sockets.append(ws.response.headers.get(UPSTREAM_HEADER))
                    pinger = asyncio.ensure_future(self._ping(ws))
                    try:
                        async for frame in ws:
                            message = json.loads(frame)
                            if message.get("type") == "hello":
                                delay = FIRST_DELAY
                            self._seen(message)
                    finally:
                        pinger.cancel()
                    if ws.close_code in (4403, 4404):
                        self.refused = ws.close_code
                        return
            except (OSError, TimeoutError, websockets.WebSocketException):
                pass
            if self.stopped:
                return
            await asyncio.sleep(delay * (0.5 + random.random() / 2))
            delay = min(delay * 2, MAX_DELAY)

    async def _ping(self, ws) -> None:
        while True:
            await asyncio.sleep(PING_SECONDS)
            await ws.send('{"type":"ping"}')

    def _seen(self, message: dict) -> None:
        version = message.get("version")
        if not isinstance(version, int):
            return
        if version <= self.version and message.get("type") == "changed":
            self.went_back += 1
        greeting = message.get("type") in ("hello", "pong")
        if version > self.version or (greeting and self.stale):
            self.version = max(self.version, version)
            if self._fetching is None or self._fetching.done():
                self._fetching = asyncio.ensure_future(self._refresh())

    async def _refresh(self) -> None:
        """Fetch every fragment (in parallel, as htmx does) until the page is at its version."""
        while self.shown < self.version and not self.stopped:
            target = self.version
            try:
                await asyncio.gather(*(asyncio.to_thread(self._get, url) for url in self.fragments))
            except OSError:  # the server went away mid-request: the next greeting retries
                self.stale = True
                return
            self.stale = False
            self.shown = target
            self.history.append((time.monotonic(), target))

    def _get(self, url: str) -> None:
        shown = f"&shown={self.plan_key}" if self.plan_key else ""
        request = urllib.request.Request(
            url + shown, headers={"HX-Request": "true", "Cookie": self.cookies}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            found = PLAN_KEY.search(response.read())
        self.plan_key = found.group(1).decode() if found else self.plan_key

    def shown_at(self, version: int) -> float:
        """When this page first showed ``version`` or a later one."""
        return next(t for t, v in self.history if v >= version)


class Pages:
    """Every open page of a table, their sockets run by an event loop in a thread of its own
    (Django refuses database calls from a thread that runs a loop)."""

    def __init__(self, pages: list[Page]):
        self.pages = pages
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.tasks: list[asyncio.Future] = []

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.set_default_executor(ThreadPoolExecutor(max_workers=4 * len(self.pages)))
        self.loop.run_forever()

    def __enter__(self) -> Pages:
        self.thread.start()
        self.tasks = [asyncio.run_coroutine_threadsafe(p.run(), self.loop) for p in self.pages]
        return self

    def __exit__(self, *exc) -> None:
        for page in self.pages:
            page.stopped = True
        asyncio.run_coroutine_threadsafe(self._cancel_all(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()

    async def _cancel_all(self) -> None:
        current = asyncio.current_task()
        tasks = [t for t in asyncio.all_tasks() if t is not current]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
