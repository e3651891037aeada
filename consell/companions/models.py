"""Saved plays of the companion games and a group's Versailles card catalogues.

A play is stored as the spec's JSON (companions spec §1.3, §2.3–§2.4, §3.4), so it exports
and imports unchanged; its winners are kept beside it for the list of past plays.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

GAME_CHOICES = [
    ("richelieu", _("Richelieu")),
    ("louis14", _("Louis XIV")),
    ("versailles", _("La Cour de Versailles")),
]


class Play(models.Model):
    """One finished (or half-entered) play, visible to its owner only."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="companion_plays"
    )
    game = models.CharField(_("game"), max_length=20, choices=GAME_CHOICES)
    data = models.JSONField(_("play"))
    winners = models.JSONField(_("winners"), default=list)
    created_at = models.DateTimeField(_("saved at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("changed at"), auto_now=True)

    class Meta:
        ordering = ["-updated_at", "-pk"]
        verbose_name = _("companion play")
        verbose_name_plural = _("companion plays")

    def __str__(self):
        return f"{self.get_game_display()} · {', '.join(self.player_names())}"

    def player_names(self) -> list[str]:
        return [player.get("name", "") for player in self.data.get("players", [])]


class VersaillesCatalogue(models.Model):
    """A group's own table of which Versailles card bears which wax seals (spec §3.9.1)."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="versailles_catalogues"
    )
    name = models.CharField(_("name"), max_length=80)
    seals = models.JSONField(_("seals by card"), default=dict)
    updated_at = models.DateTimeField(_("changed at"), auto_now=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["owner", "name"], name="unique_catalogue_name")
        ]
        verbose_name = _("Versailles catalogue")
        verbose_name_plural = _("Versailles catalogues")

    def __str__(self):
        return self.name
