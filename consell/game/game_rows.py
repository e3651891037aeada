"""The game row a change locks, reads and writes back, and the rows it appends (its events
and dice), by statements written once.

Every change locks its game's row with its pack (as ``select_for_update`` and
``select_related`` would), reads it without the state (``store.load_state`` reads that, or
takes it from the process's cache) and writes back what changed. Through the ORM, building
those two statements again at every change was about a tenth of a change in the simulator's
16-player game (B4, docs/performance.md), yet they are the same statements every time. Each
value still goes through the conversions the ORM applies: the backend's converters and the
field's own on the way out (``sql.from_db``), ``pre_save`` and ``get_db_prep_save`` on the way in,
so a JSON column is read by its decoder and written by its encoder, and ``updated_at`` is
stamped, exactly as ``Model.save`` would. The events and dice a change appends went through
``bulk_create``, which compiled its insert again at every change (a tenth of B4); ``append`` writes
them by one statement per model, run for all of the change's rows at once.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from django.db import DatabaseError, connection
from django.db.models import Field, Model
from django.db.models.constants import OnConflict

from consell.content.models import Pack
from consell.game.models import Game, ProcessedRequest
from consell.game.sql import column, concrete, from_db, quoted, table

# The game's two large columns, read separately: parsed once per version
# (``store.load_state``), and a table's 18 pages load the same version after every change
# (``access.with_state``); parsing 40-odd kB of JSON for each was a good part of what a page
# cost (issue 14).
LARGE = ("state", "snapshot")


def lock(game_id: int) -> Game:
    """``game_id``'s row, locked until the transaction ends (SQLite's transactions start
    IMMEDIATE, which locks the whole database), with its pack; ``Game.DoesNotExist`` when
    there is no such game."""
    return _select(game_id, lock=True)


def read(game_id: int) -> Game:
    """``game_id``'s row as it is now, with its pack, not locked (the simulator reads it
    before each step, as a page would)."""
    return _select(game_id, lock=False)


def read_by_board_token(board_token: str) -> Game:
    """The game whose public board ``board_token`` opens, as ``read`` gives it: the shared
    screen's every page and notice reads it (``access.board_game``)."""
    return _select(board_token, lock=False, by="board_token")


def as_read(game: Game) -> Game:
    """The row ``read`` would give now, from the values of the ``game`` a change has just
    written (its pack as it was read with it), without its state and snapshot."""
    game_fields, _ = _read_fields()
    row = Game.from_db(
        connection.alias,
        [f.attname for f in game_fields],
        [getattr(game, f.attname) for f in game_fields],
    )
    Game.pack.field.set_cached_value(row, game.pack)
    return row


def _select(key: int | str, lock: bool, by: str = "pk") -> Game:
    game_fields, pack_fields = _read_fields()
    with connection.cursor() as cursor:
        cursor.execute(_select_sql(lock, by), [key])
        row = cursor.fetchone()
    if row is None:
        raise Game.DoesNotExist(f"No game with {by} {key!r}.")
    values = [from_db(f, v) for f, v in zip(game_fields + pack_fields, row, strict=True)]
    cut = len(game_fields)
    game = Game.from_db(connection.alias, [f.attname for f in game_fields], values[:cut])
    pack = Pack.from_db(connection.alias, [f.attname for f in pack_fields], values[cut:])
    Game.pack.field.set_cached_value(game, pack)  # as select_related("pack") leaves it
    return game


def claim(game_id: int, nonce: str) -> bool:
    """Record that the request ``nonce`` is being applied to ``game_id``, by one statement;
    False when it was applied before (or is being applied by a change not committed yet,
    which this waits for). A change claims its nonce before it queues for the game row, so
    the statement is not part of what the changes of a game do one at a time."""
    claimed = ProcessedRequest(game_id=game_id, nonce=nonce[:64])
    with connection.cursor() as cursor:
        cursor.execute(_insert_sql(ProcessedRequest, OnConflict.IGNORE), _insert_values(claimed))
        return cursor.rowcount == 1


def claim_all(game_id: int, nonces: Sequence[str]) -> set[str]:
    """``claim`` for several requests of one game by one statement (``together``'s batch: 16
    phones handing in at once were 16 inserts, one after the other); the nonces it claimed,
    cut to the column's 64 characters as ``claim`` cuts them. A nonce given twice is claimed
    once."""
    keys = list(dict.fromkeys(nonce[:64] for nonce in nonces))
    if not keys:
        return set()
    if len(keys) == 1 or not connection.features.can_return_rows_from_bulk_insert:
        return {key for key in keys if claim(game_id, key)}
    rows = [ProcessedRequest(game_id=game_id, nonce=key) for key in keys]
    with connection.cursor() as cursor:
        cursor.execute(
            _claim_all_sql(len(rows)), [value for row in rows for value in _insert_values(row)]
        )
        return {nonce for (nonce,) in cursor.fetchall()}


def claimed(game_id: int, nonce: str) -> bool:
    """Whether the request ``nonce`` was applied to ``game_id`` (a read: ``claim`` is what
    makes a change happen once)."""
    return ProcessedRequest.objects.filter(game_id=game_id, nonce=nonce[:64]).exists()


