"""Who may open what: one helper per kind of viewer, each answering 404 otherwise.

A seat link binds a browser to one seat of one game (the token is kept in the session). Any
other game, seat or director page answers 404 to it, and so does every game page to anyone but
its director: a 404 says nothing about whether the game exists.
"""

from __future__ import annotations

import copy
import functools

from django.db import connection
from django.http import Http404, HttpRequest

from consell.game import game_rows, state_cache
from consell.game.models import Game, Seat
from consell.game.recent import Recent
from consell.game.sql import column, concrete, from_db, quoted, table

SESSION_KEY = "consell_seats"


def director_game(request: HttpRequest, game_id: int) -> Game:
    """The game, if the logged-in user directs it."""
    user = request.user
    if not user.is_authenticated:
        raise Http404
    game = _read_row(game_id)
    if game.director_id != user.pk:
        raise Http404
    return with_state(game)


def directing(request: HttpRequest, game_id: int) -> int:
    """``game_id``, if the logged-in user directs it, for a request that changes it and needs
    nothing else of its row: run the change within ``store.acting_for(user)``, which checks on
    the row it locks that the user still directs the game. A row of the game this process has
    read or written answers here without a read of its own (its director never changes)."""
    user = request.user
    if not user.is_authenticated:
        raise Http404
    if _DIRECTORS.get(game_id) != user.pk:
        game = _read_row(game_id)
        if game.director_id != user.pk:
            raise Http404
    return game_id


# The director of each game whose row this process read or wrote, by the game's id: a hint for
# ``directing``, which the change it allows checks again on the row it locks.
_DIRECTORS: Recent[int] = Recent(1024)


def _read_row(game_id: int) -> Game:
    """``game_id``'s row with its pack, without its state and snapshot, by the statement a
    change reads it with (``game_rows.read``): the director's every request and the first
    page after each change read it, and the ORM built its query again each time."""
    try:
        game = game_rows.read(game_id)
    except Game.DoesNotExist as exc:
        raise Http404 from exc
    _DIRECTORS.put(game.pk, game.director_id)
    return game


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


def seat_for(request: HttpRequest, game_id: int, *, read_game: bool = True) -> Seat:
    """The seat this browser holds in ``game_id``, if its link is still valid."""
    return seat_from_session(request.session, game_id, read_game=read_game)


def seat_from_session(session, game_id: int, *, read_game: bool = True) -> Seat:
    """The seat the session holds in ``game_id``, checked against the seats as they are now
    (a reissued link is refused at once), with its game as its row is now.
    ``read_game=False`` leaves the game unread, for a change that reads it itself under the
    game's lock: in a burst of hand-ins the game changes at each batch, so most would read
    its row again only to drop it (B3, docs/performance.md)."""
    entry = (session.get(SESSION_KEY) or {}).get(str(game_id))
    if not isinstance(entry, dict):
        raise Http404
    position, token = entry.get("position"), entry.get("token")
    if not isinstance(position, int) or not isinstance(token, str):
        raise Http404
    row = _seat_row(game_id, position, token)
    if row is None:
        raise Http404
    *raw, tag, pack_stamp = row
    # Each value as the ORM would read it (a date from SQLite's text, aware).
    seat_fields = [from_db(f, v) for f, v in zip(Seat._meta.concrete_fields, raw, strict=True)]
    seat = Seat.from_db(
        connection.alias, [f.attname for f in Seat._meta.concrete_fields], seat_fields
    )
    if read_game:
        seat.game = with_state(game_row(game_id, tag, pack_stamp))
    return seat


def _seat_row(game_id: int, position: int, token: str) -> tuple | None:
    """The seat's row if its link is valid, and its game's tag and pack's stamp: one query a
    page, written out once (the ORM's compiling of the three-table query it replaces was
    half of what checking a seat cost).
    """
    with connection.cursor() as cursor:
        cursor.execute(_seat_sql(), [game_id, position, token])
        return cursor.fetchone()


