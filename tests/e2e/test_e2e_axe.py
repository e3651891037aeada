"""axe-core finds no violation on any page kind (issue 35, item 6: accessibility in CI).

Every page kind is opened in Chromium on a state the engine really produced: the phone in the
setup (objectives, the King's appointments), in Planning, facing a vote or a reaction, at the
auction and after the end; the public board; the director's dashboard; the audit pages; every
companion page. In Catalan, the table's language; a phone once more in Spanish and in English,
the dashboard and the scored companion pages once more in Spanish. Every folded part
(``<details>``) is unfolded first, so what a tap would show is checked too. axe-core runs every
rule it has (WCAG 2.x A and AA, its best practices, and its experimental rules such as
label-content-name-mismatch); any violation fails the test, listed by page, rule and element.

axe-core comes from npm, pinned in tests/e2e/package.json and package-lock.json (a11y.py).
"""

from __future__ import annotations

import pytest

from consell.companions.models import VersaillesCatalogue
from tests.e2e.a11y import (
    AXE,
    Where,
    auctioned_game,
    companion_plays,
    finished_game,
    new_game,
    planning_game,
    reaction_game,
    seat_cookie,
    seat_link,
    session_cookie,
    setup_game,
    tool,
    vote_game,
)

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

UNFOLD = "() => document.querySelectorAll('details').forEach(d => { d.open = true; })"
RUN = """
async () => {
  const experimental = axe.getRules(['experimental']).map(r => [r.ruleId, {enabled: true}]);
  const rules = Object.fromEntries(experimental);
  const result = await axe.run(document, {resultTypes: ['violations'], rules});
  return result.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => n.target.join(' ') + ' :: ' + n.failureSummary.split('\\n')[1])
  }));
}
"""
SHOWN_NODES = 3


def violations(browser, where: Where) -> list[dict]:
    """axe's violations on the page at ``where``, every fold open."""
    if where.device == "phone":
        context = browser.phone()
    else:
        context = browser.laptop(where.cookie)
    if where.cookie and where.device == "phone":
        context.add_cookies([where.cookie])
    context.set_extra_http_headers({"Accept-Language": where.language})
    page = context.new_page()
    response = page.goto(where.url)
    assert response is not None and response.status == where.status, f"{where.url}: {response}"
    page.wait_for_load_state("networkidle")
    assert page.locator(where.shows).count(), f"{where.url} does not show {where.shows}"
    page.evaluate(UNFOLD)
    # Evaluated through the DevTools protocol, which the page's CSP does not govern.
    page.evaluate(AXE.read_text())
    found = page.evaluate(RUN)
    context.close()
    return found


def report(found: dict[str, list[dict]]) -> str:
    lines = []
    for name, problems in found.items():
        for v in problems:
            lines.append(f"{name}: {v['id']} ({v['impact']}, {len(v['nodes'])}x) {v['help']}")
            lines += [f"    {node}" for node in v["nodes"][:SHOWN_NODES]]
    return "\n".join(lines)


def check(browser, pages: dict[str, Where]) -> None:
    tool(AXE, "axe-core")
    found = {name: violations(browser, where) for name, where in pages.items()}
    found = {name: problems for name, problems in found.items() if problems}
    assert not found, "axe-core found violations:\n" + report(found)


@pytest.fixture
def game_pages(live_url) -> dict[str, Where]:
    """The phone in each phase, the board and the dashboard, the director logged in."""
    created = new_game()
    setup, king = setup_game()
    planning = planning_game()
    vote, voter = vote_game()
    reaction, reacting = reaction_game()
    auctioned = auctioned_game()
    director = session_cookie(planning.director, live_url)
    pages = {
        "phone, setup": Where(seat_link(setup, king, live_url), shows="section.choose"),
        "phone, planning": Where(seat_link(planning, 1, live_url), shows="#plan"),
        "phone, planning, in Spanish": Where(seat_link(planning, 2, live_url), language="es"),
        "phone, planning, in English": Where(seat_link(planning, 3, live_url), language="en"),
        "phone, a vote": Where(seat_link(vote, voter, live_url), shows="[name=spend]"),
        "phone, a reaction": Where(
            seat_link(reaction, reacting, live_url), shows="section.decision-reaction.mine"
        ),
        "phone, Crisis": Where(seat_link(auctioned, 1, live_url)),
        "board, planning": Where(f"{live_url}/board/{planning.board_token}/", "laptop"),
        "board, a vote": Where(f"{live_url}/board/{vote.board_token}/", "laptop"),
        "dashboard, before the deal": Where(
            f"{live_url}/games/{created.pk}/", "laptop", director, shows="form.ruleset-form"
        ),
        "dashboard, setup": Where(f"{live_url}/games/{setup.pk}/", "laptop", director),
        "dashboard, planning": Where(f"{live_url}/games/{planning.pk}/", "laptop", director),
        "dashboard, a vote": Where(f"{live_url}/games/{vote.pk}/", "laptop", director),
        "dashboard, a reaction": Where(f"{live_url}/games/{reaction.pk}/", "laptop", director),
        "dashboard, after the auction": Where(
            f"{live_url}/games/{auctioned.pk}/", "laptop", director, shows="details.auction"
        ),
        "dashboard, in Spanish": Where(
            f"{live_url}/games/{planning.pk}/", "laptop", director, language="es"
        ),
    }
    return pages


