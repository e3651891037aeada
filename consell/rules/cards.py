"""Looking cards up in a content pack's catalog (rules §1.7–§1.9).

A *catalog* is a plain mapping from card id to the card as written in the pack (validated by
``consell.content``; format in ``docs/content-packs.md``), typed by the shapes of
``card_shapes``. The engine never needs anything richer, so packs stay data and the rules stay
free of the database.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .card_shapes import Ability, Card
from .errors import InvalidParameterError, InvalidStateError
from .i18n import _
from .state import card_id_of

Catalog = Mapping[str, Card]


def card(catalog: Catalog, instance: str) -> Card:
    """The card behind an instance id (``"daga#2"`` -> the ``daga`` card)."""
    try:
        return catalog[card_id_of(instance)]
    except KeyError as exc:
        raise InvalidStateError(
            _("Unknown card %(instance)s.") % {"instance": repr(instance)}, card=instance
        ) from exc


def of_kind(catalog: Catalog, kind: str, **match: Any) -> list[str]:
    """Card ids of one kind, in pack order, optionally filtered by top-level fields."""
    return [
        cid
        for cid, c in catalog.items()
        if c.get("kind") == kind and all(c.get(k) == v for k, v in match.items())
    ]


def instances(catalog: Catalog, kind: str, **match: Any) -> list[str]:
    """One instance id per physical copy: ``id``, ``id#2``, ``id#3``..."""
    out = []
    for cid in of_kind(catalog, kind, **match):
        copies = int(catalog[cid].get("copies", 1))
        out.append(cid)
        out.extend(f"{cid}#{n}" for n in range(2, copies + 1))
    return out


def ability(catalog: Catalog, instance: str, ability_id: str) -> Ability:
    """One ability of a card; refuses an ability the card does not have."""
    for a in card(catalog, instance).get("abilities", []):
        if a.get("id") == ability_id:
            return a
    raise InvalidParameterError(
        _("Card %(instance)s has no ability %(ability_id)s.")
        % {"instance": repr(instance), "ability_id": repr(ability_id)},
        card=instance,
        ability=ability_id,
    )


def keywords(catalog: Catalog, instance: str) -> set[str]:
    """A card's keywords together with its abilities' (``Luxe``, ``complot``...)."""
    c = card(catalog, instance)
    words = set(c.get("keywords", []))
    for a in c.get("abilities", []):
        words.update(a.get("keywords", []))
    return words


def title(catalog: Catalog, instance: str, language: str = "ca") -> str:
    t = card(catalog, instance).get("title", {})
    return t.get(language) or t.get("ca") or card_id_of(instance)


def king_office(catalog: Catalog) -> str:
    """The id of the office card marked ``king: true``."""
    kings = of_kind(catalog, "office", king=True)
    if len(kings) != 1:
        raise InvalidStateError(_("The pack must have exactly one King office."))
    return kings[0]
