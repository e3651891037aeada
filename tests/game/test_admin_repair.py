"""The admin's repair path for a stuck game (superusers only), on a game the simulator played.

A reaction left unanswered (the player went home) holds the game in Actions. A superuser reads
the open decisions on the game's admin page and answers it in the player's place; the repair is
logged as the director's with its reason (rules G1: "the director's corrections are logged"),
and one the rules refuse changes nothing.
"""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from consell.game.models import Event

from .simulated import director_client, play_until, state_of

pytestmark = pytest.mark.django_db


def _reactions(state):
    return [p for p in state.pending if p.kind == "reaction" and p.waiting_for]


@pytest.fixture
def game():
    """``simulate --players 5 --seed 1`` when its first reaction waits on a phone."""
    return play_until(5, 10, 1, lambda s: bool(_reactions(s)))


@pytest.fixture
def admin_client():
    user = get_user_model().objects.create_superuser("root", "root@example.com", "pw-repair-1")
    client = Client()
    client.force_login(user)
    return client


def _url(game):
    return f"/admin/game/game/{game.pk}/repair/"


def _post(client, game, **data):
    return client.post(_url(game), {"nonce": f"n-{data.get('reason', '')}", **data})


def test_the_repair_page_shows_what_the_game_waits_for(admin_client, game):
    reaction = _reactions(state_of(game))[0]
    asked = game.seats.get(position=reaction.waiting_for[0]).name
    page = admin_client.get(_url(game))
    assert page.status_code == 200
    body = page.content.decode()
    pending_table = body.split('id="repair-pending"')[1].split("</table>")[0]
    assert f"<td>{reaction.id}</td>" in pending_table
    assert asked in pending_table
    assert 'id="repair-state"' in body
    assert admin_client.get(f"/admin/game/game/{game.pk}/change/").status_code == 302


def test_a_superuser_answers_the_stuck_reaction_and_the_reason_is_logged(admin_client, game):
    reaction = _reactions(state_of(game))[0]
    answer = _post(
        admin_client,
        game,
        action="decide",
        pending=reaction.id,
        decision='{"use": false}',
        reason="Bernat went home",
    )
    assert answer.status_code == 302
    assert reaction.id not in [p.id for p in state_of(game).pending]
    logged = Event.objects.filter(game=game, kind="repair").get()
    assert logged.by_director and logged.audience == "director"
    assert logged.payload["reason"] == "Bernat went home"
    assert logged.payload["pending"] == reaction.id
    # The decision itself is the director's too, as on the dashboard.
    assert Event.objects.filter(game=game, seq__lt=logged.seq, by_director=True).exists()


def test_the_same_form_sent_twice_repairs_once(admin_client, game):
    reaction = _reactions(state_of(game))[0]
    data = {
        "action": "decide",
        "pending": reaction.id,
        "decision": '{"use": false}',
        "reason": "twice",
    }
    _post(admin_client, game, **data)
    game.refresh_from_db()
    seq = game.seq
    again = _post(admin_client, game, **data)
    assert again.status_code == 302
    game.refresh_from_db()
    assert game.seq == seq
    assert Event.objects.filter(game=game, kind="repair").count() == 1


@pytest.mark.parametrize(
    "data, message",
    [
        ({"action": "decide", "pending": 9999, "decision": "{}"}, "Nothing is waiting on decision"),
        ({"action": "decide", "pending": 1, "decision": "{not json"}, "This is not valid JSON."),
        ({"action": "reissue", "seat": 42}, "There is no seat 42."),
        ({"action": "correct", "resources": '{"1": {"MON": -999}}'}, "cannot take 999"),
        ({"action": "procedure"}, "Say which pending decision"),
    ],
)
def test_a_refused_repair_says_why_and_changes_nothing(admin_client, game, data, message):
    game.refresh_from_db()
    seq, state = game.seq, game.state
    page = _post(admin_client, game, reason="trying", **data)
    assert page.status_code == 200
    assert message in page.content.decode()
    game.refresh_from_db()
    assert (game.seq, game.state) == (seq, state)
    assert not Event.objects.filter(game=game, kind="repair").exists()


def test_a_repair_needs_a_reason(admin_client, game):
    game.refresh_from_db()
    seq = game.seq
    page = _post(admin_client, game, action="notify", reason="")
    assert page.status_code == 200
    game.refresh_from_db()
    assert game.seq == seq


def test_refreshing_every_screen_wakes_every_viewer(admin_client, game):
    game.refresh_from_db()
    before = dict(game.versions)
    _post(admin_client, game, action="notify", reason="the board froze")
    game.refresh_from_db()
    seats = [f"seat:{p.seat}" for p in state_of(game).players]
    for viewer in ["director", "public", *seats]:
        assert game.versions[viewer] == before.get(viewer, 0) + 1


def test_a_director_who_is_not_a_superuser_has_no_repair_page(game):
    client = director_client(game)
    game.director.is_staff = True
    game.director.save()
    assert client.get(_url(game)).status_code in (302, 403)
    assert client.get("/admin/game/game/").status_code in (302, 403)
