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
"""

from __future__ import annotations

import threading
from typing import NamedTuple

from .models import Event, Game

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
    query = Event.objects.filter(game_id=game.pk, seq__gte=first, seq__lte=game.seq)
    return list(query.order_by("seq").values_list(*FIELDS))
