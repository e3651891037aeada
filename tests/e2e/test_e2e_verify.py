"""Verify a game in your own browser (issue 34, "Must deliver" 1 and 4): on a 360 px phone, in
Catalan, a player who saw the game's seals on their phone opens the audit's dice page and
verifies the game with the page's static script and WebCrypto; an export tampered with on its
way is refused, naming the first bad link, and a seal the phone kept that the chain lacks is
reported as a rewritten log.
"""

from __future__ import annotations

import json

import pytest

from consell.simulator import simulate

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def ended(live_url):
    """A finished game the simulator played (four players, two turns), Alice's link and the
    links of her audit's pages."""
    game = simulate(4, 2, 4).game
    game.refresh_from_db()
    alice = game.seats.get(position=1)
    return {
        "link": f"{live_url}/s/{alice.token}/",
        "dice": f"{live_url}/audit/{game.pk}/dice/",
        "export": f"{live_url}/audit/{game.pk}/export.json",
        "links": game.links,
        "head": game.chain_head,
        "code": f"{game.chain_head[:4]}-{game.chain_head[4:8]}".upper(),
    }


def _verify(page) -> tuple[str, str]:
    section = page.locator("section.audit-verify")
    section.locator("button[data-verify]").click()
    page.locator("section.audit-verify[data-verdict]").wait_for(timeout=30_000)
    return section.get_attribute("data-verdict"), section.locator("[data-verdict]").inner_text()


def test_a_player_verifies_the_game_with_the_seals_their_phone_kept(ended, browser):
    phone = browser.phone()
    page = phone.new_page()
    page.goto(ended["link"])  # the seat's link logs the phone in, and shows the last seal
    assert ended["code"] in page.locator(".chain-head").inner_text()
    page.goto(ended["dice"])
    verdict, text = _verify(page)
    assert verdict == "ok", text
    assert f"{ended['links']} baules" in text
    assert "navegador va veure" in text  # the kept seal, checked
    assert page.evaluate("document.documentElement.scrollWidth") <= 360


def test_a_tampered_export_is_refused_in_the_browser_naming_the_first_bad_link(ended, browser):
    page = browser.phone().new_page()
    page.goto(ended["link"])
    tampered = {}

    def change_a_roll(route):
        document = json.loads(route.fetch().text())
        roll = document["rolls"][3]
        roll["purpose"] = "a friendlier purpose"
        tampered["link"] = roll["link"]
        route.fulfill(json=document)

    page.route("**/export.json", change_a_roll)
    page.goto(ended["dice"])
    verdict, text = _verify(page)
    assert verdict == "bad"
    assert f"La cadena es trenca a la baula {tampered['link']}" in text


def test_a_seal_the_phone_kept_that_the_chain_lacks_means_a_rewritten_log(ended, browser):
    page = browser.phone().new_page()
    page.goto(ended["link"])
    key = page.locator(".chain-head").get_attribute("data-chain-game")
    page.evaluate(
        "([key, head]) => localStorage.setItem('consell-heads:' + key,"
        " JSON.stringify([{link: 1, head: head}]))",
        [key, "f" * 64],
    )
    page.goto(ended["dice"])
    verdict, text = _verify(page)
    assert verdict == "bad"
    assert "S'ha reescrit" in text


def test_a_phone_that_kept_no_seals_is_told_what_it_cannot_check(ended, browser):
    page = browser.phone().new_page()
    page.goto(ended["link"])
    page.evaluate("localStorage.clear()")
    page.goto(ended["dice"])
    verdict, text = _verify(page)
    assert verdict == "ok", text
    assert "no ha guardat cap segell" in text
