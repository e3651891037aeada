"""Live updates in a real browser over a real websocket (docs/principles.md, principle 7,
rules §2)."""

from __future__ import annotations

import json

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


def test_a_phone_whose_link_is_reissued_leaves_the_game_page(
    new_game, seat_links, dora_cookie, live_url, browser
):
    """Dora reissues Bob's link (his phone was lost): the page still open on the old phone is
    told at once, reloads, and no longer shows the game."""
    bob = browser.phone().new_page()
    bob.goto(seat_links["Bob"])
    expect(bob.locator("[data-live-status]")).to_have_attribute("data-state", "online")

    dora = browser.laptop(dora_cookie).new_page()
    dora.goto(f"{live_url}/games/{new_game.pk}/")
    seat = dora.locator("li.seat details").filter(has_text="Bob")
    seat.locator("summary").click()
    seat.locator(f"form[action$='/games/{new_game.pk}/seats/2/reissue/'] button").click()
    expect(dora.locator(".messages .message.success")).to_be_visible()

    expect(bob.locator("[data-live-url]")).to_have_count(0, timeout=WAIT_MS)


def _fake_socket(page, frames: list[dict] | None = None, close_code: int | None = None) -> list:
    """Answer the page's websocket from the test: send ``frames``, or close with a code."""
    opened = []

    def handler(ws):
        opened.append(ws)
        for frame in frames or []:
            ws.send(json.dumps({"v": 1, **frame}))
        if close_code is not None:
            ws.close(code=close_code, reason="")

    page.route_web_socket("**/ws/play/**", handler)
    return opened


def test_a_socket_closed_with_4404_reloads_the_page_once_and_then_stays(
    new_game, seat_links, browser
):
    """A refused socket is not retried forever: the page reloads once so the server can say
    why, and a second refusal leaves it still, marked as gone."""
    carles = browser.phone().new_page()
    carles.add_init_script(
        "sessionStorage.setItem('loads', String(+(sessionStorage.getItem('loads') || 0) + 1))"
    )
    opened = _fake_socket(carles, close_code=4404)
    carles.goto(seat_links["Carles"])
    carles.wait_for_function(
        "() => sessionStorage.getItem('loads') === '2'"
        " && document.querySelector('[data-live-status]').dataset.state === 'gone'",
        timeout=WAIT_MS,
    )
    carles.evaluate(f"{MARKER} = 'still the same page'")
    assert carles.evaluate(MARKER) == "still the same page"
    assert carles.evaluate("sessionStorage.getItem('loads')") == "2"
    assert len(opened) == 2, "one reload, then no more attempts"


def test_a_notice_that_is_not_newer_does_not_refresh_the_page(new_game, seat_links, browser):
    """Two server processes can relay notices out of order: 102 then 101. The page refreshes
    for the greeting (100), for 102 and for 103, never for 101, and its version never falls."""
    didac = browser.phone().new_page()
    didac.add_init_script(
        "window.refreshes = 0;"
        "document.addEventListener('consell:changed', () => window.refreshes++, true);"
    )
    _fake_socket(
        didac,
        frames=[
            {"type": "hello", "version": 100},
            {"type": "changed", "version": 102},
            {"type": "changed", "version": 101},
            {"type": "changed", "version": 103},
        ],
    )
    didac.goto(seat_links["Dídac"])
    root = didac.locator("[data-live-url]")
    expect(root).to_have_attribute("data-version", "103", timeout=WAIT_MS)
    assert didac.evaluate("window.refreshes") == 3


