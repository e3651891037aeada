"""The ASGI application as daphne runs it: Django's own handler behind one small ASGI
middleware that names the server's loop for the notices (consell/live/broadcast.py)."""

from __future__ import annotations

import asyncio

import pytest
from asgiref.testing import ApplicationCommunicator
from django.core import signals

from consell.asgi import application
from consell.live import broadcast

pytestmark = pytest.mark.django_db(transaction=True)


async def call(path: str) -> tuple[int, bytes]:
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": path,
        "raw_path": path.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"localhost")],
        "client": ("127.0.0.1", 40000),
        "server": ("127.0.0.1", 80),
    }
    communicator = ApplicationCommunicator(application, scope)
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


async def test_it_answers_through_djangos_own_handler():
    from django.core.handlers.asgi import ASGIHandler

    handlers = [app for app in _chain(application.application_mapping["http"])]
    assert type(handlers[-1]) is ASGIHandler
    assert await call("/healthz") == (200, b"ok")


async def test_the_loop_that_sends_notices_reaches_the_view():
    """A change's notices leave through the server's loop, which the view's thread can name."""
    seen = []

    def on_started(**kwargs):
        seen.append(broadcast._server_loop.get())

    signals.request_started.connect(on_started)
    try:
        await call("/healthz")
    finally:
        signals.request_started.disconnect(on_started)
    assert seen == [asyncio.get_running_loop()]


def _chain(app):
    while app is not None:
        yield app
        app = getattr(app, "app", None)