@functools.cache
def _seat_sql() -> str:
    """One seat by its link, with its game's tag and pack's stamp; written the first time it
    is needed, when the database is known."""
    pack = Game.pack.field.related_model
    columns = ", ".join(f"s.{quoted(f.column)}" for f in Seat._meta.concrete_fields)
    which = (
        f"WHERE s.{column(Seat, 'game')} = %s"
        f" AND s.{column(Seat, 'position')} = %s AND s.{column(Seat, 'token')} = %s"
    )
    return (
        f"SELECT {columns}, g.{column(Game, 'state_tag')}, p.{column(pack, 'loaded_at')} "
        f"FROM {table(Seat)} s "
        f"JOIN {table(Game)} g ON g.{quoted(Game._meta.pk.column)} = s.{column(Seat, 'game')} "
        f"JOIN {table(pack)} p ON p.{quoted(pack._meta.pk.column)} = g.{column(Game, 'pack')} "
        f"{which}"
    )


# Game rows (without their state and snapshot) as pages read them, by game, tag and pack.
# Every write to a game's row goes through ``services.store`` and draws a new ``state_tag``,
# so a row read under a tag is the row for as long as the tag is (its pack's cards are keyed
# by the pack's stamp). A table's 18 pages read one row per change, not 18.
_ROWS: Recent[Game] = Recent(64)


def game_row(game_id: int, tag: int, pack_stamp) -> Game:
    """``game_id``'s row as it is under ``tag``: this process's copy, or read and kept.

    Each caller gets its own object (state and snapshot are set on it by ``with_state``);
    the pack and the row's values are shared and only read.
    """
    key = (game_id, tag, _stamp(pack_stamp))
    kept = _ROWS.get(key)
    if kept is None or state_cache.CHECK:
        fresh = _read_row(game_id)
        if fresh.state_tag != tag:  # changed since: neither kept nor compared under the old tag
            return fresh
        if kept is None:
            kept = _ROWS.put(key, fresh)
        else:
            _check_row(kept, fresh)
    return copy.copy(kept)


def keep_row(row: Game) -> None:
    """Keep the row a change has just written (``services.store.save``) under its new tag.

    The process that made a change renders its pages' parts at once, and each of them found
    the row under the new tag missing, so the first read it again: a database round trip
    (0.7 ms of B1's, docs/performance.md) for values the change had just written. ``row`` is
    the row as ``game_rows.read`` gives it (``game_rows.as_read``); the state and the snapshot
    are ``state_cache``'s. A change rolled back leaves its tag to no row, so the entry is
    never found; the suite's ``CHECK`` compares every hit with the row.
    """
    _ROWS.put((row.pk, row.state_tag, _stamp(row.pack.loaded_at)), row)
    _DIRECTORS.put(row.pk, row.director_id)


@functools.lru_cache(maxsize=64)
def _stamp(pack_stamp) -> str:
    """A pack's ``loaded_at`` as a key, alike whether the ORM or a raw read gave it (SQLite's
    raw reads give it naive); worked out once per stamp, not for each page at every change."""
    return str(from_db(concrete(Game.pack.field.related_model, "loaded_at"), pack_stamp))


def _check_row(kept: Game, fresh: Game) -> None:
    """A kept row differs from the row under its tag (only checked with ``CHECK`` on)."""
    for model, old, new in ((Game, kept, fresh), (type(fresh.pack), kept.pack, fresh.pack)):
        for field in model._meta.concrete_fields:
            if field.attname in game_rows.LARGE:
                continue
            if getattr(old, field.attname) != getattr(new, field.attname):
                raise state_cache.StaleEntry(f"game {fresh.pk}: kept row differs in {field.name}")


def board_game(board_token: str) -> Game:
    """The game of a shared screen's link, by the statement a change reads its row with (the
    ORM built the query again for the board's every page and notice)."""
    try:
        game = game_rows.read_by_board_token(board_token)
    except Game.DoesNotExist as exc:
        raise Http404 from exc
    return with_state(game)


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
            Game.objects.filter(pk=game.pk).values_list("state_tag", *game_rows.LARGE).get()
        )
        if entry is None or tag != game.state_tag:
            # A change committed since ``game`` was read (by another thread): the row's next
            # version, read together with its tag.
            game.state, game.snapshot = stored, snapshot
            # Kept under the tag read with them: a change in between cannot mislabel them.
            state_cache.put(game.pk, state_cache.Entry(tag, None, stored, snapshot))
            return game
        state_cache.check(game.pk, entry, stored, snapshot)
    game.state, game.snapshot = entry.raw, entry.snapshot
    return game
