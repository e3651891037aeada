"""The kinds of decision a pending can ask for, and the typed answer each one takes (DESIGN
principle 9: a decision kind is one unit).

``DecisionKind`` names every pending a player (or the director for them) answers with a
decision; ``DECLARED`` gives each its answer type, what players call it and the code of what is
asked; ``decisions.TRANSITIONS`` its transition; and the web app's ``consell.game.decisions``
registry adds its form, projection, template, audit category and bot moves. The answers below
are what a phone's form, a bot and a test hand to ``decisions.decide``; the transition still
checks every value (a posted form is not trusted).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, TypedDict

from .i18n import gettext_noop


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


@dataclass(frozen=True)
class Declared:
    """What the rules say of a kind besides its transition."""

    answer: type  # the TypedDict of a decision
    name: str  # what players call it (``names.pending_name``)
    asked: str  # what is asked, as ``procedures.waiting_on`` codes it


DECLARED: dict[str, Declared] = {
    DecisionKind.LAW_CHOICE: Declared(
        LawChoiceAnswer, gettext_noop("Choice of a law"), "choose_law"
    ),
    DecisionKind.VOTE: Declared(VoteAnswer, gettext_noop("Vote"), "vote"),
    DecisionKind.DUEL: Declared(DuelAnswer, gettext_noop("Duel"), "commit_fist"),
    DecisionKind.KINGDOM_JOINERS: Declared(
        JoinersAnswer, gettext_noop("Joining a new kingdom"), "declare_joining"
    ),
    DecisionKind.CONDITION: Declared(
        ConditionAnswer, gettext_noop("A condition to rule"), "rule_condition"
    ),
    DecisionKind.DISCARD_CHOICE: Declared(
        DiscardAnswer, gettext_noop("Discards to choose"), "choose_discards"
    ),
    DecisionKind.REACTION: Declared(ReactionAnswer, gettext_noop("Reaction"), "reaction"),
    DecisionKind.MANUAL: Declared(DoneAnswer, gettext_noop("Apply by hand"), "apply_by_hand"),
    DecisionKind.END_OF_GAME: Declared(
        EndOfGameAnswer, gettext_noop("End of the game"), "end_of_game"
    ),
    DecisionKind.DISTRIBUTION: Declared(
        DistributionAnswer, gettext_noop("Distribution"), "distribute"
    ),
    DecisionKind.KINGDOMLESS_INCOME: Declared(
        IncomeAnswer, gettext_noop("Income without a kingdom"), "choose_income"
    ),
    # What an insurrection asks depends on its stage (``procedures.INSURRECTION_ASKED``).
    DecisionKind.INSURRECTION: Declared(
        InsurrectionAnswer, gettext_noop("Insurrection"), "insurrection"
    ),
    DecisionKind.APPOINTMENTS: Declared(DoneAnswer, gettext_noop("Appointments"), "appoint"),
}
