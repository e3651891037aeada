"""``manage.py simulate``: play a whole game headless with bots and print a summary.

The same ``--seed`` gives the same game and the same summary (the elapsed time aside).
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from consell.simulator import SimulationStuck, as_text, simulate, summarize
from consell.simulator.runner import NAMES


class Command(BaseCommand):
    help = (
        "Play a whole game with bots that play like people, through the services, and summarize it."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=5)
        parser.add_argument("--turns", type=int, default=10)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--json", action="store_true", dest="as_json", help="print the summary as JSON"
        )

    def handle(self, *args, players: int, turns: int, seed: int, as_json: bool, **options):
        if not 3 <= players <= len(NAMES):
            raise CommandError(f"--players must be between 3 and {len(NAMES)}.")
        if turns < 1:
            raise CommandError("--turns must be at least 1.")
        try:
            played = simulate(players, turns, seed)
        except SimulationStuck as exc:
            raise CommandError(str(exc)) from exc
        summary = summarize(played.game, played.elapsed, played.lasting_effects_applied)
        if as_json:
            self.stdout.write(_dumps(summary))
        else:
            self.stdout.write(as_text(summary))


def _dumps(summary: dict) -> str:
    return json.dumps(summary, ensure_ascii=False, indent=2)
