"""A remote seat in a real browser at 360 px (issue 37, item 4): the player opts in to e-mails
from the phone, and a page left open in the background tells them when the game comes to wait
for them, in the page's words, never the game's."""

from __future__ import annotations

import pytest
from django.test import Client
from playwright.sync_api import expect

from consell.rules.state import Phase
from tests.e2e.table import pressed
from tests.game.simulated import play_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 360
DIRECTOR_BUTTONS = (
    "#live [data-shortcut=confirm], #live [data-shortcut=roll], #live [data-shortcut=next]"
)
# A page in the background, and the browser's notifications as a record of what was shown.
HIDDEN_WITH_NOTIFICATIONS = """
Object.defineProperty(document, "hidden", { get: () => true, configurable: true });
window.shown = [];
window.Notification = class {
  constructor(title, options) { window.shown.push({ title: title, body: options.body }); }
  close() {}
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); }
};
"""


@pytest.fixture
def links(live_url) -> dict:
    """A simulated table at Destiny: nobody is waited for until Planning opens."""
    game = play_until(5, 2, 3, lambda s: s.phase is Phase.DESTINY)
    client = Client()
    client.force_login(game.director)
    seat = game.seats.get(position=1)
    return {
        "alice": f"{live_url}/s/{seat.token}/",
        "director": f"{live_url}/games/{game.pk}/",
        "cookie": {
            "name": "sessionid",
            "value": client.cookies["sessionid"].value,
            "url": live_url,
        },
        "name": seat.name,
    }


def test_alice_opts_in_to_emails_from_her_phone(links, browser, settings):
    settings.EMAIL_ENABLED = True  # a server with an SMTP server to send through
    page = browser.phone().new_page()
    page.goto(links["alice"])
    page.locator("#fold-notifications > summary").click()
    form = page.locator("form[action$='/notify/']")
    form.locator("input[name=email]").fill("alice at home")
    form.locator("input[name=notify]").check()
    # The browser's own check stops the address first; without it the server refuses it.
    form.locator("input[name=email]").evaluate("e => e.type = 'text'")
    assert not pressed(page, form.locator("button[type=submit]"))
    expect(page.locator(".messages .message.error")).to_be_visible()

    page.locator("#fold-notifications > summary").click()
    form.locator("input[name=email]").fill("alice@example.org")
    form.locator("input[name=notify]").check()
    assert pressed(page, form.locator("button[type=submit]"))
    page.locator("#fold-notifications > summary").click()
    expect(page.locator("[data-notify-setting]")).to_contain_text("alice@example.org")
    expect(form.locator("input[name=notify]")).to_be_checked()
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
    page.locator("#fold-notifications").screenshot(path="/tmp/consell-notifications-360.png")


def test_a_hidden_page_tells_alice_when_planning_waits_for_her(links, browser):
    phone = browser.phone()
    phone.add_init_script(HIDDEN_WITH_NOTIFICATIONS)
    alice = phone.new_page()
    alice.goto(links["alice"])
    alice.wait_for_function(
        "() => document.querySelector('[data-live-status]').dataset.state === 'online'"
    )
    assert alice.locator("[data-asked]").count() == 0
    laptop = browser.laptop(links["cookie"]).new_page()
    laptop.goto(links["director"])
    for _step in range(10):
        if alice.locator("[data-asked]").count():
            break
        assert pressed(laptop, laptop.locator(DIRECTOR_BUTTONS).first)
        alice.wait_for_timeout(300)
    alice.wait_for_function("() => window.shown.length > 0")
    shown = alice.evaluate("window.shown")
    assert shown == [
        {
            "title": "Consell",
            "body": alice.locator("[data-browser-notify]").get_attribute("data-body"),
        }
    ]
    assert links["name"] not in shown[0]["body"]
