"""A planner's form sent by htmx is answered in place (issue 35 item 4, rules §3.2): the
planner part again, as the page renders it, with what the player was told; a refusal is a 422
carrying the message alone, in the reader's language. Sent plainly, the same form still
answers with the phone page (no JavaScript needed)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from django.test import Client

from consell.game.services import planning

from .conftest import seat_client
from .helpers import start, to_planning
from .simulated import state_of

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
LAW = {"source": "common:proposar-llei", "ability": "proposar-llei"}
FOUND = {"source": "common:crear-regne", "ability": "crear-regne"}
JOIN = {"source": "common:unir-se-regne", "ability": "unir-se-regne"}  # a kingdom to fill in


@pytest.fixture
def alice(game):
    start(game)
    to_planning(game)
    client = seat_client(game, 1)
    client.cookies["django_language"] = "ca"
    return client


def _nonce(page: str) -> str:
    return re.search(r'name="nonce" value="([0-9a-f]+)"', page).group(1)


def _actions(game) -> list[str]:
    return [t.ability for t in state_of(game).player(1).plan.actions]


def test_s32_a_tile_added_by_htmx_comes_back_as_the_planner_part(game, alice):
    page = alice.get(f"/play/{game.pk}/").content.decode()
    answer = alice.post(f"/play/{game.pk}/plan/add/", {**LAW, "nonce": _nonce(page)}, **HX)
    html = unescape(answer.content.decode()).strip()
    assert answer.status_code == 200
    assert html.startswith('<div id="plan-live"') and "<html" not in html
    assert _actions(game) == ["proposar-llei"]
    assert re.search(r'<div id="plan-said" hx-swap-oob="innerHTML">.*S\'ha afegit al teu pla', html)
    again = unescape(alice.get(f"/play/{game.pk}/").content.decode())
    assert "S'ha afegit al teu pla" not in again, "told once, in place"


def test_s32_the_answer_is_the_part_the_page_would_fetch(game, alice):
    alice.post(f"/play/{game.pk}/plan/add/", LAW, **HX)
    alice.post(f"/play/{game.pk}/plan/add/", FOUND, **HX)
    move = {"pile": "actions", "index": "0", "direction": "down"}
    answer = alice.post(f"/play/{game.pk}/plan/move/", move, **HX)
    assert answer.status_code == 200
    assert _actions(game) == ["crear-regne", "proposar-llei"]
    part = answer.content.decode().split('<div id="plan-said"')[0].strip()
    fetched = alice.get(f"/play/{game.pk}/?fragment=plan", **HX).content.decode().strip()
    one_time = re.compile(r'name="nonce" value="[0-9a-f]+"')
    assert one_time.sub("", part) == one_time.sub("", fetched)


def test_s32_a_removed_tile_leaves_the_part_in_place(game, alice):
    planning.add(game.pk, 1, "common:proposar-llei", "proposar-llei", {})
    answer = alice.post(f"/play/{game.pk}/plan/remove/", {"pile": "actions", "index": "0"}, **HX)
    assert answer.status_code == 200 and 'id="plan-live"' in answer.content.decode()
    assert _actions(game) == []


def test_s32_a_refusal_by_htmx_is_a_422_with_the_message_in_catalan(game, alice):
    answer = alice.post(f"/play/{game.pk}/plan/add/", JOIN, **HX)
    assert answer.status_code == 422
    said = answer.content.decode()
    assert said.startswith('<p class="message error" role="alert">Omple la casella')
    assert _actions(game) == []
    assert "Omple la casella" not in alice.get(f"/play/{game.pk}/").content.decode(), "told once"


def test_s32_a_refusal_is_in_the_readers_language(game, alice):
    alice.cookies["django_language"] = "es"
    answer = alice.post(
        f"/play/{game.pk}/plan/add/", {"source": "nowhere", "ability": "none"}, **HX
    )
    assert answer.status_code == 422
    assert "Ahora no se puede planificar esta capacidad." in answer.content.decode()


def test_s32_a_nonce_sent_twice_by_htmx_adds_one_tile(game, alice):
    nonce = _nonce(alice.get(f"/play/{game.pk}/").content.decode())
    for _ in range(2):
        answer = alice.post(f"/play/{game.pk}/plan/add/", {**LAW, "nonce": nonce}, **HX)
        assert answer.status_code == 200
    assert _actions(game) == ["proposar-llei"]


def test_s32_without_javascript_the_form_goes_back_to_the_phone_page(game, alice):
    answer = alice.post(f"/play/{game.pk}/plan/add/", LAW)
    assert answer.status_code == 302 and answer["Location"] == f"/play/{game.pk}/"
    assert _actions(game) == ["proposar-llei"]


def test_s32_every_planner_form_is_sent_in_place_and_still_works_without_it(game, alice):
    planning.add(game.pk, 1, "common:proposar-llei", "proposar-llei", {})
    page = alice.get(f"/play/{game.pk}/").content.decode()
    for path in ("plan/add", "plan/move", "plan/remove", "trades/propose"):
        url = f"/play/{game.pk}/{path}/"
        assert f'action="{url}" hx-post="{url}"' in page, path
    assert 'hx-target="#plan-live"' in page


def test_s32_a_page_loaded_whole_carries_the_token_so_its_forms_need_no_javascript(game):
    """A plain form sent with the page's own token is taken under Django's CSRF check; the
    parts fetched or pushed for a page with JavaScript carry none (``forms.js`` adds it)."""
    start(game)
    to_planning(game)
    seat = game.seats.get(position=1)
    plain = Client(enforce_csrf_checks=True)
    plain.get(f"/s/{seat.token}/")
    page = plain.get(f"/play/{game.pk}/")
    add = re.search(
        r'<form method="post" action="/play/\d+/plan/add/".*?</form>', page.content.decode(), re.S
    ).group()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', add).group(1)
    sent = {**LAW, "nonce": _nonce(add), "csrfmiddlewaretoken": token}
    assert plain.post(f"/play/{game.pk}/plan/add/", sent).status_code == 302
    assert _actions(game) == ["proposar-llei"]
    fragment = plain.get(f"/play/{game.pk}/?fragment=plan", **HX).content.decode()
    assert "csrfmiddlewaretoken" not in fragment and "csrf-given" not in fragment


def _receipt(html: str) -> str | None:
    found = re.search(r'<p class="muted receipt">([^<]*)</p>', unescape(html))
    return found.group(1) if found else None


def test_s32_a_hand_in_answered_in_place_shows_the_receipt_the_page_shows(game, alice):
    """The answer renders the planner alone, without the phone's log, yet shows the hand-in's
    receipt as the page does: the same sentence the player's log holds (rules §3.2)."""
    answer = alice.post(f"/play/{game.pk}/plan/hand-in/", **HX).content.decode()
    page = alice.get(f"/play/{game.pk}/").content.decode()
    receipt = _receipt(answer)
    assert receipt and re.search(r"segellat: rebut [0-9A-F]{4}-[0-9A-F]{4}", receipt), answer
    assert _receipt(page) == receipt
    log = re.search(r'<ol class="log-list".*?</ol>', unescape(page), re.S).group(0)
    assert receipt in log
    bob = seat_client(game, 2).get(f"/play/{game.pk}/").content.decode()
    assert receipt not in unescape(bob), "a receipt is its player's own"


def test_s32_a_plan_handed_in_is_shown_locked_and_takes_no_more_tiles(game, alice):
    """Once handed in, a plan is locked (rules §3.2): the planner shows it without a single
    ability to add, and a tile sent anyway is refused and changes nothing."""
    alice.post(f"/play/{game.pk}/plan/add/", LAW, **HX)
    answer = unescape(alice.post(f"/play/{game.pk}/plan/hand-in/", **HX).content.decode())
    assert "queda bloquejat" in answer and "proposar-llei" in answer  # the plan, locked
    assert "/plan/add/" not in answer  # nothing more to add
    refused = alice.post(f"/play/{game.pk}/plan/add/", FOUND, **HX)
    assert refused.status_code == 422
    assert "Ara no es pot planificar aquesta capacitat." in refused.content.decode()
    assert _actions(game) == ["proposar-llei"]
