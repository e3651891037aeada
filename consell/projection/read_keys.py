"""What a player's own part of their view reads of the state, as a key for keeping it.

A phone's own part (its chest, its planner, the decisions asked of it: ``visibility._own``)
is the costliest piece of its view, and most changes do not reach it: a Stability
correction, a trade between two others, another player's hand-in. It never reads the other
players' hidden holdings and plans (it names them, their kingdoms and their visible assets),
nor the kingdoms' gauges. So it is kept under a digest of the state less exactly those, and
made again only when something it may read changed. ``tests/game/test_own_view_kept.py``
holds it to that, seat by seat, at every decision of games the engine played.
"""

from __future__ import annotations

import hashlib
from typing import Any

from consell.projection.digests import digest

UNREAD_OF_OTHERS = frozenset(
    {"resources", "tactics", "objectives", "objective_offer", "notes", "plan", "assets_used"}
)
UNREAD_OF_KINGDOMS = frozenset({"indicators"})


def read_key(stored: dict[str, Any], seat: int) -> bytes:
    """A digest of what the own part of ``seat``'s view may read of the state (``stored``, as
    the row holds it): all of it but the other players' ``UNREAD_OF_OTHERS`` and the
    kingdoms' ``UNREAD_OF_KINGDOMS``."""
    return ReadKeys(stored).of(seat)


class ReadKeys:
    """``read_key`` of each seat of one state, from digests of its parts made once.

    Every seat's key reads the same table (the rest of the state, the kingdoms less their
    gauges) and the same players, each either whole (its own) or less what it hides. Digesting
    that whole for each of 16 seats would write the 24 kB state out 16 times at every change;
    here each part is written once, and a seat's key is the digest of its parts' digests,
    which differ exactly when the parts do (each digest has the same length, so the list of
    them is read one way only).
    """

    def __init__(self, stored: dict[str, Any]):
        self._stored = stored
        self._table: bytes | None = None
        self._players: list[tuple[Any, bytes]] | None = None  # (seat, digest less UNREAD)
        self._whole: dict[Any, bytes] = {}

    def of(self, seat: int) -> bytes:
        if self._table is None or self._players is None:
            stored = self._stored
            rest = {k: v for k, v in stored.items() if k not in ("players", "kingdoms")}
            kingdoms = [
                {key: value for key, value in k.items() if key not in UNREAD_OF_KINGDOMS}
                for k in stored.get("kingdoms", [])
            ]
            self._table = digest(rest) + digest(kingdoms)
            self._players = [
                (p.get("seat"), digest({k: v for k, v in p.items() if k not in UNREAD_OF_OTHERS}))
                for p in stored.get("players", [])
            ]
        parts = [self._table]
        for index, (owner, less) in enumerate(self._players):
            parts.append(less if owner != seat else self._whole_of(index))
        return hashlib.sha256(b"".join(parts)).digest()

    def _whole_of(self, index: int) -> bytes:
        whole = self._whole.get(index)
        if whole is None:
            whole = self._whole[index] = digest(self._stored["players"][index])
        return whole
