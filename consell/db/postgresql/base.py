"""Django's PostgreSQL backend, with a health check that costs no round trip when nothing
has happened to the connection.

Each of the server's request threads keeps its connection (``consell/http_handler.py``), and
Django checks a kept connection before a request's first statement (``CONN_HEALTH_CHECKS``)
by sending ``SELECT 1``: a fifth of a millisecond of a hand-in's interpreter, the largest
single cost of its seat check (B3, docs/performance.md). Yet an idle connection that is
still good has received nothing since its last answer, while one the server has ended (a
restart, ``pg_terminate_backend``, an idle timeout) has received the server's farewell, or
its end of file. So the socket is asked first, without waiting: nothing to read means usable;
anything to read (that end, or a notice) and any transaction left open are checked by
Django's ``SELECT 1`` as before. A connection whose server vanished without a word is no
different from before either: ``SELECT 1`` would wait on it as long as the first statement
will.
"""

from __future__ import annotations

import select

from django.db.backends.postgresql import base
from psycopg import pq

ANYTHING = select.POLLIN | select.POLLPRI | select.POLLERR | select.POLLHUP


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self) -> bool:
        connection = self.connection
        if connection is None or connection.closed or connection.broken:
            return False
        if connection.info.transaction_status != pq.TransactionStatus.IDLE:
            return super().is_usable()
        if _something_arrived(connection.fileno()):
            return super().is_usable()
        return True


def _something_arrived(fd: int) -> bool:
    """Whether ``fd`` has anything to read or has been closed, without waiting."""
    poller = select.poll()
    poller.register(fd, ANYTHING)
    return bool(poller.poll(0))
