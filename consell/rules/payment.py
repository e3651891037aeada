"""Paying costs from a chest (rules §4.1, §4.2, G13, G53).

Paying returns tokens from a player's chest (cofre) to the general reserve. Favor (favor reial)
is the wildcard: it stands in for any resource except Prestige, and only as the last resort, so
a player never spends Favor while they still hold the resource that was asked for.

Two ways to pay:

- ``pay``: a cost. All or nothing: if the chest cannot cover it even with Favor, nothing is paid
  and ``UnaffordableError`` says what is missing (the ability aborts, rules §4.2).
- ``pay_capped``: "as much as possible" (crisis contributions §4.10, vigilance G30): each asked
  resource is paid up to what the chest holds, and Favor covers the shortfall while it lasts.

Both return a ``Payment``: the chest afterwards and what went back to the reserve, Favor
included. Inputs are never changed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .errors import InvalidParameterError, InvalidStateError, UnaffordableError
from .i18n import Amounts, _, gettext_noop
from .resources import (
    RESOURCE_AMOUNTS,
    RESOURCES,
    Holdings,
    Resource,
    ResourceAmounts,
    holdings,
    resource_name,
)


@dataclass(frozen=True)
class Payment:
    """The result of a payment: the new chest and the tokens returned to the reserve."""

    holdings: Mapping[Resource, int]
    paid: Mapping[Resource, int]
    short: Mapping[Resource, int]  # what a capped payment could not cover; zeros for ``pay``

    @property
    def favor_used(self) -> int:
        return self.paid[Resource.FAV]

    @property
    def total(self) -> int:
        return sum(self.paid.values())


def describe(amounts: Holdings) -> Amounts:
    """``"3 Power, 1 Favor"`` in the current language: the non-zero entries in the order of
    ``Resource`` (``"nothing"`` when there are none), keeping the amounts to say them again."""
    kept = {str(r): int(amounts.get(r, 0)) for r in RESOURCES if amounts.get(r, 0)}
    out = Amounts(amounts_text(kept))
    out.amounts = kept
    return out


def amounts_text(amounts: Mapping[str, int]) -> str:
    """``{"POW": 2, "INT": 4}`` -> ``"2 Power, 4 Intrigue"`` (Catalan "2 de Poder, 4
    d'Intriga")."""
    parts = [_amount(r, n) for r, n in amounts.items() if n]
    return ", ".join(parts) if parts else _("nothing")


def _amount(code: str, amount: int) -> str:
    try:
        sentence = RESOURCE_AMOUNTS[Resource(str(code))]
    except ValueError:  # not a resource: said as it is written
        return _("%(amount)s %(resource)s") % {"amount": amount, "resource": resource_name(code)}
    return _(sentence) % {"amount": amount}


def checked_chest(chest: Holdings) -> dict[Resource, int]:
    """The chest as a full holdings dict; a negative holding breaks G53 and is refused."""
    full = holdings(chest)
    negative = [str(r) for r, v in full.items() if v < 0]
    if negative:
        raise InvalidStateError(
            _("A chest cannot hold a negative amount (%(negative)s).")
            % {"negative": ", ".join(negative)},
            resources=negative,
        )
    return full


def checked_chests(
    chests: Mapping[int, Holdings], seats: Iterable[int]
) -> dict[int, dict[Resource, int]]:
    """Copies of every chest (checked); each of ``seats`` must have one."""
    out = {seat: checked_chest(chest) for seat, chest in chests.items()}
    absent = [seat for seat in seats if seat not in out]
    if absent:
        raise InvalidStateError(
            _("No chest for seat(s) %(seats)s.") % {"seats": ", ".join(map(str, absent))},
            seats=absent,
        )
    return out


# What ``checked_amounts`` says, per kind of amount: one whole sentence per message, so that
# each reads naturally once translated (unknown resource, not a whole number, negative).
_AMOUNT_ERRORS = {
    "cost": (
        gettext_noop("The cost names an unknown resource %(key)s."),
        gettext_noop("The cost in %(key)s must be a whole number, not %(value)s."),
        gettext_noop("The cost in %(key)s cannot be negative (%(value)s)."),
    ),
    "requirement": (
        gettext_noop("The requirement names an unknown resource %(key)s."),
        gettext_noop("The requirement in %(key)s must be a whole number, not %(value)s."),
        gettext_noop("The requirement in %(key)s cannot be negative (%(value)s)."),
    ),
    "contribution": (
        gettext_noop("The contribution names an unknown resource %(key)s."),
        gettext_noop("The contribution in %(key)s must be a whole number, not %(value)s."),
        gettext_noop("The contribution in %(key)s cannot be negative (%(value)s)."),
    ),
    "commitment": (
        gettext_noop("The commitment names an unknown resource %(key)s."),
        gettext_noop("The commitment in %(key)s must be a whole number, not %(value)s."),
        gettext_noop("The commitment in %(key)s cannot be negative (%(value)s)."),
    ),
    "loss": (
        gettext_noop("The loss names an unknown resource %(key)s."),
        gettext_noop("The loss in %(key)s must be a whole number, not %(value)s."),
        gettext_noop("The loss in %(key)s cannot be negative (%(value)s)."),
    ),
    "amount": (
        gettext_noop("The amount names an unknown resource %(key)s."),
        gettext_noop("The amount in %(key)s must be a whole number, not %(value)s."),
        gettext_noop("The amount in %(key)s cannot be negative (%(value)s)."),
    ),
}


def checked_amounts(amounts: ResourceAmounts, what: str = "cost") -> dict[Resource, int]:
    """Amounts asked of a chest as a full holdings dict; unknown or negative amounts are refused."""
    full = {r: 0 for r in RESOURCES}
    for key, value in amounts.items():
        if str(key) not in Resource.__members__:
            raise InvalidParameterError(_(_AMOUNT_ERRORS[what][0]) % {"key": repr(key)})
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidParameterError(
                _(_AMOUNT_ERRORS[what][1]) % {"key": key, "value": repr(value)},
                resource=str(key),
            )
        if value < 0:
            raise InvalidParameterError(
                _(_AMOUNT_ERRORS[what][2]) % {"key": key, "value": value},
                resource=str(key),
            )
        full[Resource(str(key))] = value
    return full


def missing(chest: Holdings, cost: ResourceAmounts) -> dict[Resource, int]:
    """What ``chest`` lacks to pay ``cost`` even after spending all its Favor (zeros if none).

    Prestige shortfall is never covered (G13) and is reported under PRE; everything else that
    Favor could not cover is reported as one number under FAV.
    """
    have = checked_chest(chest)
    need = checked_amounts(cost)
    lacking = {r: 0 for r in RESOURCES}
    lacking[Resource.PRE] = max(0, need[Resource.PRE] - have[Resource.PRE])
    favor_needed = need[Resource.FAV] + sum(
        max(0, need[r] - have[r]) for r in RESOURCES if r not in (Resource.PRE, Resource.FAV)
    )
    lacking[Resource.FAV] = max(0, favor_needed - have[Resource.FAV])
    return lacking


def can_pay(chest: Holdings, cost: ResourceAmounts) -> bool:
    """Whether ``pay`` would succeed (rules §4.1)."""
    return not any(missing(chest, cost).values())


def pay(chest: Holdings, cost: ResourceAmounts) -> Payment:
    """Pay a cost in full, Favor last; or pay nothing and raise (rules §4.1, §4.2).

    "Favor is used only as a last resort." Favor never replaces Prestige (G13).
    """
    have = checked_chest(chest)
    need = checked_amounts(cost)
    lacking = missing(have, need)
    if any(lacking.values()):
        if lacking[Resource.PRE] and lacking[Resource.FAV]:
            message = _(
                "Cannot pay %(cost)s: %(prestige)s Prestige short (Favor never replaces Prestige); "
                "%(short)s short even after using all Favor."
            )
        elif lacking[Resource.PRE]:
            message = _(
                "Cannot pay %(cost)s: %(prestige)s Prestige short (Favor never replaces Prestige)."
            )
        else:
            message = _("Cannot pay %(cost)s: %(short)s short even after using all Favor.")
        raise UnaffordableError(
            message
            % {
                "cost": describe(need),
                "prestige": lacking[Resource.PRE],
                "short": lacking[Resource.FAV],
            },
            cost={str(r): v for r, v in need.items() if v},
            missing={str(r): v for r, v in lacking.items() if v},
        )
    paid = {r: min(need[r], have[r]) for r in RESOURCES}
    paid[Resource.FAV] = need[Resource.FAV] + sum(
        need[r] - paid[r] for r in RESOURCES if r is not Resource.FAV
    )
    after = {r: have[r] - paid[r] for r in RESOURCES}
    return Payment(holdings=after, paid=paid, short=holdings())


def pay_capped(chest: Holdings, wanted: ResourceAmounts) -> Payment:
    """Pay as much of ``wanted`` as the chest allows; Favor covers shortfalls last.

    Used where the rules say "as many resources as possible" (crisis contributions §4.10,
    vigilance G30). Amounts asked in Favor itself are paid from Favor first; whatever Favor is
    left then stands in for the other missing resources in ``Resource`` order (never Prestige).
    """
    have = checked_chest(chest)
    need = checked_amounts(wanted, "amount")
    paid = {r: min(need[r], have[r]) for r in RESOURCES}
    favor_left = have[Resource.FAV] - paid[Resource.FAV]
    short = {r: need[r] - paid[r] for r in RESOURCES}
    for r in RESOURCES:
        if r in (Resource.PRE, Resource.FAV) or not short[r] or not favor_left:
            continue
        cover = min(short[r], favor_left)
        favor_left -= cover
        short[r] -= cover
        paid[Resource.FAV] += cover
    after = {r: have[r] - paid[r] for r in RESOURCES}
    return Payment(holdings=after, paid=paid, short=short)


def funds(chest: Holdings, resource: Resource) -> int:
    """What a chest can spend as ``resource`` when Favor counts as it (G13): bids, pledges."""
    have = checked_chest(chest)
    if resource is Resource.PRE:
        return have[Resource.PRE]
    if resource is Resource.FAV:
        return have[Resource.FAV]
    return have[resource] + have[Resource.FAV]


def lose(chest: Holdings, amounts: ResourceAmounts) -> Payment:
    """Lose resources, each capped at what is held (G53: "lose X" with less loses all).

    Unlike a cost, a loss never dips into Favor for another resource.
    """
    have = checked_chest(chest)
    need = checked_amounts(amounts, "loss")
    paid = {r: min(need[r], have[r]) for r in RESOURCES}
    short = {r: need[r] - paid[r] for r in RESOURCES}
    return Payment(holdings={r: have[r] - paid[r] for r in RESOURCES}, paid=paid, short=short)
