from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GameConfig(AppConfig):
    name = "consell.game"
    label = "game"
    verbose_name = _("Games")
    default_auto_field = "django.db.models.BigAutoField"
