"""Payloads of the setup (rules §2)."""

from typing import TypedDict

from .common import Amounts


class HousesDealt(TypedDict):
    houses: dict[str, str]


class DecksPrepared(TypedDict):
    decks: dict[str, list[str]]


class ResourcesDealt(TypedDict):
    resources: Amounts


class ObjectivesDealt(TypedDict):
    objectives: list[str]


class ObjectivesKept(TypedDict):
    objectives: list[str]


class ObjectivesReturned(TypedDict):
    """The objectives a player returned unseen (§2 step 5): never revealed."""

    seat: int
    cards: list[str]


class ObjectivesSetAside(TypedDict):
    seat: int
    cards: list[str]


class TacticsDealt(TypedDict):
    tactics: list[str]


class MarketRows(TypedDict):
    """The two rows of the market (§3.5): ``market_opened`` and ``market_refreshed``."""

    row1: list[str]
    row2: list[str]


class LawRow(TypedDict):
    row: list[str]


class FoundedKingdom(TypedDict):
    kingdom: int
    king: int | None
    members: list[int]


class KingdomsFounded(TypedDict):
    kingdoms: list[FoundedKingdom]


class Nothing(TypedDict):
    """A kind whose name says it all (``game_started``, ``objectives_chosen``…)."""
