"""Digests of what a page shows, to tell whether a part changed without comparing it.

A part's rendering is kept under the digest of the data it is rendered from
(``rendered.rendered``), and the planner's key is its slice's digest. orjson writes the data
about ten times faster than the standard library's encoder. Only equality matters: the text
is never stored or read back.
"""

from __future__ import annotations

import hashlib
from typing import Any

import orjson

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
