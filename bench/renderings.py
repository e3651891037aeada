"""A change's renderings in process, without a server: where B1's CPU goes (issue 14).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/consell_bench \
      .venv/bin/python -m bench.renderings                    # 16 players, 20 changes
    ... --players 8 --changes 5                               # quicker

B1 times a change from the director's post to the last of 18 screens through daphne, Redis
and the websockets; this takes the part of it that is the application's own: the game of B1
(simulated to turn 3's Planning), the same public change (a Stability correction, through
the service), then each of the table's sockets rendering its page's parts as its notice makes
it do (``live_parts.render_for_socket``, with the handshake its browser would send and the
planner key its page shows), one after the other on one thread as in daphne. It prints the
median over the changes of the 18 renderings together and of each kind of page, so a change
to the views or the templates can be weighed in a minute, before B1.
"""

from __future__ import annotations

import argparse
import statistics
import time
from dataclasses import dataclass

from .report import load, machine
from .stack import setup_django
from .tables import Table, seat_cookie, simulated_game, table_of

CSRF = "csrftoken=" + "b" * 32


@dataclass
class Socket:
    """One open page's socket: what ``render_for_socket`` is given for it."""

    kind: str  # "phone", "board" or "dashboard", for the figures
    scope: dict
    role: str
    kwargs: dict
    plan_key: str = ""


def sockets_of(table: Table) -> list[Socket]:
    """The table's 16 phones, its public board and its director, as their handshakes say."""
    from django.contrib.auth.models import AnonymousUser
    from django.contrib.sessions.backends.db import SessionStore

    from consell.game.models import Game

    def scope(cookie: str) -> dict:
        cookies = f"{cookie}; {CSRF}" if cookie else CSRF
        return {"headers": [(b"host", b"localhost"), (b"cookie", cookies.encode())]}

    sockets = []
    for position in sorted(table.seats):
        cookie = seat_cookie(table, position)
        handshake = scope(cookie)
        # What Channels' session and auth middleware put in a seat socket's scope.
        handshake["session"] = SessionStore(cookie.split("=", 1)[1])
        handshake["user"] = AnonymousUser()
        sockets.append(Socket("phone", handshake, "seat", {"game_id": table.game_id}))
    sockets.append(Socket("board", scope(""), "public", {"board_token": table.board_token}))
    director = scope(table.director_cookie)
    # What Channels' auth middleware put in the director socket's scope when it connected.
    director["user"] = Game.objects.select_related("director").get(pk=table.game_id).director
    sockets.append(Socket("dashboard", director, "director", {"game_id": table.game_id}))
    return sockets


def public_change(game_id: int) -> None:
    """A director's correction of the first kingdom's Stability, as B1 posts it."""
    from consell.game.models import Game
    from consell.game.services import decisions

    kingdom = Game.objects.get(pk=game_id).state["kingdoms"][0]
    value = 3 if kingdom["indicators"]["stability"] != 3 else 4
    decisions.correct(game_id, "bench", indicators={kingdom["id"]: {"stability": value}})


def render_all(sockets: list[Socket]) -> dict[str, list[float]]:
    """Each socket's parts, one after the other, their seats checked against one read of the
    game's seats as the relay does (``consumers._render_all``); seconds each took, by kind of
    page."""
    from consell.game.live_parts import render_for_socket

    from consell.game.access import seats_read_once

    took: dict[str, list[float]] = {}
    with seats_read_once():
        for socket in sockets:
            began = time.perf_counter()
            pushed = render_for_socket(socket.scope, socket.role, socket.kwargs, socket.plan_key)
            took.setdefault(socket.kind, []).append(time.perf_counter() - began)
            if pushed is None:
                raise AssertionError(f"no parts for a {socket.kind}")
            socket.plan_key = pushed.plan_key  # the planner is left out while it is unchanged
    return took


def measure(table: Table, changes: int) -> tuple[list[float], dict[str, list[float]]]:
    """Per change, the seconds of all the renderings; per kind, each rendering's."""
    sockets = sockets_of(table)
    public_change(table.game_id)
    render_all(sockets)  # the pages as they load: planners shown, caches warm
    totals: list[float] = []
    each: dict[str, list[float]] = {}
    for _ in range(changes):
        public_change(table.game_id)
        took = render_all(sockets)
        totals.append(sum(sum(seconds) for seconds in took.values()))
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
