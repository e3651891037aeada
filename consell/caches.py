"""The processes' own caches (settings.CACHES): Django's local-memory cache, less the check of
each key against memcached's rules.

Django checks every key a cache is given for what memcached refuses (over 250 characters, a
space or a control character), one character at a time, and warns; its documentation's way to
change that for a backend that takes any key is to subclass the backend and override
``validate_key`` ("Cache key warnings"). These caches live in the process's own memory, where
any string is a key, and every key is made by this code (``live.rendered.part_key``, the
projection's ``said:``, ``own:``, ``board:`` keys), never from what a browser sends. A public
change at a 16-player table looks up some 200 keys, and the check was about a tenth of its
rendering.
"""

from __future__ import annotations

from django.core.cache.backends.locmem import LocMemCache


class LocalCache(LocMemCache):
    """``LocMemCache`` for keys of this code's own making: they are not checked as memcached's."""

    def validate_key(self, key: str) -> None:
        return None
