"""The Content-Security-Policy holds on a real table (issue 10, "game night runs safe").

A strict policy (settings.SECURE_CSP: scripts and styles from our own files only, no inline
script, style or eval) is only worth having if the pages still work under it. Dora's laptop,
Alice's phone and the public board are opened in Chromium, which enforces the header; a live
update travels over the websocket and htmx swaps fragments in; then a tap on a companion page
goes through htmx. Every `securitypolicyviolation` event and every console report of a refused
resource is collected, and none may occur. A planted inline style at the end proves that the
policy is enforced and that the collector would have seen a violation.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, Page, expect

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

WAIT_MS = 5000
# Runs before any script of the page (Playwright injects it through the DevTools protocol,
# which the page's CSP does not govern).
COLLECT = """
window.consellCsp = [];
document.addEventListener("securitypolicyviolation", function (e) {
  window.consellCsp.push(e.violatedDirective + " " + (e.blockedURI || "inline"));
});
"""


def watched(context: BrowserContext, reports: list[str]) -> Page:
    """A page of `context` whose CSP complaints in the console land in `reports`."""
    context.add_init_script(COLLECT)
    page = context.new_page()
    page.on(
        "console",
        lambda message: (
            reports.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return page


def violations(page: Page) -> list[str]:
    return page.evaluate("window.consellCsp")


def test_the_table_works_under_the_policy_and_nothing_is_refused(
    new_game, seat_links, dora_cookie, live_url, browser
):
    console: list[str] = []
    dora = watched(browser.laptop(dora_cookie), console)
    alice = watched(browser.phone(), console)
    board = watched(browser.laptop(), console)
    opened = [
        dora.goto(f"{live_url}/games/{new_game.pk}/"),
        alice.goto(seat_links["Alice"]),
        board.goto(f"{live_url}/board/{new_game.board_token}/"),
    ]
    for response in opened:
        assert "script-src 'self'" in response.headers["content-security-policy"]
    for page in (dora, alice, board):
        # The websocket connected: connect-src allows it.
        expect(page.locator("[data-live-status]")).to_have_attribute(
            "data-state", "online", timeout=WAIT_MS
        )

    # A live update: Dora deals; the phone's chest arrives by itself (websocket notice, then
    # htmx fetches and swaps the fragments).
    dora.locator(f"form[action$='/games/{new_game.pk}/deal/'] button[type=submit]").click()
    expect(dora.locator(".messages .message.success")).to_be_visible()
    expect(alice.locator("section.chest h2")).to_contain_text("Alice", timeout=WAIT_MS)
    expect(alice.locator("section.choose label.choice")).to_have_count(4)

    # An htmx interaction: renaming a player on a companion page posts the form through htmx
    # and swaps in the re-scored form.
    alice.goto(f"{live_url}/companions/louis14/")
    alice.fill("#name-0", "Alícia")
    alice.locator("#name-0").dispatch_event("change")
    expect(alice.locator("#entry")).to_contain_text("Alícia", timeout=WAIT_MS)
    expect(alice.locator("#name-0")).to_have_value("Alícia")

    # A question before an irreversible step, asked without inline JavaScript (confirm.js):
    # "no" keeps the page, "yes" submits.
    alice.evaluate(
        """() => {
        const b = document.createElement("button");
        b.id = "e2e-confirm"; b.type = "submit"; b.dataset.confirm = "Segur?";
        document.querySelector("#entry").appendChild(b);
        window.consellE2eMarker = "same page";
        }"""
    )
    questions: list[str] = []
    alice.once("dialog", lambda d: (questions.append(d.message), d.dismiss()))
    alice.click("#e2e-confirm")
    assert questions == ["Segur?"]
    assert alice.evaluate("window.consellE2eMarker") == "same page"
    alice.once("dialog", lambda d: d.accept())
    with alice.expect_navigation():
        alice.click("#e2e-confirm")
    assert alice.evaluate("window.consellE2eMarker") is None

    for page in (dora, alice, board):
        assert violations(page) == [], page.url
    assert console == []

    # The collector works and the policy is enforced: an inline style is refused.
    board.evaluate(
        "document.head.appendChild(document.createElement('style')).textContent = 'body{}'"
    )
    expect(board.locator("body")).to_be_visible()
    board.wait_for_function("window.consellCsp.length > 0", timeout=WAIT_MS)
    assert violations(board)[0].startswith("style-src")
