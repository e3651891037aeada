"""A director's steps are checked on the row their change locks (``access.directing``,
``store.acting_for``), on a game the simulator played.

Every step the director posts is refused to anyone who does not direct the game (a 404 that
says nothing of whether the game exists), and changes nothing. The row of a game this process
has seen answers who directs it without a read of its own; the change still checks, on the
row it locks, so a wrong answer there lets nobody else act.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from consell.game import access
from consell.game.models import Event, Game
from consell.rules.state import Phase

from .simulated import director_client, hidden_fields, play_until

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    return play_until(5, 2, 1, lambda s: s.phase is Phase.PLANNING)


def _correction(game, client: Client) -> dict:
    """A Stability correction of the first kingdom, with the dashboard's hidden fields."""
    form = hidden_fields(
        director_client(game).get(f"/games/{game.pk}/"), f"/games/{game.pk}/correct/"
    )
    kingdom = game.state["kingdoms"][0]
    value = 2 if kingdom["indicators"]["stability"] != 2 else 4
    return {**form, f"ind_{kingdom['id']}_stability": str(value), "reason": "Misread"}


def _events(game) -> int:
    return Event.objects.filter(game=game).count()


def test_the_director_steps_without_reading_the_row_twice(game):
    director = director_client(game)
    director.get(f"/games/{game.pk}/")  # the row is seen here
    body = _correction(game, director)
    with CaptureQueriesContext(connection) as queries:
        answer = director.post(f"/games/{game.pk}/correct/", body)
    assert answer.status_code == 302
    # The row is read once, by the change that locks it (``game_rows.lock``); the state is
    # read apart, when it is read at all.
    rows = [q["sql"] for q in queries if q["sql"].startswith('SELECT g."id", g."director_id"')]
    assert len(rows) == 1
    assert "FOR UPDATE" in rows[0] or connection.vendor == "sqlite"
    game.refresh_from_db()
    assert game.state["kingdoms"][0]["indicators"]["stability"] == int(
        body[f"ind_{game.state['kingdoms'][0]['id']}_stability"]
    )


def test_another_director_is_refused_even_where_this_process_thinks_otherwise(game):
    """Rules G1 is the director's alone: "The director may correct any state, with an audit
    log." Another account gets a 404 and the game is left as it was, even when the process's
    hint of who directs the game names that account (a row it kept, not the row as it is)."""
    mallory = get_user_model().objects.create_user(username="mallory", password="x-consell-x")
    other = Client()
    other.force_login(mallory)
    body = _correction(game, other)
    before = (_events(game), Game.objects.get(pk=game.pk).state)
    assert other.post(f"/games/{game.pk}/correct/", body).status_code == 404
    access._DIRECTORS.put(game.pk, mallory.pk)
    for step in ("correct/", "turn/advance/", "turn/close-planning/"):
        answer = other.post(f"/games/{game.pk}/{step}", {**body, "seat": 1})
        assert answer.status_code == 404, step
    assert (_events(game), Game.objects.get(pk=game.pk).state) == before
    # The director's own step is still taken: the hint is only a hint.
    assert director_client(game).post(f"/games/{game.pk}/correct/", body).status_code == 302
    assert _events(game) > before[0]


def test_a_step_on_a_game_that_is_not_there_is_a_404(game):
    """A hint naming this director for a game id no row holds (a creation rolled back) lets
    the step through to its change, which finds no row to lock: a 404, and nothing written."""
    director = director_client(game)
    missing = Game.objects.order_by("-pk").first().pk + 1000
    access._DIRECTORS.put(missing, game.director_id)
    answer = director.post(f"/games/{missing}/turn/advance/", {"nonce": "n", "seq": 1})
    assert answer.status_code == 404
    assert not Event.objects.filter(game_id=missing).exists()
