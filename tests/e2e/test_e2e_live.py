"""Live updates in a real browser over a real websocket (DESIGN principle 7, rules §2)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

MARKER = "window.consellE2eMarker"
WAIT_MS = 5000


def test_section_2_alice_s_chest_appears_when_dora_deals(
    new_game, seat_links, dora_cookie, live_url, browser
):
    """§2: "In secret, the director deals each player 2 collective + 2 personal objectives."

    Alice opens her link before the deal and leaves her phone on the table. When Dora deals
    from her laptop, Alice's chest and the objectives to choose from appear on the phone by
    themselves: no reload, the page she was looking at is the same page.
    """
    alice = browser.phone().new_page()
    alice.goto(seat_links["Alice"])
    expect(alice.locator("section.chest")).to_have_count(0)
    expect(alice.locator("[data-live-status]")).to_have_attribute("data-state", "online")
    alice.evaluate(f"{MARKER} = 'still the same page'")

    dora = browser.laptop(dora_cookie).new_page()
    dora.goto(f"{live_url}/games/{new_game.pk}/")
    dora.locator(f"form[action$='/games/{new_game.pk}/deal/'] button[type=submit]").click()
    expect(dora.locator(".messages .message.success")).to_be_visible()

    expect(alice.locator("section.chest h2")).to_contain_text("Alice", timeout=WAIT_MS)
    expect(alice.locator("section.choose label.choice")).to_have_count(4)
    assert alice.evaluate(MARKER) == "still the same page"
