"""Tables for the live benchmarks: one simulated game, copied as many times as needed.

Simulating a 16-player game to turn 3 takes several seconds; 20 tables are one simulated game
and 19 copies of its rows (game, seats with fresh links, the whole event log), each its own
game to the app: its own board link, versions and sockets.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from .live_pages import LivePage

PHONE_PARTS = ["decisions", "plan", "chest", "board"]


@dataclass
class Table:
    game_id: int
    seats: dict[int, str]  # position -> seat token
    board_token: str
    director_cookie: str


class _Reached(Exception):
    pass


def simulated_game(players: int, turn: int, seed: int):
    """A game of ``players`` played by the simulator until ``turn``'s Planning."""
    from consell.rules.state import Phase
    from consell.simulator.runner import simulate

    def stop(game, state) -> None:
        if state.turn == turn and state.phase is Phase.PLANNING:
            raise _Reached(game)

    try:
        simulate(players, 10, seed, after_phase=stop)
    except _Reached as reached:
        game = reached.args[0]
        game.refresh_from_db()
        return game
    raise RuntimeError(f"the simulated game never reached turn {turn}'s Planning")


def copy_game(game):
    """Another game with the same rows: state, seats (fresh links) and event log."""
    from consell.game.models import Event, Game, Seat

    seats = list(game.seats.all())
    events = list(Event.objects.filter(game=game).order_by("seq"))
    copy = Game.objects.get(pk=game.pk)
    copy.pk = None
    copy.board_token = secrets.token_urlsafe(24)
    copy.save()
    Seat.objects.bulk_create(
        Seat(game=copy, position=s.position, name=s.name, token=secrets.token_urlsafe(24))
        for s in seats
    )
    for ev in events:
        ev.pk, ev.game = None, copy
    Event.objects.bulk_create(events, batch_size=1000)
    copy.refresh_from_db()
    return copy


def table_of(game) -> Table:
    from django.test import Client

    dora = Client()
    dora.force_login(game.director)
    return Table(
        game.pk,
        {s.position: s.token for s in game.seats.all()},
        game.board_token,
        f"sessionid={dora.cookies['sessionid'].value}",
    )


def seat_cookie(table: Table, position: int) -> str:
    """A browser that opened this seat's link: its session, made directly."""
    from django.contrib.sessions.backends.db import SessionStore

    from consell.game.access import SESSION_KEY

    session = SessionStore()
    entry = {"position": position, "token": table.seats[position]}
    session[SESSION_KEY] = {str(table.game_id): entry}
    session.create()
    return f"sessionid={session.session_key}"


def _csrf() -> str:
    """The CSRF cookie a browser got with the page (its forms carry tokens made from it)."""
    return f"csrftoken={secrets.token_hex(16)}"


def pages_of(table: Table, ports: list[int], first: int = 0) -> list[LivePage]:
    """The table's 16 phones, its public board and its director's dashboard, spread over the
    daphnes (``first`` picks where the first one goes), each with the cookies its browser
    holds once the page has loaded."""
    pages = []
    for i, position in enumerate(sorted(table.seats)):
        port = ports[(first + i) % len(ports)]
        pages.append(
            LivePage(
                f"seat:{position}",
                port,
                f"/play/{table.game_id}/",
                f"/ws/play/{table.game_id}/",
                PHONE_PARTS,
                f"{seat_cookie(table, position)}; {_csrf()}",
            )
        )
    board = f"/board/{table.board_token}/"
    pages.append(
        LivePage("public", ports[(first + 1) % len(ports)], board, f"/ws{board}", ["board"])
    )
    dashboard = f"/games/{table.game_id}/"
    pages.append(
        LivePage(
            "director",
            ports[first % len(ports)],
            dashboard,
            f"/ws{dashboard}director/",
            ["live"],
            f"{table.director_cookie}; {_csrf()}",
        )
    )
    return pages
