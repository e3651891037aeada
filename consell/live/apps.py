from django.apps import AppConfig


class LiveConfig(AppConfig):
    """The live layer: websockets, the notices a committed change sends, and the parts of a
    page, rendered once for their audience."""

    name = "consell.live"
    label = "live"

    def ready(self) -> None:
        from consell.game.signals import game_changed, seat_revoked
        from consell.live.broadcast import on_game_changed, on_seat_revoked

        game_changed.connect(on_game_changed, dispatch_uid="consell.live.game_changed")
        seat_revoked.connect(on_seat_revoked, dispatch_uid="consell.live.seat_revoked")
