"""The kinds of decision a pending can ask for, and the typed answer each one takes
(docs/principles.md, principle 9: a decision kind is one unit).

``DecisionKind`` names every pending a player (or the director for them) answers with a
decision; ``DECLARED`` gives each the shape of what the pending keeps (``Pending.data``), its
answer type, what players call it and the code of what is asked; ``decisions.TRANSITIONS`` its
transition; and the web app's ``consell.projection.decisions`` registry adds its form, projection,
template, audit category and bot moves. The answers below are what a phone's form, a bot and a
test hand to ``decisions.decide``; the transition still
checks every value (a posted form is not trusted).
"""

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, NotRequired, TypedDict, cast

from .i18n import gettext_noop
from .payloads import shape_problems


class DecisionKind(StrEnum):
    """A pending's ``kind`` when it waits on a decision (rules §4.3–§4.17)."""

    LAW_CHOICE = "law_choice"
    VOTE = "vote"
    DUEL = "duel"
    KINGDOM_JOINERS = "kingdom_joiners"
    CONDITION = "condition"
    DISCARD_CHOICE = "discard_choice"
    REACTION = "reaction"
    MANUAL = "manual"
    END_OF_GAME = "end_of_game"
    DISTRIBUTION = "distribution"
    KINGDOMLESS_INCOME = "kingdomless_income"
    INSURRECTION = "insurrection"
    APPOINTMENTS = "appointments"


class LawChoiceAnswer(TypedDict, total=False):
    """The law the proposer puts to the vote (§4.7)."""

    law: str | None


class VoteAnswer(TypedDict, total=False):
    """A voter's turn: spend on a side, or withdraw; then the King's ``tie`` (§4.7, G32)."""

    side: str
    spend: int
    withdraw: bool
    tie: str


class DuelAnswer(TypedDict, total=False):
    """A hidden fist, per resource; ``seat`` names whom the director commits it for (§4.8)."""

    fist: dict[str, int]
    seat: int


class JoinersAnswer(TypedDict, total=False):
    """Whether an eligible player joins the new kingdom (G40)."""

    join: bool


class ConditionAnswer(TypedDict, total=False):
    """The director's ruling on a condition the app cannot judge."""

    holds: bool


class DiscardAnswer(TypedDict, total=False):
    """The tactics a player discards; ``seat`` when the director chooses for them."""

    tactics: list[str]
    seat: int


class ReactionAnswer(TypedDict, total=False):
    """Use a reaction (filling its boxes) or let it pass (§4.3)."""

    use: bool
    params: dict[str, Any]


class DoneAnswer(TypedDict, total=False):
    """A manual effect applied by hand, or the new King's appointments closed."""

    done: bool


EndOfGameAnswer = TypedDict(
    "EndOfGameAnswer",
    {"choose": str | None, "pass": bool, "params": dict[str, Any]},
    total=False,
)
EndOfGameAnswer.__doc__ = """One end-of-game choice, or passing (§4.17 step 2)."""


class DistributionAnswer(TypedDict, total=False):
    """A distributor's split: keep, then the leftovers; Favor as gifts per seat (§4.11)."""

    keep: int
    extra: list[int]
    gifts: dict[str, int]


class IncomeAnswer(TypedDict, total=False):
    """A kingdomless player's different resources (§4.11)."""

    resources: list[str]


class InsurrectionAnswer(TypedDict, total=False):
    """A pledge for a reroll, the die the King rolls again, or the director's indicator (§4.5)."""

    pledge: int
    die: int
    indicator: str


# What each kind's pending keeps (``Pending.data``), as the rules write it. ``continuation`` is
# the effects interpreter's saved place when an effect suspended on the pending (§4.3).


class LawChoicePending(TypedDict):
    proposer: int | None
    row: list[str]
    continuation: NotRequired[dict[str, Any]]


class VotePending(TypedDict):
    motion: str  # "law" or "join"
    kingdom: int | None
    eligible: list[int]
    tie_breaker: int | None
    law: NotRequired[str]
    proposer: NotRequired[int | None]
    applicant: NotRequired[int]
    ballot: NotRequired[dict[str, Any]]
    continuation: NotRequired[dict[str, Any]]


class DuelPending(TypedDict):
    participants: list[int]
    resources: list[str]
    on_win: NotRequired[list[Any]]
    on_tie: NotRequired[list[Any]]
    frame: NotRequired[dict[str, Any]]
    fists: NotRequired[dict[str, Any]]
    purpose: NotRequired[str]
    kingdom: NotRequired[int | None]
    expelled: NotRequired[int]
    asset: NotRequired[str]
    hidden: NotRequired[bool]
    old_king: NotRequired[int | None]
    king_office: NotRequired[str]
    turn_order: NotRequired[list[int]]
    continuation: NotRequired[dict[str, Any]]


