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

from django.contrib.auth import get_user_model
from django.contrib.sessions.backends import db
from django.db import connection
from django.utils import timezone

from consell.game.recent import Recent
from consell.game.sql import column, concrete, from_db, quoted, table

# The account each session was last found logged in as, by the session's key: a director's
# every request read the session and then the account, two round trips before anything else
# (B1, docs/performance.md). With a hint, ``load`` reads the account with the session by one
# statement; Django's ``get_user`` still decides, from the session as read, whether that is
# the account logged in (a wrong hint costs the second read it saved, nothing else).
_ACCOUNTS: Recent[object] = Recent(4096)


def remember(session_key: str | None, user_id) -> None:
    """The session ``session_key`` is logged in as ``user_id``: read them together next time."""
    if session_key and user_id is not None:
        _ACCOUNTS.put(session_key, user_id)


class SessionStore(db.SessionStore):
    # ``(user_id, account)`` read with the session when a hint named the account (the account
    # None when there is none); None when the session was read alone.
    account_read: tuple[object, object | None] | None = None

    def load(self):
        """The session's data, as Django's ``load`` returns it; with the account it was last
        found logged in as, when that is known (``account_read``)."""
        hint = _ACCOUNTS.get(self.session_key) if self.session_key else None
        if hint is not None:
            self.account_read = (hint, self.load_with(hint))
            return self._session_cache
        model = self.get_model_class()
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(_select_sql(model), [self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            return {}
        return self.decode(from_db(concrete(model, "session_data"), row[0]))

    def load_with(self, user_id):
        """Load the session as ``load`` does, and read the account ``user_id`` with it: the
        account's row (None when there is none, or no session)."""
        session, user = self.get_model_class(), get_user_model()
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(_with_login_sql(session, user), [user_id, self.session_key, now])
            row = cursor.fetchone()
        if row is None:
            self._session_key = None
            self._session_cache = {}
            return None
        self._session_cache = self.decode(from_db(concrete(session, "session_data"), row[0]))
        if row[1] is None:
            return None
        fields = user._meta.concrete_fields
        values = [from_db(f, v) for f, v in zip(fields, row[1:], strict=True)]
        return user.from_db(connection.alias, [f.attname for f in fields], values)


@functools.cache
def _select_sql(model) -> str:
    data, key = column(model, "session_data"), column(model, "session_key")
    expiry = column(model, "expire_date")
    return f"SELECT {data} FROM {table(model)} WHERE {key} = %s AND {expiry} > %s"


def with_login(session_key: str | None, user_id) -> tuple[SessionStore, object | None]:
    """The session ``session_key``, loaded, and the account ``user_id``, by one statement.

    For a page that knows whose login its session should hold (a director's socket, logged in
    when it connected) and must check it is still so at each rendering: the session and then
    its account were two round trips, at the end of every change's renderings (B1,
    docs/performance.md). The session holds what ``load`` would find; the account is the row
    ``ModelBackend`` would read (None when there is none), for ``backends.known`` to hand to
    the ``auth.get_user`` that follows, which still decides, as ever, whether the session
    names that account, by which backend, with a hash that still holds.
    """
    store = SessionStore(session_key)
    if store.session_key is None or user_id is None:
        return store, None
    return store, store.load_with(user_id)


@functools.cache
def _with_login_sql(session, user) -> str:
    data, key = column(session, "session_data"), column(session, "session_key")
    expiry = column(session, "expire_date")
    columns = ", ".join(f"u.{quoted(f.column)}" for f in user._meta.concrete_fields)
    return (
        f"SELECT s.{data}, {columns} FROM {table(session)} s "
        f"LEFT JOIN {table(user)} u ON u.{quoted(user._meta.pk.column)} = %s "
        f"WHERE s.{key} = %s AND s.{expiry} > %s"
    )
