"""Time and absence as the table meets it, in Catalan (G60, G63): the director sets a deadline
from the dashboard and the countdown appears on an open phone (360 px) and runs, with no
reload; the director pauses the game and the phone says so and refuses the hand-in, and takes
it once the game resumes."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from playwright.sync_api import expect

from consell.rules.state import Phase
from tests.e2e.table import pressed
from tests.game.simulated import play_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 360
HAND_IN = "form[action$='/plan/hand-in/'] button[type=submit]"


def test_the_deadline_and_the_pause_reach_an_open_phone_live(live_url, browser):
    game = play_until(5, 2, 4, lambda s: s.phase is Phase.PLANNING)
    client = Client()
    client.force_login(game.director)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}
    token = game.seats.get(position=2).token
    phone = browser.phone().new_page()
    phone.on("dialog", lambda dialog: dialog.accept())  # "Hand in your chest?"
    phone.goto(f"{live_url}/s/{token}/")
    expect(phone.locator("[data-live-status]")).to_have_attribute("data-state", "online")
    phone.evaluate("window.sameLoad = true")
    laptop = browser.laptop(cookie).new_page()
    laptop.goto(f"{live_url}/games/{game.pk}/")
    panel = laptop.locator(".director-clock")

    panel.locator("input[name=minutes]").fill("20")
    assert pressed(laptop, panel.get_by_role("button", name="Posa el termini"))
    countdown = phone.locator("#decisions .clock [data-countdown]")
    expect(countdown).to_have_text(re.compile(r"^(19|20):\d\d$"))
    expect(phone.locator("#decisions .clock")).to_contain_text("Termini: fins")
    first = countdown.text_content()
    phone.wait_for_timeout(1500)
    assert countdown.text_content() != first  # it runs

    assert pressed(laptop, panel.get_by_role("button", name="Posa la partida en pausa"))
    expect(phone.locator("#decisions .notice.paused")).to_contain_text("La partida està en pausa.")
    expect(phone.locator("#decisions .clock.stopped")).to_contain_text("aturat")
    assert phone.evaluate("window.sameLoad")  # the deadline and the pause came live
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    phone.screenshot(path="/tmp/consell-paused-360.png")
    assert not pressed(phone, phone.locator(HAND_IN))
    expect(phone.locator(".messages")).to_contain_text("La partida està en pausa")

    assert pressed(laptop, panel.get_by_role("button", name="Reprèn la partida"))
    expect(phone.locator("#decisions .notice.paused")).to_have_count(0)
    expect(countdown).to_be_visible()
    assert pressed(phone, phone.locator(HAND_IN))
    expect(phone.locator(".messages")).not_to_contain_text("pausa")