@pytest.fixture
def end_pages(live_url) -> dict[str, Where]:
    """The phone, board and dashboard after the end, and every audit page."""
    game = finished_game()
    director = session_cookie(game.director, live_url)
    player = seat_cookie(game, 1, live_url)
    audit = f"{live_url}/audit/{game.pk}"
    return {
        "phone, the end": Where(seat_link(game, 1, live_url), shows="section.final"),
        "board, the end": Where(
            f"{live_url}/board/{game.board_token}/", "laptop", shows="section.final"
        ),
        "dashboard, the end": Where(
            f"{live_url}/games/{game.pk}/", "laptop", director, shows="section.final"
        ),
        "audit timeline": Where(f"{audit}/", "laptop", director),
        "audit story": Where(f"{audit}/story/", "laptop", director),
        "audit player's story": Where(f"{audit}/story/1/", "laptop", director),
        "audit charts": Where(f"{audit}/charts/", "laptop", director),
        "audit dice": Where(f"{audit}/dice/", "laptop", director),
        "audit report": Where(f"{audit}/report/", "laptop", director),
        "audit timeline, a player's": Where(f"{audit}/", cookie=player),
        "audit story, a player's": Where(f"{audit}/story/1/", cookie=player),
    }


@pytest.fixture
def companion_pages(live_url, director) -> dict[str, Where]:
    """Every companion page, new (a form) and saved (the form with its scores)."""
    plays = companion_plays(director)
    catalogue = VersaillesCatalogue.objects.create(
        owner=director, name="La nostra capsa", seals={"louis-xiv": ["favorite"]}
    )
    dora = session_cookie(director, live_url)
    base = f"{live_url}/companions"
    pages = {"companions": Where(f"{base}/"), "courtiers": Where(f"{base}/courtiers/")}
    for game, pk in plays.items():
        pages[f"{game}, new"] = Where(f"{base}/{game}/")
        pages[f"{game}, scored"] = Where(f"{base}/plays/{pk}/", cookie=dora)
        pages[f"{game}, scored, in Spanish"] = Where(
            f"{base}/plays/{pk}/", cookie=dora, language="es"
        )
    pages["saved plays"] = Where(f"{base}/plays/", cookie=dora)
    pages["catalogues"] = Where(f"{base}/catalogues/", cookie=dora)
    pages["a catalogue"] = Where(f"{base}/catalogues/{catalogue.pk}/", cookie=dora)
    return pages


def test_axe_finds_nothing_on_the_game_pages(game_pages, browser):
    check(browser, game_pages)


def test_axe_finds_nothing_after_the_end_nor_in_the_audit(end_pages, browser):
    check(browser, end_pages)


def test_axe_finds_nothing_on_the_companion_pages(companion_pages, browser):
    check(browser, companion_pages)


@pytest.fixture
def other_pages(live_url, director) -> dict[str, Where]:
    """The pages around the game: home, about, the account forms, a page that is not there."""
    dora = session_cookie(director, live_url)
    return {
        "home": Where(f"{live_url}/"),
        "home, logged in": Where(f"{live_url}/", "laptop", dora),
        "about": Where(f"{live_url}/about/"),
        "log in": Where(f"{live_url}/accounts/login/"),
        "sign up": Where(f"{live_url}/accounts/signup/"),
        "no such page": Where(f"{live_url}/no-such-page/", status=404),
        "games list": Where(f"{live_url}/games/", "laptop", dora),
    }


def test_axe_finds_nothing_around_the_game(other_pages, browser):
    check(browser, other_pages)
