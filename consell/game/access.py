"""Who may open what: one helper per kind of viewer, each answering 404 otherwise.

A seat link binds a browser to one seat of one game (the token is kept in the session). Any
other game, seat or director page answers 404 to it, and so does every game page to anyone but
its director: a 404 says nothing about whether the game exists.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest

from .models import Game, Seat

SESSION_KEY = "consell_seats"


def director_game(request: HttpRequest, game_id: int) -> Game:
    """The game, if the logged-in user directs it."""
    user = request.user
    if not user.is_authenticated:
        raise Http404
    try:
        return Game.objects.select_related("pack").get(pk=game_id, director=user)
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
        return Seat.objects.select_related("game", "game__pack").get(
            game_id=game_id, position=entry["position"], token=entry["token"]
        )
    except (Seat.DoesNotExist, KeyError, TypeError) as exc:
        raise Http404 from exc


def board_game(board_token: str) -> Game:
    try:
        return Game.objects.select_related("pack").get(board_token=board_token)
    except Game.DoesNotExist as exc:
        raise Http404 from exc
