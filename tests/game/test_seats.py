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
    assert lost.get(f"/play/{game.pk}/").status_code == 200  # its game's row is kept now
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


def test_a_phone_reads_its_game_as_each_change_left_it(game):
    """The game row a page reads is kept per version (``access.game_row``): after a change
    the phone's page shows the new version, never the row kept before it."""
    phone = seat_client(game, 1)
    versions = []
    for position in (1, 2):
        page = phone.get(f"/play/{game.pk}/").content.decode()
        versions.append(int(page.split('data-version="')[1].split('"')[0]))
        offer = game.dealt_state().player(position).objective_offer
        game_services.keep_objectives(game.pk, position, offer[0], offer[2])
        game.refresh_from_db()
    page = phone.get(f"/play/{game.pk}/").content.decode()
    versions.append(int(page.split('data-version="')[1].split('"')[0]))
    assert versions[0] < versions[1] < versions[2]


def test_a_row_read_after_a_change_is_not_kept_under_the_tag_before_it(game):
    """A page that read the seat under one tag and the game after a change in between gets
    the newer row, and nothing is kept under the older tag."""
    from consell.game import access

    game.refresh_from_db()
    old_tag, stamp = game.state_tag, game.pack.loaded_at
    offer = game.dealt_state().player(1).objective_offer
    game_services.keep_objectives(game.pk, 1, offer[0], offer[2])
    row = access.game_row(game.pk, old_tag, stamp)
    assert row.state_tag != old_tag and row.seq > game.seq
    kept = [row for key, row in access._ROWS._entries.items() if key[:2] == (game.pk, old_tag)]
    assert all(row.state_tag == old_tag for row in kept)


def test_a_change_keeps_the_row_it_wrote_for_the_pages_rendered_after_it(game, monkeypatch):
    """The process that made a change renders its pages at once: the row it wrote is kept
    under the new tag, with its pack, as a read of the row gives it, so no page reads it
    again (B1, docs/performance.md)."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from consell.game import access, game_rows, state_cache
    from consell.game.models import Game

    offer = game.dealt_state().player(2).objective_offer
    game_services.keep_objectives(game.pk, 2, offer[0], offer[2])
    game.refresh_from_db()
    monkeypatch.setattr(state_cache, "CHECK", False)  # the suite's own check reads every row
    stamp = game.pack.loaded_at
    with CaptureQueriesContext(connection) as read:
        kept = access.game_row(game.pk, game.state_tag, stamp)
    assert read.captured_queries == []
    fresh = game_rows.read(game.pk)
    for model, mine, theirs in ((Game, kept, fresh), (type(fresh.pack), kept.pack, fresh.pack)):
        for field in model._meta.concrete_fields:
            if field.attname not in game_rows.LARGE:
                assert getattr(mine, field.attname) == getattr(theirs, field.attname), field
