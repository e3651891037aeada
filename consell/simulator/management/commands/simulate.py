"""``manage.py simulate``: play a whole game headless with bots and print a summary.

The same ``--seed`` gives the same game and the same summary (the elapsed time aside). The game
belongs to the demo director (or ``--director``), so it can be opened afterwards: the command
ends with its dashboard, board and audit addresses and how to log in.

``--absent N``: N seats, drawn from the seed, have no player once the game has started; the
deadlines answer for them, then stand-ins play them, and the game is paused once
(``consell.simulator.runner``). The summary then says how many moves the stand-ins made and
how many answers were defaulted.
"""

from __future__ import annotations

import json

from django.core.management.base import BaseCommand, CommandError

from consell.simulator import SimulationStuck, as_text, simulate, summarize
from consell.simulator.runner import NAMES

from .demo import DEMO_PASSWORD, DEMO_USER, demo_director


class Command(BaseCommand):
    help = (
        "Play a whole game with bots that play like people, through the services, and summarize it."
    )

    def add_arguments(self, parser):
        parser.add_argument("--players", type=int, default=5)
        parser.add_argument("--turns", type=int, default=10)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument(
            "--absent",
            type=int,
            default=0,
            help="how many seats have no player once the game has started (stand-ins, "
            "deadlines and a pause play them)",
        )
        parser.add_argument(
            "--json", action="store_true", dest="as_json", help="print the summary as JSON"
        )
        parser.add_argument(
            "--director",
            default=DEMO_USER,
            help=f"the user who owns the game (default {DEMO_USER}, the demo login)",
        )
        parser.add_argument("--base-url", default="http://127.0.0.1:8000")

    def handle(
        self,
        *args,
        players: int,
        turns: int,
        seed: int,
        absent: int,
        as_json: bool,
        director: str,
        base_url: str,
        **options,
    ):
        if not 3 <= players <= len(NAMES):
            raise CommandError(f"--players must be between 3 and {len(NAMES)}.")
        if turns < 1:
            raise CommandError("--turns must be at least 1.")
        if not 0 <= absent <= players:
            raise CommandError(f"--absent must be between 0 and --players ({players}).")
        if director == DEMO_USER:
            demo_director()
        try:
            played = simulate(players, turns, seed, director=director, absent=absent)
        except SimulationStuck as exc:
            raise CommandError(str(exc)) from exc
        summary = summarize(played.game, played.elapsed, played.lasting_effects_applied)
        if as_json:
            self.stdout.write(_dumps(summary))
        else:
            self.stdout.write(as_text(summary))
            self.stdout.write(_where(played.game, director, base_url.rstrip("/")))


def _where(game, director: str, base: str) -> str:
    """Where to open the game just played, and as whom."""
    if director == DEMO_USER:
        login = f"user {DEMO_USER}, password {DEMO_PASSWORD}"
    else:
        login = f"user {director}, with that user's own password"
    return "\n".join(
        [
            "",
            f"Open it (with ./dev serve running): log in at {base}/accounts/login/ as {login}.",
            f"  Dashboard:    {base}/games/{game.pk}/",
            f"  Public board: {base}/board/{game.board_token}/",
            f"  Audit:        {base}/audit/{game.pk}/",
        ]
    )


def _dumps(summary: dict) -> str:
    return json.dumps(summary, ensure_ascii=False, indent=2)
