"""A bounded, thread-safe memo of the most recently used entries.

The per-version caches of the live pages (views, what a version's viewers share, rendered
parts, log lines, digests) each keep a few hundred entries keyed by what they were built
from; daphne's threads read them at once, and the oldest entry goes first.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable


class Recent[V]:
    def __init__(self, size: int):
        self.size = size
        self._entries: OrderedDict[Hashable, V] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            found = self._entries.get(key)
            if found is not None:
                self._entries.move_to_end(key)
            return found

    def put(self, key: Hashable, value: V) -> V:
        with self._lock:
            self._entries[key] = value
            while len(self._entries) > self.size:
                self._entries.popitem(last=False)
        return value

    def get_or_build(self, key: Hashable, build: Callable[[], V]) -> V:
        """The entry for ``key``, built (outside the lock) and kept when it is missing."""
        found = self.get(key)
        return found if found is not None else self.put(key, build())

    def drop(self, stale: Callable[[Hashable], bool]) -> None:
        """Forget every entry whose key is ``stale``."""
        with self._lock:
            for key in [key for key in self._entries if stale(key)]:
                del self._entries[key]

    def clear(self) -> None:
        with self._lock:
            self._entries.clear()


def kept_for[O, W](cache: Recent[tuple[O, W]], owner: O, key: tuple, build: Callable[[], W]) -> W:
    """The entry of ``cache`` for ``owner`` (by its identity) and ``key``, built and kept when
    missing. The owner (a catalog) is kept with the entry, so an identity Python gives again
    once the owner is freed never finds the entry of the one before."""
    found = cache.get((id(owner), *key))
    if found is None or found[0] is not owner:
        found = cache.put((id(owner), *key), (owner, build()))
    return found[1]
