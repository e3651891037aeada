"""Who may open what: one helper per kind of viewer, each answering 404 otherwise.

A seat link binds a browser to one seat of one game (the token is kept in the session). Any
other game, seat or director page answers 404 to it, and so does every game page to anyone but
its director: a 404 says nothing about whether the game exists.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest

from . import state_cache
from .models import Game, Seat

# The game's two large columns are read through ``with_state``: a table's 18 pages load the
# same version after every change, and parsing 40-odd kB of JSON for each was a good part of
# what a page cost (issue 14).
LARGE = ("state", "snapshot")

SESSION_KEY = "consell_seats"


def director_game(request: HttpRequest, game_id: int) -> Game:
    """The game, if the logged-in user directs it."""
    user = request.user
    if not user.is_authenticated:
        raise Http404
    try:
        return with_state(
            Game.objects.select_related("pack").defer(*LARGE).get(pk=game_id, director=user)
        )
    except Game.DoesNotExist as exc:
        raise Http404 from exc


def bind_seat(request: HttpRequest, token: str) -> Seat:
    """Open a seat from its join link and remember it in this browser's session."""
    try:
        seat = Seat.objects.select_related("game").get(token=token)
    except Seat.DoesNotExist as exc:
        raise Http404 from exc
    seats = dict(request.session.get(SESSION_KEY, {}))
    seats[str(seat.game_id)] = {"position": seat.position, "token": seat.token}
    request.session[SESSION_KEY] = seats
    return seat


def seat_for(request: HttpRequest, game_id: int) -> Seat:
    """The seat this browser holds in ``game_id``, if its link is still valid."""
    return seat_from_session(request.session, game_id)


def seat_from_session(session, game_id: int) -> Seat:
    entry = (session.get(SESSION_KEY) or {}).get(str(game_id))
    if not entry:
        raise Http404
    try:
        seat = (
            Seat.objects.select_related("game", "game__pack")
            .defer(*(f"game__{name}" for name in LARGE))
            .get(game_id=game_id, position=entry["position"], token=entry["token"])
        )
    except (Seat.DoesNotExist, KeyError, TypeError) as exc:
        raise Http404 from exc
    with_state(seat.game)
    return seat


def board_game(board_token: str) -> Game:
    try:
        return with_state(
            Game.objects.select_related("pack").defer(*LARGE).get(board_token=board_token)
        )
    except Game.DoesNotExist as exc:
        raise Http404 from exc


def with_state(game: Game) -> Game:
    """``game`` (read without its state and snapshot) with both set as its row holds them.

    This process's copy when it carries the row's tag (``state_cache``: kept by the change
    that wrote it, or by the first page read after it), else the row's, kept for the next
    page. The copy is shared: pages only read ``game.state``. Nothing can be stale: the tag is
    drawn anew at every write, and the suite's ``CHECK`` compares every hit with the row.
    """
    entry = state_cache.get(game.pk, game.state_tag)
    if entry is None or state_cache.CHECK:
        tag, stored, snapshot = (
            Game.objects.filter(pk=game.pk).values_list("state_tag", *LARGE).get()
        )
        if entry is None:
            game.state, game.snapshot = stored, snapshot
            # Kept under the tag read with them: a change in between cannot mislabel them.
            state_cache.put(game.pk, state_cache.Entry(tag, None, stored, snapshot))
            return game
        state_cache.check(game.pk, entry, stored, snapshot)
    game.state, game.snapshot = entry.raw, entry.snapshot
    return game
