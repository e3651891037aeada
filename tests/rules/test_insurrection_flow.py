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


def test_s45_an_insurrection_is_rolled_once():
    """§4.5: "dice = [d6, d6, d6]", then only a paid reroll changes ONE die: rolling the same
    insurrection again is refused."""
    out, pid = rolled([1, 2, 6])
    with pytest.raises(IllegalTransitionError):
        insurrection_flow.start(out.state, RULES, FixedDice([6, 6, 6]), pid)


def test_g31_the_table_reads_the_kings_reroll_and_who_paid_for_it():
    """G31: "The King chooses which die is rerolled"; pledges are public: the reroll is told to
    everyone as the King's act, with the die, its old and new value and each member's share."""
    out, pid = rolled([1, 2, 6])
    state = insurrection_flow.pledge(out.state, RULES, pid, ALICE, 1).state
    state = insurrection_flow.pledge(state, RULES, pid, BOB, 2).state
    done = insurrection_flow.reroll(state, RULES, FixedDice([4]), pid, 0)
    (event,) = [e for e in done.events if e.kind == "insurrection_rerolled"]
    assert (event.audience, event.actor) == (PUBLIC, ALICE)
    assert event.data == {
        "pending": pid,
        "die": 0,
        "old": 1,
        "new": 4,
        "dice": [4, 2, 6],
        "successes": 3,
        "pledges": [{"seat": ALICE, "amount": 1}, {"seat": BOB, "amount": 2}],
    }


def test_g57_the_outcome_tells_the_table_which_indicator_dropped_and_each_player_their_losses():
    """§4.5: "Uprising: The King loses 2 PRE. Each member loses 2 resources of their choice (not
    PRE). The kingdom's highest indicator that is above 1 drops by 1"; G53: lost tokens go to
    the reserve. The outcome is public; what each player lost is told to that player."""
    out, pid = rolled([1, 1, 6])
    state = pass_all(out.state, pid)
    done = insurrection_flow.finish(state, CATALOG, RULES, pid, {"indicator": "army"})
    outcome, *losses = [e for e in done.events if e.kind.startswith("insurrection")]
    assert (outcome.kind, outcome.audience) == ("insurrection_outcome", PUBLIC)
    assert outcome.data == {
        "pending": pid,
        "kingdom": 0,
        "outcome": "uprising",
        "successes": 1,
        "dropped": "army",
        "deposed": False,
    }
    # Everyone holds 5 of each: the largest holdings, in resource order, are Power then Money.
    assert [(e.kind, e.audience, e.actor, e.data["lost"]) for e in losses] == [
        ("insurrection_losses", (ALICE,), ALICE, {"PRE": 2, "POW": 1, "MON": 1}),
        ("insurrection_losses", (BOB,), BOB, {"POW": 1, "MON": 1}),
        ("insurrection_losses", (CARLES,), CARLES, {"POW": 1, "MON": 1}),
    ]
    assert tokens(done.state) == tokens(state)
    assert done.state.reserve[Resource.POW] == state.reserve[Resource.POW] + 3


def test_g57_unrest_drops_no_indicator():
    """§4.5: "Unrest: The King loses 1 PRE. Each member loses 1 unit of the triggering
    indicator's linked resource": no indicator drops, and the table is told none did."""
    out, pid = rolled([1, 2, 6])
    state = pass_all(out.state, pid)
    done = insurrection_flow.finish(state, CATALOG, RULES, pid, {})
    (outcome,) = [e for e in done.events if e.kind == "insurrection_outcome"]
    assert (outcome.data["outcome"], outcome.data["dropped"]) == ("unrest", None)


def test_g57_a_revolution_is_told_before_the_succession_it_starts():
    """§4.5: "Revolution: The King loses 3 PRE and is deposed: run a Succession struggle without
    him (§4.12)": the table reads the outcome and the losses, then the deposition."""
    out, pid = rolled([1, 1, 1])
    state = pass_all(out.state, pid)
    done = insurrection_flow.finish(state, CATALOG, RULES, pid, {})
    kinds = [e.kind for e in done.events]
    assert kinds[:4] == [
        "insurrection_outcome",
        "insurrection_losses",
        "insurrection_losses",
        "insurrection_losses",
    ]
    assert "king_deposed" in kinds[4:]
    (outcome,) = [e for e in done.events if e.kind == "insurrection_outcome"]
    assert (outcome.data["outcome"], outcome.data["deposed"]) == ("revolution", True)


def test_s44_three_steps_below_one_are_three_insurrections():
    """§4.4: "each step that would go below 1 triggers one insurrection instead": after the
    first of three, two are still to roll."""
    out, pid = rolled([6, 6, 6], delta=-3)
    state = insurrection_flow.finish(out.state, CATALOG, RULES, pid, {}).state
    assert flow(state, pid).data["count"] == 2
    assert "flow" not in flow(state, pid).data


