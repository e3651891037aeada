"""The stored state's JSON, written and read by orjson.

The whole state is rewritten at every change (``store.save``). At 16 players it is about
95 kB by the last turns, and the standard library's encoder spent about 0.8 ms of a change's
2.5 ms in the store on it; orjson takes under 0.1 ms. The classes plug into Django's
``JSONField`` (its ``encoder`` and ``decoder``), so SQLite and PostgreSQL take the same path and
the stored text is plain JSON either way.
"""

from __future__ import annotations

import json
from typing import Any

import orjson


class StateEncoder(json.JSONEncoder):
    """``json.dumps(value, cls=StateEncoder)`` through orjson. Keys that are not strings are
    written as strings, as the standard library does; anything orjson refuses (an integer
    past 64 bits) goes the standard way."""

    def encode(self, o: Any) -> str:
        try:
            return orjson.dumps(o, option=orjson.OPT_NON_STR_KEYS).decode()
        except TypeError:
            return super().encode(o)


class StateDecoder(json.JSONDecoder):
    """``json.loads(text, cls=StateDecoder)`` through orjson; what orjson cannot read (an
    integer past 64 bits) goes the standard way. Malformed text raises
    ``json.JSONDecodeError`` either way (orjson's error is a subclass)."""

    def decode(self, s: str, *args: Any, **kwargs: Any) -> Any:
        try:
            return orjson.loads(s)
        except orjson.JSONDecodeError:
            return super().decode(s)
