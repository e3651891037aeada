"""Django's database sessions, read by a statement written once.

Every request of a phone reads its session to find its seat. Through the ORM the lookup was
built again at each request, and under 16 simultaneous hand-ins that was the largest single
cost of a hand-in's view (B3, docs/performance.md). This is the same lookup (the session's
key, not expired), written once per process, its row read back through the model's
converters, so what a session holds and how a missing or expired one is treated stay
Django's (``tests/accounts/test_sessions.py`` compares the two).
"""

from __future__ import annotations

import functools

from django.contrib.sessions.backends import db
from django.db import connection
from django.utils import timezone

from consell.game.sql import column, concrete, from_db, table

FIELDS = ("session_key", "session_data", "expire_date")


class SessionStore(db.SessionStore):
    def load(self):
        """The session's data, as Django's ``load`` returns it, reading its one column: the
        row's other two are the key it was found by and the expiry it was filtered on."""
        model = self.get_model_class()
        with connection.cursor() as cursor:
            cursor.execute(_select_sql(model, ("session_data",)), self._lookup())
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return {}
        return self.decode(from_db(concrete(model, "session_data"), row[0]))

    def _lookup(self) -> list:
        return [self.session_key, connection.ops.adapt_datetimefield_value(timezone.now())]

    def _get_session_from_db(self):
        model = self.get_model_class()
        with connection.cursor() as cursor:
            cursor.execute(_select_sql(model, FIELDS), self._lookup())
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return None
        values = [
            from_db(concrete(model, name), value) for name, value in zip(FIELDS, row, strict=True)
        ]
        return model.from_db(connection.alias, list(FIELDS), values)


@functools.cache
def _select_sql(model, fields: tuple[str, ...]) -> str:
    columns = ", ".join(column(model, name) for name in fields)
    key, expiry = column(model, "session_key"), column(model, "expire_date")
    return f"SELECT {columns} FROM {table(model)} WHERE {key} = %s AND {expiry} > %s"
