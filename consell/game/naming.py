"""What players call things the state and the cards name by id: a card's words in the reader's
language, kingdoms after their founding King's house, a moment in the table's time zone."""

from __future__ import annotations

from collections.abc import Mapping

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.formats import date_format
from django.utils.translation import pgettext

from consell.rules import cards
from consell.rules.card_shapes import Ability, Card
from consell.rules.errors import RuleError
from consell.rules.plots import PlayerTarget, Target
from consell.rules.state import GameState

FALLBACK_MARK = "{words} ({language})"
"""How words shown in another language than the reader's are marked: "Casa del Falcó (ca)"."""


def text(value: Mapping[str, str] | None, language: str) -> str:
    """A card's words in this language; empty for a card without them.

    A pack must give every text in Catalan and English but may leave Spanish out
    (``consell.content.fields.Bilingual``): a reader whose language a text lacks reads the
    Catalan, the table's language (then the English), marked with the language it is in, so
    that an untranslated card is seen as such and not mistaken for a gap of the interface."""
    if not value:
        return ""
    if value.get(language):
        return value[language]
    for other in ("ca", "en"):
        if value.get(other):
            return FALLBACK_MARK.format(words=value[other], language=other)
    return ""


def kingdom_name(catalog: cards.Catalog, name: str, language: str) -> str:
    """A kingdom carries its founding King's house id; players read the house's title."""
    title = catalog[name]["title"] if name in catalog else None
    return text(title, language) or name


def kingdom_names(state: GameState, catalog: cards.Catalog, language: str) -> dict[int | None, str]:
    """Each kingdom's name by id; looking up None (the players without a kingdom) finds none."""
    return {k.id: kingdom_name(catalog, k.name, language) for k in state.kingdoms}


def target_name(
    target: Target, seats: Mapping[int, str], kingdoms: Mapping[int | None, str]
) -> str:
    """A plot's target as players call it: the player's name, or the kingdom's (rules §4.6)."""
    if isinstance(target, PlayerTarget):
        return seats.get(target.seat, str(target))
    return kingdoms.get(target.kingdom, str(target))


def card_or_nothing(catalog: cards.Catalog, instance: str | None) -> Card | None:
    """The card behind an instance, or nothing to show (no card, or one the pack lacks)."""
    if not instance:
        return None
    try:
        return cards.card(catalog, instance)
    except RuleError:
        return None


def ability_or_nothing(card: Card | None, ability_id: str | None) -> Ability | None:
    """One ability of a card, or nothing to show when the card has no such ability."""
    abilities = card.get("abilities", []) if card else []
    return next((a for a in abilities if a["id"] == ability_id), None)


def when(iso: str) -> str:
    """A moment of the table's evening, in its time zone: "Tue 8 Dec, 21:40"."""
    moment = parse_datetime(iso) if iso else None
    if moment is None:
        return ""
    # A format each language writes its own way: Catalan and Spanish lower-case the month.
    return date_format(timezone.localtime(moment), pgettext("a moment", "D j M, H:i"))