def test_section_3_2_the_plan_appears_on_an_open_phone_when_planning_opens(
    game, seat_links, dora_cookie, live_url, browser
):
    """§3.2: "Els jugadors planifiquen el seu torn". Alice keeps her phone open from the start
    of the turn; when Dora reveals the destiny cards and moves on to Planning, the planner
    appears on the phone without a reload, and it is the same page."""
    from tests.game.helpers import start

    start(game)
    alice = browser.phone().new_page()
    alice.goto(seat_links["Alice"])
    expect(alice.locator("[data-live-status]")).to_have_attribute("data-state", "online")
    expect(alice.locator("#plan")).to_have_count(0)
    alice.evaluate(f"{MARKER} = 'still the same page'")

    dora = browser.laptop(dora_cookie).new_page()
    dora.goto(f"{live_url}/games/{game.pk}/")
    while dora.locator(f"form[action$='/games/{game.pk}/turn/destiny/'] button").count():
        dora.locator(f"form[action$='/games/{game.pk}/turn/destiny/'] button").click()
        dora.wait_for_load_state()
    dora.locator(f"form[action$='/games/{game.pk}/turn/advance/'] button").click()
    dora.wait_for_load_state()

    expect(alice.locator("#plan h2")).to_be_visible(timeout=WAIT_MS)
    assert alice.evaluate(MARKER) == "still the same page"


def test_a_fold_the_player_opened_stays_open_when_the_page_refreshes(
    game, seat_links, dora_cookie, live_url, browser
):
    """Issue 13 item 7: the rest of the board is folded on the phone. Alice opens the board
    and her tactics; when Dora moves the turn on, her page refreshes itself (the phase line
    says Planning) and what she opened is still open."""
    from tests.game.helpers import start

    start(game)
    alice = browser.phone().new_page()
    alice.goto(seat_links["Alice"])
    expect(alice.locator("[data-live-status]")).to_have_attribute("data-state", "online")
    alice.locator("#fold-board > summary").click()
    alice.locator("details[data-fold=tactics] > summary").click()
    phase = alice.locator(".phase-line.now").inner_text()

    dora = browser.laptop(dora_cookie).new_page()
    dora.goto(f"{live_url}/games/{game.pk}/")
    while dora.locator(f"form[action$='/games/{game.pk}/turn/destiny/'] button").count():
        dora.locator(f"form[action$='/games/{game.pk}/turn/destiny/'] button").click()
        dora.wait_for_load_state()
    dora.locator(f"form[action$='/games/{game.pk}/turn/advance/'] button").click()
    dora.wait_for_load_state()

    expect(alice.locator("#plan h2")).to_be_visible(timeout=WAIT_MS)
    expect(alice.locator(".phase-line.now")).not_to_have_text(phase)
    expect(alice.locator("#fold-board")).to_have_attribute("open", "")
    expect(alice.locator("details[data-fold=tactics]")).to_have_attribute("open", "")
    expect(alice.locator("#fold-log")).not_to_have_attribute("open", "")


def test_a_choice_half_made_stays_when_another_player_keeps_their_objectives(
    game, seat_links, browser
):
    """§2 step 5: "Each player keeps 1 collective + 1 personal". The table chooses at the same
    time: when Alice keeps hers, every phone's chest is refreshed (the table sees she has
    chosen), and Bob, who had ticked his two, still has them ticked and can keep them."""
    bob = browser.phone().new_page()
    bob.goto(seat_links["Bob"])
    expect(bob.locator("[data-live-status]")).to_have_attribute("data-state", "online")
    bob.locator("input[name=collective]").nth(1).check()
    bob.locator("input[name=personal]").nth(1).check()
    version = bob.locator("[data-live-url]").get_attribute("data-version")

    alice = browser.phone().new_page()
    alice.goto(seat_links["Alice"])
    alice.locator("input[name=collective]").first.check()
    alice.locator("input[name=personal]").first.check()
    alice.locator("form[action*=objectives] button[type=submit]").click()
    expect(alice.locator(".messages .message.success")).to_be_visible()

    expect(bob.locator("[data-live-url]")).not_to_have_attribute(
        "data-version", version, timeout=WAIT_MS
    )
    expect(bob.locator("input[name=collective]").nth(1)).to_be_checked()
    expect(bob.locator("input[name=personal]").nth(1)).to_be_checked()
    expect(bob.locator("input[name=collective]").first).not_to_be_checked()
    bob.locator("form[action*=objectives] button[type=submit]").click()
    expect(bob.locator(".messages .message.success")).to_be_visible()
    expect(bob.locator("section.choose")).to_have_count(0)


