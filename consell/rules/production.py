"""Production and distribution (Fase de producció; rules §4.11, G15, G25, G26, G50).

Each kingdom produces every resource but Prestige: P(m, v) of the linked indicator's value,
Intrigue inversely to Stability, and Favor F(m, lowest indicator). For each resource the holder
of the responsible office, or the King if it is vacant, takes the lot and hands it out:

- any resource but Favor: they may first keep 1 ("privilege of handling the coffers"), then
  split the rest evenly among all members, themselves included; they choose who gets the
  R mod m leftover units, one each;
- Favor: the King hands it out freely among the other members, never to himself; with nobody
  to receive it, it is lost (G15).

``plan_production`` says how much and who distributes; ``split_resource`` and
``hand_out_favor`` validate the distributor's decision; ``apply_distribution`` puts the result
into the chests. Everything here is public (G50). Kingdomless players take
``kingdomless_income`` instead.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .errors import InvalidParameterError, InvalidStateError, NotEligibleError
from .i18n import _
from .indicators import Indicators, checked_indicators, lowest_value
from .payment import checked_chests
from .resources import (
    LINKED_RESOURCE,
    PRODUCED,
    RESOURCES,
    Holdings,
    Indicator,
    Resource,
    resource_name,
)
from .ruleset import Ruleset

# Order in which a kingdom's production is handed out (§4.11 DEFAULT): POW MON INT FOR FAI FAV.
PRODUCTION_ORDER: tuple[Resource, ...] = (*PRODUCED, Resource.FAV)


@dataclass(frozen=True)
class Allotment:
    """One resource a kingdom produced: how much, and who distributes it."""

    resource: Resource
    amount: int
    office: str  # the responsible office (rules §1.4)
    distributor: int  # its holder's seat, or the King's when it is vacant
    vacant: bool


@dataclass(frozen=True)
class Distribution:
    """What a distributor decided: ``kept`` units for themselves and each member's share."""

    resource: Resource
    distributor: int
    kept: int
    shares: Mapping[int, int]
    lost: int  # Favor nobody could receive (G15)

    def received(self) -> dict[int, int]:
        """Units each seat ends up with, the kept privilege included."""
        out = dict(self.shares)
        if self.kept:
            out[self.distributor] = out.get(self.distributor, 0) + self.kept
        return out


def produced_amount(
    resource: Resource, indicators: Indicators, members: int, ruleset: Ruleset
) -> int:
    """How much of ``resource`` a kingdom of ``members`` produces (rules §4.11, G25, G26)."""
    values = checked_indicators(indicators, ruleset)
    if resource is Resource.FAV:
        return ruleset.favor_production(members, lowest_value(values))
    if resource is Resource.INT:
        inverse = ruleset.indicator_min + ruleset.indicator_max - values[Indicator.STABILITY]
        return ruleset.production(members, inverse)
    for indicator, linked in LINKED_RESOURCE.items():
        if linked is resource:
            return ruleset.production(members, values[indicator])
    raise InvalidParameterError(
        _("Kingdoms do not produce %(resource)s.") % {"resource": resource_name(resource)},
        resource=str(resource),
    )


def plan_production(
    indicators: Indicators,
    members: Sequence[int],
    king: int,
    offices: Mapping[str, int | None],
    ruleset: Ruleset,
) -> tuple[Allotment, ...]:
    """Amount and distributor of each produced resource, in ``PRODUCTION_ORDER``.

    ``offices`` maps office ids to their holder's seat (None or absent: vacant). "If that
    office is vacant, the King does" the distributing.
    """
    if king not in members:
        raise InvalidStateError(
            _("The King (seat %(king)s) is not a member.") % {"king": king}, seat=king
        )
    plan = []
    for resource in PRODUCTION_ORDER:
        office = ruleset.office_for_resource.get(resource, "")
        holder = offices.get(office)
        if holder is not None and holder not in members:
            raise InvalidStateError(
                _("Office %(office)s is held by seat %(holder)s, who is not a member.")
                % {"office": repr(office), "holder": holder},
                office=office,
            )
        plan.append(
            Allotment(
                resource=resource,
                amount=produced_amount(resource, indicators, len(members), ruleset),
                office=office,
                distributor=king if holder is None else holder,
                vacant=holder is None,
            )
        )
    return tuple(plan)


