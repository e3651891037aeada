"""The ``content`` Django app: packs and cards in the database, their checks and admin."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ContentConfig(AppConfig):
    name = "consell.content"
    label = "content"
    verbose_name = _("Content packs")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import checks  # noqa: F401  (registers the system checks)
