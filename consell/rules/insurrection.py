"""Insurrection (Insurrecció) and crushing the rebellion (rules §4.5, G31, G57).

When an indicator would drop below 1 it stays at 1 and the kingdom rolls 3d6 against T, the
number of its indicators at 1: every die above T is a success, and successes favour the
kingdom. Before the effects apply, the members may pay together to reroll one die at a time
(Esclafar la rebel·lió); the King picks the die. The ruleset's ``insurrection_table`` names the
outcome for each number of successes; this module says what each named outcome does, as data
(``InsurrectionOutcome``) the caller applies and records.

The steps are separate functions because players decide between them: ``roll_insurrection``,
then any number of ``reroll_die`` (each with its pledges), then ``insurrection_outcome``; losses
"of their choice" are settled with ``lose_chosen``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .dice import Dice
from .errors import InvalidParameterError, InvalidStateError, NotEligibleError, UnaffordableError
from .i18n import _
from .indicators import Indicators, checked_indicators, highest_above_minimum
from .payment import Payment, checked_amounts, checked_chests, describe, lose, pay
from .resources import (
    LINKED_RESOURCE,
    Holdings,
    Indicator,
    Resource,
    ResourceAmounts,
    resource_name,
)
from .ruleset import Ruleset

# What each named outcome does (rules §4.5 table, G57): Prestige the King loses, what each
# member loses, whether the highest indicator above 1 drops, and whether the King is deposed.
KING_PRESTIGE_LOSS = {"crushed": 0, "unrest": 1, "uprising": 2, "revolution": 3}
SOLE_KING_EXTRA_LOSS = 2  # a deposed King who is the only member loses this much more instead


@dataclass(frozen=True)
class InsurrectionRoll:
    """The dice of one insurrection: ``target`` is T; a die above T is a success."""

    target: int
    dice: tuple[int, ...]
    rerolls: int = 0

    @property
    def successes(self) -> int:
        return sum(1 for d in self.dice if d > self.target)


@dataclass(frozen=True)
class Pledge:
    """A member's share of one collective reroll, in the reroll resource (Favor may stand in)."""

    seat: int
    amount: int


@dataclass(frozen=True)
class Reroll:
    """One paid reroll: which die, its old and new value, who paid what, and the new chests."""

    roll: InsurrectionRoll
    die: int
    old: int
    new: int
    payments: Mapping[int, Payment]
    chests: Mapping[int, Mapping[Resource, int]]


@dataclass(frozen=True)
class ChosenLoss:
    """A player must choose ``count`` resources to lose (never Prestige), already capped."""

    seat: int
    count: int


@dataclass(frozen=True)
class InsurrectionOutcome:
    """The effects of an insurrection, for the caller to apply (rules §4.5 table).

    ``losses`` are fixed losses already capped to holdings (the King's Prestige, Unrest's
    linked resource); ``choices`` are losses the player picks (settle with ``lose_chosen``);
    ``indicators`` are the kingdom's indicators after the Uprising drop (no friction, no chain);
    ``deposed`` asks the caller to run a Succession struggle without the King (§4.12).
    """

    name: str
    successes: int
    trigger: Indicator
    king: int
    losses: Mapping[int, Mapping[Resource, int]]
    choices: tuple[ChosenLoss, ...]
    dropped: Indicator | None
    indicators: Mapping[Indicator, int]
    deposed: bool


def insurrection_target(indicators: Indicators, ruleset: Ruleset) -> int:
    """T, the number of the kingdom's indicators at the minimum (at least 1 in an insurrection)."""
    values = checked_indicators(indicators, ruleset)
    target = sum(1 for v in values.values() if v == ruleset.indicator_min)
    if target < 1:
        raise InvalidStateError(
            _("An insurrection needs an indicator at its minimum; none is."), indicators=target
        )
    return target


def roll_insurrection(indicators: Indicators, dice: Dice, ruleset: Ruleset) -> InsurrectionRoll:
    """Roll the insurrection dice against T (rules §4.5)."""
    target = insurrection_target(indicators, ruleset)
    with dice.purpose("insurrection"):
        rolled = tuple(dice.d6() for _ in range(ruleset.insurrection_dice))
    return InsurrectionRoll(target=target, dice=rolled)


