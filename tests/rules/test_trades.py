"""Binding trades (rules §4.14, G14, G34, G59). The court of Alba from ``test_effects``."""

from __future__ import annotations

import pytest

from consell.rules.errors import IllegalTransitionError, InvalidParameterError, NotEligibleError
from consell.rules.events import PUBLIC
from consell.rules.resources import Resource
from consell.rules.state import Phase
from consell.rules.trades import Offer, trade
from tests.rules.catalog import CATALOG
from tests.rules.test_effects import ALICE, BOB, RULES, table


def planning_table():
    state = table()
    state.phase = Phase.PLANNING
    state.player(ALICE).tactics = ["tactica-01"]
    state.player(BOB).assets = ["actiu-02", "actiu-03"]
    return state


def test_s414_an_immediate_trade_is_carried_out_in_full_and_in_secret():
    """§4.14: "you give me 3, I give you 2" must be honoured in full; the table does not see it."""
    out = trade(
        planning_table(),
        CATALOG,
        RULES,
        ALICE,
        BOB,
        Offer(resources={"MON": 3}, tactics=("tactica-01",)),
        Offer(resources={"FOR": 2}, assets=("actiu-03",), information="my objective"),
    )
    a, b = out.state.player(ALICE), out.state.player(BOB)
    assert a.resources[Resource.MON] == 2 and b.resources[Resource.MON] == 8
    assert a.resources[Resource.FOR] == 7 and b.tactics == ["tactica-01"]
    assert a.assets == ["actiu-03"]
    assert out.events[0].audience == (ALICE, BOB)
    assert out.events[0].data["gives"][str(BOB)]["information"] == "my objective"


def test_g14_prestige_and_favor_cannot_be_traded():
    """G14: "only POW, MON, INT, FOR and FAI can be traded. Favor cannot be traded."."""
    for code in ("PRE", "FAV"):
        with pytest.raises(NotEligibleError, match=f"{code} cannot be traded"):
            trade(planning_table(), CATALOG, RULES, ALICE, BOB, Offer(resources={code: 1}), Offer())


def test_s414_objectives_are_never_traded():
    """§4.14: "Can never be traded (RULE): Prestige, house cards, objective cards"."""
    state = planning_table()
    state.player(ALICE).objectives = ["personal-01"]
    with pytest.raises(InvalidParameterError):
        trade(state, CATALOG, RULES, ALICE, BOB, Offer(tactics=("personal-01",)), Offer())


def test_s414_a_party_must_hold_what_they_give():
    """§4.14: the app "transfers it atomically"; nothing moves when one side cannot give."""
    with pytest.raises(InvalidParameterError, match="does not hold"):
        trade(planning_table(), CATALOG, RULES, ALICE, BOB, Offer(resources={"MON": 9}), Offer())


def test_g34_no_trade_after_handing_in():
    """G34: "Both parties to a trade must not have submitted yet"."""
    state = planning_table()
    state.player(BOB).plan.handed_in = True
    with pytest.raises(NotEligibleError):
        trade(state, CATALOG, RULES, ALICE, BOB, Offer(resources={"MON": 1}), Offer())


def test_g34_outside_planning_only_when_a_card_allows_it():
    """§4.14: "only during the Planning phase, or when a card specifically allows it"."""
    state = planning_table()
    state.phase = Phase.SECRETS
    with pytest.raises(IllegalTransitionError):
        trade(state, CATALOG, RULES, ALICE, BOB, Offer(resources={"MON": 1}), Offer())
    state.trades_allowed = True
    assert trade(state, CATALOG, RULES, ALICE, BOB, Offer(resources={"MON": 1}), Offer()).state


def test_s110_a_visible_asset_changing_hands_is_seen_on_the_table():
    """§1.10: visible assets are public; the new owner is announced without the trade."""
    out = trade(planning_table(), CATALOG, RULES, ALICE, BOB, Offer(), Offer(assets=("actiu-02",)))
    public = [e for e in out.events if e.audience == PUBLIC]
    assert [(e.kind, e.data["owner"], e.actor) for e in public] == [
        ("asset_owner_changed", ALICE, None)
    ]
