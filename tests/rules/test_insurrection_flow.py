"""An insurrection step by step (rules §4.5, G31, G57).

Alba's Stability is at 1 and a card pushes it down again: T = 1, so every die above 1 is a
success. A reroll costs 3 Force, pledged by the members in turn order: Alice, Bob, Carles.
"""

from __future__ import annotations

import pytest

from consell.rules import effects, insurrection_flow, procedures
from consell.rules.dice import FixedDice, HmacDice
from consell.rules.effects_context import Context
from consell.rules.errors import IllegalTransitionError, InvalidParameterError, NotEligibleError
from consell.rules.events import PUBLIC
from consell.rules.resources import Indicator, Resource
from consell.rules.state import Phase
from tests.rules.phase_table import ALICE, BOB, CARLES, CATALOG, RULES, table, tokens

PUSH = [{"op": "move_indicator", "kingdom": "own", "indicator": "stability", "delta": -1}]


def uprising_table(delta: int = -1):
    state = table(Phase.CRISIS)
    state.kingdom(0).indicators[Indicator.STABILITY] = 1
    ops = [{**PUSH[0], "delta": delta}]
    out = effects.apply_ops(state, CATALOG, RULES, FixedDice([]), ops, Context(None, 0))
    (pending,) = out.state.pending
    return out.state, pending.id


def rolled(dice, delta=-1):
    state, pid = uprising_table(delta)
    return insurrection_flow.start(state, RULES, FixedDice(dice), pid), pid


def flow(state, pid):
    return next(p for p in state.pending if p.id == pid)


def pass_all(state, pid):
    while flow(state, pid).data["flow"]["stage"] == insurrection_flow.PLEDGING:
        (seat,) = flow(state, pid).waiting_for
        state = insurrection_flow.pledge(state, RULES, pid, seat, 0).state
    return state


def test_s45_the_kingdom_rolls_three_dice_against_the_indicators_at_one():
    """§4.5: "T = number of this kingdom's indicators currently equal to 1 ... successes =
    count(d > T)"; the roll is public."""
    out, pid = rolled([1, 2, 6])
    (event,) = [e for e in out.events if e.kind == "insurrection_rolled"]
    assert event.audience == PUBLIC
    assert (event.data["target"], event.data["dice"], event.data["successes"]) == (1, [1, 2, 6], 2)
    assert flow(out.state, pid).waiting_for == [ALICE]


def test_g31_pledges_are_collected_in_turn_order():
    """G31: "Pledges are collected in turn order"."""
    out, pid = rolled([1, 2, 6])
    with pytest.raises(NotEligibleError):
        insurrection_flow.pledge(out.state, RULES, pid, BOB, 3)


def test_g31_three_force_pledged_together_buy_a_reroll_of_the_die_the_king_picks():
    """§4.5: "members collectively pay 3 [FOR] (any split among members; pledges) ... reroll
    ONE die"; G31: "The King chooses which die is rerolled"."""
    out, pid = rolled([1, 2, 6])
    state = insurrection_flow.pledge(out.state, RULES, pid, ALICE, 1).state
    state = insurrection_flow.pledge(state, RULES, pid, BOB, 2).state
    assert flow(state, pid).waiting_for == [ALICE]
    done = insurrection_flow.reroll(state, RULES, FixedDice([4]), pid, 0)
    (event,) = [e for e in done.events if e.kind == "insurrection_rerolled"]
    assert (event.data["old"], event.data["new"], event.data["successes"]) == (1, 4, 3)
    forces = [done.state.player(s).resources[Resource.FOR] for s in (ALICE, BOB, CARLES)]
    assert forces == [4, 3, 5]
    assert tokens(done.state) == tokens(out.state)
    assert flow(done.state, pid).data["flow"]["stage"] == insurrection_flow.CHOOSING


