from django.apps import AppConfig


class SimulatorConfig(AppConfig):
    """Simulated tables (bots playing whole games); an app for its ``demo`` and ``simulate``
    commands."""

    name = "consell.simulator"
    label = "simulator"
