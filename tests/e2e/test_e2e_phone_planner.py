"""The planner answers in place on a 360 px phone (issue 35 item 4, rules §3.2): a tile added,
moved or removed leaves the page where it was (no load, the same scroll, the folds the player
opened still open), and a refusal shows above the form that sent it, in Catalan. Without
JavaScript the same forms still work, as plain forms that load the page again."""

from __future__ import annotations

import pytest

from consell.rules.state import Phase
from tests.e2e.table import add_tile
from tests.game.simulated import play_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

SHOTS = "/tmp/consell-phone-planner"
ONLINE = "() => document.querySelector('[data-live-status]').dataset.state === 'online'"
SETTLED = "() => !document.querySelector('.htmx-request')"
# Set once when the page loads: a navigation would lose it.
MARK = "window.plannerMark = 'kept'"
STILL = "() => window.plannerMark"


@pytest.fixture
def sixteen(live_url) -> str:
    """Alice's link in ``simulate --players 16 --turns 3 --seed 1``, at turn 2's Planning."""
    game = play_until(16, 3, 1, lambda s: s.turn == 2 and s.phase is Phase.PLANNING)
    return f"{live_url}/s/{game.seats.get(position=1).token}/"


def _sent_in_place(page, path: str):
    """Presses a planner button; the answer is swapped in place. True when it was taken."""

    def press(button) -> bool:
        button.scroll_into_view_if_needed()
        before = page.evaluate("window.scrollY")
        with page.expect_response(lambda r: path in r.url and r.request.method == "POST") as r:
            button.click()
        page.wait_for_function(SETTLED)
        page.wait_for_timeout(150)
        assert page.evaluate(STILL) == "kept", "the page did not load again"
        assert abs(page.evaluate("window.scrollY") - before) <= 2, "the page did not scroll"
        return r.value.status == 200

    return press


def _opened(page) -> list[str]:
    return page.evaluate(
        "() => Array.from(document.querySelectorAll('#plan details[open]'), d => d.dataset.fold)"
    )


def _tiles(page) -> list[str]:
    return page.locator("#plan ol.pile li:not(.muted) strong").all_inner_texts()


def test_s32_tiles_are_added_moved_and_removed_in_place(sixteen, browser):
    page = browser.phone().new_page()
    page.goto(sixteen)
    page.wait_for_function(ONLINE)
    page.evaluate(MARK)
    page.locator("#plan details[data-fold=trade] > summary").click()

    for _ in range(2):
        assert add_tile(page, _sent_in_place(page, "/plan/add/"))
    opened = _opened(page)
    assert "trade" in opened and len(opened) >= 2, "the folds opened stay open"
    assert "S'ha afegit al teu pla." in page.locator("#plan-said").inner_text()
    page.screenshot(path=f"{SHOTS}-added.png")
    tiles = _tiles(page)
    assert len(tiles) == 2

    movable = page.locator("#plan ol.pile li button[value=down]:not([disabled])")
    if movable.count():
        assert _sent_in_place(page, "/plan/move/")(movable.first)
        assert sorted(_tiles(page)) == sorted(tiles) and _tiles(page) != tiles
    assert _opened(page) == opened

    removing = page.locator("#plan ol.pile li form[action$='/plan/remove/'] button")
    assert _sent_in_place(page, "/plan/remove/")(removing.first)
    assert len(_tiles(page)) == 1
    assert _opened(page) == opened
    page.screenshot(path=f"{SHOTS}-removed.png")


def test_s32_a_refused_tile_says_why_above_its_form_in_catalan(sixteen, browser):
    page = browser.phone().new_page()
    page.goto(sixteen)
    page.wait_for_function(ONLINE)
    page.evaluate(MARK)
    planned = page.locator("#plan .abilities-list form[action$='/plan/add/']:has([required])").first
    planned.locator("xpath=ancestor::details/summary").click()
    # A form the browser would refuse to send is sent as a phone without validation would.
    planned.evaluate("f => f.noValidate = true")
    press = _sent_in_place(page, "/plan/add/")
    assert not press(planned.locator("button[type=submit]"))
    said = planned.locator("xpath=preceding-sibling::div[@data-said]")
    assert said.count() == 1
    assert said.inner_text().startswith("Omple la casella"), said.inner_text()
    page.screenshot(path=f"{SHOTS}-refused.png")


def test_s32_without_javascript_a_tile_is_added_moved_and_removed_by_plain_forms(sixteen, browser):
    page = browser.phone(javascript=False).new_page()
    page.goto(sixteen)

    def press(button) -> bool:
        with page.expect_navigation():
            button.click()
        return not page.locator(".messages .message.error, .messages .message.warning").count()

    for _ in range(2):
        assert add_tile(page, press)
    assert page.locator(".messages .message.success").inner_text() == "S'ha afegit al teu pla."
    tiles = _tiles(page)
    assert len(tiles) == 2
    movable = page.locator("#plan ol.pile li button[value=down]:not([disabled])")
    if movable.count():
        assert press(movable.first)
        assert sorted(_tiles(page)) == sorted(tiles) and _tiles(page) != tiles
    assert press(page.locator("#plan ol.pile li form[action$='/plan/remove/'] button").first)
    assert len(_tiles(page)) == 1
