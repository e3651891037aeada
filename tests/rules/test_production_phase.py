"""The Production phase (rules §3.7, §4.11, G15, G25, G26, G50).

With every indicator at 3, Alba's three members produce 3 of each resource and 1 Favor; only
the Spymaster's office is filled, so the Queen distributes everything but Intrigue.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from consell.rules import invariants, production_phase
from consell.rules.errors import IllegalTransitionError, InvalidParameterError, NotEligibleError
from consell.rules.events import PUBLIC
from consell.rules.resources import INDICATORS, Indicator, Resource
from consell.rules.state import Pending, Phase
from tests.rules.catalog import CATALOG as BASE
from tests.rules.catalog import started_game
from tests.rules.phase_table import (
    ALICE,
    BOB,
    CARLES,
    CATALOG,
    DIDAC,
    ELENA,
    RULES,
    table,
    tokens,
)


def production_table():
    state = table(Phase.PRODUCTION)
    state.pending = [Pending(0, "step", {"step": "production"})]
    state.next_pending_id = 1
    return state


def opened(state):
    return production_phase.open_production(state, CATALOG, RULES)


def asked(state, kingdom, resource):
    (pending,) = [
        p
        for p in state.pending
        if p.kind == "distribution"
        and p.data["kingdom"] == kingdom
        and p.data["resource"] == resource
    ]
    return pending


def decide(state, pending, decision):
    return production_phase.decide_distribution(state, RULES, pending.id, decision)


def test_s411_each_resource_waits_for_its_distributor():
    """§4.11: "the holder of the responsible office distributes it ... If that office is
    vacant, the King does"."""
    state = opened(production_table()).state
    distributors = {
        p.data["resource"]: p.waiting_for for p in state.pending if p.data.get("kingdom") == 0
    }
    assert distributors == {
        "POW": [ALICE],
        "MON": [ALICE],
        "INT": [BOB],
        "FOR": [ALICE],
        "FAI": [ALICE],
        "FAV": [ALICE],
    }


def test_g50_production_totals_are_public():
    """G50: "production totals and every distribution are public"."""
    events = opened(production_table()).events
    alba = [e for e in events if e.kind == "production" and e.data["kingdom"] == 0]
    assert [e.audience for e in alba] == [PUBLIC]
    amounts = {a["resource"]: a["amount"] for a in alba[0].data["amounts"]}
    assert amounts == {"POW": 3, "MON": 3, "INT": 3, "FOR": 3, "FAI": 3, "FAV": 1}


def test_s411_the_distributor_keeps_one_and_splits_the_rest():
    """§4.11: "the distributor may first keep 1 unit ... the remaining R units are split among
    all m members ... the distributor hands out the R mod m leftover units". Stability 5 makes
    5 Power: Alice keeps 1, each gets 1 and Carles the leftover."""
    state = production_table()
    state.kingdom(0).indicators[Indicator.STABILITY] = 5
    state = opened(state).state
    done = decide(state, asked(state, 0, "POW"), {"keep": 1, "extra": [CARLES]})
    gained = [done.state.player(s).resources[Resource.POW] - 5 for s in (ALICE, BOB, CARLES)]
    assert gained == [2, 1, 2]
    (event,) = done.events
    assert (event.kind, event.audience, event.data["kept"]) == ("distributed", PUBLIC, 1)


def test_s411_every_leftover_unit_must_be_handed_out():
    """§4.11: the distributor "decides which members get one fewer": exactly R mod m members
    get one more."""
    state = opened(production_table()).state
    with pytest.raises(InvalidParameterError):
        decide(state, asked(state, 0, "POW"), {"keep": 1, "extra": []})


