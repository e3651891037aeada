from django.apps import AppConfig


class WordingConfig(AppConfig):
    """What the game's ids, events and rules are called, in the reader's language; an app so
    that its template filters (``templatetags``) load."""

    name = "consell.wording"
    label = "wording"