def test_g31_decide_with_no_pledge_is_a_pass():
    """§4.5: "while members want to and can"; G31: pledges in turn order. A member who answers
    without a pledge passes: nothing is pledged and the next member is asked."""
    out, pid = rolled([1, 2, 6])
    done = insurrection_flow.decide(out.state, CATALOG, RULES, FixedDice([]), pid, ALICE, {})
    (event,) = done.events
    assert (event.actor, event.data["amount"]) == (ALICE, 0)
    assert flow(done.state, pid).data["flow"]["pledges"] == []
    assert flow(done.state, pid).waiting_for == [BOB]


def test_g31_the_king_must_name_the_die_to_roll_again():
    """G31: "The King chooses which die is rerolled": an answer naming no die, or a yes/no, is
    refused and nobody pays."""
    out, pid = rolled([1, 2, 6])
    state = insurrection_flow.pledge(out.state, RULES, pid, ALICE, 3).state
    decide = insurrection_flow.decide
    for answer in ({}, {"die": True}):
        with pytest.raises(InvalidParameterError):
            decide(state, CATALOG, RULES, FixedDice([4]), pid, ALICE, answer)


def test_g31_decide_before_the_roll_is_refused():
    """§4.5: the dice are rolled first; nobody answers an insurrection not yet rolled."""
    state, pid = uprising_table()
    with pytest.raises(InvalidParameterError):
        insurrection_flow.decide(state, CATALOG, RULES, FixedDice([]), pid, None, {"pledge": 0})


def test_g57_the_director_gives_the_kings_indicator_on_an_uprising_tie():
    """§4.5: "The kingdom's highest indicator that is above 1 drops by 1 ... (the King chooses if
    tied)": the director settles the outcome with the King's choice."""
    out, pid = rolled([1, 1, 6])
    state = pass_all(out.state, pid)
    decide = insurrection_flow.decide
    done = decide(state, CATALOG, RULES, FixedDice([]), pid, None, {"indicator": "army"}).state
    levels = done.kingdom(0).indicators
    assert (levels[Indicator.ARMY], levels[Indicator.WEALTH]) == (2, 3)


def test_g57_an_absent_king_loses_the_first_tied_indicator():
    """§4.5: "(the King chooses if tied)"; for an absent King the director takes the first of the
    tied indicators."""
    out, pid = rolled([1, 1, 6])
    state = pass_all(out.state, pid)
    assert insurrection_flow.default_choices(state, pid)["indicator"] == "wealth"
    done = insurrection_flow.finish(state, CATALOG, RULES, pid, {}).state
    levels = done.kingdom(0).indicators
    assert (levels[Indicator.WEALTH], levels[Indicator.ARMY]) == (2, 3)


def test_g57_an_absent_players_loss_is_taken_from_their_largest_holding():
    """§4.5: "Each member loses 2 resources of their choice (not PRE)"; for an absent player the
    director takes them from the largest holding, again and again (ties in resource order)."""
    state, pid = uprising_table()
    state.player(BOB).resources[Resource.FOR] = 7
    state.player(CARLES).resources[Resource.MON] = 6
    state.player(CARLES).resources[Resource.FAI] = 6
    out = insurrection_flow.start(state, RULES, FixedDice([1, 1, 6]), pid)
    state = pass_all(out.state, pid)
    losses = insurrection_flow.default_choices(state, pid)["losses"]
    assert losses == {
        str(ALICE): {"POW": 1, "MON": 1},
        str(BOB): {"FOR": 2},
        str(CARLES): {"MON": 1, "FAI": 1},
    }
    done = insurrection_flow.finish(state, CATALOG, RULES, pid, {"indicator": "army"}).state
    assert done.player(BOB).resources[Resource.FOR] == 5


def uprising_chosen_by_a_king_of_prestige_only(state, pid):
    """Rolled to an Uprising (one success), nobody pledges; Alice holds only Prestige, so she
    has no loss of her own to choose."""
    state.player(ALICE).resources = {r: 0 for r in Resource} | {Resource.PRE: 5}
    out = insurrection_flow.start(state, RULES, FixedDice([1, 1, 6]), pid)
    return pass_all(out.state, pid)


