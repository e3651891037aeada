"""The public board on a TV (issue 35: "At 1920×1080, nothing the table must read is under
24 px: offices, laws in force with their rule, the market, turn order, who has handed in. The
whole screen is used; crisis outcomes and the turn's destiny are shown. Still one screen at 16
players. A browser test measures the font sizes and the fold."), in a real Chromium, on a
16-player game the simulator played: turn 2's Planning and, once its crisis is resolved, its
Production (the busiest board of the turn)."""

from __future__ import annotations

import pytest

from consell.game.services import planning
from consell.rules.state import Phase
from tests.game.simulated import play_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TV = {"width": 1920, "height": 1080}
FLOOR = 24
# What the table must read, by where the board puts it.
MUST_READ = {
    "turn order": ".screen-order li",
    "who has handed in": ".screen-order .screen-mark",
    "members and their offices": ".screen-person",
    "vacant offices": ".screen-vacant",
    "laws in force and their rule": ".screen-kingdom-laws li",
    "the market": ".screen-market",
    "the laws up for a vote": ".screen-laws li strong",
    "destiny cards": ".screen-destiny-head",
    "crisis outcomes": ".screen-outcome",
    "gauges": ".screen-gauges li",
}
# Every element under those with text of its own, and its size.
SIZES = """(selector) => {
  const out = [];
  for (const root of document.querySelectorAll(selector))
    for (const el of [root, ...root.querySelectorAll('*')]) {
      const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
      const r = el.getBoundingClientRect();
      if (own && r.width > 0 && r.height > 0)
        out.push([el.textContent.trim().slice(0, 30), parseFloat(getComputedStyle(el).fontSize)]);
    }
  return out;
}"""
# How far the tiles reach: the screen is used when they fill its width and most of its height.
REACH = """() => {
  const tiles = [...document.querySelectorAll('.screen-tile')].map(t => t.getBoundingClientRect());
  return {right: Math.max(...tiles.map(r => r.right)),
          bottom: Math.max(...tiles.map(r => r.bottom)),
          left: Math.min(...tiles.map(r => r.left))};
}"""


def _planning(state) -> bool:
    return state.turn == 2 and state.phase is Phase.PLANNING


def _production(state) -> bool:
    return state.turn == 2 and state.phase is Phase.PRODUCTION


@pytest.fixture
def boards(live_url) -> dict[str, str]:
    at_planning = play_until(16, 3, 1, _planning)
    for seat in (1, 3, 4, 7, 9, 12):
        planning.hand_in(at_planning.pk, seat)
    at_production = play_until(16, 3, 1, _production)
    return {
        "planning": f"{live_url}/board/{at_planning.board_token}/",
        "production": f"{live_url}/board/{at_production.board_token}/",
    }


@pytest.mark.parametrize("when", ["planning", "production"])
def test_the_tv_reads_from_across_the_room_on_one_screen(boards, browser, when):
    page = browser.laptop().new_page()
    page.set_viewport_size(TV)
    page.goto(boards[when])
    page.wait_for_load_state("load")

    assert page.evaluate("document.documentElement.scrollHeight") <= TV["height"], "one screen"
    assert page.evaluate("document.documentElement.scrollWidth") <= TV["width"]
    small = {}
    for what, selector in MUST_READ.items():
        sizes = page.evaluate(SIZES, selector)
        under = [(text, size) for text, size in sizes if size < FLOOR]
        if under:
            small[what] = under[:3]
    assert small == {}, f"under {FLOOR} px"
    for what in ("turn order", "members and their offices", "laws in force and their rule"):
        assert page.evaluate(SIZES, MUST_READ[what]), f"the board shows {what}"
    assert page.locator(".screen-market .screen-asset").count() >= 16, "two rows of 16 seats"

    reach = page.evaluate(REACH)
    assert reach["left"] < 0.02 * TV["width"] and reach["right"] > 0.98 * TV["width"]
    assert reach["bottom"] > 0.85 * TV["height"], "the tiles fill the screen's height"

    if when == "planning":
        assert page.locator(".screen-order li.done").count() == 6
        assert page.locator(".screen-destiny-text").first.is_visible(), "the destiny, in full"
    else:
        outcome = page.locator(".screen-outcome")
        assert outcome.count() >= 1 and outcome.first.is_visible(), "the crisis's outcome"
        said = outcome.first.inner_text()
        assert "Superada" in said or "Fracassada" in said