class JoinersPending(TypedDict):
    founder: int
    eligible: list[int]
    answers: NotRequired[dict[str, Any]]
    continuation: NotRequired[dict[str, Any]]


class ConditionPending(TypedDict):
    condition: dict[str, Any]
    branches: dict[str, Any]
    continuation: NotRequired[dict[str, Any]]


class DiscardPending(TypedDict):
    choices: dict[str, Any]
    continuation: NotRequired[dict[str, Any]]


class ReactionPending(TypedDict):
    seat: int
    source: str
    ability: str
    mandatory: bool
    trigger: str
    secret: bool


class ManualPending(TypedDict):
    text: dict[str, str]
    source: str
    card: str | None
    ability: str | None
    owner: int | None
    self: int | None
    kingdom: int | None
    group: bool
    params: dict[str, Any]
    continuation: NotRequired[dict[str, Any]]


class EndOfGamePending(TypedDict, total=False):
    used: dict[str, Any]
    out: list[int]
    verdicts: list[Any]
    opened: bool


class DistributionPending(TypedDict, total=False):
    kingdom: int
    keep_limit: int
    resource: str
    amount: int
    office: str
    distributor: int
    vacant: bool
    king: int
    members: list[int]


class IncomePending(TypedDict):
    seat: int
    count: int


class InsurrectionPending(TypedDict):
    kingdom: int
    indicator: str
    before: int
    after: int
    count: int
    flow: NotRequired[dict[str, Any]]
    continuation: NotRequired[dict[str, Any]]


class AppointmentsPending(TypedDict):
    kingdom: int
    king: int


@dataclass(frozen=True)
class Declared:
    """What the rules say of a kind besides its transition."""

    pending: type  # the TypedDict of what the pending keeps
    answer: type  # the TypedDict of a decision
    name: str  # what players call it (``names.pending_name``)
    asked: str  # what is asked, as ``procedures.waiting_on`` codes it


DECLARED: dict[str, Declared] = {
    DecisionKind.LAW_CHOICE: Declared(
        LawChoicePending, LawChoiceAnswer, gettext_noop("Choice of a law"), "choose_law"
    ),
    DecisionKind.VOTE: Declared(VotePending, VoteAnswer, gettext_noop("Vote"), "vote"),
    DecisionKind.DUEL: Declared(DuelPending, DuelAnswer, gettext_noop("Duel"), "commit_fist"),
    DecisionKind.KINGDOM_JOINERS: Declared(
        JoinersPending, JoinersAnswer, gettext_noop("Joining a new kingdom"), "declare_joining"
    ),
    DecisionKind.CONDITION: Declared(
        ConditionPending, ConditionAnswer, gettext_noop("A condition to rule"), "rule_condition"
    ),
    DecisionKind.DISCARD_CHOICE: Declared(
        DiscardPending, DiscardAnswer, gettext_noop("Discards to choose"), "choose_discards"
    ),
    DecisionKind.REACTION: Declared(
        ReactionPending, ReactionAnswer, gettext_noop("Reaction"), "reaction"
    ),
    DecisionKind.MANUAL: Declared(
        ManualPending, DoneAnswer, gettext_noop("Apply by hand"), "apply_by_hand"
    ),
    DecisionKind.END_OF_GAME: Declared(
        EndOfGamePending, EndOfGameAnswer, gettext_noop("End of the game"), "end_of_game"
    ),
    DecisionKind.DISTRIBUTION: Declared(
        DistributionPending, DistributionAnswer, gettext_noop("Distribution"), "distribute"
    ),
    DecisionKind.KINGDOMLESS_INCOME: Declared(
        IncomePending, IncomeAnswer, gettext_noop("Income without a kingdom"), "choose_income"
    ),
    # What an insurrection asks depends on its stage (``procedures.INSURRECTION_ASKED``).
    DecisionKind.INSURRECTION: Declared(
        InsurrectionPending, InsurrectionAnswer, gettext_noop("Insurrection"), "insurrection"
    ),
    DecisionKind.APPOINTMENTS: Declared(
        AppointmentsPending, DoneAnswer, gettext_noop("Appointments"), "appoint"
    ),
}


def pending_data[P: Mapping[str, object]](pending: object, shape: type[P]) -> P:
    """A pending's data typed as ``shape``, the shape its kind declares; another kind's shape is
    a reader's mistake (``TypeError``)."""
    kind = getattr(pending, "kind", None)
    declared = DECLARED.get(str(kind)) if kind is not None else None
    if declared is None or declared.pending is not shape:
        raise TypeError(f"A pending of kind {kind!r} does not keep a {shape.__name__}.")
    return cast(P, getattr(pending, "data", {}))


def pending_problems(kind: str, data: Mapping[str, object]) -> list[str]:
    """What keeps ``data`` from being what a pending of ``kind`` keeps: a missing key, or a key
    its shape does not declare."""
    return shape_problems(kind, DECLARED[kind].pending, data)
