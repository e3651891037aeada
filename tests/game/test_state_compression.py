"""A game's state and Secrets snapshot are stored with lz4 on PostgreSQL (migration 0004).

Every change rewrites the state; lz4 writes it in about three quarters of pglz's time
(docs/performance.md). Where the server does not offer lz4 the columns keep its default.
"""

from __future__ import annotations

import pytest
from django.db import connection

from consell.game.models import Game


@pytest.mark.postgres
@pytest.mark.django_db
def test_a_games_state_is_written_with_lz4_where_postgresql_offers_it():
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT 'lz4' = ANY(enumvals) FROM pg_settings WHERE name = 'default_toast_compression'"
        )
        offered = cursor.fetchone()[0]
        cursor.execute(
            "SELECT attname, attcompression FROM pg_attribute "
            "WHERE attrelid = %s::regclass AND attname IN ('state', 'snapshot')",
            [Game._meta.db_table],
        )
        compression = dict(cursor.fetchall())
    assert compression == (
        {"state": "l", "snapshot": "l"} if offered else {"state": "", "snapshot": ""}
    )
