"""Django's ASGI handler with the middleware run as under WSGI: once, in the request's thread.

Django's own ASGI handler runs the middleware in async mode. Every middleware built on
``MiddlewareMixin`` (the security, session, locale, CSRF, auth and messages middleware, and
most others) then sends each of its ``process_request`` and ``process_response`` to the
request's thread and back, and so does each ``process_view``: about twenty trips between the
event loop and the thread for one request, for views that are all synchronous but one. Each
trip waits for the loop's and the thread's turns at the interpreter, and under a burst (16
phones handing in at once) each waits for the others.

Here the whole chain, middleware and view, runs in one trip to the request's thread, as
under WSGI. That thread is the one Django gives the request anyway (``ThreadSensitiveContext``),
so what runs in it, its database connection and the ``request_started`` and
``request_finished`` signals are as before. The one async view (the audit's PDF) still
works: the chain calls it through ``async_to_sync``, which runs it on the server's loop while
the request's thread waits.
"""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler


class ThreadedASGIHandler(ASGIHandler):
    def load_middleware(self, is_async: bool = False) -> None:
        super().load_middleware(is_async=False)

    async def get_response_async(self, request):
        return await sync_to_async(self.get_response, thread_sensitive=True)(request)
