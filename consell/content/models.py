"""A loaded content pack and its cards (docs/principles.md, principle 6).

A ``Card`` keeps the whole validated card dict, exactly as written in YAML, in ``data``; the
other columns (id, kind, titles, copies) are copies of it for the admin's lists and filters.
``file`` and ``position`` remember where the card was written, so an export writes the same
files back. Several versions of one pack may be installed side by side; a game points at one.
"""

from django.db import models
from django.utils.translation import gettext_lazy as _

from consell.rules.primitives import CARD_KINDS

KIND_LABELS = {
    "house": _("House"),
    "office": _("Office"),
    "common_action": _("Common action"),
    "objective": _("Objective"),
    "tactic": _("Tactic"),
    "asset": _("Asset"),
    "law": _("Law"),
    "crisis": _("Crisis"),
    "event": _("Event"),
}


class Pack(models.Model):
    slug = models.SlugField(_("pack id"))
    version = models.PositiveIntegerField(_("version"))
    name_ca = models.CharField(_("name (Catalan)"), max_length=200)
    name_en = models.CharField(_("name (English)"), max_length=200)
    name_es = models.CharField(_("name (Spanish)"), max_length=200, blank=True)
    description = models.JSONField(_("description"), null=True, blank=True)
    files = models.JSONField(_("files"), default=dict, help_text=_("Card file -> card kind."))
    loaded_at = models.DateTimeField(_("cards last changed"), auto_now=True)

    class Meta:
        verbose_name = _("content pack")
        verbose_name_plural = _("content packs")
        ordering = ["slug", "-version"]
        constraints = [
            models.UniqueConstraint(fields=["slug", "version"], name="content_pack_unique_version")
        ]

    def __str__(self) -> str:
        return f"{self.slug} v{self.version}"


class Card(models.Model):
    pack = models.ForeignKey(Pack, on_delete=models.CASCADE, related_name="cards")
    card_id = models.SlugField(_("card id"), max_length=100)
    kind = models.CharField(
        _("kind"), max_length=20, choices=[(kind, KIND_LABELS[kind]) for kind in CARD_KINDS]
    )
    title_ca = models.CharField(_("title (Catalan)"), max_length=200)
    title_en = models.CharField(_("title (English)"), max_length=200)
    copies = models.PositiveIntegerField(_("copies"), default=1)
    file = models.CharField(_("file"), max_length=100)
    position = models.PositiveIntegerField(_("position in file"))
    data = models.JSONField(_("card (as in YAML)"))

    class Meta:
        verbose_name = _("card")
        verbose_name_plural = _("cards")
        ordering = ["pack", "file", "position"]
        constraints = [
            models.UniqueConstraint(fields=["pack", "card_id"], name="content_card_unique_id")
        ]

    def __str__(self) -> str:
        return f"{self.card_id} ({self.kind})"

    def copy_from_data(self) -> None:
        """Refresh the list columns from ``data`` (which must be a validated card)."""
        self.card_id = self.data["id"]
        self.title_ca = self.data["title"]["ca"]
        self.title_en = self.data["title"]["en"]
        self.copies = self.data.get("copies", 1)
