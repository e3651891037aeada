"""The server serves each request on one of a fixed set of threads (consell/http_handler.py).

A request keeps its thread from ``request_started`` to ``request_finished``, so the database
connection Django keeps per thread is the request's throughout, and is kept between requests
(``CONN_MAX_AGE``) instead of being opened for each one (docs/performance.md, B3). These tests
drive the real ASGI application, as daphne does.
"""

from __future__ import annotations

import asyncio
import threading

import pytest
from asgiref.sync import sync_to_async
from asgiref.testing import ApplicationCommunicator
from django.core import signals
from django.db import connection

from consell.game import broadcast
from consell.game.broadcast import RememberServerLoop
from consell.http_handler import ThreadedASGIHandler

pytestmark = pytest.mark.django_db(transaction=True)


async def call(app, path: str, method: str = "GET", query: bytes = b"") -> tuple[int, bytes]:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": query,
        "root_path": "",
        "headers": [(b"host", b"localhost")],
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 80),
    }
    communicator = ApplicationCommunicator(app, scope)
    await communicator.send_input({"type": "http.request", "body": b""})
    start = await communicator.receive_output(10)
    content = b""
    while True:
        message = await communicator.receive_output(10)
        content += message.get("body", b"")
        if not message.get("more_body"):
            break
    await communicator.wait(10)
    return start["status"], content


@pytest.fixture
def server(settings):
    """Start a server's handler with so many threads; its connections are closed at the end,
    or the test database could not be dropped."""
    handlers: list[ThreadedASGIHandler] = []

    def start(threads: int):
        settings.REQUEST_THREADS = threads
        handlers.append(ThreadedASGIHandler())
        return RememberServerLoop(handlers[-1])

    yield start
    for handler in handlers:
        handler.threads.close()


class Recorded:
    """What each request's signals saw, on the thread they were sent in."""

    def __init__(self):
        self.started: list[tuple[str, object]] = []
        self.finished: list[tuple[str, int | None]] = []

    def on_started(self, **kwargs):
        self.started.append((threading.current_thread().name, broadcast._server_loop.get()))

    def on_finished(self, **kwargs):
        raw = connection.connection
        pid = (
            raw.info.backend_pid if raw is not None and connection.vendor == "postgresql" else None
        )
        self.finished.append((threading.current_thread().name, pid))


@pytest.fixture
def recorded():
    record = Recorded()
    signals.request_started.connect(record.on_started)
    signals.request_finished.connect(record.on_finished)
    yield record
    signals.request_started.disconnect(record.on_started)
    signals.request_finished.disconnect(record.on_finished)


async def test_a_request_keeps_one_of_the_servers_threads_from_start_to_finish(
    server, settings, recorded
):
    app = server(threads=4)
    for _ in range(5):
        assert await call(app, "/healthz") == (200, b"ok")
    names = [name for name, _ in recorded.started]
    assert names[0].startswith("request-")
    assert names == [name for name, _ in recorded.finished]
    # One after the other, they are served by the same thread: a quiet table keeps one
    # connection open, not one for each of the server's threads.
    assert set(names) == {names[0]}


async def test_the_loop_that_sends_notices_reaches_the_request_thread(server, settings, recorded):
    """A change's notices leave through the server's loop (broadcast.py), named in the request."""
    app = server(threads=1)
    await call(app, "/healthz")
    assert recorded.started[0][1] is asyncio.get_running_loop()


async def test_requests_beyond_the_threads_wait_for_one_and_are_all_answered(
    server, settings, recorded
):
    app = server(threads=1)
    answers = await asyncio.gather(*(call(app, "/healthz") for _ in range(6)))
    assert answers == [(200, b"ok")] * 6
    assert len({name for name, _ in recorded.started}) == 1


async def test_a_request_refused_before_its_view_gives_its_thread_back(server, settings, recorded):
    """A query string that is not UTF-8 is answered 400 before Django makes a request of it."""
    app = server(threads=1)
    assert (await call(app, "/healthz", query=b"q=\xff"))[0] == 400
    assert await call(app, "/healthz") == (200, b"ok")
    assert len(recorded.finished) == 2


@pytest.mark.postgres
async def test_a_thread_keeps_its_database_connection_between_requests(
    server, settings, recorded, game
):
    app = server(threads=1)
    seat = await game.seats.aget(position=1)
    for _ in range(3):
        status, _ = await call(app, f"/s/{seat.token}/")
        assert status == 302
    pids = [pid for _, pid in recorded.finished]
    assert pids[0] is not None and pids == [pids[0]] * 3


@pytest.mark.postgres
async def test_a_connection_the_database_ended_costs_no_page_load(server, settings, recorded, game):
    """Each kept connection is checked before a request uses it (CONN_HEALTH_CHECKS): ended
    while the thread was idle, it is replaced, not used (``consell/db/postgresql``)."""
    app = server(threads=1)
    seat = await game.seats.aget(position=1)
    assert (await call(app, f"/s/{seat.token}/"))[0] == 302
    ended = recorded.finished[-1][1]

    def end(pid):
        with connection.cursor() as cursor:
            # Returns once the server process has gone (PostgreSQL 14 and later).
            cursor.execute("SELECT pg_terminate_backend(%s, 10000)", [pid])

    await sync_to_async(end)(ended)
    assert (await call(app, f"/s/{seat.token}/"))[0] == 302
    assert recorded.finished[-1][1] not in (None, ended)


@pytest.mark.parametrize(
    "header",
    [
        b"application/x-www-form-urlencoded",
        b"Application/X-WWW-Form-Urlencoded; charset=UTF-8",
        b"multipart/form-data; boundary=----x",
        b"text/html; charset=utf-8",
        b"nonsense",
        b"",
    ],
)
def test_the_servers_content_type_reading_is_remembered_and_answers_as_twisted_does(header):
    from twisted.web import http as twisted_http

    import consell.asgi  # noqa: F401  (the server loads it)

    parse = twisted_http._parseContentType
    assert parse.cache_info() is not None
    assert parse(header) == parse.__wrapped__(header)