def reroll_die(
    roll: InsurrectionRoll,
    die: int,
    pledges: Sequence[Pledge],
    chests: Mapping[int, Holdings],
    members: Sequence[int],
    dice: Dice,
    ruleset: Ruleset,
) -> Reroll:
    """Pay one collective reroll and roll the die the King picked again (rules §4.5, G31).

    "Members collectively pay 3 [Force] ... reroll ONE die (any die, including one already
    rerolled)." ``members`` are the kingdom's members in turn order; pledges must follow that
    order, come from members only (each at most once) and add up to the reroll cost. Each pledge
    is paid in the reroll resource with Favor last; if any pledge cannot be paid, nobody pays.
    """
    _check_pledges(roll, die, pledges, members, ruleset)
    payments, new_chests = _pay_pledges(pledges, chests, ruleset.insurrection_reroll_resource)
    with dice.purpose("insurrection reroll"):
        value = dice.d6()
    rolled = list(roll.dice)
    old, rolled[die] = rolled[die], value
    return Reroll(
        roll=InsurrectionRoll(roll.target, tuple(rolled), roll.rerolls + 1),
        die=die,
        old=old,
        new=value,
        payments=payments,
        chests=new_chests,
    )


def _check_pledges(
    roll: InsurrectionRoll,
    die: int,
    pledges: Sequence[Pledge],
    members: Sequence[int],
    ruleset: Ruleset,
) -> None:
    """Refuse a reroll of no die, or pledges that are not the members' own, once each, in turn
    order, whole and adding up to the reroll cost (rules §4.5, G31)."""
    if not 0 <= die < len(roll.dice):
        raise InvalidParameterError(
            _("There is no die %(die)s; the insurrection has %(count)s dice.")
            % {"die": die + 1, "count": len(roll.dice)},
            die=die,
        )
    position = {seat: i for i, seat in enumerate(members)}
    seats = [p.seat for p in pledges]
    outsiders = [s for s in seats if s not in position]
    if outsiders:
        raise NotEligibleError(
            _("Only members of the kingdom may pay to crush the rebellion."), seats=outsiders
        )
    if len(set(seats)) != len(seats):
        raise InvalidParameterError(_("A member may pledge only once per reroll."), seats=seats)
    if [position[s] for s in seats] != sorted(position[s] for s in seats):
        raise InvalidParameterError(_("Pledges are collected in turn order."), seats=seats)
    for p in pledges:
        if isinstance(p.amount, bool) or not isinstance(p.amount, int) or p.amount < 1:
            raise InvalidParameterError(
                _("A pledge must be a whole number of at least 1, not %(amount)s.")
                % {"amount": repr(p.amount)},
                seat=p.seat,
            )
    cost = ruleset.insurrection_reroll_cost
    resource = ruleset.insurrection_reroll_resource
    pledged = sum(p.amount for p in pledges)
    if pledged != cost:
        raise InvalidParameterError(
            _("A reroll costs %(cost)s %(resource)s; the pledges add up to %(pledged)s.")
            % {"cost": cost, "resource": resource_name(resource), "pledged": pledged},
            cost=cost,
            pledged=pledged,
        )


def _pay_pledges(
    pledges: Sequence[Pledge], chests: Mapping[int, Holdings], resource: Resource
) -> tuple[dict[int, Payment], dict[int, dict[Resource, int]]]:
    """Each pledge paid in ``resource``, Favor last; if one cannot be paid, nobody pays (G31)."""
    new_chests = checked_chests(chests, [p.seat for p in pledges])
    payments: dict[int, Payment] = {}
    for p in pledges:
        try:
            payments[p.seat] = pay(new_chests[p.seat], {resource: p.amount})
        except UnaffordableError as exc:
            raise UnaffordableError(
                _(
                    "Seat %(seat)s cannot pay their pledge of %(amount)s %(resource)s; "
                    "nobody pays and the die is not rerolled."
                )
                % {"seat": p.seat, "amount": p.amount, "resource": resource_name(resource)},
                seat=p.seat,
                cost=exc.details.get("cost"),
                missing=exc.details.get("missing"),
            ) from exc
        new_chests[p.seat] = dict(payments[p.seat].holdings)
    return payments, new_chests


