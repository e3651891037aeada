"""The director's corrections by hand, posted from the dashboard (rules G1; docs/principles.md,
principle 2).

"The director may correct anything by hand, visibly in the log": a correction is applied once
and answered as done, however many times its form is sent.
"""

from __future__ import annotations

import pytest

from consell.game.models import Event
from consell.rules.resources import Resource
from consell.rules.state import Phase

from .simulated import (
    director_client,
    hidden_fields,
    messages_of,
    play_until,
    refusals_of,
    state_of,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def game():
    """``simulate --players 3 --turns 2 --seed 7``, at its first Planning."""
    return play_until(3, 2, 7, lambda s: s.phase is Phase.PLANNING)


def _correct(client, game, form, **values):
    return client.post(f"/games/{game.pk}/correct/", {**form, **values})


def test_a_correction_is_applied_and_answered_as_done(game):
    director = director_client(game)
    form = hidden_fields(director.get(f"/games/{game.pk}/"), f"/games/{game.pk}/correct/")
    before = state_of(game).player(1).resources[Resource.MON]
    response = _correct(director, game, form, res_1_MON="2", reason="A coin fell off the table")
    assert response.status_code == 302
    assert messages_of(response) == ["Correction logged."]
    assert state_of(game).player(1).resources[Resource.MON] == before + 2


def test_the_same_correction_sent_twice_is_applied_once(game):
    director = director_client(game)
    form = hidden_fields(director.get(f"/games/{game.pk}/"), f"/games/{game.pk}/correct/")
    before = state_of(game).player(1).resources[Resource.MON]
    _correct(director, game, form, res_1_MON="2", reason="A coin fell off the table")
    again = _correct(director, game, form, res_1_MON="2", reason="A coin fell off the table")
    assert again.status_code == 302
    assert refusals_of(again) == []
    assert state_of(game).player(1).resources[Resource.MON] == before + 2
    assert Event.objects.filter(game=game, kind="correction_reason").count() == 1


def test_a_correction_from_a_page_shown_before_it_changes_nothing_twice(game):
    """A second tab (or a form reloaded from the history) was rendered before the first
    correction: its seq is out of date, so it is refused, not applied a second time."""
    director = director_client(game)
    page = director.get(f"/games/{game.pk}/")
    first = hidden_fields(page, f"/games/{game.pk}/correct/")
    second = hidden_fields(page, f"/games/{game.pk}/correct/")
    second["nonce"] = "another-" + first["nonce"][:20]
    before = state_of(game).player(1).resources[Resource.MON]
    _correct(director, game, first, res_1_MON="2", reason="A coin fell off the table")
    stale = _correct(director, game, second, res_1_MON="2", reason="A coin fell off the table")
    assert stale.status_code == 302
    assert refusals_of(stale)
    assert state_of(game).player(1).resources[Resource.MON] == before + 2
