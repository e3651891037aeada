from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GameConfig(AppConfig):
    name = "consell.game"
    label = "game"
    verbose_name = _("Games")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The rules library speaks English and imports no Django: give it Django's gettext, so
        # a refusal reads in the language active when it is raised (the table's, per request).
        from django.utils.translation import gettext

        from consell.rules.i18n import set_translator

        set_translator(gettext)