def insurrection_outcome(
    roll: InsurrectionRoll,
    trigger: Indicator,
    indicators: Indicators,
    king: int,
    members: Sequence[int],
    chests: Mapping[int, Holdings],
    ruleset: Ruleset,
    *,
    king_choice: Indicator | None = None,
) -> InsurrectionOutcome:
    """The effects of the final dice (rules §4.5 table, G57).

    - crushed: no further effect.
    - unrest: the King loses 1 PRE; each member loses 1 of the trigger's linked resource.
    - uprising: the King loses 2 PRE; each member loses 2 resources of their choice (not PRE);
      the highest indicator above 1 drops by 1 (``king_choice`` picks among tied ones).
    - revolution: the King loses 3 PRE and is deposed; if he is the only member he instead
      loses 2 more PRE and stays King. Each other member loses 1 resource of their choice.

    The King counts as a member for the members' losses, except in a revolution ("each other
    member"). Every loss is capped to holdings (G53).
    """
    table = ruleset.insurrection_table
    if roll.successes >= len(table):
        raise InvalidStateError(
            _("The insurrection table has no row for %(successes)s successes.")
            % {"successes": roll.successes},
            successes=roll.successes,
        )
    name = table[roll.successes]
    if king not in members:
        raise InvalidStateError(
            _("The King (seat %(king)s) is not a member.") % {"king": king}, seat=king
        )
    have = checked_chests(chests, members)
    values = checked_indicators(indicators, ruleset)
    dropped = None
    if name == "uprising":
        dropped = _uprising_drop(values, ruleset, king_choice)
        if dropped is not None:
            values[dropped] -= 1
    return InsurrectionOutcome(
        name=name,
        successes=roll.successes,
        trigger=trigger,
        king=king,
        losses=_fixed_losses(name, trigger, king, members, have),
        choices=tuple(_chosen_losses(name, king, members, have)),
        dropped=dropped,
        indicators=values,
        deposed=name == "revolution" and len(members) > 1,
    )


def _fixed_losses(
    name: str, trigger: Indicator, king: int, members: Sequence[int], have: Mapping[int, Holdings]
) -> dict[int, dict[Resource, int]]:
    """The King's Prestige (2 more for a sole King's revolution) and Unrest's 1 linked resource
    from every member, capped to holdings (rules §4.5 table, G53); only seats that lose any."""
    king_loss = KING_PRESTIGE_LOSS[name]
    if name == "revolution" and len(members) == 1:
        king_loss += SOLE_KING_EXTRA_LOSS
    wanted: dict[int, dict[Resource, int]] = {seat: {} for seat in members}
    wanted[king][Resource.PRE] = king_loss
    if name == "unrest":
        for seat in members:
            wanted[seat][LINKED_RESOURCE[trigger]] = 1
    lost = {seat: dict(lose(have[seat], wanted[seat]).paid) for seat in members}
    return {seat: paid for seat, paid in lost.items() if any(paid.values())}


def _chosen_losses(
    name: str, king: int, members: Sequence[int], have: Mapping[int, Holdings]
) -> list[ChosenLoss]:
    """Uprising: every member picks 2 resources to lose; revolution: each other member picks 1.
    Never Prestige, and never more than is held (rules §4.5 table, G53)."""
    if name not in ("uprising", "revolution"):
        return []
    count = 2 if name == "uprising" else 1
    losers = members if name == "uprising" else [s for s in members if s != king]
    choices: list[ChosenLoss] = []
    for seat in losers:
        held = sum(v for r, v in have[seat].items() if r is not Resource.PRE)
        if min(count, held):
            choices.append(ChosenLoss(seat, min(count, held)))
    return choices


def _uprising_drop(
    values: Mapping[Indicator, int], ruleset: Ruleset, king_choice: Indicator | None
) -> Indicator | None:
    """The indicator an Uprising lowers: the highest above 1, the King choosing among ties."""
    candidates = highest_above_minimum(values, ruleset)
    if not candidates:
        return None
    if len(candidates) == 1 and king_choice in (None, candidates[0]):
        return candidates[0]
    if king_choice not in candidates:
        names = ", ".join(str(c) for c in candidates)
        raise InvalidParameterError(
            _("The King must choose which indicator drops: one of %(names)s.") % {"names": names},
            choices=[str(c) for c in candidates],
        )
    return king_choice


def lose_chosen(chest: Holdings, choice: ResourceAmounts, count: int) -> Payment:
    """Apply a loss "of their choice" (rules §4.5): exactly ``count`` tokens, never Prestige."""
    picked = checked_amounts(choice, "loss")
    if picked[Resource.PRE]:
        raise InvalidParameterError(_("Prestige cannot be chosen for this loss."))
    chosen = sum(picked.values())
    if chosen != count:
        raise InvalidParameterError(
            _("Choose exactly %(count)s resources to lose; %(picked)s is %(chosen)s.")
            % {"count": count, "picked": describe(picked), "chosen": chosen},
            count=count,
            chosen=chosen,
        )
    result = lose(chest, picked)
    if any(result.short.values()):
        raise InvalidParameterError(
            _("The chest does not hold %(short)s more to lose.")
            % {"short": describe(result.short)},
            short={str(r): v for r, v in result.short.items() if v},
        )
    return result