def test_g31_pledges_add_up_exactly_to_the_cost_and_more_is_refused():
    """§4.5: "members collectively pay 3 [FOR] ... reroll ONE die": a reroll costs exactly 3;
    a pledge beyond what is left of it is refused, not kept as change."""
    out, pid = rolled([1, 2, 6])
    with pytest.raises(InvalidParameterError):
        insurrection_flow.pledge(out.state, RULES, pid, ALICE, 4)
    with pytest.raises(InvalidParameterError):  # a yes/no is not a pledge of 1
        insurrection_flow.pledge(out.state, RULES, pid, ALICE, True)
    state = insurrection_flow.pledge(out.state, RULES, pid, ALICE, 2).state
    with pytest.raises(InvalidParameterError) as refused:
        insurrection_flow.pledge(state, RULES, pid, BOB, 2)
    assert refused.value.details["limit"] == 1
    state = insurrection_flow.pledge(state, RULES, pid, BOB, 1).state
    pledged = flow(state, pid).data["flow"]["pledges"]
    assert sum(p["amount"] for p in pledged) == RULES.insurrection_reroll_cost == 3
    assert flow(state, pid).data["flow"]["stage"] == insurrection_flow.DIE_CHOICE


def test_s45_pledges_that_fall_short_cost_nothing_and_the_dice_stand():
    """§4.5: "Un cop els jugadors ja no puguin o vulguin seguir pagant ... han d'acceptar els
    daus tal com hagin quedat"."""
    out, pid = rolled([1, 2, 6])
    state = insurrection_flow.pledge(out.state, RULES, pid, ALICE, 2).state
    state = pass_all(state, pid)
    assert [p.resources for p in state.players] == [p.resources for p in out.state.players]
    assert flow(state, pid).data["flow"]["dice"] == [1, 2, 6]


def test_g57_unrest_costs_the_king_prestige_and_each_member_the_linked_resource():
    """§4.5: "Unrest: The King loses 1 PRE. Each member loses 1 unit of the triggering
    indicator's linked resource" (Power for Stability); then the effect goes on."""
    out, pid = rolled([1, 2, 6])
    state = pass_all(out.state, pid)
    done = insurrection_flow.finish(state, CATALOG, RULES, pid, {}).state
    assert done.player(ALICE).resources[Resource.PRE] == 4
    assert [done.player(s).resources[Resource.POW] for s in (ALICE, BOB, CARLES)] == [4, 4, 4]
    assert done.kingdom(0).indicators[Indicator.STABILITY] == 1
    resumed = procedures.run(done, CATALOG, RULES, FixedDice([]), pid)
    assert resumed.state.pending == []


def test_g57_a_revolution_deposes_the_king_and_others_lose_a_resource_of_their_choice():
    """§4.5: "Revolution: The King loses 3 PRE and is deposed: run a Succession struggle
    without him ... Each other member loses 1 resource of their choice (not PRE)". Carles is
    absent: the director takes it from his largest holding."""
    out, pid = rolled([1, 1, 1])
    state = pass_all(out.state, pid)
    assert flow(state, pid).waiting_for == [BOB, CARLES]
    done = insurrection_flow.finish(state, CATALOG, RULES, pid, {"losses": {str(BOB): {"MON": 1}}})
    new = done.state
    assert new.player(ALICE).resources[Resource.PRE] == 2
    assert new.player(BOB).resources[Resource.MON] == 4
    assert new.player(CARLES).resources[Resource.POW] == 4
    assert new.kingdom(0).king is None
    duel = [p for p in new.pending if p.kind == "duel"]
    assert [p.data["participants"] for p in duel] == [[BOB, CARLES]]


def test_g57_on_an_uprising_tie_the_king_chooses_which_indicator_drops():
    """§4.5: "The kingdom's highest indicator that is above 1 drops by 1 ... (the King chooses
    if tied)"."""
    out, pid = rolled([1, 1, 6])
    state = pass_all(out.state, pid)
    assert flow(state, pid).data["flow"]["indicator_choices"] == ["wealth", "army", "grace"]
    assert ALICE in flow(state, pid).waiting_for
    done = insurrection_flow.finish(state, CATALOG, RULES, pid, {"indicator": "army"}).state
    assert done.kingdom(0).indicators[Indicator.ARMY] == 2
    assert sum(done.player(BOB).resources.values()) == sum(state.player(BOB).resources.values()) - 2


def test_s44_each_step_below_one_is_its_own_insurrection():
    """§4.4: "each step that would go below 1 triggers one insurrection instead"."""
    out, pid = rolled([6, 6, 6], delta=-2)
    state = insurrection_flow.finish(out.state, CATALOG, RULES, pid, {}).state
    assert flow(state, pid).data["count"] == 1
    with pytest.raises(IllegalTransitionError):
        procedures.run(
            insurrection_flow.start(state, RULES, FixedDice([6, 6, 6]), pid).state,
            CATALOG,
            RULES,
            FixedDice([]),
            pid,
        )
    again = procedures.run(state, CATALOG, RULES, FixedDice([6, 6, 6]), pid).state
    done = insurrection_flow.finish(again, CATALOG, RULES, pid, {}).state
    assert procedures.run(done, CATALOG, RULES, FixedDice([]), pid).state.pending == []


