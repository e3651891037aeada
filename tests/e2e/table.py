"""A whole table in one browser: five phones, the director's laptop and the public board.

The test drives a game through the real pages (clicking what a player or the director would
click) and, after every change, checks that each open page shows what a fresh load of its URL
shows. The fresh load is the same URL fetched with the page's own cookies and parsed, so it
is exactly what a reload would render before any script runs; what is compared is what a user
reads and can press (the main element's text and its form controls), never CSRF tokens or the
one-time form nonces, nor the flash messages a post leaves on the page of whoever posted (on
the page, or in place for a planner's form sent by htmx).
"""

from __future__ import annotations

import difflib
import re
import time
from dataclasses import dataclass, field

from playwright.sync_api import Page

# How long a page may take to show a change. Not a speed goal (bench/ B1 measures that): the
# bound only has to outlast a loaded CI machine, where both test workers share two cores.
SETTLE_SECONDS = 15
PHONE_WIDTH = 360

# What a user reads and can press on a document: the main element's text (flash messages
# aside) and every control with its state. Run on the open page and on a freshly parsed one.
SNAPSHOT_JS = """
(doc) => {
  const main = doc.querySelector('main').cloneNode(true);
  main.querySelectorAll('.messages, #plan-said, [data-said]').forEach(e => e.remove());
  const text = main.textContent.replace(/\\s+/g, ' ').trim();
  const controls = Array.from(main.querySelectorAll('input, select, textarea, button'))
    .filter(e => e.name !== 'csrfmiddlewaretoken' && e.name !== 'nonce')
    .map(e => [e.tagName, e.name, e.type, e.value, e.checked, e.disabled].join('|'));
  return {text, controls};
}
"""
LIVE_JS = f"() => ({SNAPSHOT_JS})(document)"
FRESH_JS = f"""
async () => {{
  const answer = await fetch(location.href, {{credentials: 'same-origin'}});
  const doc = new DOMParser().parseFromString(await answer.text(), 'text/html');
  return ({SNAPSHOT_JS})(doc);
}}
"""
BUSY_JS = "() => document.querySelectorAll('.htmx-request').length"
ONLINE_JS = "() => document.querySelector('[data-live-status]').dataset.state === 'online'"
IN_PLACE_JS = "b => !!(b.form && b.form.hasAttribute('hx-post'))"


def pressed(page: Page, button) -> bool:
    """``button`` pressed and its answer shown: the page again for a plain form, the planner
    swapped in place for one sent by htmx. False when the answer refused it."""
    if button.evaluate(IN_PLACE_JS):
        with page.expect_response(lambda r: r.request.method == "POST") as answer:
            button.click()
        page.wait_for_function(f"() => !({BUSY_JS})()")
        return answer.value.status == 200
    with page.expect_navigation():
        button.click()
    page.wait_for_function(ONLINE_JS)
    return not page.locator(".messages .message.error, .messages .message.warning").count()


def _difference(live: dict, fresh: dict) -> str:
    """The lines that differ, for the failure message."""
    lines = []
    for key in ("text", "controls"):
        a = live[key] if key == "controls" else re.split(r"(?<=[.:·])\s", live[key])
        b = fresh[key] if key == "controls" else re.split(r"(?<=[.:·])\s", fresh[key])
        lines += difflib.unified_diff(a, b, "open page", "fresh load", lineterm="", n=1)
    return "\n".join(lines[:40])


@dataclass
class Table:
    """The open pages, by name (the players' names, "director", "board")."""

    pages: dict[str, Page] = field(default_factory=dict)
    phones: set[str] = field(default_factory=set)  # pages on a 360 px phone: none scrolls sideways
    compared: int = 0
    changes: list[str] = field(default_factory=list)  # what was done, in order

    def open(self, name: str, page: Page, url: str) -> Page:
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto(url)
        page.wait_for_function(ONLINE_JS)
        self.pages[name] = page
        return page

    def matches_fresh_loads(self, after: str) -> None:
        """Each open page comes to show what a fresh load of its URL shows."""
        for name, page in self.pages.items():
            fresh = page.evaluate(FRESH_JS)
            deadline = time.monotonic() + SETTLE_SECONDS
            while True:
                live = page.evaluate(LIVE_JS)
                if not page.evaluate(BUSY_JS) and live == fresh:
                    break
                if time.monotonic() > deadline:
                    raise AssertionError(
                        f"After {after}, {name}'s open page differs from a fresh load:\n"
                        + _difference(live, fresh)
                    )
                page.wait_for_timeout(100)
            self.compared += 1
            if name in self.phones:
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= PHONE_WIDTH, f"After {after}, {name}'s page is {width} px wide"

    def click(self, name: str, button, what: str) -> bool:
        """``name`` presses ``button`` (its page reloads with the answer, or its planner is
        answered in place); False if refused."""
        if not pressed(self.pages[name], button):
            return False
        self.changes.append(f"{name}: {what}")
        self.matches_fresh_loads(f"{name}: {what}")
        return True

    def answer_decisions(self, name: str, container: str, tried: set) -> bool:
        """``name`` answers the first decision on their page they have not tried: the
        cautious answer (let it pass, withdraw, stay) where there is one, with the boxes a
        choice of N asks for ticked. True if something changed."""
        page = self.pages[name]
        sections = page.locator(f"{container} section.decision")
        for i in range(sections.count()):
            section = sections.nth(i)
            buttons = section.locator("button.secondary")
            if not buttons.count():
                buttons = section.locator("button")
            if not buttons.count():
                continue
            button = buttons.first
            pending = section.locator("input[name=pending]").first.get_attribute("value")
            version = page.locator("[data-version]").get_attribute("data-version")
            key = (name, pending, button.inner_text(), version)
            if key in tried:
                continue
            tried.add(key)
            _tick_as_asked(section)
            if self.click(name, button, f"decision {button.inner_text()!r}"):
                return True
        return False


def _tick_as_asked(section) -> None:
    """A choice of N (discard N tactics, take N resources) gets its first N boxes ticked."""
    classes = section.get_attribute("class") or ""
    if "discard_choice" not in classes and "kingdomless_income" not in classes:
        return
    wanted = re.search(r"\d+", section.locator("h2").inner_text())
    boxes = section.locator("input[type=checkbox]")
    for n in range(min(int(wanted.group()) if wanted else 0, boxes.count())):
        boxes.nth(n).check()


def add_tile(page: Page, press) -> bool:
    """Add to the plan the first ability the planner accepts, its fields filled plainly
    (numbers at their minimum, the first real option, the first box). ``press(button)``
    submits and says whether the page took it."""
    items = page.locator("#plan .abilities-list > li")
    for i in range(items.count()):
        item = items.nth(i)
        form = item.locator("form")
        if not form.count():
            continue
        item.locator("summary").click()
        for n in range(form.locator("input[type=number]").count()):
            box = form.locator("input[type=number]").nth(n)
            box.fill(box.get_attribute("min") or "1")
        for n in range(form.locator("select").count()):
            select = form.locator("select").nth(n)
            if select.locator("option").count() > 1:
                select.select_option(index=1)
        if form.locator("input[type=checkbox]").count():
            form.locator("input[type=checkbox]").first.check()
        if press(form.locator("button[type=submit]")):
            return True
    return False