def test_s411_the_king_never_gives_favor_to_himself():
    """§4.11: Favor goes "among the members other than the King"."""
    state = opened(production_table()).state
    with pytest.raises(NotEligibleError):
        decide(state, asked(state, 0, "FAV"), {"gifts": {str(ALICE): 1}})
    done = decide(state, asked(state, 0, "FAV"), {"gifts": {str(CARLES): 1}})
    assert done.state.player(CARLES).resources[Resource.FAV] == 1


def test_s411_a_kingdomless_player_chooses_three_different_resources():
    """§4.11: "Each gains 3 resources of their choice from {MON, POW, FOR, FAI, INT}, all of
    different types"."""
    state = production_table()
    state.player(ELENA).kingdom = None
    state = opened(state).state
    (income,) = [p for p in state.pending if p.kind == "kingdomless_income"]
    assert income.waiting_for == [ELENA]
    with pytest.raises(InvalidParameterError):
        decide(state, income, {"resources": ["POW", "POW", "FOR"]})
    done = decide(state, income, {"resources": ["POW", "FOR", "FAI"]}).state
    gained = {r: done.player(ELENA).resources[r] - 5 for r in ("POW", "MON", "FOR", "FAI")}
    assert gained == {"POW": 1, "MON": 0, "FOR": 1, "FAI": 1}


def test_s411_the_director_decides_evenly_for_an_absent_distributor():
    """§4.11 with an absent player: an even split, leftovers to the earliest in turn order;
    Favor dealt to the other members in turn order."""
    state = production_table()
    state.kingdom(0).indicators = {i: 5 for i in INDICATORS}
    state = opened(state).state
    power = production_phase.default_decision(state, asked(state, 0, "POW"))
    favor = production_phase.default_decision(state, asked(state, 0, "FAV"))
    assert power == {"keep": 0, "extra": [ALICE, BOB]}
    assert favor == {"gifts": {str(BOB): 1, str(CARLES): 1}}


def test_s411_the_production_step_is_done_once_everything_is_handed_out():
    """§3.7: "Each kingdom produces resources and distributes them"; then the phase may end."""
    state = opened(production_table()).state
    while state.pending and state.pending[-1].kind != "step":
        pending = state.pending[-1]
        state = decide(state, pending, production_phase.default_decision(state, pending)).state
    assert state.pending == []
    with pytest.raises(IllegalTransitionError):
        opened(state)


def test_s411_production_is_opened_once():
    """§3.7: production happens once a turn."""
    state = opened(production_table()).state
    with pytest.raises(IllegalTransitionError):
        opened(state)


@settings(max_examples=25, deadline=None)
@given(values=st.lists(st.integers(1, 5), min_size=8, max_size=8))
def test_s411_production_properties(values):
    """§4.11, G53: every produced token comes out of the reserve, chests never go negative and
    every card stays in one place."""
    state = started_game(8)
    state.phase = Phase.PRODUCTION
    state.pending = [Pending(state.next_pending_id, "step", {"step": "production"})]
    state.next_pending_id += 1
    for kingdom, chunk in zip(state.kingdoms, (values[:4], values[4:]), strict=True):
        kingdom.indicators = dict(zip(INDICATORS, chunk, strict=True))
    before = tokens(state)
    state = opened(state).state
    while state.pending:
        pending = state.pending[-1]
        decision = production_phase.default_decision(state, pending)
        state = production_phase.decide_distribution(state, RULES, pending.id, decision).state
    assert tokens(state) == before
    assert invariants.problems(state, BASE, RULES) == []
    assert all(min(p.resources.values()) >= 0 for p in state.players)


def test_s411_every_member_of_a_kingdom_shares_its_production():
    """§4.11 with two kingdoms: Boira's two members share Boira's production only."""
    state = opened(production_table()).state
    boira = {p.data["resource"] for p in state.pending if p.data.get("kingdom") == 1}
    assert boira == {"POW", "MON", "INT", "FOR", "FAI", "FAV"}
    assert all(
        p.data["members"] == [DIDAC, ELENA] for p in state.pending if p.data.get("kingdom") == 1
    )
