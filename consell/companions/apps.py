from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CompanionsConfig(AppConfig):
    """Scorers for Richelieu, Louis XIV and La Cour de Versailles (companions spec)."""

    name = "consell.companions"
    label = "companions"
    verbose_name = _("Companions")
