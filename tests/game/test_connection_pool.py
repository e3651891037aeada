"""On PostgreSQL each process lends its requests connections from a pool (settings.py,
``DB_POOL``; docs/deployment.md). A connection the database dropped (a restart, an
administrator ending sessions) is checked before it is lent, so it costs no request."""

from __future__ import annotations

import psycopg
import pytest
from django.db import connection

from bench.faults.services import _database_url
from tests.game.conftest import seat_client

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _end_every_other_session() -> int:
    """End every session of the test database but this statement's own, as a restart would."""
    with psycopg.connect(_database_url(), autocommit=True) as admin:
        row = admin.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        ).fetchone()
    assert row is not None
    return row[0]


def test_requests_borrow_a_pooled_connection_and_give_it_back(game):
    assert connection.vendor == "postgresql" and connection.pool is not None
    phone = seat_client(game, 1)
    assert phone.get(f"/play/{game.pk}/").status_code == 200
    connection.close()
    stats = connection.pool.get_stats()
    assert stats["pool_size"] >= 1 and stats["pool_available"] == stats["pool_size"]


def test_a_connection_the_database_dropped_costs_no_request(game):
    phone = seat_client(game, 1)
    assert phone.get(f"/play/{game.pk}/").status_code == 200
    connection.close()  # every connection lent so far is back in the pool
    assert _end_every_other_session() >= 1
    assert phone.get(f"/play/{game.pk}/").status_code == 200
