"""The director's controls of time and absence as the dashboard posts them: each does what
it says, and bad input gets a clear message and changes nothing (G60, G62, G63)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.messages import get_messages
from django.test import Client
from django.utils import timezone

from consell.game.models import Game
from consell.game.services import planning

from .conftest import seat_client
from .helpers import start, to_planning


@pytest.fixture
def dora(game, director) -> Client:
    start(game)
    to_planning(game)
    browser = Client()
    browser.force_login(director)
    return browser


def _post(browser, game, what, **data):
    """What the dashboard says after the post (its redirect shown, as a browser would)."""
    response = browser.post(f"/games/{game.pk}/{what}/", data, follow=True)
    assert response.redirect_chain[0][1] == 302
    return [str(m) for m in get_messages(response.wsgi_request)]


def _local(moment) -> str:
    return timezone.localtime(moment).strftime("%Y-%m-%dT%H:%M")


def test_the_director_sets_a_deadline_and_every_page_shows_it(game, dora):
    said = _post(dora, game, "deadline", action="set", minutes="15")
    assert said == ["Deadline set: every phone shows the countdown."]
    row = Game.objects.get(pk=game.pk)
    assert row.clock["minutes"] == 15
    phone = seat_client(game, 2).get(f"/play/{game.pk}/").content.decode()
    board = Client().get(f"/board/{game.board_token}/").content.decode()
    for page in (phone, board, dora.get(f"/games/{game.pk}/").content.decode()):
        assert f'data-deadline="{row.clock["deadline"]}"' in page


@pytest.mark.parametrize(
    "what, data, message",
    [
        ("deadline", {"action": "set", "until": "yesterday"}, "Give the time as a date"),
        ("deadline", {"action": "set", "minutes": "0"}, "Give the deadline in minutes"),
        ("deadline", {"action": "set"}, "Give the deadline in minutes"),
        ("deadline", {"action": "extend", "minutes": "5"}, "There is no deadline to extend"),
        ("deadline", {"action": "dance"}, "Choose what to do"),
        ("pause", {"action": "resume"}, "The game is not paused"),
        ("pause", {"resumes": "soon"}, "Give the time as a date"),
        ("stand-in", {"seat": "x"}, "Choose a player"),
        ("stand-in", {"seat": "9"}, "There is no seat 9"),
        ("stand-in", {"seat": "1", "action": "take_back"}, "No stand-in plays this seat"),
    ],
)
def test_bad_input_is_refused_with_a_message_and_changes_nothing(game, dora, what, data, message):
    seq = Game.objects.get(pk=game.pk).seq
    said = _post(dora, game, what, **data)
    assert any(s.startswith(message) for s in said), said
    assert Game.objects.get(pk=game.pk).seq == seq


def test_a_deadline_in_the_past_a_second_pause_and_a_handed_in_seat_are_refused(game, dora):
    seq = Game.objects.get(pk=game.pk).seq
    past = _local(timezone.now() - timedelta(hours=1))
    assert _post(dora, game, "deadline", action="set", until=past) == [
        "That time has passed: a deadline must be later."
    ]
    assert Game.objects.get(pk=game.pk).seq == seq
    planning.hand_in(game.pk, 3)
    seq = Game.objects.get(pk=game.pk).seq
    said = _post(dora, game, "stand-in", seat="3", action="hand_over")
    assert said and "has already handed in" in said[0]
    assert _post(dora, game, "pause") == ["The game is paused: the phones and the board say so."]
    assert _post(dora, game, "pause") == ["The game is already paused."]
    assert Game.objects.get(pk=game.pk).seq == seq + 1


def test_a_paused_game_says_so_on_every_page_and_refuses_the_phone(game, dora):
    resumes = timezone.now() + timedelta(days=2)
    _post(dora, game, "pause", resumes=_local(resumes))
    phone = seat_client(game, 2)
    page = phone.get(f"/play/{game.pk}/").content.decode()
    assert "The game is paused." in page and "It resumes on" in page
    assert "The game is paused." in Client().get(f"/board/{game.board_token}/").content.decode()
    response = phone.post(f"/play/{game.pk}/plan/hand-in/", {"nonce": "n1"}, follow=True)
    assert "The game is paused until" in response.content.decode()
    assert not Game.objects.get(pk=game.pk).state["players"][1]["plan"]["handed_in"]


def test_a_finished_game_cannot_be_paused(db):
    from consell.simulator.runner import simulate

    played = simulate(4, 1, 2)
    browser = Client()
    browser.force_login(get_user_model().objects.get(username="simulador"))
    seq = played.game.seq
    said = _post(browser, played.game, "pause")
    assert said == ["Only a game being played can be paused."]
    assert Game.objects.get(pk=played.game.pk).seq == seq


def test_after_a_resume_the_phone_recaps_what_its_player_may_know_since_their_last_visit(
    game, dora
):
    """G63: "at resume, each phone offers a recap since that player's last visit", from the
    player's own log: public entries and their own, never another seat's private ones."""
    phone = seat_client(game, 2)
    assert "Since your last visit" not in phone.get(f"/play/{game.pk}/").content.decode()
    _post(dora, game, "pause")
    _post(dora, game, "pause", action="resume")
    planning.hand_in(game.pk, 4)  # public: everyone reads that Dídac handed in
    page = phone.get(f"/play/{game.pk}/").content.decode()
    recap = page[page.index("Since your last visit") : page.index("</details>")]
    assert "The director paused the game." in recap
    assert "The game resumes." in recap
    assert "Dídac handed in their chest." in recap
    assert "plan of Dídac" not in recap  # Dídac's sealed plan is Dídac's alone
    again = phone.get(f"/play/{game.pk}/").content.decode()
    assert "Since your last visit" not in again  # shown once, then this visit is the last
    # The seat's link works across evenings: opened anew after the resume, it binds the seat.
    assert seat_client(game, 2).get(f"/play/{game.pk}/").status_code == 200


def test_the_phone_says_a_stand_in_plays_its_seat(game, dora):
    _post(dora, game, "stand-in", seat="2", action="hand_over")
    page = seat_client(game, 2).get(f"/play/{game.pk}/").content.decode()
    assert "A stand-in is playing your seat." in page
    other = seat_client(game, 3).get(f"/play/{game.pk}/").content.decode()
    assert "A stand-in is playing your seat." not in other
    assert "A stand-in plays for: Bob." in other


def test_the_reminder_marks_every_page_for_the_last_minutes(game, dora):
    """G60: "players get a reminder before it ends": the pages mark it (an open, hidden phone
    the game waits for notifies its player: static/js/live.js) as e-mail reminds the others."""
    from consell.game.services import clock

    t0 = timezone.now()
    clock.set_deadline(game.pk, minutes=10, at=t0)
    phone = seat_client(game, 2)
    assert "data-reminded" not in phone.get(f"/play/{game.pk}/").content.decode()
    assert not clock.tick(Game.objects.get(pk=game.pk), at=t0 + timedelta(minutes=7))
    assert clock.tick(Game.objects.get(pk=game.pk), at=t0 + timedelta(minutes=8, seconds=30))
    assert "data-reminded" in phone.get(f"/play/{game.pk}/").content.decode()
    assert "data-reminded" in Client().get(f"/board/{game.board_token}/").content.decode()
    assert not clock.tick(Game.objects.get(pk=game.pk), at=t0 + timedelta(minutes=9))  # once


def test_a_moment_is_written_as_each_language_writes_it():
    """Catalan and Spanish write a month's abbreviation in lower case, English capitalised."""
    from django.utils import translation

    from consell.game.naming import when

    moment = "2026-12-08T20:30:00+00:00"
    written = {}
    for language in ("ca", "es", "en"):
        with translation.override(language):
            written[language] = when(moment)
    assert " des.," in written["ca"] and " dic," in written["es"] and " Dec," in written["en"]
