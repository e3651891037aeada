"""Access (issue 6.6): "Before the game ends the audit is the director's alone: a player or the
public board asking for it gets 404. After the end, every seat of that game can open it."
"""

from __future__ import annotations

import pytest
from django.test import Client

from consell.game.services import games as game_services
from tests.audit.conftest import SEATS, board_client, director_client
from tests.game.conftest import seat_client

pytestmark = pytest.mark.django_db

PAGES = ["", "story/", "charts/", "dice/", "report/", "report.pdf", "export.json"]


@pytest.mark.parametrize("page", PAGES)
def test_it_opens_for_the_director_before_the_end(played, page):
    assert director_client(played).get(f"/audit/{played.pk}/{page}").status_code == 200


@pytest.mark.parametrize("page", PAGES)
def test_it_is_404_to_every_seat_before_the_end(played, page):
    for position in SEATS:
        client = seat_client(played, position)
        assert client.get(f"/audit/{played.pk}/{page}").status_code == 404


@pytest.mark.parametrize("page", PAGES)
def test_it_opens_for_every_seat_after_the_end(finished, page):
    for position in SEATS:
        client = seat_client(finished, position)
        assert client.get(f"/audit/{finished.pk}/{page}").status_code == 200


@pytest.mark.parametrize("game_fixture", ["played", "finished"])
def test_the_public_board_never_opens_it(request, game_fixture):
    game = request.getfixturevalue(game_fixture)
    client = board_client(game)
    for page in PAGES:
        assert client.get(f"/audit/{game.pk}/{page}").status_code == 404


def test_mallory_gets_404_after_the_end(finished, django_user_model):
    mallory = django_user_model.objects.create_user(username="mallory", password="not-invited")
    client = Client()
    client.force_login(mallory)
    assert client.get(f"/audit/{finished.pk}/").status_code == 404
    assert Client().get(f"/audit/{finished.pk}/").status_code == 404


def test_a_seat_of_another_game_gets_404(finished):
    other = game_services.create_game(
        finished.director, "Divendres", finished.pack, ["Alice", "Bob", "Carles"]
    )
    game_services.deal(other.pk)
    client = seat_client(other, 1)
    assert client.get(f"/audit/{finished.pk}/").status_code == 404


def test_a_seat_reads_only_its_own_story(finished):
    alice = seat_client(finished, 1)
    page = alice.get(f"/audit/{finished.pk}/story/").content.decode()
    assert f"/audit/{finished.pk}/story/2/" not in page
    assert alice.get(f"/audit/{finished.pk}/story/1/").status_code == 200
    assert alice.get(f"/audit/{finished.pk}/story/2/").status_code == 404


def test_the_director_reads_any_players_story(finished):
    client = director_client(finished)
    assert client.get(f"/audit/{finished.pk}/story/2/").status_code == 200
    assert client.get(f"/audit/{finished.pk}/story/9/").status_code == 404
