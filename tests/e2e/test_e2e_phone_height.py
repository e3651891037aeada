"""The phone of a 16-player table at 360 px (issue 13 item 7): what the player acts on first,
the rest of the table folded, nothing wider than the phone."""

from __future__ import annotations

import pytest

from consell.rules.state import Phase
from tests.e2e.table import add_tile, pressed
from tests.game.simulated import play_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PHONE_WIDTH = 360
# Measured on this game: 11,096 px with every kingdom and the whole log unfolded, 3,010 px
# folded (the plan is most of it); a few screens of 740 px, not fifteen.
MAX_HEIGHT = 3500


@pytest.fixture
def sixteen(live_url) -> str:
    """Alice's link in ``simulate --players 16 --turns 3 --seed 1``, at turn 2's Planning."""
    game = play_until(16, 3, 1, lambda s: s.turn == 2 and s.phase is Phase.PLANNING)
    return f"{live_url}/s/{game.seats.get(position=1).token}/"


def _top(page, selector: str) -> float:
    return page.locator(selector).first.evaluate("e => e.getBoundingClientRect().top")


def test_a_16_player_phone_puts_the_plan_first_and_folds_the_table(sixteen, browser):
    """Issue 13: "what the player must act on first (decisions, plan, chest), the rest of
    the board folded or one tap away, so a 16-player page stays short"."""
    page = browser.phone().new_page()
    page.goto(sixteen)

    assert _top(page, "#plan") < 740, "the plan starts on the first screen"
    assert _top(page, "#plan") < _top(page, "section.chest") < _top(page, "#fold-board")
    assert page.locator("#fold-board").get_attribute("open") is None
    assert page.locator("#fold-log").get_attribute("open") is None
    height = page.evaluate("document.documentElement.scrollHeight")
    assert height < MAX_HEIGHT
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH

    page.locator("#fold-board > summary").click()
    expect_kingdoms = page.locator("#fold-board article.kingdom")
    assert expect_kingdoms.first.is_visible(), "one tap shows the kingdoms"
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH


def _press(page):
    return lambda button: pressed(page, button)


def test_the_reorder_buttons_line_up_in_every_pile(sixteen, browser):
    """Issue 13: "reorder arrows sit at different x positions". With four tiles planned,
    every row's remove button sits at the same x, and so does every move-up button."""
    page = browser.phone().new_page()
    page.goto(sixteen)
    for _ in range(4):
        add_tile(page, _press(page))
    rows = page.evaluate(
        "() => Array.from(document.querySelectorAll('#plan .pile .move')).map(m =>"
        " Array.from(m.querySelectorAll('button')).map(b => [b.value || 'remove',"
        " Math.round(b.getBoundingClientRect().right)]))"
    )
    assert len(rows) >= 2, "the test plans several tiles"
    removes = {x for row in rows for value, x in row if value == "remove"}
    ups = {x for row in rows for value, x in row if value == "up"}
    assert len(removes) == 1 and len(ups) <= 1, rows
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_WIDTH
