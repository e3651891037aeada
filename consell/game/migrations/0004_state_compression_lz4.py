"""A game's state and Secrets snapshot compressed with lz4 on PostgreSQL.

Every change rewrites the row's state (about 24 kB of JSON for 16 players, stored compressed
to 9 kB), and PostgreSQL's default compression (pglz) was about a third of what writing it
cost: lz4 writes the same row in 0.95 ms instead of 1.27 ms here (docs/performance.md). Only
where the server has lz4 (PostgreSQL 14 and later, built with it); elsewhere, and on SQLite,
nothing changes. Rows already written keep their compression until they are next written.
"""

from django.db import migrations

COLUMNS = ("state", "snapshot")


def _has_lz4(schema_editor) -> bool:
    if schema_editor.connection.vendor != "postgresql":
        return False
    with schema_editor.connection.cursor() as cursor:
        cursor.execute(
            "SELECT 1 FROM pg_settings "
            "WHERE name = 'default_toast_compression' AND 'lz4' = ANY(enumvals)"
        )
        return cursor.fetchone() is not None


def _compress_with(method: str):
    def run(apps, schema_editor) -> None:
        if not _has_lz4(schema_editor):
            return
        table = schema_editor.quote_name(apps.get_model("game", "Game")._meta.db_table)
        for column in COLUMNS:
            schema_editor.execute(
                f"ALTER TABLE {table} ALTER COLUMN {schema_editor.quote_name(column)} "
                f"SET COMPRESSION {method}"
            )

    return run


class Migration(migrations.Migration):
    dependencies = [("game", "0003_state_json_codec")]

    operations = [migrations.RunPython(_compress_with("lz4"), _compress_with("pglz"))]
