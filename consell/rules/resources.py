"""Resources and kingdom indicators (rules §1.5, §1.6).

Holdings are plain ``Mapping[Resource, int]`` values. The helpers here always return a new
dict with all seven resources as keys, so callers never have to guess whether a key is there.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from .errors import InvalidStateError
from .i18n import _, gettext_noop


class Resource(StrEnum):
    """The seven resource types (recursos). Favor (favor reial) is the wildcard."""

    PRE = "PRE"  # Prestigi: victory points
    POW = "POW"  # Poder
    MON = "MON"  # Diners
    INT = "INT"  # Intriga
    FOR = "FOR"  # Força
    FAI = "FAI"  # Fe
    FAV = "FAV"  # Favor


class Indicator(StrEnum):
    """The four kingdom indicators (indicadors del regne), each 1..5."""

    STABILITY = "stability"  # Estabilitat
    WEALTH = "wealth"  # Riquesa
    ARMY = "army"  # Exèrcit
    GRACE = "grace"  # Gràcia


# What players call each resource (the rulebook's words), for the messages of the rules.
RESOURCE_NAMES: dict[Resource, str] = {
    Resource.PRE: gettext_noop("Prestige"),
    Resource.POW: gettext_noop("Power"),
    Resource.MON: gettext_noop("Money"),
    Resource.INT: gettext_noop("Intrigue"),
    Resource.FOR: gettext_noop("Force"),
    Resource.FAI: gettext_noop("Faith"),
    Resource.FAV: gettext_noop("Favor"),
}


# An amount of each resource, in words. One sentence per resource rather than "%(amount)s
# %(resource)s" because Catalan joins the two with "de", elided before a vowel: "2 de Poder",
# "4 d'Intriga" (the rulebook's "la quantitat d'Intriga").
RESOURCE_AMOUNTS: dict[Resource, str] = {
    Resource.PRE: gettext_noop("%(amount)s Prestige"),
    Resource.POW: gettext_noop("%(amount)s Power"),
    Resource.MON: gettext_noop("%(amount)s Money"),
    Resource.INT: gettext_noop("%(amount)s Intrigue"),
    Resource.FOR: gettext_noop("%(amount)s Force"),
    Resource.FAI: gettext_noop("%(amount)s Faith"),
    Resource.FAV: gettext_noop("%(amount)s Favor"),
}


def resource_name(resource: Resource | str) -> str:
    """A resource by its name in the current language (``MON`` -> "Diners"), never its code."""
    try:
        return _(RESOURCE_NAMES[Resource(str(resource))])
    except ValueError:
        return str(resource)


RESOURCES: tuple[Resource, ...] = tuple(Resource)
INDICATORS: tuple[Indicator, ...] = tuple(Indicator)
NON_PRESTIGE: tuple[Resource, ...] = tuple(r for r in Resource if r is not Resource.PRE)
PRODUCED: tuple[Resource, ...] = (
    Resource.POW,
    Resource.MON,
    Resource.INT,
    Resource.FOR,
    Resource.FAI,
)

LINKED_RESOURCE: dict[Indicator, Resource] = {
    Indicator.STABILITY: Resource.POW,
    Indicator.WEALTH: Resource.MON,
    Indicator.ARMY: Resource.FOR,
    Indicator.GRACE: Resource.FAI,
}

Holdings = Mapping[Resource, int]
# Amounts asked of a chest, keyed by ``Resource`` or by its code as read from a card or a form.
ResourceAmounts = Mapping[Resource, int] | Mapping[str, int]


def holdings(values: ResourceAmounts | None = None, /, **kw: int) -> dict[Resource, int]:
    """A full holdings dict: ``holdings(POW=2)`` or ``holdings({"MON": 3})``; missing are 0."""
    merged: dict[str, int] = {}
    for source in (values or {}), kw:
        for key, amount in source.items():
            merged[str(key)] = int(amount)
    out = {r: 0 for r in RESOURCES}
    for key, amount in merged.items():
        try:
            out[Resource(key)] = amount
        except ValueError as exc:
            raise InvalidStateError(
                _("Unknown resource %(key)s.") % {"key": repr(key)}, resource=key
            ) from exc
    return out


def total(h: Holdings) -> int:
    """How many tokens a holdings value contains."""
    return sum(h.values())


def add(h: Holdings, other: Holdings) -> dict[Resource, int]:
    """``h + other`` resource by resource."""
    return {r: h.get(r, 0) + other.get(r, 0) for r in RESOURCES}


def subtract(h: Holdings, other: Holdings) -> dict[Resource, int]:
    """``h - other``; refuses to make a holding negative (G53: holdings never go below 0)."""
    out = {r: h.get(r, 0) - other.get(r, 0) for r in RESOURCES}
    negative = [str(r) for r, v in out.items() if v < 0]
    if negative:
        raise InvalidStateError(
            _("Holdings would become negative in %(negative)s.")
            % {"negative": ", ".join(negative)},
            resources=negative,
        )
    return out


def as_json(h: Holdings) -> dict[str, int]:
    """Holdings as a JSON-safe dict, zero entries left out."""
    return {str(r): v for r, v in h.items() if v}
