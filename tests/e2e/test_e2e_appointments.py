"""A new kingdom's King appoints its offices from a 360 px phone, in Catalan (rules §4.12,
G24): the form is where the King's decisions are, and the appointment shows at once."""

from __future__ import annotations

import pytest

from tests.game.simulated import play_until, state_of

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def new_king(live_url):
    """The new King's link in ``simulate --players 9 --seed 1``, once a kingdom is founded
    during turn 1's Actions; the office to give and the member to give it to."""
    game = play_until(9, 10, 1, lambda s: any(p.kind == "appointments" for p in s.pending))
    state = state_of(game)
    pending = next(p for p in state.pending if p.kind == "appointments")
    kingdom = state.kingdom(pending.data["kingdom"])
    office = next(o for o, holder in sorted(kingdom.offices.items()) if holder is None)
    member = next(s for s in state.members(kingdom.id) if s != kingdom.king)
    link = f"{live_url}/s/{game.seats.get(position=kingdom.king).token}/"
    return link, office, state.player(member).name


def test_the_new_king_appoints_an_office_from_the_phone(new_king, browser):
    link, office, member = new_king
    page = browser.phone().new_page()
    page.goto(link)
    decision = page.locator("section.decision-appointments")
    assert decision.is_visible()
    assert "Nomena els càrrecs del teu nou regne" in decision.inner_text()
    decision.locator("select[name=office]").select_option(office)
    decision.locator("select[name=member]").select_option(label=member)
    with page.expect_navigation():
        decision.locator("button", has_text="Nomena").first.click()
    assert page.locator(".messages .message.success").is_visible()
    decision = page.locator("section.decision-appointments")
    option = decision.locator(f"select[name=office] option[value='{office}']")
    assert f"({member})" in option.inner_text(), "the office now names its holder"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
