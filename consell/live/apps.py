from django.apps import AppConfig


class LiveConfig(AppConfig):
    """The live layer: websockets, the notices a committed change sends, the parts of a page,
    rendered once for their audience, and the e-mails to remote seats."""

    name = "consell.live"
    label = "live"

    def ready(self) -> None:
        from consell.game.signals import deadline_near, game_changed, seat_revoked
        from consell.live import notify
        from consell.live.broadcast import on_game_changed, on_seat_revoked

        game_changed.connect(on_game_changed, dispatch_uid="consell.live.game_changed")
        seat_revoked.connect(on_seat_revoked, dispatch_uid="consell.live.seat_revoked")
        # A remote seat's player is e-mailed when the game waits for them (``notify``).
        game_changed.connect(notify.on_game_changed, dispatch_uid="consell.live.notify")
        deadline_near.connect(notify.on_deadline_near, dispatch_uid="consell.live.deadline_near")