def test_g57_a_single_highest_indicator_drops_without_asking_the_king():
    """§4.5: "The kingdom's highest indicator that is above 1 drops by 1 ... (the King chooses
    if tied)": with one highest there is nothing to choose. Alice holds only Prestige, so she
    has no loss to choose either and is not asked."""
    state, pid = uprising_table()
    state.kingdom(0).indicators[Indicator.WEALTH] = 4
    state = uprising_chosen_by_a_king_of_prestige_only(state, pid)
    pending = flow(state, pid)
    assert pending.data["flow"]["indicator_choices"] == []
    assert pending.waiting_for == [BOB, CARLES]
    done = insurrection_flow.finish(state, CATALOG, RULES, pid, {}).state
    assert done.kingdom(0).indicators[Indicator.WEALTH] == 3


def test_g57_the_king_is_asked_on_a_tie_of_two_even_with_no_loss_to_choose():
    """§4.5: "(the King chooses if tied)": two indicators tied for highest ask the King, even when
    he holds only Prestige and so chooses no loss."""
    state, pid = uprising_table()
    state.kingdom(0).indicators[Indicator.GRACE] = 2
    state = uprising_chosen_by_a_king_of_prestige_only(state, pid)
    pending = flow(state, pid)
    assert pending.data["flow"]["indicator_choices"] == ["wealth", "army"]
    assert pending.waiting_for == [ALICE, BOB, CARLES]


def test_g31_a_member_with_nothing_to_pledge_is_not_asked():
    """G31: "Pledges are collected in turn order"; "Favor may substitute". Bob holds neither
    Force nor Favor: after Alice, Carles is asked."""
    state, pid = uprising_table()
    state.player(BOB).resources[Resource.FOR] = 0
    out = insurrection_flow.start(state, RULES, FixedDice([1, 2, 6]), pid)
    state = insurrection_flow.pledge(out.state, RULES, pid, ALICE, 1).state
    assert flow(state, pid).waiting_for == [CARLES]
    done = insurrection_flow.pledge(state, RULES, pid, CARLES, 2).state
    assert flow(done, pid).data["flow"]["stage"] == insurrection_flow.DIE_CHOICE


def test_s45_a_pending_that_is_not_an_insurrection_is_refused():
    """§4.5: a Revolution runs a Succession struggle (§4.12); that duel is not an insurrection,
    and rolling or answering it as one is refused."""
    out, pid = rolled([1, 1, 1])
    state = insurrection_flow.finish(pass_all(out.state, pid), CATALOG, RULES, pid, {}).state
    (duel,) = [p for p in state.pending if p.kind == "duel"]
    with pytest.raises(InvalidParameterError):
        insurrection_flow.start(state, RULES, FixedDice([6, 6, 6]), duel.id)
    with pytest.raises(InvalidParameterError):
        insurrection_flow.decide(state, CATALOG, RULES, FixedDice([]), duel.id, None, {})


def test_g31_an_answer_out_of_step_is_refused_naming_the_stage():
    """§4.5: roll, then "members collectively pay 3 ... reroll ONE die", then "apply
    INSURRECTION_TABLE"; G31: "The King chooses which die is rerolled". Each step waits for the
    one before, and the refusal tells the director where the insurrection stands."""
    state, pid = uprising_table()
    with pytest.raises(IllegalTransitionError) as early:
        insurrection_flow.finish(state, CATALOG, RULES, pid, {})
    assert early.value.details["stage"] == "not rolled"
    assert "not rolled" in early.value.message and "choosing" in early.value.message
    out, _pid = rolled([1, 2, 6])
    with pytest.raises(IllegalTransitionError):
        insurrection_flow.reroll(out.state, RULES, FixedDice([4]), pid, 0)
    state = insurrection_flow.pledge(out.state, RULES, pid, ALICE, 3).state
    with pytest.raises(IllegalTransitionError) as late:
        insurrection_flow.pledge(state, RULES, pid, ALICE, 0)
    assert late.value.details["stage"] == insurrection_flow.DIE_CHOICE
    assert "die_choice" in late.value.message and "pledging" in late.value.message


def test_g31_a_deposed_king_contends_while_the_succession_law_is_in_force():
    """§4.5 Revolution: "run a Succession struggle without him (§4.12)"; a law may let "el Rei
    destronat hi participa i guanya els empats". The director's settlement applies it."""
    law = "llei-01"
    catalog = {**CATALOG, law: {**CATALOG[law], "lasting": [{"rule": "deposed_king_contends"}]}}
    state, pid = uprising_table()
    state.kingdom(0).laws.append(law)
    out = insurrection_flow.start(state, RULES, FixedDice([1, 1, 1]), pid)
    state = pass_all(out.state, pid)
    done = insurrection_flow.decide(state, catalog, RULES, FixedDice([]), pid, None, {}).state
    (duel,) = [p for p in done.pending if p.kind == "duel"]
    assert duel.data["participants"] == [ALICE, BOB, CARLES]
