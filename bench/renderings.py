"""A change's renderings in process, without a server: where B1's CPU goes (issue 14).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/consell_bench \
      .venv/bin/python -m bench.renderings                    # 16 players, 20 changes
    ... --players 8 --changes 5                               # quicker

B1 times a change from the director's post to the last of 18 screens through daphne, Redis
and the websockets; this takes the part of it that is the application's own: the game of B1
(simulated to turn 3's Planning), the same public change (a Stability correction, through
the service), then each of the table's sockets rendering its page's parts as its notice makes
it do (``page_parts.render_for_sockets``, one call for the table as the relay makes it, with
the planner key each page shows). It prints the
median over the changes of the 18 renderings together and of each kind of page, so a change
to the views or the templates can be weighed in a minute, before B1.
"""

from __future__ import annotations

import argparse
import statistics
import time

from .report import load, machine
from .stack import setup_django
from .tables import Table, simulated_game, table_of


def sockets_of(table: Table) -> list:
    """What the table's 16 phones, its public board and its director's sockets ask for."""
    from consell.game.models import Game
    from consell.live.page_parts import Asked
    from consell.rules.audience import Viewer

    game = Game.objects.get(pk=table.game_id)
    tokens = dict(game.seats.values_list("position", "token"))
    asked = [Asked(Viewer.for_seat(p), "ca", seat_token=tokens[p]) for p in sorted(table.seats)]
    asked.append(Asked(Viewer.public(), "ca"))
    asked.append(Asked(Viewer.director(), "ca", director=game.director_id))
    return asked


KIND = {"seat": "phone", "public": "board", "director": "dashboard"}


def public_change(game_id: int) -> None:
    """A director's correction of the first kingdom's Stability, as B1 posts it."""
    from consell.game.models import Game
    from consell.game.services import decisions

    kingdom = Game.objects.get(pk=game_id).state["kingdoms"][0]
    value = 3 if kingdom["indicators"]["stability"] != 3 else 4
    decisions.correct(game_id, "bench", indicators={kingdom["id"]: {"stability": value}})


def render_all(game_id: int, sockets: list) -> dict[str, list[float]]:
    """The parts of every socket of the table in one call, as the relay makes them
    (``page_parts.render_for_sockets``); seconds under "all". Then each page on its own, as
    a page's own request renders it, for the seconds each kind of page takes."""
    from dataclasses import replace

    from consell.live.page_parts import render_for_sockets

    began = time.perf_counter()
    made = render_for_sockets(game_id, sockets)
    took: dict[str, list[float]] = {"all": [time.perf_counter() - began]}
    for index, (one, parts) in enumerate(zip(sockets, made, strict=True)):
        if parts is None:
            raise AssertionError(f"no parts for a {KIND[one.viewer.kind]}")
        # A part left unchanged is left out, as the page's socket does.
        sockets[index] = replace(one, held=tuple(sorted(parts.keys.items())))
    for one in sockets:
        began = time.perf_counter()
        render_for_sockets(game_id, [one])
        took.setdefault(KIND[one.viewer.kind], []).append(time.perf_counter() - began)
    return took


def measure(table: Table, changes: int) -> tuple[list[float], dict[str, list[float]]]:
    """Per change, the seconds of the relay's one call for the whole table; per kind, each
    page's rendering on its own."""
    sockets = sockets_of(table)
    public_change(table.game_id)
    render_all(table.game_id, sockets)  # the pages as they load: planners shown
    totals: list[float] = []
    each: dict[str, list[float]] = {}
    for _ in range(changes):
        public_change(table.game_id)
        took = render_all(table.game_id, sockets)
        totals.extend(took.pop("all"))
        for kind, seconds in took.items():
            each.setdefault(kind, []).extend(seconds)
    return totals, each


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--changes", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    setup_django()
    print(f"machine: {machine()}; load {load()}")
    table = table_of(simulated_game(args.players, 3, args.seed))
    totals, each = measure(table, args.changes)
    screens = args.players + 2
    print(
        f"{screens} renderings of a public change, in process: median "
        f"{1000 * statistics.median(totals):.1f} ms ({len(totals)} changes)"
    )
    for kind, seconds in each.items():
        print(f"   a {kind}: median {1000 * statistics.median(seconds):.2f} ms")


if __name__ == "__main__":
    main()
