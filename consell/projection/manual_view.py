"""A manual step as the director sees it (docs/principles.md, principle 6; issue: "a manual step
that remains shows its card with every parameter named").

The director applies a ``manual`` effect by hand, so the dashboard shows what the card says
and everything it refers to by name: the card and ability, whose it is, the kingdom it is about
and each box as the owner filled it (players, kingdoms, cards, resources, indicators).
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from consell.game.naming import ability_or_nothing, card_or_nothing, kingdom_names
from consell.rules.card_shapes import Param
from consell.rules.cards import Catalog
from consell.rules.state import GameState
from consell.wording.templatetags.consell_game import INDICATOR_LABELS, RESOURCE_LABELS

CARD_BOXES = ("law", "asset", "office")
# A box the card gives no title is labelled by its type, never by its identifier.
BOX_LABELS = {
    "player": _("Player"),
    "players": _("Players"),
    "kingdom": _("Kingdom"),
    "amount": _("Amount"),
    "resource": _("Resource"),
    "indicator": _("Indicator"),
    "law": _("Law"),
    "asset": _("Asset"),
    "office": _("Office"),
    "text": _("Text"),
}


def project(state: GameState, catalog: Catalog, data, names, language, text) -> dict[str, Any]:
    """The manual pending's card, text and named parameters (the director only)."""
    card = card_or_nothing(catalog, data.get("card"))
    ability = ability_or_nothing(card, data.get("ability"))
    kingdoms = kingdom_names(state, catalog, language)
    specs: dict[str, Param] = {p["name"]: p for p in ability.get("params", [])} if ability else {}
    boxes = []
    for box, value in (data.get("params") or {}).items():
        spec = specs.get(box) or Param(name=box, type=_guess(value))
        label = text(spec.get("title"), language) or str(BOX_LABELS.get(spec["type"], ""))
        boxes.append({"label": label, "value": _named(spec["type"], value, names, kingdoms,
                                                      catalog, language, text)})  # fmt: skip
    kingdom = data.get("kingdom")
    said = (ability["text"] if ability else None) or (card.get("text") if card else None)
    return {
        "text": text(data.get("text"), language),
        "card": text(card["title"] if card else None, language),
        "ability": text(ability["title"] if ability else None, language),
        "card_text": text(said, language),
        "owner": names.get(data.get("owner")),
        "self": names.get(data.get("self")) if data.get("self") != data.get("owner") else None,
        "kingdom": kingdoms.get(kingdom) if kingdom is not None else None,
        "group": bool(data.get("group")),
        "boxes": boxes,
    }


def _guess(value) -> str:
    return "amount" if isinstance(value, int) else "text"


def _named(kind, value, names, kingdoms, catalog: Catalog, language, text) -> str:
    """A box's value as players call it."""
    if kind == "player":
        return names.get(value, str(value))
    if kind == "players":
        return ", ".join(names.get(v, str(v)) for v in value or [])
    if kind == "kingdom":
        return kingdoms.get(value, str(value))
    if kind in CARD_BOXES:
        found = card_or_nothing(catalog, value)
        return text(found["title"] if found else None, language) or str(value)
    if kind == "resource":
        return str(RESOURCE_LABELS.get(value, value))
    if kind == "indicator":
        return str(INDICATOR_LABELS.get(value, value))
    return str(value)
