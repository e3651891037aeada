"""Shapes that several payloads share (``consell.rules.payloads``).

The log is JSON: a resource or an indicator is its code (``"POW"``, ``"stability"``), a seat or
a kingdom keyed in a mapping is its number written as a string (``{"2": 3}``), a card is its
instance id, and a card's words are a mapping from language to text.
"""

from typing import Any, NotRequired, TypedDict

Amounts = dict[str, int]
"""Resource code to amount: ``{"POW": 2, "MON": 1}``."""

Words = dict[str, str]
"""A card's words by language: ``{"ca": "...", "en": "..."}``."""

BySeat = dict[str, Any]
"""Something per seat, the seat's number written as a string (JSON keys are strings)."""


class Said(TypedDict):
    """A rules message kept to be said again in the reader's language (``rules.i18n``)."""

    msgid: str
    params: dict[str, Any] | None


class Shown(TypedDict):
    """The ability a public record is about: its source card and its id (G21)."""

    source: str
    ability: str


class Refusal(TypedDict):
    """Why an ability was aborted (§4.2): the rules' code, the message and its words."""

    source: str
    ability: str
    code: str
    reason: str
    reason_words: Said | str


class Batched(TypedDict):
    """Held for the end-of-Secrets batch (G52): ``batch`` is ``"end_of_secrets"``."""

    batch: NotRequired[str]
