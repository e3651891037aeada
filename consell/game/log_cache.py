"""The game's event log read once per process, then only its new entries (docs/principles.md,
principle 2).

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

A change made in this process hands its entries over once it is committed (``keep_written``),
so the pages rendered for it at once read no log at all: that read was a round trip at the
start of each change's renderings. The held log is known to be the committed log of a version
(its row's ``seq`` and ``state_tag``, drawn anew at every write) only when it was read outside
a transaction, or extended by the change that wrote that version onto such a log; any other
version is read as before. The suite's ``CHECK`` reads and compares every log served this way.
"""

from __future__ import annotations

import functools
import json
import threading
from typing import Any, NamedTuple

from django.db import connection
from django.db.models import JSONField

from consell.game import state_cache
from consell.game.models import Event, Game
from consell.game.sql import column, concrete, from_db, table

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
# The version (``seq``, ``state_tag``) whose committed log each game's held log is known to be.
_COMMITTED: dict[tuple, tuple[int, int]] = {}
_LOCK = threading.Lock()


class StaleLog(AssertionError):
    """A log served without reading differs from the database's (only with ``CHECK`` on)."""


def entries(game: Game) -> list[Entry]:
    """The game's log up to ``game.seq``, oldest first (entry ``i`` has sequence ``i + 1``)."""
    key = (game.pk, game.seed)
    version = (game.seq, game.state_tag)
    with _LOCK:
        held = _LOGS.get(key, [])
        committed = _COMMITTED.get(key) == version and len(held) == game.seq
    if committed:
        if state_cache.CHECK and [Entry(*row) for row in _rows(game, 1)] != held:
            raise StaleLog(f"game {game.pk}: the log kept for seq {game.seq} is not the rows'")
        return held
    log = _read(game, key, held)
    if log and not connection.in_atomic_block:  # only what is committed can be read here
        with _LOCK:
            if _LOGS.get(key) is log:
                _COMMITTED[key] = version
    return log


def keep_written(
    game: Game, before: tuple[int, int], after: tuple[int, int], written: list[Entry]
) -> None:
    """Once the change that took ``game`` from version ``before`` to ``after`` (each its
    ``seq`` and ``state_tag``) is committed: its entries ``written`` join the held log, if
    that log is the committed log of ``before`` (else the next page reads them)."""
    key = (game.pk, game.seed)
    with _LOCK:
        held = _LOGS.get(key, [])
        if _COMMITTED.get(key) != before or len(held) != before[0]:
            return
        if [entry.seq for entry in written] != list(range(before[0] + 1, after[0] + 1)):
            return
        _LOGS[key] = held + written
        _COMMITTED[key] = after


def entry_of(event: Event, key: int) -> Entry:
    """The entry of an event just written with ``key``, as a read of its row gives it: its
    JSON values written out by their column's encoder and read back as a read converts them."""
    values: list[Any] = []
    for f in _fields():
        value = key if f.attname == "id" else getattr(event, f.attname)
        if isinstance(f, JSONField):
            value = from_db(f, json.dumps(value, cls=f.encoder))
        elif isinstance(value, str):
            value = str(value)  # a kind is recorded as the rules' enum, and read as its text
        values.append(value)
    return Entry(*values)


def _read(game: Game, key: tuple, held: list[Entry]) -> list[Entry]:
    """The log up to ``game.seq`` from the database: the entries after ``held``'s newest, or
    all of them when that newest is not the row it was."""
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
            _COMMITTED.pop(key, None)
        while len(_LOGS) > GAMES_KEPT:
            oldest = next(iter(_LOGS))
            del _LOGS[oldest]
            _COMMITTED.pop(oldest, None)
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
