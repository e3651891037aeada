"""A player's phone, in a real browser at 360 px (rules §1.10 Visibility, §2 step 5 Objectives)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from consell.rules.resources import Resource
from consell.rules.state import GameState, card_id_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 360


@pytest.fixture
def alice_chest(game) -> dict:
    """What Alice's chest holds after the deal, read from the game state."""
    alice = GameState.from_dict(game.state).player(1)
    return {
        "prestige": alice.resources[Resource.PRE],
        "offer": [f"⟪{card_id_of(instance)}⟫" for instance in alice.objective_offer],
    }


def test_section_1_10_alice_opens_her_seat_link_and_sees_her_chest(
    game, alice_chest, seat_links, browser
):
    """§1.10: "Private to the owner and the director: all resources, Prestige included;
    objectives". §2.5: "Each player keeps 1 collective + 1 personal".

    Alice scans her link on a 360 px phone and lands on her own page: her name, her resources
    with Prestige, and the four objectives dealt to her to choose from, without having to
    scroll sideways.
    """
    page = browser.phone().new_page()
    page.goto(seat_links["Alice"])

    expect(page).to_have_url(re.compile(rf"/play/{game.pk}/$"))
    chest = page.locator("section.chest")
    expect(chest.locator("h2")).to_contain_text("Alice")
    prestige = chest.locator("ul.resources li.res-PRE")
    expect(prestige).to_contain_text(re.compile("Prestig[ie]"))
    expect(prestige.locator("b")).to_have_text(str(alice_chest["prestige"]))
    expect(chest.locator("ul.resources li")).to_have_count(len(Resource))
    choices = page.locator("section.choose label.choice")
    expect(choices).to_have_count(len(alice_chest["offer"]))
    for marker in alice_chest["offer"]:
        expect(page.locator("section.choose")).to_contain_text(marker)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
