"""Resolving a crisis (Resolució de crisis; rules §4.10, G13, G36).

Members declare their contribution during Planning (an indication) and pay it here, in turn
order, "as many resources as possible": each declared amount is capped to what the member holds
now, and Favor stands in for any accepted type. Every member's total is announced. The
threshold is the card's formula evaluated now (members and Peril at resolution). On success the
top contributor(s) receive the reward (ties all receive it in full; 0 is never top); on failure
the penalty applies. The pool goes back to the reserve whatever happens.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from . import formula
from .errors import NotEligibleError
from .i18n import _
from .payment import Payment, checked_amounts, checked_chests, pay_capped
from .resources import RESOURCES, Holdings, Resource, ResourceAmounts, holdings


@dataclass(frozen=True)
class Contribution:
    """One member's contribution: what they declared, what they paid, what was refused."""

    seat: int
    declared: Mapping[Resource, int]
    payment: Payment
    refused: Mapping[Resource, int]  # declared in a type the crisis does not accept

    @property
    def total(self) -> int:
        """The public number announced for this member."""
        return self.payment.total


@dataclass(frozen=True)
class CrisisResult:
    """Everything the crisis resolution decided; totals per member are public."""

    contributions: tuple[Contribution, ...]  # in turn order
    pool: Mapping[Resource, int]  # returned to the reserve
    threshold: int
    success: bool
    top_contributors: tuple[int, ...]  # highest total >= 1; they get the reward on success
    chests: Mapping[int, Mapping[Resource, int]]

    @property
    def rewarded(self) -> tuple[int, ...]:
        return self.top_contributors if self.success else ()

    @property
    def contributors(self) -> tuple[int, ...]:
        return tuple(c.seat for c in self.contributions if c.total)

    @property
    def non_contributors(self) -> tuple[int, ...]:
        return tuple(c.seat for c in self.contributions if not c.total)


def resolve_crisis(
    accepts: Collection[Resource],
    threshold: str | int,
    members: Sequence[int],
    declared: Mapping[int, ResourceAmounts],
    chests: Mapping[int, Holdings],
    env: Mapping[str, int],
    *,
    threshold_delta: int = 0,
    also_by_seat: Mapping[int, Collection[Resource]] | None = None,
) -> CrisisResult:
    """Collect contributions, compare the pool with the threshold, find the top contributors.

    ``members`` are the crisis kingdom's members in turn order (for the kingdomless group, the
    group); ``declared`` maps seats to their contribution indication; ``env`` holds the formula
    variables at resolution (``peril``, ``n``, ``turn``...); ``m`` is set to the member count
    here (G36). Favor may be declared directly or stands in for a missing accepted type (G13).
    Declared amounts in other types are not paid and are reported as ``refused`` (§4.10
    "limited to accepted types"). ``threshold_delta`` is what lasting rules add to the
    requirement (Una guerra llunyana: "demanen 2 més"); it never falls below 0.
    ``also_by_seat`` are the resources one member alone may give besides (Reforma de
    l'exèrcit: "el Mariscal pot contribuir ... amb Diners").
    """
    outsiders = [seat for seat in declared if seat not in members]
    if outsiders:
        raise NotEligibleError(
            _("Only members of the crisis's kingdom may contribute (G36)."), seats=outsiders
        )
    requirement = checked_amounts(dict.fromkeys(accepts, 1), "requirement")
    accepted = {r for r, v in requirement.items() if v}
    if accepted - {Resource.PRE}:
        accepted.add(Resource.FAV)
    target = max(0, formula.evaluate(threshold, {**env, "m": len(members)}) + threshold_delta)
    new_chests = checked_chests(chests, members)
    pool = holdings()
    contributions = []
    for seat in members:
        wants = checked_amounts(declared.get(seat, {}), "contribution")
        mine = accepted | set((also_by_seat or {}).get(seat, ()))
        usable = {r: (v if r in mine else 0) for r, v in wants.items()}
        refused = {r: wants[r] - usable[r] for r in RESOURCES}
        payment = pay_capped(new_chests[seat], usable)
        new_chests[seat] = dict(payment.holdings)
        pool = {r: pool[r] + payment.paid[r] for r in RESOURCES}
        contributions.append(Contribution(seat, wants, payment, refused))
    best = max((c.total for c in contributions), default=0)
    top = tuple(c.seat for c in contributions if best and c.total == best)
    return CrisisResult(
        contributions=tuple(contributions),
        pool=pool,
        threshold=target,
        success=sum(pool.values()) >= target,
        top_contributors=top,
        chests=new_chests,
    )
