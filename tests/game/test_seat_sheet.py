"""Issue 35: "One printable sheet of every seat's link and QR code". The director prints one
page, cuts it into cards and hands each player theirs; nobody else may open it."""

from __future__ import annotations

import re

import pytest
from django.test import Client

from tests.game.simulated import director_client, phone, play_until

pytestmark = pytest.mark.django_db


def test_one_sheet_holds_every_seat_link_and_code_and_each_link_opens_its_seat():
    game = play_until(16, 3, 1, lambda s: s.turn == 1)
    sheet = director_client(game).get(f"/games/{game.pk}/seats/print/")
    assert sheet.status_code == 200
    html = sheet.content.decode()
    cards = re.findall(r'<li class="sheet-card">(.*?)</li>', html, re.S)
    assert len(cards) == game.seats.count() == 16
    for seat, card in zip(game.seats.order_by("position"), cards, strict=True):
        assert seat.name in card
        assert f"/s/{seat.token}/" in card
        assert card.count("<svg") == 1, "each card carries its own code"
        url = re.search(r'<p class="sheet-url">(.*?)</p>', card).group(1)
        joined = Client().get(url.removeprefix("http://testserver"))
        assert joined.status_code == 302 and joined.url == f"/play/{game.pk}/"
    assert f"/board/{game.board_token}/" in html


def test_the_sheet_is_the_directors_alone():
    game = play_until(5, 3, 1, lambda s: s.turn == 1)
    address = f"/games/{game.pk}/seats/print/"
    assert phone(game, 1).get(address).status_code == 404
    assert Client().get(address).status_code in (302, 404)
