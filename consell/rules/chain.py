"""The hash-chained log (docs/audit-log.md, "The chain").

Every event and every roll the app writes is a link of one chain per game. A link's hash
covers the previous link's hash and the digest of its whole content, hidden payloads
included, so changing, removing, reordering or inserting any link changes every hash after
it. The chain starts from the game's dice commitment, so it is tied to the game it belongs to.

A link's digest is the SHA-256 of its content's canonical encoding. An event's content holds a
random salt, revealed only to those who may read the event: a digest of a small secret (a
vote of 0 to 5) could otherwise be found by trying every value. A reader who may not read an
event still checks the chain through it, from its digest alone.

The canonical encoding is JSON with keys sorted, no spaces, UTF-8, and integers only, which a
browser's ``JSON.stringify`` writes byte for byte the same (``static/audit/verify.js``).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

SCHEME = "consell-chain/1"

# What a link's content is made of, in the export's names (``docs/audit-log.md``).
EVENT_FIELDS = (
    "seq",
    "turn",
    "phase",
    "kind",
    "actor",
    "by_director",
    "audience",
    "reveal_at_end",
    "payload",
    "salt",
)
ROLL_FIELDS = ("counter", "sides", "kind", "value", "purpose", "entered", "key")


class NotCanonical(ValueError):
    """A value the canonical encoding does not take (a float, a non-text key)."""


def canonical(value: Any) -> bytes:
    """``value`` as the bytes every verifier hashes: sorted keys, no spaces, UTF-8."""
    _check(value)
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _check(value: Any) -> None:
    if isinstance(value, float):
        raise NotCanonical(f"{value!r}: the chain hashes whole numbers only")
    if isinstance(value, Mapping):
        for key, item in value.items():
            if not isinstance(key, str):
                raise NotCanonical(f"{key!r}: a key must be text")
            _check(item)
    elif isinstance(value, list | tuple):
        for item in value:
            _check(item)


def genesis(commitment: str) -> str:
    """The hash before the first link: the game's dice commitment, under this scheme's name."""
    return hashlib.sha256(f"{SCHEME}\n{commitment}".encode()).hexdigest()


def event_content(event: Mapping[str, Any]) -> dict[str, Any]:
    """What an event's digest covers, from the export's (or the row's) fields."""
    return {"link": "event", **{name: event[name] for name in EVENT_FIELDS}}


def roll_content(roll: Mapping[str, Any]) -> dict[str, Any]:
    """What a roll's digest covers: its counter, range, value, kind, purpose and origin."""
    return {"link": "roll", **{name: roll[name] for name in ROLL_FIELDS}}


def digest(content: Mapping[str, Any]) -> str:
    return hashlib.sha256(canonical(content)).hexdigest()


def next_hash(previous: str, number: int, content_digest: str) -> str:
    """Link ``number``'s hash, after ``previous``."""
    return hashlib.sha256(f"{previous}\n{number}\n{content_digest}".encode()).hexdigest()


def plan_receipt(turn: int, seat: int, plan: Mapping[str, Any], secret: str) -> str:
    """The receipt of a plan handed in: its commitment under the secret the player's phone drew
    and keeps. Published, it reveals nothing of the plan; with the secret, anyone can check
    that the plan resolved is the plan sealed (docs/audit-log.md, "Sealed plans")."""
    sealed = canonical({"turn": turn, "seat": seat, "plan": plan})
    return hashlib.sha256(sealed + b"\n" + secret.encode()).hexdigest()


def short(head: str) -> str:
    """A head as the table reads it aloud: its first eight hex digits, in two groups."""
    return f"{head[:4]}-{head[4:8]}".upper()


@dataclass(frozen=True)
class Link:
    """One link as an export lists it: its number, its content's digest and its hash."""

    number: int
    digest: str
    hash: str


@dataclass(frozen=True)
class ChainCheck:
    """What ``check`` found: the first bad link (None when the chain holds) and why."""

    links: int
    head: str
    first_bad: int | None = None
    problem: str = ""

    @property
    def ok(self) -> bool:
        return self.first_bad is None

    @property
    def code(self) -> str:
        return short(self.head)


def check(
    start: str, links: Sequence[Link], contents: Mapping[int, Mapping[str, Any]]
) -> ChainCheck:
    """Recompute the chain from ``start``: every link numbered in turn from 1, each hash
    following from the one before, and each content a reader holds (``contents``, by link
    number) hashing to its link's digest. Stops at the first link that fails."""
    previous = start
    for expected, link in enumerate(links, start=1):
        if link.number != expected:
            return ChainCheck(expected - 1, previous, expected, "it is missing or out of order")
        content = contents.get(link.number)
        if content is not None and digest(content) != link.digest:
            return ChainCheck(
                expected - 1, previous, link.number, "its content is not the content it sealed"
            )
        if next_hash(previous, link.number, link.digest) != link.hash:
            return ChainCheck(
                expected - 1, previous, link.number, "its hash does not follow from the link before"
            )
        previous = link.hash
    unknown = sorted(set(contents) - {link.number for link in links})
    if unknown:
        return ChainCheck(len(links), previous, unknown[0], "it is not in the chain")
    return ChainCheck(len(links), previous)
