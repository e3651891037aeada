"""Votes (votacions) as a state machine (rules §4.7, G32, G33).

"Els jugadors s'alternen en ordre invers de joc": eligible voters take turns in reverse turn
order. On their turn a voter either spends n >= 1 Power on "for" or "against" (Favor stands in,
used last; paid at once; public) or withdraws. The vote goes on until everyone has withdrawn.
More "for" passes the motion, more "against" rejects it, a tie is decided by the King
(``tie_breaker``). Everything spent is lost to the reserve, whatever the result.

DEFAULTS taken from the ruleset when the vote starts (G32): ``vote_withdraw_final`` (withdrawing
is final) and ``vote_side_locked`` (a voter's first spend fixes their side). Who is eligible is
the caller's choice (G33: the proposer's kingdom, or the target kingdom's members in a join
request, or everyone with ``law_scope="global"``).

Choice made here: with ``vote_withdraw_final`` off, withdrawing only passes this turn, and the
vote ends once every voter in a row has passed, one full round with no spend.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from .dice import Dice
from .errors import (
    IllegalTransitionError,
    InvalidParameterError,
    InvalidStateError,
    NotEligibleError,
)
from .i18n import _
from .payment import Payment, pay
from .resources import Holdings, Resource
from .ruleset import Ruleset


class Side(StrEnum):
    """The two piles of a vote."""

    FOR = "for"  # a favor
    AGAINST = "against"  # en contra


@dataclass(frozen=True)
class Spend:
    """Spend ``amount`` Power (or Favor) onto ``side``."""

    side: Side
    amount: int


@dataclass(frozen=True)
class Withdraw:
    """Withdraw (retirar-se): spend nothing."""


Decision = Spend | Withdraw


@dataclass(frozen=True)
class Turn:
    """One public line of the vote's record; ``side`` is None for a withdrawal."""

    seat: int
    side: Side | None
    amount: int


@dataclass(frozen=True)
class VoteState:
    """A vote in progress. Build it with ``start_vote``; advance it with ``vote_step``."""

    order: tuple[int, ...]  # eligible voters, reverse turn order
    tie_breaker: int
    withdraw_final: bool
    side_locked: bool
    record: tuple[Turn, ...] = ()
    withdrawn: frozenset[int] = frozenset()
    cursor: int = 0  # index in ``order`` of the voter whose turn it is
    passes: int = 0  # consecutive withdrawals (ends the vote when withdrawal is not final)

    def total(self, side: Side) -> int:
        return sum(t.amount for t in self.record if t.side is side)

    def side_of(self, seat: int) -> Side | None:
        """The side of a voter's first spend, if any."""
        return next((t.side for t in self.record if t.seat == seat and t.side is not None), None)

    def spent_by(self, seat: int) -> int:
        return sum(t.amount for t in self.record if t.seat == seat)


@dataclass(frozen=True)
class VoteResult:
    """How the vote ended; ``tie_broken_by`` is the King's seat when the King decided."""

    passed: bool
    for_total: int
    against_total: int
    tie_broken_by: int | None


def start_vote(
    eligible: Sequence[int], turn_order: Sequence[int], tie_breaker: int, ruleset: Ruleset
) -> VoteState:
    """Open a vote: eligible voters in REVERSE turn order (RULE §4.7, §4.15)."""
    missing = [s for s in eligible if s not in turn_order]
    if missing:
        raise InvalidStateError(
            _("Voters %(missing)s are not in the turn order.") % {"missing": missing}, seats=missing
        )
    if len(set(eligible)) != len(eligible):
        raise InvalidStateError(_("A voter is listed twice."))
    chosen = set(eligible)
    order = tuple(s for s in reversed(turn_order) if s in chosen)
    return VoteState(
        order=order,
        tie_breaker=tie_breaker,
        withdraw_final=ruleset.vote_withdraw_final,
        side_locked=ruleset.vote_side_locked,
    )


def is_finished(state: VoteState) -> bool:
    """Everyone has withdrawn (G32), or, with non-final withdrawals, a full round passed."""
    if state.withdraw_final:
        return len(state.withdrawn) == len(state.order)
    return state.passes >= len(state.order)


def next_voter(state: VoteState) -> int | None:
    """Whose turn it is, or None when the vote is over."""
    return None if is_finished(state) else state.order[state.cursor]


