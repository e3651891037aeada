"""The PostgreSQL backend's check of a kept connection (consell/db/postgresql/base.py): a
connection nothing has happened to is usable without a statement; one the server ended, or
that has something waiting on it, is checked by Django's ``SELECT 1`` as before."""

from __future__ import annotations

import contextlib
import time

import pytest
from django.conf import settings
from django.db import connection
from django.db.backends.postgresql import base as django_base

from consell.db.postgresql.base import _something_arrived

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def select_ones(monkeypatch):
    """How many times Django's own check (``SELECT 1``) was run."""
    calls = []
    original = django_base.DatabaseWrapper.is_usable

    def counted(self):
        calls.append(self.alias)
        return original(self)

    monkeypatch.setattr(django_base.DatabaseWrapper, "is_usable", counted)
    return calls


@contextlib.contextmanager
def _other_connection():
    """A second connection to the test database, as another process would hold."""
    other = connection.copy()
    try:
        with other.cursor() as cursor:
            yield cursor
    finally:
        other.close()


def _wait_until_readable(timeout: float = 5.0) -> None:
    deadline = time.monotonic() + timeout
    while not _something_arrived(connection.connection.fileno()):
        assert time.monotonic() < deadline, "nothing arrived"
        time.sleep(0.01)


def test_the_site_uses_it():
    assert settings.DATABASES["default"]["ENGINE"] == "consell.db.postgresql"
    assert connection.vendor == "postgresql"


def test_an_idle_connection_nothing_happened_to_is_usable_without_a_statement(select_ones):
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT 2")
    assert connection.is_usable()
    assert select_ones == []


def test_a_connection_the_server_ended_is_not_usable(select_ones):
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        (pid,) = cursor.fetchone()
    with _other_connection() as other:
        other.execute("SELECT pg_terminate_backend(%s, 10000)", [pid])
    assert not connection.is_usable()
    assert select_ones == ["default"], "checked by SELECT 1, which failed"
    connection.close()


def test_a_notice_waiting_on_a_good_connection_is_checked_and_it_stays_usable(select_ones):
    connection.ensure_connection()
    with connection.cursor() as cursor:
        cursor.execute("LISTEN consell_test_backend")
    with _other_connection() as other:
        other.execute("NOTIFY consell_test_backend")
    _wait_until_readable()
    assert connection.is_usable()
    assert select_ones == ["default"]
    with connection.cursor() as cursor:
        cursor.execute("UNLISTEN *")


def test_a_transaction_left_open_is_checked_by_a_statement(select_ones):
    connection.ensure_connection()
    connection.connection.execute("BEGIN")
    try:
        assert connection.is_usable()
        assert select_ones == ["default"]
    finally:
        connection.connection.execute("ROLLBACK")
