from django.apps import AppConfig


class SimulatorConfig(AppConfig):
    """Simulated tables (bots playing whole games), their ``demo`` and ``simulate`` commands,
    and the stand-ins that play a live seat whose player is away (``stand_in``)."""

    name = "consell.simulator"
    label = "simulator"

    def ready(self) -> None:
        from consell.game.signals import game_changed

        game_changed.connect(stand_ins_play, dispatch_uid="consell-stand-ins")


def stand_ins_play(sender, game_id: int, stand_ins: bool = False, **kwargs) -> None:
    """After a committed change of a game a stand-in plays in, it makes the moves it owes."""
    if stand_ins:
        from consell.simulator import stand_in

        stand_in.play(game_id)
