"""Table ergonomics in a real Chromium (issue 13 items 6 and 7), on a 16-player simulated game.

The public board on a 1920×1080 shared screen holds the whole table without scrolling. On a
360 px phone, every page a player opens (their seat, the board, the companions, and after the
game the audit: timeline, stories, charts, dice, report) has no
horizontal overflow, every control a thumb hits is at least 44×44 px (a checkbox is hit
through its label), every control has a name of its own (no label wrapping several controls,
which gave the first plot target the name of the whole list), and every house emblem is drawn
(a picture, never an emoji that Debian's Chromium shows as an empty box).
"""

from __future__ import annotations

import json

import pytest

from consell.game.services import planning
from consell.rules.state import Phase
from consell.simulator.runner import Runner, default_pack
from tests.game.simulated import play_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

TV = {"width": 1920, "height": 1080}
HANDED_IN = (1, 3, 4, 7, 9, 12)
COMPANIONS = ("", "richelieu/", "louis14/", "versailles/")

# What a page does wrong at the phone's width; run after every <details> is opened.
CHECK = """() => {
  const MIN = 44 - 0.5, width = document.documentElement.clientWidth;
  const shown = (el) => { const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden"; };
  const named = (el) => (el.tagName.toLowerCase() + (el.name ? "[" + el.name + "]" : "") + " "
    + (el.textContent || el.value || "").trim().slice(0, 30));
  const controls = [...document.querySelectorAll(
    "button, input:not([type=hidden]), select, textarea, summary")].filter(shown);
  const small = [], unnamed = [], crowded = [], overflow = [], boxes = [];
  for (const el of controls) {
    let target = el;
    if (el.matches("input[type=checkbox], input[type=radio]")) target = el.closest("label") || el;
    const r = target.getBoundingClientRect();
    if (r.width < MIN || r.height < MIN)
      small.push(named(el) + " " + Math.round(r.width) + "x" + Math.round(r.height));
    const name = el.getAttribute("aria-label") || el.title || el.closest("label")
      || (el.id && document.querySelector('label[for="' + el.id + '"]'))
      || (el.matches("button, summary") && el.textContent.trim());
    if (!name) unnamed.push(named(el));
  }
  for (const label of document.querySelectorAll("label")) {
    const inside = label.querySelectorAll("input:not([type=hidden]), select, textarea");
    if (inside.length > 1) crowded.push(label.textContent.trim().slice(0, 40));
  }
  for (const el of document.querySelectorAll("body *")) {
    const r = el.getBoundingClientRect();
    if (shown(el) && r.right > width + 1) overflow.push(named(el) + " " + Math.round(r.right));
  }
  for (const el of document.querySelectorAll(".emblem"))
    if (el.tagName !== "IMG" || !el.complete || el.naturalWidth === 0) boxes.push(el.outerHTML);
  return {small, unnamed, crowded, overflow: overflow.slice(0, 10), boxes};
}"""


@pytest.fixture
def table(live_url) -> dict:
    """A 16-player game in turn 2's Planning, six chests handed in, as links to open."""
    game = play_until(16, 3, 1, lambda s: s.turn == 2 and s.phase is Phase.PLANNING)
    for seat in HANDED_IN:
        planning.hand_in(game.pk, seat)
    seats = {s.position: f"{live_url}/s/{s.token}/" for s in game.seats.all()}
    game.refresh_from_db()
    return {
        "kingdoms": len(game.state["kingdoms"]),
        "board": f"{live_url}/board/{game.board_token}/",
        "planning": seats[2],
        "handed_in": seats[1],
        "companions": [f"{live_url}/companions/{page}" for page in COMPANIONS],
    }


@pytest.fixture
def audit(live_url) -> dict:
    """A simulated five-player game, over: one seat's link and the audit pages it opens."""
    runner = Runner(5, 2, 3, default_pack(), None)
    runner.play()
    game = runner.game
    game.refresh_from_db()
    assert game.state["status"] == "finished"
    seat = game.seats.get(position=2)
    base = f"{live_url}/audit/{game.pk}/"
    pages = ["", "story/", "story/2/", "charts/", "dice/", "report/"]
    return {"seat": f"{live_url}/s/{seat.token}/", "pages": [base + page for page in pages]}


def _problems(page, urls) -> dict:
    """What each page does wrong at the phone's width, with every fold opened."""
    problems = {}
    for url in urls:
        page.goto(url)
        page.wait_for_load_state("networkidle")
        page.evaluate("() => document.querySelectorAll('details').forEach(d => d.open = true)")
        found = page.evaluate(CHECK)
        if any(found.values()):
            problems[page.url] = found
    return problems


def test_the_board_holds_sixteen_players_on_one_1920x1080_screen(table, browser):
    page = browser.laptop().new_page()
    page.set_viewport_size(TV)
    page.goto(table["board"])
    board = page.locator("#board .screen").bounding_box()
    assert board["y"] + board["height"] <= TV["height"], "the board needs no scrolling"
    assert page.evaluate("document.documentElement.scrollWidth") <= TV["width"]
    assert table["kingdoms"] >= 4  # one per 4 players (§2)
    assert page.locator(".screen-kingdom").count() == table["kingdoms"]
    assert page.locator(".screen-destiny").count() >= table["kingdoms"], (
        "each kingdom shows its destiny card"
    )
    assert page.locator(".screen-order li.done").count() == len(HANDED_IN)
    assert page.locator(".screen-order li.waiting").count() == 16 - len(HANDED_IN)
    phase = page.locator(".screen-phase")
    assert float(phase.evaluate("e => parseFloat(getComputedStyle(e).fontSize)")) >= 36
    assert page.locator("header.topbar a[href*='login'], header.topbar nav").count() == 0


def test_every_page_a_player_opens_fits_a_360_px_phone_and_a_thumb(table, browser):
    phone = browser.phone()
    page = phone.new_page()
    urls = [table["planning"], table["handed_in"], table["board"], *table["companions"]]
    found = _problems(page, urls)
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
    page.goto(table["planning"])
    assert page.locator("fieldset.checks input[type=checkbox]").count() > 0, (
        "the planning phone offers a plot with targets to tick"
    )


def test_every_audit_page_a_player_opens_after_the_game_fits_a_360_px_phone(audit, browser):
    page = browser.phone().new_page()
    page.goto(audit["seat"])  # the seat's link: the audit is then open to this phone
    for url in audit["pages"]:
        assert page.goto(url).status == 200, url
    found = _problems(page, audit["pages"])
    assert found == {}, json.dumps(found, indent=1, ensure_ascii=False)
