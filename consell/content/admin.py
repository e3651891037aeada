"""Packs and cards in the Django admin (docs/principles.md, principle 6: cards are editable data).

A card is edited as its YAML dict (shown as JSON); the form validates the whole pack with the
edit applied before anything is saved. Cards of a pack a game was created with are never
edited or deleted: the game keeps the cards it was dealt. Packs are installed with
``manage.py load_content``.
"""

from __future__ import annotations

from django.contrib import admin

from .forms import CardForm, PackForm, place_card
from .models import Card, Pack


@admin.register(Pack)
class PackAdmin(admin.ModelAdmin):
    form = PackForm
    list_display = ["slug", "version", "name_ca", "name_en", "loaded_at"]
    readonly_fields = ["slug", "version", "files", "loaded_at"]
    fields = [
        "slug",
        "version",
        "name_ca",
        "name_en",
        "name_es",
        "description",
        "files",
        "loaded_at",
    ]

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardForm
    list_display = ["card_id", "kind", "title_ca", "title_en", "copies", "pack"]
    list_filter = ["pack", "kind"]
    search_fields = ["card_id", "title_ca", "title_en"]
    fields = ["pack", "kind", "data"]
    # A bulk delete would skip the pack's validation and could take cards from running games.
    actions = None

    def has_delete_permission(self, request, obj: Card | None = None) -> bool:
        """A card of a pack some game was created with stays (``consell.content.loader``)."""
        if obj is not None and obj.pack.games.exists():
            return False
        return super().has_delete_permission(request, obj)

    def save_model(self, request, obj: Card, form, change: bool) -> None:
        place_card(obj)
        obj.copy_from_data()
        super().save_model(request, obj, form, change)
        if obj.file not in obj.pack.files:
            obj.pack.files[obj.file] = obj.kind
        obj.pack.save()
