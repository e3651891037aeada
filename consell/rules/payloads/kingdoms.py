"""Payloads of kingdoms, kings and offices (rules §4.1-§4.5, §4.7, §4.8, §4.12)."""

from typing import NotRequired, TypedDict

from .common import Amounts


class KingdomCreated(TypedDict):
    kingdom: int
    king: int
    joiners: list[int]
    price: int
    resource: str


class Paid(TypedDict):
    """A founder's payment (``kingdom_founding_paid``, public; ``cost_paid``, private)."""

    paid: Amounts
    seat: NotRequired[int]


class KingdomJoined(TypedDict):
    seat: int
    kingdom: int
    left: int | None
    offices_lost: list[str]


class KingdomDissolved(TypedDict):
    kingdom: int
    members: list[int]


class OfficesLost(TypedDict):
    seat: int
    offices: list[str]


class Office(TypedDict):
    """``office_appointed`` or ``office_dismissed``."""

    kingdom: int
    office: str
    seat: int | None


class AppointmentsClosed(TypedDict):
    kingdom: int


class KingCrowned(TypedDict):
    seat: int
    kingdom: int
    offices_lost: NotRequired[list[str]]
    unopposed: NotRequired[bool]


class KingDeposed(TypedDict):
    seat: int
    kingdom: int


class SuccessionStruggle(TypedDict):
    pending: int
    kingdom: int
    participants: list[int]
    old_king: int | None  # None when the King is gone (an execution, an expulsion)


class Expelled(TypedDict):
    seat: int
    kingdom: int
    offices_lost: list[str]


class ExpulsionDuelAnnounced(TypedDict):
    """A duel for one of an expelled player's assets (§4.12); a hidden one goes unnamed."""

    pending: int
    expelled: int
    participants: list[int]
    asset: str | None
    asset_title: str | None  # in Catalan, the table's language


class ExpelVoid(TypedDict):
    seat: int


class ExpulsionDuelWon(TypedDict):
    winner: int
    expelled: int
    asset: str | None  # None for a hidden asset


class HiddenAssetDuel(TypedDict):
    winner: int
    asset: str


class Executed(TypedDict):
    seat: int
    offices_lost: list[str]


class ExecutionDiscards(TypedDict):
    seat: int
    tactics: list[str]
    objectives: list[str]
    set_aside: list[str]


class HeirTakesOver(TypedDict):
    lost: Amounts
    tactics: list[str]
    objectives: list[str]
