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


class PlanSealed(TypedDict):
    """A hand-in's receipt (``chain.plan_receipt``), to its player: ``secret`` is what their
    phone drew (``phone``) or, from a phone without it, the server."""

    turn: int
    seat: int
    receipt: str
    secret: str
    phone: bool


class PlanLocked(TypedDict):
    """A player's plan as Planning closed, the plan resolved: its owner's, never revealed."""

    turn: int
    seat: int
    plan: dict[str, Any]


class DiceEntropy(TypedDict):
    """The players' entropy as Planning closed (seat -> hex): the turn's dice key mixes it."""

    turn: int
    entropies: dict[str, str]


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