def vote_step(
    state: VoteState, seat: int, decision: Decision, chest: Holdings
) -> tuple[VoteState, Payment]:
    """Apply one voter's decision; returns the new state and what they paid (G13, G32).

    Refuses a finished vote (IllegalTransitionError), a voter out of turn (NotEligibleError),
    a spend below 1 or on the other side than their first spend (InvalidParameterError) and a
    spend the chest cannot cover even with Favor (UnaffordableError). Nothing changes then.
    """
    if is_finished(state):
        raise IllegalTransitionError(_("The vote is over."))
    expected = state.order[state.cursor]
    if seat != expected:
        if seat not in state.order:
            raise NotEligibleError(
                _("Seat %(seat)s may not take part in this vote.") % {"seat": seat}, seat=seat
            )
        raise NotEligibleError(
            _("It is seat %(expected)s's turn to vote, not seat %(seat)s's.")
            % {"expected": expected, "seat": seat},
            seat=seat,
        )
    if isinstance(decision, Withdraw):
        payment = pay(chest, {})
        withdrawn = state.withdrawn | {seat} if state.withdraw_final else state.withdrawn
        moved = replace(
            state,
            record=state.record + (Turn(seat, None, 0),),
            withdrawn=withdrawn,
            passes=state.passes + 1,
        )
        return _advance(moved), payment
    if not isinstance(decision, Spend) or not isinstance(decision.side, Side):
        raise InvalidParameterError(_("A voter either spends on a side or withdraws."))
    if isinstance(decision.amount, bool) or not isinstance(decision.amount, int):
        raise InvalidParameterError(_("A vote spend must be a whole number."))
    if decision.amount < 1:
        raise InvalidParameterError(
            _("A vote spend must be at least 1 (got %(amount)s); withdraw to spend nothing.")
            % {"amount": decision.amount}
        )
    first = state.side_of(seat)
    if state.side_locked and first is not None and first is not decision.side:
        raise InvalidParameterError(
            _("Seat %(seat)s already voted %(first)s; a voter keeps the side of their first spend.")
            % {"seat": seat, "first": first},
            side=str(first),
        )
    payment = pay(chest, {Resource.POW: decision.amount})
    moved = replace(
        state, record=state.record + (Turn(seat, decision.side, decision.amount),), passes=0
    )
    return _advance(moved), payment


def _advance(state: VoteState) -> VoteState:
    """Move the turn to the next voter in the cycle who has not withdrawn for good."""
    if is_finished(state):
        return state
    n = len(state.order)
    for step in range(1, n + 1):
        index = (state.cursor + step) % n
        if state.order[index] not in state.withdrawn:
            return replace(state, cursor=index)
    return state


def result(state: VoteState, tie_break_choice: Side | None = None) -> VoteResult:
    """The outcome (RULE §4.7): more for passes, more against rejects, the King breaks a tie.

    ``tie_break_choice`` is the King's decision and must be given exactly when the piles tie.
    """
    if not is_finished(state):
        raise IllegalTransitionError(_("The vote is still running."))
    yes, no = state.total(Side.FOR), state.total(Side.AGAINST)
    if yes != no:
        if tie_break_choice is not None:
            raise InvalidParameterError(_("The King only decides a tied vote."))
        return VoteResult(yes > no, yes, no, None)
    if tie_break_choice is None:
        raise InvalidParameterError(
            _("The vote is tied %(yes)s-%(no)s: the King (seat %(tie_breaker)s) must decide.")
            % {"yes": yes, "no": no, "tie_breaker": state.tie_breaker},
            tie_breaker=state.tie_breaker,
        )
    return VoteResult(tie_break_choice is Side.FOR, yes, no, state.tie_breaker)


@dataclass(frozen=True)
class LawRow:
    """The public law row (fila de lleis), the face-down law deck (top first) and the rejected
    laws' discard pile, as card ids (rules §1.7, §4.7)."""

    row: tuple[str, ...]
    deck: tuple[str, ...]
    rejected: tuple[str, ...] = ()


@dataclass(frozen=True)
class LawRowChange:
    """The law row after a law vote; ``enacted`` goes to the laws in force when set."""

    laws: LawRow
    enacted: str | None
    reshuffled: bool


def settle_law_vote(
    laws: LawRow, law: str, passed: bool, dice: Dice, ruleset: Ruleset
) -> LawRowChange:
    """After a law vote (RULE §4.7, G35): move the law, slide the row left, refill on the right.

    A passed law goes to the laws in force, a rejected one to the discard. The row slides left
    and new laws are drawn into the rightmost slots. When the deck is empty the rejected laws are
    reshuffled into a new deck; with none, the row shrinks.

    Choice made here: the row is refilled up to ``law_row_size`` (one card after a vote on a
    full row, as the rule says) so a row that shrank grows back once laws are rejected again;
    the law just rejected is already in the discard when it is reshuffled.
    """
    if law not in laws.row:
        raise InvalidParameterError(
            _("Law %(law)s is not in the law row.") % {"law": repr(law)}, law=law
        )
    row = list(laws.row)
    row.remove(law)
    deck = list(laws.deck)
    rejected = list(laws.rejected) if passed else [*laws.rejected, law]
    reshuffled = False
    while len(row) < ruleset.law_row_size:
        if not deck and rejected:
            with dice.purpose("law deck reshuffle"):
                deck = dice.shuffle(rejected)
            rejected, reshuffled = [], True
        if not deck:
            break
        row.append(deck.pop(0))
    return LawRowChange(
        LawRow(tuple(row), tuple(deck), tuple(rejected)), law if passed else None, reshuffled
    )