def split_resource(
    allotment: Allotment,
    members: Sequence[int],
    ruleset: Ruleset,
    *,
    keep: int,
    extra: Collection[int] = (),
    keep_limit: int | None = None,
) -> Distribution:
    """Validate a distributor's split of a resource other than Favor (rules §4.11).

    ``keep`` is the privilege (0 up to ``keep_limit``, by default the ruleset's
    ``distributor_keep``, as lasting rules may change it; never more than produced); the
    remaining R units give each member floor(R/m), and ``extra`` names exactly R mod m distinct
    members who get one more ("the distributor decides which members get one fewer").
    """
    if allotment.resource is Resource.FAV:
        raise InvalidParameterError(_("Favor is handed out freely by the King, not split."))
    if allotment.distributor not in members:
        raise InvalidStateError(_("The distributor is not a member."), seat=allotment.distributor)
    allowed = ruleset.distributor_keep if keep_limit is None else keep_limit
    limit = min(allowed, allotment.amount)
    if isinstance(keep, bool) or not isinstance(keep, int) or not 0 <= keep <= limit:
        raise InvalidParameterError(
            _("The distributor may keep between 0 and %(limit)s %(resource)s, not %(keep)s.")
            % {"limit": limit, "resource": resource_name(allotment.resource), "keep": repr(keep)},
            keep=keep,
            limit=limit,
        )
    rest = allotment.amount - keep
    each, leftover = divmod(rest, len(members))
    chosen = list(extra)
    strangers = [s for s in chosen if s not in members]
    if strangers:
        raise NotEligibleError(
            _("Leftover units can only go to members of the kingdom."), seats=strangers
        )
    if len(set(chosen)) != len(chosen):
        raise InvalidParameterError(_("A member can receive at most one leftover unit."))
    if len(chosen) != leftover:
        raise InvalidParameterError(
            _(
                "%(rest)s %(resource)s among %(members)s members leaves %(leftover)s leftover "
                "unit(s); %(chosen)s member(s) were chosen to receive one."
            )
            % {
                "rest": rest,
                "resource": resource_name(allotment.resource),
                "members": len(members),
                "leftover": leftover,
                "chosen": len(chosen),
            },
            leftover=leftover,
            chosen=len(chosen),
        )
    shares = {seat: each + (1 if seat in chosen else 0) for seat in members}
    return Distribution(allotment.resource, allotment.distributor, keep, shares, lost=0)


def hand_out_favor(
    allotment: Allotment, members: Sequence[int], king: int, gifts: Mapping[int, int]
) -> Distribution:
    """Validate the King's Favor gifts (rules §4.11, G15).

    "The King hands it out freely among the members other than the King, with no fairness
    required." Every unit must be given; with no other member the Favor is lost.
    """
    if allotment.resource is not Resource.FAV:
        raise InvalidParameterError(
            _("%(resource)s is split evenly, not handed out.")
            % {"resource": resource_name(allotment.resource)}
        )
    receivers = [s for s in members if s != king]
    if king in gifts and gifts[king]:
        raise NotEligibleError(_("The King cannot give Favor to himself."), seat=king)
    strangers = [s for s in gifts if s not in receivers and s != king]
    if strangers:
        raise NotEligibleError(_("Favor can only go to members of the kingdom."), seats=strangers)
    for seat, amount in gifts.items():
        if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
            raise InvalidParameterError(
                _("A Favor gift must be a whole number of at least 0, not %(amount)s.")
                % {"amount": repr(amount)},
                seat=seat,
            )
    if not receivers:
        if any(gifts.values()):
            raise NotEligibleError(_("The King is alone: there is nobody to give Favor to."))
        return Distribution(Resource.FAV, allotment.distributor, 0, {}, lost=allotment.amount)
    given = sum(gifts.values())
    if given != allotment.amount:
        raise InvalidParameterError(
            _("The King must hand out all %(amount)s Favor; the gifts add up to %(given)s.")
            % {"amount": allotment.amount, "given": given},
            amount=allotment.amount,
            given=given,
        )
    shares = {seat: gifts.get(seat, 0) for seat in receivers}
    return Distribution(Resource.FAV, allotment.distributor, 0, shares, lost=0)


def apply_distribution(
    chests: Mapping[int, Holdings], distribution: Distribution
) -> dict[int, dict[Resource, int]]:
    """New chests with the distribution received from the reserve."""
    received = distribution.received()
    out = checked_chests(chests, received)
    for seat, amount in received.items():
        out[seat][distribution.resource] += amount
    return out


def kingdomless_income(choice: Collection[Resource | str], ruleset: Ruleset) -> dict[Resource, int]:
    """The income of a kingdomless player (rules §4.11): one each of distinct chosen types.

    "Each gains 3 resources of their choice from {MON, POW, FOR, FAI, INT}, all of different
    types."
    """
    picked = list(choice)
    wanted = ruleset.kingdomless_income
    allowed = {str(r) for r in PRODUCED}
    wrong = [str(r) for r in picked if str(r) not in allowed]
    if wrong:
        raise InvalidParameterError(
            _("A kingdomless player chooses among %(choices)s; not %(wrong)s.")
            % {"choices": ", ".join(map(str, PRODUCED)), "wrong": ", ".join(wrong)},
            resources=wrong,
        )
    if len({str(r) for r in picked}) != len(picked) or len(picked) != wanted:
        raise InvalidParameterError(
            _("Choose %(wanted)s resources, all of different types.") % {"wanted": wanted},
            chosen=[str(r) for r in picked],
        )
    return {r: (1 if str(r) in {str(p) for p in picked} else 0) for r in RESOURCES}
