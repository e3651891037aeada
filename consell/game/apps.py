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

        # A phase the director let run on goes on as the answers come in (turn.carry_on).
        from consell.game.services.turn import carry_on
        from consell.game.signals import game_changed

        game_changed.connect(carry_on, dispatch_uid="consell.game.carry_on")
