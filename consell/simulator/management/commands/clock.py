"""Keep the games' time: remind before a deadline, answer for the missing once it passed, and
let the stand-ins make the moves they owe (docs/absence.md).

Runs beside the server (``./dev serve`` starts it; the compose file has a service of its own),
so a deadline fires with no page open and survives a restart: the deadlines are rows, and the
command only reads them. Every page of a game also checks its deadline as it is opened, so a
table without this command still sees it fire at the next visit.
"""

from __future__ import annotations

import logging
import time

from django.core.management.base import BaseCommand
from django.db import close_old_connections

from consell.game import game_rows
from consell.game.models import Game
from consell.game.services import clock
from consell.simulator import stand_in

logger = logging.getLogger(__name__)


class Command(BaseCommand):
    help = "Fire due deadlines and reminders and let stand-ins play, every few seconds."

    def add_arguments(self, parser):
        parser.add_argument(
            "--every", type=float, default=5.0, help="seconds between two looks (default 5)"
        )
        parser.add_argument("--once", action="store_true", help="look once and stop")

    def handle(self, *args, every: float, once: bool, **options):
        while True:
            done = look()
            if done and options["verbosity"] > 1:
                self.stdout.write(f"clock: {done} game(s) moved on")
            if once:
                return
            close_old_connections()
            time.sleep(every)


def look() -> int:
    """One look at every game that may owe something; how many moved on. A game that fails is
    logged and left for the next look."""
    moved = 0
    with_stand_ins = Game.objects.exclude(stand_ins=[]).values_list("pk", flat=True)
    for game_id in sorted({*clock.due(), *with_stand_ins}):
        try:
            played = stand_in.play(game_id)
            ticked = clock.tick(game_rows.read(game_id))
        except Exception:
            logger.exception("clock: game %s", game_id)
            continue
        moved += bool(played or ticked)
    return moved
