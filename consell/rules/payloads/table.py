"""Payloads of the table's own events: the game, its ruleset, the director's machinery."""

from typing import Any, NotRequired, TypedDict

from .common import Amounts, Words


class GameCreated(TypedDict):
    name: str
    players: list[str]
    commitment: str  # SHA-256 of the dice seed (docs/principles.md, principle 5)


class RulesetChanged(TypedDict):
    keys: list[str]
    values: dict[str, Any]


class SeatLinkReissued(TypedDict):
    seat: int
    name: str


class Repair(TypedDict):
    """A repair from the admin (issue 11 item 8); its parameters, flat, as its form sent them."""

    action: str
    reason: str
    decision: NotRequired[Any]
    resources: NotRequired[Any]
    indicators: NotRequired[Any]
    seat: NotRequired[Any]
    pending: NotRequired[Any]


class Correction(TypedDict):
    """The director's correction (G1): to a chest (``resources``), to a kingdom's indicators,
    or an action of a decision (``action``)."""

    reason: str
    seat: NotRequired[int | None]
    resources: NotRequired[Amounts]
    kingdom: NotRequired[int]
    indicators: NotRequired[dict[str, int]]
    action: NotRequired[str]


class CorrectionReason(TypedDict):
    reason: str


class TurnStarted(TypedDict):
    turn: int
    peril: int


class PhaseStarted(TypedDict):
    turn: int
    phase: str


class StepDone(TypedDict):
    turn: int
    phase: str
    step: str


class TurnOrder(TypedDict):
    order: list[int]


class SnapshotPlayer(TypedDict):
    seat: int
    name: str
    kingdom: int | None
    resources: Amounts


class SnapshotKingdom(TypedDict):
    id: int
    name: str
    indicators: dict[str, int]


class TurnSnapshot(TypedDict):
    """Every chest and kingdom at an End of turn (§3.8), for the audit's charts."""

    turn: int
    status: str
    players: list[SnapshotPlayer]
    kingdoms: list[SnapshotKingdom]


class TriggerAbout(TypedDict, total=False):
    """What a reaction trigger is about (§4.3): whichever of these it names."""

    seat: int | None
    kingdom: int | None
    group: bool  # the kingdomless group's destiny card (G51): its members are concerned
    motion: str
    law: str | None
    card: str
    indicator: str
    before: int
    after: int
    participants: list[int]


class Trigger(TriggerAbout):
    """A reaction trigger happened (§4.3): its name and what it is about."""

    trigger: str


class PendingOpened(TypedDict):
    pending: int
    pending_kind: str
    waiting_for: list[int]


class ManualEffect(TypedDict):
    """A ``manual`` effect the director applies by hand (docs/principles.md, principle 6)."""

    text: Words
    source: str | None


class ManualDone(TypedDict):
    pending: int


class DeadlineSet(TypedDict):
    """A deadline on the phase that waits (G60): ``minutes`` from ``until``'s setting."""

    minutes: int
    until: str  # ISO 8601, UTC


class DeadlineChanged(TypedDict):
    """``action``: "paused", "resumed", "extended" (by ``minutes``) or "ended" (now)."""

    action: str
    minutes: NotRequired[int]
    until: NotRequired[str]


class DeadlinePassed(TypedDict):
    waiting: int  # how many answers it found missing


class AnswerDefaulted(TypedDict):
    """A missing answer given the rules' default (G61): ``seat``'s plan (``pending`` absent)
    or its decision on ``pending``, of ``kind``."""

    seat: int
    reason: str  # "deadline"
    kind: str  # "plan" or the decision kind
    pending: NotRequired[int]


class GamePaused(TypedDict):
    resumes: str  # ISO 8601, UTC, or "" when the director did not say


class GameResumed(TypedDict):
    paused_for: int  # seconds


class StandIn(TypedDict):
    seat: int


class StandInPlayed(TypedDict):
    """What the stand-in did for ``seat`` (G62): "plan" (handed in) or a decision kind."""

    seat: int
    turn: int
    kind: str
