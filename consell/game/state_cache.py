"""The parsed state of the games this process changed last, keyed by the row's state tag.

Every change locks the game row and, without this, reads its state back from JSON (43 kB at
16 players) and rebuilds the ``GameState``: at a table that is a few milliseconds a change,
in the simulator a good part of a game. ``Game.state_tag`` is drawn anew (62 random bits) at
every write of the state or the Secrets snapshot (``store.save`` is the only writer), so an
entry whose tag is the row's is exactly what the row holds, whichever process wrote it; a
process that missed a change (another daphne wrote it) finds another tag and reads the row. An
entry is kept as its change saves; if that transaction is rolled back, no row ever carries its
tag, so it is never used.

The ``GameState`` kept is the one the change saved, which nothing changes once it is saved: each
change takes its own copy of it (``store.load_state``), and the pages only read it
(``visibility.table_view``), so nothing a change does to its copy can reach the next change.
``CHECK`` (on in the tests) compares every hit with the row, so the whole suite proves the cache
and the database agree.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from consell.rules.state import GameState

GAMES = 64  # entries kept: far more games than one process serves at once
CHECK = False


@dataclass(frozen=True)
class Entry:
    tag: int
    state: GameState | None  # None when a page read the row: parsed by the next change
    raw: dict[str, Any] | None  # the state as stored (``to_dict``); pages read this alone
    snapshot: dict[str, Any] | None  # the Secrets snapshot as stored


_entries: OrderedDict[int, Entry] = OrderedDict()
_lock = threading.Lock()


def get(game_id: int, tag: int) -> Entry | None:
    with _lock:
        entry = _entries.get(game_id)
        if entry is None or entry.tag != tag:
            return None
        _entries.move_to_end(game_id)
        return entry


def new_tag() -> int:
    return secrets.randbits(62) + 1  # 0 is the tag of a row never written by a change


def put(game_id: int, entry: Entry) -> None:
    with _lock:
        _entries[game_id] = entry
        _entries.move_to_end(game_id)
        while len(_entries) > GAMES:
            _entries.popitem(last=False)


def clear() -> None:
    with _lock:
        _entries.clear()


class StaleEntry(AssertionError):
    """A cached state differs from its row (only raised with ``CHECK`` on)."""


def check(game_id: int, entry: Entry, stored: dict[str, Any] | None, snapshot: Any) -> None:
    kept = entry.state.to_dict() if entry.state is not None else entry.raw
    if kept != stored or entry.raw != stored or entry.snapshot != snapshot:
        raise StaleEntry(f"game {game_id}: the cached state tagged {entry.tag} is not the row's")