def test_a_done_message_goes_once_the_game_moves_on(
    new_game, seat_links, dora_cookie, live_url, browser
):
    """Alice keeps her objectives and reads "done"; when Bob keeps his, the game has moved
    on and her "done" would read as news of his change: it goes, with no reload."""
    dora = browser.laptop(dora_cookie).new_page()
    dora.goto(f"{live_url}/games/{new_game.pk}/")
    dora.locator(f"form[action$='/games/{new_game.pk}/deal/'] button[type=submit]").click()
    expect(dora.locator(".messages .message.success")).to_be_visible()

    phones = {}
    for name in ("Alice", "Bob"):
        phones[name] = browser.phone().new_page()
        phones[name].goto(seat_links[name])
        expect(phones[name].locator("[data-live-status]")).to_have_attribute("data-state", "online")
    alice, bob = phones["Alice"], phones["Bob"]
    alice.locator("section.choose input[name=collective]").first.check()
    alice.locator("section.choose input[name=personal]").first.check()
    alice.locator("section.choose button[type=submit]").click()
    expect(alice.locator(".messages .message.success")).to_be_visible()
    expect(alice.locator("[data-live-status]")).to_have_attribute("data-state", "online")
    alice.evaluate(f"{MARKER} = 'still the same page'")

    bob.locator("section.choose input[name=collective]").first.check()
    bob.locator("section.choose input[name=personal]").first.check()
    bob.locator("section.choose button[type=submit]").click()
    expect(bob.locator(".messages .message.success")).to_be_visible()

    expect(alice.locator(".messages .message.success")).to_have_count(0, timeout=WAIT_MS)
    assert alice.evaluate(MARKER) == "still the same page"


def test_an_offer_sent_leaves_the_trade_form_empty_when_its_notice_comes_first(live_url, browser):
    """G34 (trades during Planning): Alice sends Bob an offer from her phone. The notice of
    that change can reach her page before the answer to her form: the planner it brings
    lists the offer, and its form must be as a fresh load shows it, empty, not refilled with
    what she sent (she would take it for unsent, and send it again). The answer is held back
    here until the notice has been swapped in, which a busy server does by chance."""
    from tests.e2e.a11y import planning_game

    game = planning_game()
    alice, bob = game.seats.get(position=1), game.seats.get(position=2)
    phone = browser.phone().new_page()
    phone.goto(f"{live_url}/s/{alice.token}/")
    expect(phone.locator("[data-live-status]")).to_have_attribute("data-state", "online")
    version = phone.locator("[data-live-url]").get_attribute("data-version")

    held = []
    phone.route("**/trades/propose/", lambda route: held.append((route, route.fetch())))
    phone.locator("#plan details[data-fold=trade] > summary").click()
    form = phone.locator("form[action$='/trades/propose/']")
    form.locator("select[name=to]").select_option(value=str(bob.position))
    form.locator("input[name=give_information]").fill("on dorm el rei")
    form.locator("input[name=want_information]").fill("qui vigila")
    form.locator("button[type=submit]").click()

    # The offer is saved and its notice swapped in while the answer waits.
    expect(phone.locator("[data-live-url]")).not_to_have_attribute(
        "data-version", version, timeout=WAIT_MS
    )
    expect(phone.locator("#plan .offer")).to_contain_text("on dorm el rei", timeout=WAIT_MS)
    assert len(held) == 1
    route, answer = held[0]
    route.fulfill(response=answer)
    expect(phone.locator("#plan-said")).not_to_be_empty(timeout=WAIT_MS)

    form = phone.locator("form[action$='/trades/propose/']")
    expect(form.locator("select[name=to]")).to_have_value("")
    expect(form.locator("input[name=give_information]")).to_have_value("")
    expect(form.locator("input[name=want_information]")).to_have_value("")
    expect(phone.locator("#plan .offer")).to_have_count(1)
