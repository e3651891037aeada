"""Digests of what a page shows, to tell whether a part changed without comparing it.

A part's rendering is kept under the digest of the data it is rendered from
(``rendered.rendered``), and the planner's key is its slice's digest. orjson writes the data
about ten times faster than the standard library's encoder. Only equality matters: the text
is never stored or read back.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator, Mapping
from typing import Any

import orjson

_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


class Digested(Mapping[str, Any]):
    """A read-only mapping that knows its own digest, taken once when it is made.

    For what every viewer of a version shares (the board): each page's parts are kept by the
    digest of the data they show, and a part that shows the board is digested by the board's
    own digest instead of writing out its 20 kB again for each of a table's 18 pages."""

    __slots__ = ("_data", "hexdigest")

    def __init__(self, data: dict[str, Any]) -> None:
        self._data = data
        self.hexdigest = digest(data).hex()

    def __getitem__(self, key: str) -> Any:
        return self._data[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)


def _written(value: Any) -> Any:
    """How JSON writes what it cannot hold: a digested mapping as its digest, the rest (a lazy
    translation, a date) as its text."""
    if isinstance(value, Digested):
        return {"digest": value.hexdigest}
    return str(value)


def digest(value: Any) -> bytes:
    """The SHA-256 of ``value`` written as JSON with sorted keys; what JSON cannot hold is
    written as ``_written`` says."""
    try:
        text = orjson.dumps(value, default=_written, option=_OPTIONS)
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
    if isinstance(value, Digested):
        return {"digest": value.hexdigest}
    return str(value)
