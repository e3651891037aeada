"""Admin forms that validate an edited card or pack exactly as the loader would.

The edited card is put in its pack in place of its stored version and the whole pack is
validated, so an edit can neither break the card nor a pack-wide rule (unique ids, one King,
§6 minimum sizes). Errors are listed like the loader's: file, card, field, message.
"""

from __future__ import annotations

import copy

from django import forms
from django.forms.fields import InvalidJSONInput
from django.utils.translation import gettext_lazy as _

from .models import Card, Pack
from .stored import errors_of

DEFAULT_FILES = {
    "house": "houses.yaml",
    "office": "offices.yaml",
    "common_action": "common_actions.yaml",
    "objective": "objectives.yaml",
    "tactic": "tactics.yaml",
    "asset": "assets.yaml",
    "law": "laws.yaml",
    "crisis": "crises.yaml",
    "event": "events.yaml",
}


def place_card(card: Card) -> None:
    """Give a new card (or one whose kind changed) a file of its kind and the last position."""
    if card.pk and card.file and card.pack.files.get(card.file) == card.kind:
        return
    card.file = next(
        (name for name, kind in card.pack.files.items() if kind == card.kind),
        DEFAULT_FILES[card.kind],
    )
    positions = card.pack.cards.filter(file=card.file).values_list("position", flat=True)
    card.position = max(positions, default=-1) + 1


def in_use_message(pack: Pack) -> str:
    """Why the cards of ``pack`` cannot change (``consell.content.loader``)."""
    return _(
        "Games were created with %(pack)s: its cards no longer change, so that those games "
        "keep the cards they were dealt. Export the pack, edit it, raise its version and load "
        "it with load_content."
    ) % {"pack": pack}


class CardDataField(forms.JSONField):
    """The card's JSON; too deeply nested for the JSON reader is an error, not a crash."""

    def to_python(self, value):
        try:
            return super().to_python(value)
        except RecursionError as exc:
            raise forms.ValidationError(_("The card is nested too deeply.")) from exc

    def bound_data(self, data, initial):
        try:
            return super().bound_data(data, initial)
        except RecursionError:
            return InvalidJSONInput(data)  # shown back as typed


class CardForm(forms.ModelForm):
    class Meta:
        model = Card
        fields = ["pack", "kind", "data"]
        field_classes = {"data": CardDataField}

    def clean(self) -> dict:
        cleaned = super().clean() or {}
        pack, kind, data = cleaned.get("pack"), cleaned.get("kind"), cleaned.get("data")
        if pack is None or kind is None or "data" not in cleaned:
            return cleaned
        for used in {pack, self.instance.pack if self.instance.pk else pack}:
            if used.games.exists():
                raise forms.ValidationError(in_use_message(used))
        edited = Card(pk=self.instance.pk, pack=pack, kind=kind, data=data)
        edited.file, edited.position = self.instance.file, self.instance.position
        place_card(edited)
        card_id = data.get("id") if isinstance(data, dict) else None
        errors = errors_of(pack, edited)
        mine = [e for e in errors if e.file == edited.file and e.card in (card_id, "")]
        others = [e for e in errors if e not in mine]
        if mine:
            self.add_error("data", [str(error) for error in mine])
        if others:
            self.add_error(None, [_("The pack would break:")] + [str(error) for error in others])
        return cleaned


class PackForm(forms.ModelForm):
    class Meta:
        model = Pack
        fields = ["name_ca", "name_en", "name_es", "description"]

    def clean(self) -> dict:
        cleaned = super().clean() or {}
        if self.instance.pk is None or self.errors:
            return cleaned
        edited = copy.copy(self.instance)
        for name, value in cleaned.items():
            setattr(edited, name, value)
        errors = [e for e in errors_of(edited) if e.field.startswith(("name", "description"))]
        if errors:
            raise forms.ValidationError([str(error) for error in errors])
        return cleaned
