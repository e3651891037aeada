"""Director steps are idempotent: a double click, a retry or a second tab changes nothing twice."""

from __future__ import annotations

import pytest

from consell.game.models import Event
from consell.rules.state import GameState
from tests.game.conftest import PLAYERS, seat_client

pytestmark = pytest.mark.django_db


@pytest.fixture
def started(game, client_dora):
    for seat in range(1, len(PLAYERS) + 1):
        game.refresh_from_db()
        offer = GameState.from_dict(game.state).player(seat).objective_offer
        seat_client(game, seat).post(
            f"/play/{game.pk}/objectives/", {"collective": offer[0], "personal": offer[2]}
        )
    client_dora.post(f"/games/{game.pk}/start/", {"nonce": "start"})
    game.refresh_from_db()
    return game


def test_a_double_click_reveals_one_destiny_card(started, client_dora):
    """Both clicks carry the page's sequence number; the second finds the game moved on."""
    seq = started.seq
    for _ in range(2):
        client_dora.post(f"/games/{started.pk}/turn/destiny/", {"seq": seq, "nonce": f"n{_}"})
    assert Event.objects.filter(game=started, kind="destiny_revealed").count() == 1


def test_a_retry_with_the_same_nonce_changes_nothing(started, client_dora):
    started.refresh_from_db()
    data = {"seq": started.seq, "nonce": "same-request"}
    client_dora.post(f"/games/{started.pk}/turn/destiny/", data)
    started.refresh_from_db()
    after_first = started.seq
    response = client_dora.post(f"/games/{started.pk}/turn/destiny/", data, follow=True)
    started.refresh_from_db()
    assert started.seq == after_first
    assert response.status_code == 200


def test_an_outdated_tab_is_told_and_changes_nothing(started, client_dora):
    stale = started.seq
    client_dora.post(f"/games/{started.pk}/turn/destiny/", {"seq": stale, "nonce": "a"})
    started.refresh_from_db()
    moved = started.seq
    response = client_dora.post(
        f"/games/{started.pk}/turn/advance/", {"seq": stale, "nonce": "b"}, follow=True
    )
    started.refresh_from_db()
    assert started.seq == moved
    assert "changed since this page was shown" in response.content.decode()


def test_nonsense_step_input_is_refused_cleanly(started, client_dora):
    for data in ({"seq": "not-a-number"}, {"seq": ""}, {}):
        response = client_dora.post(f"/games/{started.pk}/turn/secret/", data, follow=True)
        assert response.status_code == 200
    response = client_dora.post(f"/games/{started.pk}/turn/secret/", {"die": "seven"}, follow=True)
    assert response.status_code == 200
