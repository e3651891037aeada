"""The director's dashboard on a laptop, in a real browser (docs/principles.md, house style: the
laptop layout widens the phone's)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.game.conftest import PLAYERS

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

LAPTOP_WIDTH = 1280


def test_dora_s_dashboard_fits_her_laptop(game, dora_cookie, live_url, browser):
    """Dora runs the table from a 1280 px laptop: every seat, the board and every chest are on
    her dashboard, and nothing makes her scroll sideways."""
    page = browser.laptop(dora_cookie).new_page()
    page.goto(f"{live_url}/games/{game.pk}/")

    expect(page.locator(".seat-list li.seat")).to_have_count(len(PLAYERS))
    expect(page.locator("section.board")).to_be_visible()
    expect(page.locator("section.chest")).to_have_count(len(PLAYERS))
    assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP_WIDTH
