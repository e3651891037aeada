from django.apps import AppConfig


class ViewsConfig(AppConfig):
    """The web pages: the director's, the phones' and the board's, and the admin's repairs."""

    name = "consell.views"
    label = "game_views"
