"""Two whole turns at a table where nobody reloads (issue 13: "Nothing needs a reload").

Five phones at 360 px, the director's laptop and the public board stay open while the game
is played through the pages: the director reveals destiny, the players plan, reorder, trade
and hand in (one of them closed by the director), the director resolves every step, the
phones answer what they are asked, and the game ends. After every change each open page must
show what a fresh load of its URL shows.
"""

from __future__ import annotations

import pytest
from django.test import Client

from consell.rules.state import Phase
from tests.e2e.table import Table, add_tile
from tests.game.simulated import play_until

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

PLAYERS, TURNS, SEED = 5, 2, 3
MAX_STEPS = 400
DIRECTOR_BUTTONS = (
    "#live [data-shortcut=confirm]",
    "#live [data-shortcut=roll]",
    "#live section.decision button",
    "#live form[action$='/turn/finish/'] button",
    "#live [data-shortcut=next]",
)


@pytest.fixture
def links(live_url) -> dict:
    """The simulated game of five players and two turns, dealt and started (the bots kept
    their objectives), with every URL the table opens and the director's session cookie."""
    game = play_until(PLAYERS, TURNS, SEED, lambda s: s.phase is Phase.DESTINY)
    client = Client()
    client.force_login(game.director)
    cookie = {"name": "sessionid", "value": client.cookies["sessionid"].value, "url": live_url}
    return {
        "seats": {s.name: f"{live_url}/s/{s.token}/" for s in game.seats.order_by("position")},
        "director": f"{live_url}/games/{game.pk}/",
        "board": f"{live_url}/board/{game.board_token}/",
        "cookie": cookie,
    }


def _open_table(browser, links) -> Table:
    table = Table()
    for name, url in links["seats"].items():
        table.open(name, browser.phone().new_page(), url)
        table.phones.add(name)
    table.open("director", browser.laptop(links["cookie"]).new_page(), links["director"])
    table.open("board", browser.phone().new_page(), links["board"])
    return table


def _add_tile(table: Table, name: str) -> bool:
    """``name`` adds the first ability the planner accepts."""
    return add_tile(table.pages[name], lambda button: table.click(name, button, "a tile added"))


def _trade(table: Table, offerer: str, recipient: str, answer: str) -> None:
    """``offerer`` offers ``recipient`` a piece of information for another; the recipient
    answers ("accept" or "refuse") on their own phone."""
    page = table.pages[offerer]
    page.locator("#plan details:has(form[action$='/trades/propose/']) > summary").click()
    form = page.locator("form[action$='/trades/propose/']")
    form.locator("select[name=to]").select_option(label=recipient)
    form.locator("input[name=give_information]").fill("on dorm el rei")
    form.locator("input[name=want_information]").fill("qui vigila")
    assert table.click(offerer, form.locator("button[type=submit]"), "a trade offered")
    button = table.pages[recipient].locator(f"#plan .offer button[value={answer}]")
    assert table.click(recipient, button.first, f"a trade answered ({answer})")


def _plan_the_turn(table: Table, turn: int) -> None:
    """Alice plans two tiles and reorders them, two trades are answered (the first turn),
    everyone but Elena hands in, and the director closes Planning for Elena."""
    names = list(table.pages)[:PLAYERS]
    assert _add_tile(table, names[0]), "Alice could add no tile"
    _add_tile(table, names[0])
    down = table.pages[names[0]].locator("#plan button[value=down]:not([disabled])")
    if down.count():
        assert table.click(names[0], down.first, "a tile moved down")
    if turn == 1:
        _trade(table, names[1], names[2], "accept")
        _trade(table, names[3], names[4], "refuse")
    for name in names[:-1]:
        hand_in = table.pages[name].locator("#plan form.hand-in button")
        assert table.click(name, hand_in, "a chest handed in")
    close = table.pages["director"].locator("form[action*='/turn/close-planning/'] button")
    assert table.click("director", close.first, "Planning closed for a player")


def _director_acts(table: Table, tried: set) -> bool:
    page = table.pages["director"]
    version = page.locator("[data-version]").get_attribute("data-version")
    for selector in DIRECTOR_BUTTONS:
        buttons = page.locator(selector)
        for i in range(buttons.count()):
            key = (selector, i, version)
            if key not in tried:
                tried.add(key)
                if table.click("director", buttons.nth(i), f"the director's {selector}"):
                    return True
    return False


def _finished(table: Table) -> bool:
    return table.pages["Alice"].locator("a[href*='/story/']").count() > 0


def test_two_turns_with_every_page_open_and_never_reloaded(links, browser):
    """Issue 13: "after each kind of change, compares each open page with a fresh load of
    the same URL: they must match"."""
    table = _open_table(browser, links)
    tried: set = set()
    planned = 0
    for _ in range(MAX_STEPS):
        if _finished(table):
            break
        if any(table.answer_decisions(n, "#decisions", tried) for n in list(links["seats"])):
            continue
        if table.pages["Alice"].locator("#plan form.hand-in").count():
            planned += 1
            _plan_the_turn(table, planned)
            continue
        if not _director_acts(table, tried):
            pytest.fail("Nobody can act: " + table.pages["director"].locator("#live").inner_text())
    assert _finished(table), "the game did not end"
    assert planned == TURNS
    table.matches_fresh_loads("the end of the game")
    assert table.compared > 100
    phones_answered = [c for c in table.changes if "decision" in c and "director" not in c]
    assert phones_answered, "a phone answered a decision (a distributor hands out production)"
