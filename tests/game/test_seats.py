"""Seat links (issue: seat every player on their phone): a link opens its own seat only."""

from __future__ import annotations

import pytest
from django.test import Client

from consell.game.services import games as game_services
from tests.game.conftest import PLAYERS, seat_client

pytestmark = pytest.mark.django_db


def test_it_binds_a_phone_to_its_seat(game):
    seat = game.seats.get(position=2)
    phone = Client()
    response = phone.get(f"/s/{seat.token}/")
    assert response.status_code == 302
    assert response["Location"] == f"/play/{game.pk}/"
    page = phone.get(f"/play/{game.pk}/").content.decode()
    assert "Bob" in page
    assert "Prestige" in page or "Prestigi" in page


def test_an_unknown_link_is_404(game):
    assert Client().get("/s/not-a-real-token/").status_code == 404


def test_a_phone_without_a_link_sees_no_seat(game):
    assert Client().get(f"/play/{game.pk}/").status_code == 404


def test_a_seat_link_opens_no_other_game(game, director, pack):
    other = game_services.create_game(director, "Divendres", pack, PLAYERS)
    phone = seat_client(game, 1)
    assert phone.get(f"/play/{other.pk}/").status_code == 404


def test_a_seat_link_opens_no_director_page(game):
    phone = seat_client(game, 1)
    for url in (
        f"/games/{game.pk}/",
        f"/games/{game.pk}/seats/2/qr.svg",
    ):
        assert phone.get(url).status_code == 404, url
    assert phone.post(f"/games/{game.pk}/seats/2/reissue/").status_code == 404
    assert phone.post(f"/games/{game.pk}/start/").status_code == 404


def test_a_director_sees_only_their_own_games(game, django_user_model):
    mallory = django_user_model.objects.create_user(username="mallory", password="x-mallory-x")
    browser = Client()
    browser.force_login(mallory)
    assert browser.get(f"/games/{game.pk}/").status_code == 404
    assert browser.get(f"/games/{game.pk}/seats/1/qr.svg").status_code == 404
    assert "Dijous" not in browser.get("/games/").content.decode()


def test_the_dashboard_shows_each_seat_link_and_its_qr_code(client_dora, game):
    page = client_dora.get(f"/games/{game.pk}/").content.decode()
    for seat in game.seats.all():
        assert f"/s/{seat.token}/" in page
    qr = client_dora.get(f"/games/{game.pk}/seats/1/qr.svg")
    assert qr.status_code == 200
    assert qr["Content-Type"] == "image/svg+xml"
    assert b"<svg" in qr.content


def test_a_reissued_link_locks_out_the_lost_phone(client_dora, game):
    lost = seat_client(game, 3)
    old_token = game.seats.get(position=3).token
    client_dora.post(f"/games/{game.pk}/seats/3/reissue/", {"nonce": "n1"})
    seat = game.seats.get(position=3)
    assert seat.token != old_token
    assert lost.get(f"/play/{game.pk}/").status_code == 404
    assert Client().get(f"/s/{old_token}/").status_code == 404
    assert seat_client(game, 3).get(f"/play/{game.pk}/").status_code == 200


def test_reissuing_twice_with_one_click_changes_the_link_once(client_dora, game):
    client_dora.post(f"/games/{game.pk}/seats/3/reissue/", {"nonce": "same"})
    token = game.seats.get(position=3).token
    client_dora.post(f"/games/{game.pk}/seats/3/reissue/", {"nonce": "same"})
    assert game.seats.get(position=3).token == token
