"""Each page kind has one h1 naming the game and whose page it is, and a flash message list a
screen reader reads as a list (the status role on its wrapper, not on the ul), on the game the
simulator's 5-player table reached at turn 1's Planning."""

from __future__ import annotations

import re

import pytest

from consell.rules.state import Phase
from tests.game.simulated import director_client, phone, play_until

pytestmark = pytest.mark.django_db


@pytest.fixture
def planning():
    return play_until(5, 10, 1, lambda s: s.turn == 1 and s.phase is Phase.PLANNING)


def _h1(page: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", h).strip() for h in re.findall(r"<h1\b.*?</h1>", page, re.S)]


def test_the_phone_the_board_and_the_dashboard_each_have_one_h1(planning, client):
    seat = planning.seats.get(position=1)
    pages = {
        "phone": phone(planning, 1).get(f"/play/{planning.pk}/"),
        "board": client.get(f"/board/{planning.board_token}/"),
        "dashboard": director_client(planning).get(f"/games/{planning.pk}/"),
    }
    for kind, response in pages.items():
        assert response.status_code == 200, kind
        headings = _h1(response.content.decode())
        assert len(headings) == 1 and planning.name in headings[0], (kind, headings)
    assert seat.name in _h1(pages["phone"].content.decode())[0]


def test_a_flash_message_list_keeps_its_list_semantics(planning):
    director = director_client(planning)
    response = director.post(
        f"/games/{planning.pk}/correct/",
        {"reason": "a miscount", "res_1_POW": 1, "nonce": "c1"},
        follow=True,
    )
    page = response.content.decode()
    listed = re.search(r'<div role="status">\s*<ul class="messages">\s*<li class="message', page)
    assert listed, "the messages are list items of a plain list inside a status region"
    assert '<ul class="messages" role=' not in page
