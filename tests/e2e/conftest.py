"""A real Chromium against a real daphne: the phones and the director's laptop, end to end.

Daphne serves ``consell.asgi.application`` from a thread of the test process, on a free port of
127.0.0.1, once per session (Twisted's reactor cannot start twice in one process). Being in the
same process lets it share whatever database the test run uses, the in-memory SQLite test
database included, without forcing the whole suite onto a database file (a session-scoped
database setting cannot be overridden for one directory when other tests run first on the same
xdist worker). The in-memory channel layer lives in the process too, but its queues belong to
daphne's event loop: a change a phone must notice is made THROUGH the server (a browser posting
a form), never by calling a service from the test. With REDIS_URL and DATABASE_URL set the same
tests run on channels-redis and PostgreSQL.

Playwright's sync API keeps an event loop in the test's thread while a browser is open, and
Django refuses ORM calls (and ``async_to_sync``) from a thread with a running loop. So the
browser starts on first use in the test body, after every fixture has laid the table, and
closes before pytest-django flushes the database: a test body reads nothing from the database
once it has opened a page.
"""

from __future__ import annotations

import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import Client
from playwright.sync_api import Browser, BrowserContext, Playwright, sync_playwright

from tests.game import conftest as table

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
PHONE = {
    "viewport": {"width": 360, "height": 740},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 2,
    "locale": "ca-ES",
}
LAPTOP = {"viewport": {"width": 1280, "height": 800}, "locale": "ca-ES"}
SERVER_START_SECONDS = 10

# The game tests' table: Dora directs Alice, Bob, Carles, Dídac and Elena.
pack, new_game, game = table.pack, table.new_game, table.game


@pytest.fixture(scope="session")
def live_url() -> Iterator[str]:
    """Base URL of a daphne serving the app, e.g. ``http://127.0.0.1:41234``."""
    from daphne.endpoints import build_endpoint_description_strings
    from daphne.server import Server
    from twisted.internet import reactor

    from consell.asgi import application

    server = Server(
        application=application,
        endpoints=build_endpoint_description_strings(host="127.0.0.1", port=0),
        signal_handlers=False,
    )
    thread = threading.Thread(target=server.run, name="e2e-daphne", daemon=True)
    thread.start()
    deadline = time.monotonic() + SERVER_START_SECONDS
    while not server.listening_addresses:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("daphne did not start listening on 127.0.0.1")
        time.sleep(0.05)
    host, port = server.listening_addresses[0]
    yield f"http://{host}:{port}"
    reactor.callFromThread(server.stop)
    thread.join(SERVER_START_SECONDS)


class Chromium:
    """Debian's Chromium, headless, started on first use with a fresh profile.

    Starting late means every fixture that touches the database has run before Playwright
    puts its event loop in this thread.
    """

    def __init__(self):
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None

    def _launched(self) -> Browser:
        if self._browser is None:
            self._playwright = sync_playwright().start()
            self._browser = self._playwright.chromium.launch(
                executable_path=CHROMIUM, args=CHROMIUM_ARGS
            )
        return self._browser

    def phone(self, javascript: bool = True) -> BrowserContext:
        """A 360 px touch phone set to Catalan, the players' default language."""
        return self._launched().new_context(**PHONE, java_script_enabled=javascript)

    def laptop(self, cookie: dict | None = None) -> BrowserContext:
        """A 1280 px laptop, logged in when given a session cookie."""
        context = self._launched().new_context(**LAPTOP)
        if cookie:
            context.add_cookies([cookie])
        return context

    def keep_screenshots(self, name: str) -> None:
        """Save every open page, for a test that failed."""
        if self._browser is None:
            return
        folder = Path(tempfile.mkdtemp(prefix="consell-e2e-"))
        for c, context in enumerate(self._browser.contexts):
            for p, page in enumerate(context.pages):
                page.screenshot(path=folder / f"{name}-{c}-{p}.png", full_page=True)
        print(f"screenshots of the failed test: {folder}")

    def close(self) -> None:
        if self._browser is not None:
            self._browser.close()
        if self._playwright is not None:
            self._playwright.stop()


@pytest.fixture
def browser(request) -> Iterator[Chromium]:
    """The test's browser; when the test fails, screenshots of its pages go to a temp folder."""
    chromium = Chromium()
    yield chromium
    report = getattr(request.node, "rep_call", None)
    try:
        if report is not None and report.failed:
            chromium.keep_screenshots(request.node.name)
    finally:
        chromium.close()


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.when == "call":
        item.rep_call = report
    return report


@pytest.fixture
def dora_cookie(director, live_url) -> dict:
    """Dora's session cookie for the live server: she is logged in on her laptop."""
    client = Client()
    client.force_login(director)
    return {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}


@pytest.fixture
def seat_links(new_game, live_url) -> dict[str, str]:
    """Each player's private link (name -> URL), as the director hands them out."""
    return {s.name: f"{live_url}/s/{s.token}/" for s in new_game.seats.all()}
