"""The game's event log read once per process, then only its new entries (DESIGN principle 2).

Every view build shows the viewer's newest log entries, and a 16-player game holds thousands
of them: reading and decoding 400 rows for each of 18 viewers at every change was most of the
cost of a view. The log is append-only with consecutive sequence numbers (``store.change``), so
an entry once read never changes: each process keeps every game's entries it has read, as
plain tuples, and asks the database only for those after the last one it holds.

The cache never decides who reads what: it holds all entries, and ``visibility`` filters them
for each viewer exactly as it filtered the rows. It follows the game row it is given: entries
past ``game.seq`` are not shown, so a view is built from one consistent version. A change that
was rolled back after its entries were read (only a reader inside the same transaction can see
them) is caught by comparing the newest shown entry's row id and time with the database's.

The new entries are read by a statement written once (``sql``), each value converted as the ORM
would convert it: the ORM built its query again at every change, and that was half of what
the first view of a new version cost, for the two or three rows a change appends (B1).
"""

from __future__ import annotations

import functools
import threading
from typing import NamedTuple

from django.db import connection

from .models import Event, Game
from .sql import column, concrete, from_db, table

FIELDS = (
    *("id", "created_at", "seq", "turn", "phase", "kind", "actor", "by_director"),
    *("payload", "audience", "reveal_at_end"),
)
GAMES_KEPT = 64


class Entry(NamedTuple):
    """One log entry as the views read it."""

    id: int
    created_at: object
    seq: int
    turn: int
    phase: str
    kind: str
    actor: int | None
    by_director: bool
    payload: dict
    audience: str | list
    reveal_at_end: bool


_LOGS: dict[tuple, list[Entry]] = {}
_LOCK = threading.Lock()


def entries(game: Game) -> list[Entry]:
    """The game's log up to ``game.seq``, oldest first (entry ``i`` has sequence ``i + 1``)."""
    key = (game.pk, game.seed)
    with _LOCK:
        held = _LOGS.get(key, [])
    last = min(len(held), game.seq)
    # The newest entry held is read again: if it is not the same row, start afresh.
    rows = _rows(game, last or 1)
    if last and rows and rows[0][:3] == held[last - 1][:3]:
        log = held[: last - 1] + [Entry(*row) for row in rows]
    else:
        log = [Entry(*row) for row in (rows if not last else _rows(game, 1))]
    if any(entry.seq != i for i, entry in enumerate(log, 1)):
        return log  # not the consecutive log this cache relies on: used once, not kept
    with _LOCK:
        if len(log) >= len(_LOGS.get(key, ())):
            _LOGS[key] = log
        while len(_LOGS) > GAMES_KEPT:
            _LOGS.pop(next(iter(_LOGS)))
    return log


def _rows(game: Game, first: int) -> list[tuple]:
    """The game's entries from ``first`` to ``game.seq``, in order, as ``values_list`` of
    ``FIELDS`` gives them."""
    fields = _fields()
    with connection.cursor() as cursor:
        cursor.execute(_rows_sql(), [game.pk, first, game.seq])
        rows = cursor.fetchall()
    return [tuple(from_db(f, v) for f, v in zip(fields, row, strict=True)) for row in rows]


@functools.cache
def _fields() -> tuple:
    return tuple(concrete(Event, name) for name in FIELDS)


@functools.cache
def _rows_sql() -> str:
    """Written the first time it is needed, when the database is known."""
    seq = column(Event, "seq")
    return (
        f"SELECT {', '.join(column(Event, name) for name in FIELDS)} FROM {table(Event)} "
        f"WHERE {column(Event, 'game')} = %s AND {seq} >= %s AND {seq} <= %s ORDER BY {seq}"
    )
