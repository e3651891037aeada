"""Payloads of the phases of a turn and of the end (rules §3.1, §3.5-§3.8, §4.9, §4.17)."""

from typing import Any, TypedDict

from .common import Amounts


class DestinyBatch(TypedDict):
    cards: list[str]


class DestinyRevealed(TypedDict):
    card: str
    card_kind: str
    kingdom: int | None
    duration: int


class RunOn(TypedDict):
    """The director let the phase run on: the app resolves its next plain steps as the
    answers they wait for come in (not a rule of the game: how the director runs it)."""

    phase: str


class DestinyExhausted(TypedDict):
    kingdom: int | None


class EventExpired(TypedDict):
    card: str
    kingdom: int | None


class AssetBought(TypedDict):
    asset: str
    price: int
    paid: Amounts


class AssetAcquired(TypedDict):
    asset: str
    owner: int


class AuctionBid(TypedDict):
    """A bid as the auction judged it (§4.9): capped to the bidder's funds, won or lost."""

    seat: int
    round: str
    asset: str
    amount: int
    capped: int | None  # None for a void bid
    bonus: int
    status: str


class VoidBid(TypedDict):
    """A bid the auction could not take (§4.9): no asset or amount, or not in row 1."""

    seat: int
    round: str
    asset: Any
    reason: str


class AuctionResolved(TypedDict):
    """The blind auction as the director saw it (§4.9); never revealed (bids stay private)."""

    bids: list[AuctionBid]
    sales: list[dict[str, Any]]
    void: list[VoidBid]
    tie_breaks: list[Any]
    unsold: list[str]


class BidVoid(TypedDict):
    round: str
    asset: str | None
    reason: str


class SettledBid(TypedDict):
    round: str
    asset: str
    amount: int
    won: bool


class BidsSettled(TypedDict):
    bids: list[SettledBid]


class CrisisContributionPaid(TypedDict):
    card: str
    kingdom: int | None
    paid: Amounts


class CrisisPayments(TypedDict):
    card: str
    kingdom: int | None
    payments: dict[str, dict[str, Amounts]]


class Contribution(TypedDict):
    seat: int
    total: int


class CrisisResolved(TypedDict):
    card: str
    kingdom: int | None
    pool: int
    threshold: int
    success: bool
    contributions: list[Contribution]
    rewarded: list[int]


class ProducedAmount(TypedDict):
    office: str
    resource: str
    amount: int
    distributor: int | None
    vacant: bool


class Production(TypedDict):
    kingdom: int
    members: list[int]
    amounts: list[ProducedAmount]


class KingdomlessIncome(TypedDict):
    seat: int
    resources: list[str]


class TacticsDrawn(TypedDict):
    tactics: list[str]


class ObjectiveVerdict(TypedDict):
    seat: int
    objective: str
    met: bool | None
    by: str


class ObjectivesJudged(TypedDict):
    verdicts: list[ObjectiveVerdict]


class EndOfGameChoice(TypedDict):
    seat: int
    source: str
    card: str
    ability: str | None


class EndOfGamePassed(TypedDict):
    seat: int


class RevealedPlayer(TypedDict):
    seat: int
    resources: Amounts
    tactics: list[str]
    objectives: list[str]
    assets: list[str]


class EverythingRevealed(TypedDict):
    turn: int
    players: list[RevealedPlayer]


class FinalPrestige(TypedDict):
    prestige: dict[str, int]


class GameWon(TypedDict):
    winners: list[int]
