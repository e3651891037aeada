"""Payloads of Planning and of trades (rules §3.2, §4.14)."""

from typing import Any, NotRequired, TypedDict

from .common import Amounts, Batched


class PlanEdit(TypedDict):
    """A draft edit of a player's plan (``ability_planned``, ``ability_unplanned``,
    ``pile_reordered``): the player's own, never revealed (§4.17)."""

    pile: str
    source: NotRequired[str]
    ability: NotRequired[str]
    params: NotRequired[dict[str, Any]]
    order: NotRequired[list[int]]


class PlanHandedIn(TypedDict):
    seat: int
    rank: int


class PlanClosedByDirector(TypedDict):
    seat: int


class TradeSide(TypedDict):
    """What one party of a trade gives or asks for (§4.14)."""

    resources: Amounts
    assets: list[str]
    tactics: list[str]
    information: str
    promises: str


class TradeOffered(TypedDict):
    offer: int
    to: int
    gives: TradeSide
    wants: TradeSide


class TradeAnswered(TypedDict):
    """``trade_refused`` or ``trade_withdrawn``."""

    offer: int


class TradeOffersLapsed(TypedDict):
    offers: list[int]


class Trade(TypedDict):
    parties: list[int]
    gives: dict[str, TradeSide]


class TradesAllowed(Batched):
    """A card allowed trades outside Planning this turn (G34)."""