def unclaim(game_id: int, nonce: str) -> None:
    """Take back ``claim``: the change claimed for was refused, and the form may be sent
    again (as when a refused change's transaction is rolled back)."""
    ProcessedRequest.objects.filter(game_id=game_id, nonce=nonce[:64]).delete()


def write(game: Game, names: Sequence[str]) -> None:
    """Write ``names`` of ``game``'s row, as ``game.save(update_fields=names)`` would."""
    fields = [concrete(Game, name) for name in names]
    values = [f.get_db_prep_save(f.pre_save(game, False), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(_update_sql(tuple(names)), [*values, game.pk])
        if cursor.rowcount != 1:
            raise DatabaseError(f"Game {game.pk} was not written.")


def append(objects: Sequence[Model], *, ids: bool = False) -> list[int] | None:
    """Insert ``objects`` (all of one model) as ``bulk_create`` would. One statement for up to
    ``APPEND_ROWS`` rows: a batch of 16 hand-ins appends 16 events, and psycopg's
    ``executemany`` sent them as 16 statements. With ``ids``, their new keys in order, read
    back by the same statement (None where the database cannot); else nothing is read back."""
    if not objects:
        return [] if ids else None
    model = type(objects[0])
    returning = ids and connection.features.can_return_rows_from_bulk_insert
    keys: list[int] = []
    with connection.cursor() as cursor:
        for start in range(0, len(objects), APPEND_ROWS):
            rows = objects[start : start + APPEND_ROWS]
            values = [value for row in rows for value in _insert_values(row)]
            cursor.execute(_insert_sql(model, None, len(rows), returning), values)
            if returning:
                keys += [key for (key,) in cursor.fetchall()]
    return keys if returning else None


# Rows per insert: well under SQLite's and PostgreSQL's limits on a statement's parameters
# (32,766 and 65,535) for the widest row appended (an event's 11 columns).
APPEND_ROWS = 100


def _insert_values(obj: Model) -> list:
    """``obj``'s values for ``_insert_sql``, through ``pre_save`` and ``get_db_prep_save``."""
    return [
        f.get_db_prep_save(f.pre_save(obj, True), connection) for f in _insert_fields(type(obj))
    ]


@functools.cache
def _insert_fields(model: type[Model]) -> list[Field]:
    """Every column but the generated key, as ``bulk_create`` fills them for new objects."""
    return [f for f in model._meta.concrete_fields if f is not model._meta.pk]


@functools.lru_cache(maxsize=256)
def _insert_sql(
    model: type[Model], on_conflict: OnConflict | None = None, rows: int = 1, keys: bool = False
) -> str:
    """The insert of ``rows`` rows of ``model``; with ``OnConflict.IGNORE`` it skips a row a
    unique constraint holds already (``INSERT OR IGNORE`` on SQLite, ``ON CONFLICT DO
    NOTHING`` on PostgreSQL); with ``keys`` it returns each row's new key, in order."""
    fields = _insert_fields(model)
    columns = ", ".join(quoted(f.column) for f in fields)
    marks = ", ".join([f"({', '.join(['%s'] * len(fields))})"] * rows)
    ops = connection.ops
    insert = ops.insert_statement(on_conflict=on_conflict)
    suffix = ops.on_conflict_suffix_sql(fields, on_conflict, None, None) if on_conflict else ""
    returning = f" RETURNING {quoted(model._meta.pk.column)}" if keys else ""
    return f"{insert} {table(model)} ({columns}) VALUES {marks} {suffix}".rstrip() + returning


@functools.lru_cache(maxsize=32)
def _claim_all_sql(count: int) -> str:
    """``count`` rows of ``ProcessedRequest`` inserted unless held already, returning the
    nonces of those inserted (SQLite 3.35 and PostgreSQL both return only those)."""
    insert = _insert_sql(ProcessedRequest, OnConflict.IGNORE, count)
    return f"{insert} RETURNING {column(ProcessedRequest, 'nonce')}"


@functools.cache
def _read_fields() -> tuple[list[Field], list[Field]]:
    game = [f for f in Game._meta.concrete_fields if f.name not in LARGE]
    return game, list(Pack._meta.concrete_fields)


@functools.cache
def _select_sql(lock: bool, by: str) -> str:
    """Written the first time it is needed, when the database is known; ``by`` is the field
    the row is found by (the primary key, or a unique field)."""
    game_fields, pack_fields = _read_fields()
    found_by = Game._meta.pk if by == "pk" else concrete(Game, by)
    columns = [f"g.{quoted(f.column)}" for f in game_fields]
    columns += [f"p.{quoted(f.column)}" for f in pack_fields]
    features = connection.features
    if not lock:
        locking = ""
    elif features.has_select_for_update_of:
        locking = " FOR UPDATE OF g"
    else:
        locking = " FOR UPDATE" if features.has_select_for_update else ""
    return (
        f"SELECT {', '.join(columns)} FROM {table(Game)} g "
        f"JOIN {table(Pack)} p ON p.{quoted(Pack._meta.pk.column)} = g.{column(Game, 'pack')} "
        f"WHERE g.{quoted(found_by.column)} = %s{locking}"
    )


@functools.cache
def _update_sql(names: tuple[str, ...]) -> str:
    assignments = ", ".join(f"{column(Game, name)} = %s" for name in names)
    return f"UPDATE {table(Game)} SET {assignments} WHERE {quoted(Game._meta.pk.column)} = %s"
