"""Django's database sessions, loaded by a statement written once.

Every request of a phone reads its session to find its seat. Through the ORM the lookup was
built again at each request, and under 16 simultaneous hand-ins that was the largest single
cost of a hand-in's view (B3, docs/performance.md). ``load`` is the same lookup (the
session's key, not expired), written once per process, reading the one column it returns
(the key and the expiry are what it filters on), through the model's converter, so what a
session holds and how a missing or expired one is treated stay Django's
(``tests/accounts/test_sessions.py`` compares the two).
"""

from __future__ import annotations

import functools

from django.contrib.sessions.backends import db
from django.db import connection
from django.utils import timezone

from consell.game.sql import column, concrete, from_db, table


class SessionStore(db.SessionStore):
    def load(self):
        """The session's data, as Django's ``load`` returns it."""
        model = self.get_model_class()
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(_select_sql(model), [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return {}
        return self.decode(from_db(concrete(model, "session_data"), row[0]))


@functools.cache
def _select_sql(model) -> str:
    data, key = column(model, "session_data"), column(model, "session_key")
    expiry = column(model, "expire_date")
    return f"SELECT {data} FROM {table(model)} WHERE {key} = %s AND {expiry} > %s"
