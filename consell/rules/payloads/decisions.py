"""Payloads of the decisions players take: votes, duels, distributions, orders, insurrections
(rules §4.1-§4.5, §4.10-§4.12)."""

from typing import NotRequired, TypedDict

from .common import Amounts


class VoteOpened(TypedDict):
    motion: str
    kingdom: int | None
    law: NotRequired[str]


class VoteStake(TypedDict):
    """Favor put on a side or taken back (``vote_spend``, ``vote_withdrawn``; §4.1)."""

    seat: int
    side: str | None
    amount: int
    for_total: int
    against_total: int


class VoteTied(TypedDict):
    total: int
    tie_breaker: int


class BallotLine(TypedDict):
    seat: int
    side: str | None
    amount: int


class VoteResult(TypedDict):
    motion: str
    law: str | None
    kingdom: int
    passed: bool
    for_total: int
    against_total: int
    tie_broken_by: int | None
    record: list[BallotLine]


class VoteDecided(TypedDict):
    motion: str
    law: str | None
    kingdom: int | None  # None: a law passed by no kingdom's members applies nowhere (G33)
    passed: bool


class DuelStarted(TypedDict):
    participants: list[int]
    resources: list[str]


class DuelVoid(TypedDict):
    participants: list[int]


class DuelFistIn(TypedDict):
    pending: int
    seat: int


class FistCommitted(TypedDict):
    pending: int
    fist: Amounts


class DuelRevealed(TypedDict):
    """A duel's fists opened (§4.11): an ability's duel keeps scores and commitments, an
    expulsion's or a succession's its purpose and fists."""

    winner: int | None
    scores: NotRequired[dict[str, int]]
    commitments: NotRequired[dict[str, Amounts]]
    pending: NotRequired[int]
    purpose: NotRequired[str]
    fists: NotRequired[dict[str, Amounts]]


class JoinerAnswered(TypedDict):
    seat: int
    joins: bool


class DiscardsChosen(TypedDict):
    tactics: list[str]


class Distributed(TypedDict):
    """A distributor shared a production (§3.7)."""

    kingdom: int
    resource: str
    distributor: int
    kept: int
    shares: dict[str, int]


class Ordered(TypedDict):
    """``execution_ordered`` or ``expel_ordered``: the seats an ability orders (§4.12)."""

    seats: list[int]


class InsurrectionPledged(TypedDict):
    pending: int
    amount: int


class InsurrectionPledgesShort(TypedDict):
    pending: int


class InsurrectionRolled(TypedDict):
    pending: int
    kingdom: int
    indicator: str
    target: int
    dice: list[int]
    successes: int


class Pledge(TypedDict):
    seat: int
    amount: int


class InsurrectionRerolled(TypedDict):
    """A die the King chose, rolled again with the members' pledges (§4.5, G31)."""

    pending: int
    die: int
    old: int
    new: int
    dice: list[int]
    successes: int
    pledges: list[Pledge]


class InsurrectionOutcome(TypedDict):
    pending: int
    kingdom: int
    outcome: str
    successes: int
    dropped: str | None
    deposed: bool


class InsurrectionLosses(TypedDict):
    lost: Amounts
