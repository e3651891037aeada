"""Duels (duels): simultaneous hidden fists of resources (rules §4.8, G13, G38, G41).

"Cada jugador implicat al duel agafa al seu puny tants recursos dels tipus admesos com vulgui."
Each participant secretly commits any number of tokens of the admitted types; Favor counts as any
admitted type (G13) but never as Prestige. All fists are revealed at once; the single highest
total wins and everyone else loses. "Si es produeix un empat, el duel finalitza sense efectes",
unless the calling rule says otherwise, which is the ``tie`` policy here:

- ``NO_EFFECT``: the tie ends the duel without a winner (the general rule);
- ``KeepIncumbent(seat)``: the incumbent wins every tie. Succession: "en cas d'empat, l'antic Rei
  conserva la seva posició"; expulsion: "en cas d'empat, se la queda el jugador expulsat". Read
  literally, this holds even when the incumbent is not among the tied top scores;
- ``EarliestInTurnOrder(order)``: the tied top scorer earliest in turn order wins (G41, when the
  old King cannot keep the throne).

Everything committed goes back to the reserve, for winners, losers and ties alike.
Choice made here: a participant who gave no fist committed nothing (G38: "each may commit 0").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .errors import InvalidParameterError, NotEligibleError, UnaffordableError
from .i18n import _
from .payment import Payment, checked_amounts, checked_chest, describe
from .resources import RESOURCES, Holdings, Resource, holdings
from .ruleset import Ruleset


@dataclass(frozen=True)
class NoEffect:
    """A tie ends the duel without a winner (RULE §4.8)."""


@dataclass(frozen=True)
class KeepIncumbent:
    """A tie goes to the incumbent (succession with the old King, expulsion)."""

    seat: int


@dataclass(frozen=True)
class EarliestInTurnOrder:
    """A tie goes to the tied top scorer earliest in turn order (G41)."""

    turn_order: tuple[int, ...]


TiePolicy = NoEffect | KeepIncumbent | EarliestInTurnOrder
NO_EFFECT = NoEffect()


@dataclass(frozen=True)
class DuelResult:
    """The revealed fists, their scores, the winner (None: no effect) and what each paid."""

    admitted: tuple[Resource, ...]
    commitments: Mapping[int, Mapping[Resource, int]]
    scores: Mapping[int, int]
    winner: int | None
    tied: tuple[int, ...]  # the top scorers when more than one reached the highest score
    payments: Mapping[int, Payment]


def allowed_types(admitted: Sequence[Resource]) -> frozenset[Resource]:
    """The admitted types plus Favor, which stands in for any of them except Prestige (G13)."""
    allowed = set(admitted)
    if any(r is not Resource.PRE for r in admitted):
        allowed.add(Resource.FAV)
    return frozenset(allowed)


def check_fist(
    seat: int, admitted: Sequence[Resource], fist: Mapping[Resource, int], chest: Holdings
) -> Payment:
    """Validate one hidden commitment against the rules and the chest; return its payment."""
    amounts = checked_amounts(fist, "commitment")
    have = checked_chest(chest)
    allowed = allowed_types(admitted)
    wrong = [str(r) for r in RESOURCES if amounts[r] and r not in allowed]
    if wrong:
        raise InvalidParameterError(
            _("This duel admits only %(allowed)s; not %(wrong)s.")
            % {"allowed": ", ".join(sorted(allowed)), "wrong": ", ".join(wrong)},
            seat=seat,
            resources=wrong,
        )
    over = {r: amounts[r] - have[r] for r in RESOURCES if amounts[r] > have[r]}
    if over:
        raise UnaffordableError(
            _("Seat %(seat)s cannot commit %(amounts)s: short of %(over)s.")
            % {"seat": seat, "amounts": describe(amounts), "over": describe(over)},
            seat=seat,
        )
    after = {r: have[r] - amounts[r] for r in RESOURCES}
    return Payment(holdings=after, paid=amounts, short=holdings())


def resolve_duel(
    participants: Sequence[int],
    admitted: Sequence[Resource],
    fists: Mapping[int, Mapping[Resource, int]],
    chests: Mapping[int, Holdings],
    tie: TiePolicy = NO_EFFECT,
) -> DuelResult:
    """Reveal all fists at once and decide the duel (RULE §4.8)."""
    if len(participants) < 2 or len(set(participants)) != len(participants):
        raise InvalidParameterError(_("A duel needs two or more different participants."))
    if not admitted:
        raise InvalidParameterError(_("A duel must admit at least one resource type."))
    strangers = sorted(set(fists) - set(participants))
    if strangers:
        raise NotEligibleError(
            _("Seats %(strangers)s are not in this duel.") % {"strangers": strangers},
            seats=strangers,
        )
    if isinstance(tie, KeepIncumbent) and tie.seat not in participants:
        raise InvalidParameterError(
            _("The incumbent, seat %(seat)s, is not in the duel.") % {"seat": tie.seat}
        )
    if isinstance(tie, EarliestInTurnOrder) and not set(participants) <= set(tie.turn_order):
        raise InvalidParameterError(_("Every participant must be in the turn order."))

    payments = {
        seat: check_fist(seat, admitted, fists.get(seat, {}), chests.get(seat, {}))
        for seat in participants
    }
    scores = {seat: p.total for seat, p in payments.items()}
    best = max(scores.values())
    top = tuple(seat for seat in participants if scores[seat] == best)
    if len(top) == 1:
        winner: int | None = top[0]
    elif isinstance(tie, KeepIncumbent):
        winner = tie.seat
    elif isinstance(tie, EarliestInTurnOrder):
        winner = min(top, key=tie.turn_order.index)
    else:
        winner = None
    return DuelResult(
        admitted=tuple(admitted),
        commitments={seat: p.paid for seat, p in payments.items()},
        scores=scores,
        winner=winner,
        tied=top if len(top) > 1 else (),
        payments=payments,
    )


def succession_duel(
    members: Sequence[int],
    old_king: int | None,
    turn_order: Sequence[int],
    fists: Mapping[int, Mapping[Resource, int]],
    chests: Mapping[int, Holdings],
    ruleset: Ruleset,
) -> DuelResult:
    """Succession struggle (lluita per la successió, §4.12, G38, G41) in ``succession_duel`` types.

    ``members`` are the contenders; ``old_king`` is the old King (their heir, after an execution)
    when they take part, else None, and a tie then goes to the earliest in turn order (G41).
    A single contender becomes King without a duel (G41).
    """
    if not members:
        raise InvalidParameterError(_("A succession needs at least one member."))
    if len(members) == 1:
        return _walkover(members[0], ruleset.succession_duel, chests)
    tie: TiePolicy = (
        KeepIncumbent(old_king) if old_king is not None else EarliestInTurnOrder(tuple(turn_order))
    )
    return resolve_duel(members, ruleset.succession_duel, fists, chests, tie)


def expulsion_asset_duel(
    expelled: int,
    members: Sequence[int],
    fists: Mapping[int, Mapping[Resource, int]],
    chests: Mapping[int, Holdings],
    ruleset: Ruleset,
) -> DuelResult:
    """Duel for one asset of an expelled player (§4.12, G38): the expelled player against all the
    remaining members at once in ``expulsion_duel`` types; a tie leaves it with the expelled player.
    With no member left the asset simply stays with them."""
    others = [m for m in members if m != expelled]
    if not others:
        return _walkover(expelled, ruleset.expulsion_duel, chests)
    participants = [expelled, *others]
    return resolve_duel(
        participants, ruleset.expulsion_duel, fists, chests, KeepIncumbent(expelled)
    )


def _walkover(
    seat: int, admitted: Sequence[Resource], chests: Mapping[int, Holdings]
) -> DuelResult:
    """No duel is fought: the only contender wins and pays nothing."""
    nothing = check_fist(seat, admitted, {}, chests.get(seat, {}))
    return DuelResult(
        admitted=tuple(admitted),
        commitments={seat: nothing.paid},
        scores={seat: 0},
        winner=seat,
        tied=(),
        payments={seat: nothing},
    )
