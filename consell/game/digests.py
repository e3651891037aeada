"""Digests of what a page shows, to tell whether a part changed without comparing it.

The planner's key (``views.player.plan_key``) and the shared parts' keys (``shared_part``)
are digests of the data a part is rendered from. They were the standard library's JSON
encoder writing out a phone's whole planner and a table's board at every notice, a few per
cent of a change's fan-out (B1, docs/performance.md); orjson writes the same data about ten
times faster. Only equality matters: the text is never stored or read back.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson
from django.utils.translation import get_language

from .recent import Recent, kept_for

_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def digest(value: Any) -> bytes:
    """The SHA-256 of ``value`` written as JSON with sorted keys; what JSON cannot hold (a
    lazy translation, a date) is written as its text, as ``json.dumps(default=str)`` did."""
    try:
        text = orjson.dumps(value, default=str, option=_OPTIONS)
    except TypeError:  # an integer past 64 bits: orjson refuses it, its text is as good
        text = orjson.dumps(_texts(value), option=_OPTIONS)
    return hashlib.sha256(text).digest()


def _texts(value: Any) -> Any:
    """``value`` with every number, and everything JSON cannot hold, written as text."""
    if isinstance(value, dict):
        return {str(k): _texts(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_texts(v) for v in value]
    if value is None or isinstance(value, bool | str):
        return value
    return str(value)


# The digests of values that are kept and never changed (a phone's planner, its plan), by
# their identity and the language they were written out in, each kept with its value
# (``recent.kept_for``), so an identity is never reused while its entry lives.
_KEPT: Recent[tuple[Any, bytes]] = Recent(1024)


def kept_digest(value: Any) -> bytes:
    """``digest(value)``, written out once for as long as this very value is kept: for values
    nobody changes once made, which most versions hand on as they were (B1,
    docs/performance.md)."""
    return kept_for(_KEPT, value, (get_language(),), lambda: digest(value))
