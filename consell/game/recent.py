"""A bounded, thread-safe memo of the most recently used entries.

The game rows a process has read (``access``), keyed by what they were read under; daphne's
threads read them at once, and the oldest entry goes first.
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