def test_s45_the_same_dice_give_the_same_insurrection():
    """docs/principles.md, principle 5: every roll comes from the seed, so a replay gives the same
    result."""
    state, pid = uprising_table()
    first = insurrection_flow.start(state, RULES, HmacDice(b"seed"), pid)
    second = insurrection_flow.start(state, RULES, HmacDice(b"seed"), pid)
    assert first.state.to_dict() == second.state.to_dict()


def test_g31_decide_asks_the_stages_in_order_and_lets_the_director_answer_for_the_absent():
    """G31: "Pledges are collected in turn order"; "The King chooses which die is rerolled";
    the director answers for an absent member (``seat`` None) and settles the outcome."""
    out, pid = rolled([1, 2, 6])
    decide = insurrection_flow.decide
    with pytest.raises(NotEligibleError):
        decide(out.state, CATALOG, RULES, FixedDice([]), pid, BOB, {"pledge": 3})
    with pytest.raises(InvalidParameterError):
        decide(out.state, CATALOG, RULES, FixedDice([]), pid, ALICE, {"pledge": "three"})
    state = decide(out.state, CATALOG, RULES, FixedDice([]), pid, ALICE, {"pledge": 1}).state
    # Bob is absent: the director pledges for him.
    state = decide(state, CATALOG, RULES, FixedDice([]), pid, None, {"pledge": 2}).state
    assert flow(state, pid).data["flow"]["stage"] == insurrection_flow.DIE_CHOICE
    state = decide(state, CATALOG, RULES, FixedDice([4]), pid, ALICE, {"die": 1}).state
    assert flow(state, pid).data["flow"]["dice"] == [4, 2, 6]
    with pytest.raises(NotEligibleError):
        decide(state, CATALOG, RULES, FixedDice([]), pid, ALICE, {})
    done = decide(state, CATALOG, RULES, FixedDice([]), pid, None, {})
    assert flow(done.state, pid).data["flow"]["stage"] == insurrection_flow.DONE
    assert any(e.kind.startswith("insurrection") for e in done.events)


def test_g31_every_pledge_is_told_to_the_table_and_the_last_pass_says_they_fell_short():
    """§4.5: "Un cop els jugadors ja no puguin o vulguin seguir pagant ... han d'acceptar els
    daus"; G31: pledges are public. Each pledge, a pass included, is an event the whole table
    reads, naming who pledged how much; the last member's pass tells the table the pledges
    fell short."""
    out, pid = rolled([1, 2, 6])
    first = insurrection_flow.pledge(out.state, RULES, pid, ALICE, 2)
    (event,) = first.events
    assert event.kind == "insurrection_pledged" and event.audience == PUBLIC
    assert (event.actor, event.data["amount"], event.data["pending"]) == (ALICE, 2, pid)
    state = insurrection_flow.pledge(first.state, RULES, pid, BOB, 0).state
    last = insurrection_flow.pledge(state, RULES, pid, CARLES, 0)
    kinds = [e.kind for e in last.events]
    assert kinds[:2] == ["insurrection_pledged", "insurrection_pledges_short"]
    assert last.events[0].actor == CARLES and last.events[0].data["amount"] == 0


def test_g31_members_whose_force_adds_up_to_exactly_the_cost_are_asked_to_pledge():
    """§4.5: "members collectively pay 3 [FOR] (any split among members)": one Force each is
    exactly a reroll, so the round of pledges opens."""
    state, pid = uprising_table()
    for seat in (ALICE, BOB, CARLES):
        state.player(seat).resources[Resource.FOR] = 1
    out = insurrection_flow.start(state, RULES, FixedDice([1, 2, 6]), pid)
    assert flow(out.state, pid).data["flow"]["stage"] == insurrection_flow.PLEDGING
    state.player(CARLES).resources[Resource.FOR] = 0
    short = insurrection_flow.start(state, RULES, FixedDice([1, 2, 6]), pid)
    assert flow(short.state, pid).data["flow"]["stage"] != insurrection_flow.PLEDGING
