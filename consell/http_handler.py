"""Django's ASGI handler, serving each request on one of a fixed set of threads, as under WSGI.

Django's own ASGI handler gives every request a new thread (``ThreadSensitiveContext``) and
runs the middleware in async mode. Under a burst (16 phones handing in at once) that cost:

- about twenty trips between the event loop and the request's thread for one request: every
  middleware built on ``MiddlewareMixin`` (security, session, locale, CSRF, auth, messages)
  sends each ``process_request``, ``process_view`` and ``process_response`` to the thread
  and back, each trip waiting for the loop's and the thread's turns at the interpreter;
- a thread started and ended for every request;
- a database connection opened and closed for every request: Django keeps a connection per
  thread (``CONN_MAX_AGE``), and a thread that ends keeps nothing. On PostgreSQL each new
  connection forks a server process, about 3 ms.

Here a request's whole synchronous part (``request_started``, the middleware, the view) runs
in ONE trip to one of ``REQUEST_THREADS`` long-lived threads, as a threaded WSGI server runs
it, and its ``request_finished`` in a second trip to the same thread, after the response is
sent. Each thread keeps its connection between requests as ``CONN_MAX_AGE`` says, checked
before each request (``CONN_HEALTH_CHECKS``). Connections are at most one per thread, so none
can be lent and lost, the way a pool's can. All views here are synchronous but one; the audit's
PDF is called through ``async_to_sync`` by Django's synchronous chain, which runs it on a loop of
its own while the thread waits.

A request waits for a free thread when all are busy, on the server's loop, without holding
one. The loop itself (reading bodies, sending responses, the websockets) never waits for them.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import weakref
from concurrent.futures import ThreadPoolExecutor
from contextlib import closing

from django import db
from django.conf import settings
from django.core import signals
from django.core.exceptions import RequestAborted
from django.core.handlers.asgi import ASGIHandler, get_script_prefix
from django.http import FileResponse
from django.urls import set_script_prefix


class RequestThreads:
    """A fixed set of threads; a request has one of them from its start to its finish."""

    def __init__(self, size: int):
        self._threads = [
            ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"request-{number}")
            for number in range(size)
        ]
        # The free threads, per event loop: a server has one loop, but a test process may
        # serve from several, one after the other, and an asyncio queue belongs to one loop.
        # Last in, first out: the thread that just finished (its connection warm) serves the
        # next request, so a quiet table keeps one or two connections open, not one a thread.
        self._free: weakref.WeakKeyDictionary[
            asyncio.AbstractEventLoop, asyncio.LifoQueue[ThreadPoolExecutor]
        ] = weakref.WeakKeyDictionary()

    def _queue(self) -> asyncio.LifoQueue[ThreadPoolExecutor]:
        loop = asyncio.get_running_loop()
        queue = self._free.get(loop)
        if queue is None:
            queue = self._free[loop] = asyncio.LifoQueue()
            for thread in self._threads:
                queue.put_nowait(thread)
        return queue

    async def take(self) -> ThreadPoolExecutor:
        return await self._queue().get()

    def give_back(self, thread: ThreadPoolExecutor) -> None:
        self._queue().put_nowait(thread)

    def close(self) -> None:
        """Close each thread's database connections and end the threads (a test's server)."""
        for thread in self._threads:
            thread.submit(db.connections.close_all).result()
            thread.shutdown(wait=True)


class ThreadedASGIHandler(ASGIHandler):
    def __init__(self):
        super().__init__()
        self.threads = RequestThreads(settings.REQUEST_THREADS)

    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        try:
            body_file = await self.read_body(receive)
        except RequestAborted:
            return
        with closing(body_file):
            loop = asyncio.get_running_loop()
            # What the server's ASGI middleware set (the loop that sends a change's notices,
            # broadcast.py) reaches the thread, as sync_to_async would carry it.
            context = contextvars.copy_context()
            thread = await self.threads.take()
            try:
                response = await loop.run_in_executor(
                    thread, context.run, self._respond, scope, body_file
                )
                try:
                    await self.send_response(response, send)
                finally:
                    await loop.run_in_executor(thread, context.run, response.close)
            finally:
                self.threads.give_back(thread)

    def _respond(self, scope, body_file):
        """The request's synchronous part, on its thread: what Django's handler does, at once."""
        set_script_prefix(get_script_prefix(scope))
        signals.request_started.send(sender=self.__class__, scope=scope)
        request, error_response = self.create_request(scope, body_file)
        if request is None:
            error_response._handler_class = self.__class__
            return error_response
        response = self.get_response(request)
        response._handler_class = self.__class__
        if isinstance(response, FileResponse):
            response.block_size = self.chunk_size
        return response


def cache_content_type_parsing() -> None:
    """Twisted reads the ``Content-Type`` of every POST by building an e-mail message of it
    (``twisted.web.http._parseContentType``), to decide whether to parse the body into
    arguments daphne never reads. Under a burst of hand-ins that was 4 % of daphne's
    interpreter, for the same two or three header values every time: the answer, a pure
    function of the header's bytes, is remembered. Called once, when the server loads the app.
    """
    from twisted.web import http as twisted_http

    parse = twisted_http._parseContentType
    if not hasattr(parse, "cache_info"):
        twisted_http._parseContentType = functools.lru_cache(maxsize=64)(parse)
