"""Insurrection and crushing the rebellion (rules §4.5, G31, G57).

The table: Alice (seat 1) is King; Bob (2) and Carles (3) are members. Mallory (9) is not.
"""

import dataclasses

import pytest

from consell.rules.dice import FixedDice
from consell.rules.errors import (
    InvalidParameterError,
    InvalidStateError,
    NotEligibleError,
    UnaffordableError,
)
from consell.rules.insurrection import (
    InsurrectionRoll,
    Pledge,
    insurrection_outcome,
    lose_chosen,
    reroll_die,
    roll_insurrection,
)
from consell.rules.resources import Indicator, Resource, holdings
from consell.rules.ruleset import Ruleset

RULES = Ruleset.default()
ALICE, BOB, CARLES, MALLORY = 1, 2, 3, 9
MEMBERS = (ALICE, BOB, CARLES)
STABILITY, WEALTH, ARMY, GRACE = (
    Indicator.STABILITY,
    Indicator.WEALTH,
    Indicator.ARMY,
    Indicator.GRACE,
)


def kingdom(stability=3, wealth=3, army=3, grace=3):
    return {STABILITY: stability, WEALTH: wealth, ARMY: army, GRACE: grace}


def chests(**by_name):
    base = {ALICE: holdings(PRE=5, FOR=3, POW=2), BOB: holdings(FOR=2, FAV=1), CARLES: holdings()}
    names = {"alice": ALICE, "bob": BOB, "carles": CARLES}
    return {**base, **{names[k]: v for k, v in by_name.items()}}


def outcome(successes_dice, ind=None, **kw):
    roll = InsurrectionRoll(target=1, dice=successes_dice)
    return insurrection_outcome(
        roll,
        STABILITY,
        ind or kingdom(stability=1),
        ALICE,
        kw.pop("members", MEMBERS),
        kw.pop("chests", chests()),
        RULES,
        **kw,
    )


def three_successes(rules):
    """Three sixes against a target of 1, under ``rules``."""
    return insurrection_outcome(
        InsurrectionRoll(1, (6, 6, 6)),
        STABILITY,
        kingdom(stability=1),
        ALICE,
        MEMBERS,
        chests(),
        rules,
    )


def test_4_5_the_target_is_the_number_of_indicators_at_one():
    """ "T = number of this kingdom's indicators currently equal to 1"; "successes =
    count(d > T)". Two indicators at 1: dice 1, 2, 3 give one success."""
    roll = roll_insurrection(kingdom(stability=1, army=1), FixedDice([1, 2, 3]), RULES)
    assert roll.target == 2
    assert roll.dice == (1, 2, 3)
    assert roll.successes == 1


def test_4_5_an_insurrection_needs_an_indicator_at_one():
    """An insurrection only happens when an indicator "would drop below 1", so one is at 1."""
    with pytest.raises(InvalidStateError):
        roll_insurrection(kingdom(), FixedDice([1, 2, 3]), RULES)


def test_4_5_members_pay_together_to_reroll_one_die():
    """ "Members collectively pay 3 [FOR, G31] (any split among members; pledges); reroll ONE
    die." Alice pledges 1 and Bob 2 (1 FOR and 1 FAV, Favor may substitute); the King picked
    the die showing 1."""
    roll = InsurrectionRoll(target=1, dice=(1, 4, 5))
    reroll = reroll_die(
        roll,
        0,
        [Pledge(ALICE, 1), Pledge(BOB, 2)],
        chests(bob=holdings(FOR=1, FAV=1)),
        MEMBERS,
        FixedDice([6]),
        RULES,
    )
    assert reroll.roll.dice == (6, 4, 5)
    assert reroll.roll.successes == 3
    assert (reroll.old, reroll.new) == (1, 6)
    assert reroll.payments[BOB].paid == holdings(FOR=1, FAV=1)
    assert reroll.chests[ALICE][Resource.FOR] == 2
    assert reroll.chests[BOB] == holdings()


def test_4_5_a_die_can_be_rerolled_again():
    """ "Reroll ONE die (any die, including one already rerolled)."""
    first = reroll_die(
        InsurrectionRoll(2, (1, 1, 1)),
        0,
        [Pledge(ALICE, 3)],
        chests(alice=holdings(FOR=6)),
        MEMBERS,
        FixedDice([2]),
        RULES,
    )
    second = reroll_die(
        first.roll, 0, [Pledge(ALICE, 3)], first.chests, MEMBERS, FixedDice([5]), RULES
    )
    assert second.roll.dice == (5, 1, 1)
    assert second.roll.rerolls == 2
    assert second.chests[ALICE][Resource.FOR] == 0


def test_g31_pledges_must_add_up_to_the_reroll_cost():
    """ "Each reroll costs 3 Force, pooled from any members.": the director reads the cost and
    the shortfall."""
    with pytest.raises(InvalidParameterError) as error:
        reroll_die(
            InsurrectionRoll(1, (1, 1, 1)),
            0,
            [Pledge(ALICE, 2)],
            chests(),
            MEMBERS,
            FixedDice([6]),
            RULES,
        )
    assert error.value.details == {"cost": 3, "pledged": 2}
    assert str(error.value) == "A reroll costs 3 Force; the pledges add up to 2."


def test_g31_only_members_pledge():
    """Crushing the rebellion is for "the members of the kingdom"; Mallory cannot pay."""
    with pytest.raises(NotEligibleError):
        reroll_die(
            InsurrectionRoll(1, (1, 1, 1)),
            0,
            [Pledge(MALLORY, 3)],
            {**chests(), MALLORY: holdings(FOR=9)},
            MEMBERS,
            FixedDice([6]),
            RULES,
        )


def test_g31_pledges_are_collected_in_turn_order():
    """ "Pledges are collected in turn order.\""""
    with pytest.raises(InvalidParameterError):
        reroll_die(
            InsurrectionRoll(1, (1, 1, 1)),
            0,
            [Pledge(BOB, 1), Pledge(ALICE, 2)],
            chests(),
            MEMBERS,
            FixedDice([6]),
            RULES,
        )


def test_4_5_an_unpaid_pledge_means_no_reroll_and_nothing_paid():
    """A reroll that cannot be paid in full does not happen (rules §4.1: nothing is paid).
    Carles has nothing, so Alice's share stays in her chest and no die is rolled."""
    dice = FixedDice([6])
    with pytest.raises(UnaffordableError) as error:
        reroll_die(
            InsurrectionRoll(1, (1, 1, 1)),
            0,
            [Pledge(ALICE, 2), Pledge(CARLES, 1)],
            chests(),
            MEMBERS,
            dice,
            RULES,
        )
    assert error.value.details["seat"] == CARLES
    assert dice.rolls == []


def test_4_5_the_king_picks_an_existing_die():
    """There are three dice to choose from."""
    with pytest.raises(InvalidParameterError):
        reroll_die(
            InsurrectionRoll(1, (1, 1, 1)),
            3,
            [Pledge(ALICE, 3)],
            chests(),
            MEMBERS,
            FixedDice([6]),
            RULES,
        )


def test_4_5_three_successes_crush_the_revolt():
    """ "3 | Revolt crushed (Revolta sufocada) | No further effect.\""""
    result = outcome((6, 6, 6))
    assert result.name == "crushed"
    assert result.losses == {}
    assert result.choices == ()
    assert not result.deposed


def test_4_5_unrest_costs_the_king_prestige_and_members_the_linked_resource():
    """ "2 | Unrest | The King loses 1 PRE. Each member loses 1 unit of the triggering
    indicator's linked resource, if they have one." Stability is linked to Power; only Alice
    holds any."""
    result = outcome((6, 6, 1))
    assert result.name == "unrest"
    assert result.losses == {ALICE: holdings(PRE=1, POW=1)}


def test_4_5_an_uprising_lowers_the_highest_indicator():
    """ "1 | Uprising | The King loses 2 PRE. Each member loses 2 resources of their choice
    (not PRE). The kingdom's highest indicator that is above 1 drops by 1.\""""
    result = outcome((6, 1, 1), ind=kingdom(stability=1, wealth=4))
    assert result.name == "uprising"
    assert result.losses[ALICE] == holdings(PRE=2)
    assert result.dropped is WEALTH
    assert result.indicators[WEALTH] == 3
    assert [(c.seat, c.count) for c in result.choices] == [(ALICE, 2), (BOB, 2)]


def test_4_5_an_uprising_asks_the_king_to_break_a_tie():
    """ "(the King chooses if tied)": without his choice the outcome cannot be applied."""
    with pytest.raises(InvalidParameterError) as error:
        outcome((6, 1, 1), ind=kingdom(stability=1))
    assert error.value.details["choices"] == ["wealth", "army", "grace"]
    result = outcome((6, 1, 1), ind=kingdom(stability=1), king_choice=GRACE)
    assert result.indicators == kingdom(stability=1, grace=2)


def test_4_5_a_revolution_deposes_the_king():
    """ "0 | Revolution | The King loses 3 PRE and is deposed: run a Succession struggle without
    him ... Each other member loses 1 resource of their choice (not PRE)." Carles has nothing
    to lose."""
    result = outcome((1, 1, 1))
    assert result.name == "revolution"
    assert result.deposed
    assert result.losses[ALICE] == holdings(PRE=3)
    assert [(c.seat, c.count) for c in result.choices] == [(BOB, 1)]


def test_4_5_a_lone_king_is_not_deposed_but_loses_more_prestige():
    """ "If he is the only member, he instead loses 2 more PRE and stays King.\""""
    result = outcome((1, 1, 1), members=(ALICE,), chests={ALICE: holdings(PRE=4)})
    assert not result.deposed
    assert result.losses[ALICE] == holdings(PRE=4)


def test_4_5_losses_are_capped_at_holdings():
    """G53: "lose X" with fewer than X loses everything held. The King holds 1 PRE."""
    result = outcome(
        (6, 1, 1), ind=kingdom(stability=1, army=4), chests=chests(alice=holdings(PRE=1, MON=1))
    )
    assert result.losses[ALICE] == holdings(PRE=1)
    assert [(c.seat, c.count) for c in result.choices] == [(ALICE, 1), (BOB, 2)]


def test_4_5_a_loss_of_their_choice_is_exactly_the_count_and_never_prestige():
    """ "Each member loses 2 resources of their choice (not PRE).\""""
    bob = holdings(PRE=2, FOR=2, FAV=1)
    assert lose_chosen(bob, {Resource.FOR: 1, Resource.FAV: 1}, 2).holdings == holdings(
        PRE=2, FOR=1
    )
    with pytest.raises(InvalidParameterError):
        lose_chosen(bob, {Resource.PRE: 2}, 2)
    with pytest.raises(InvalidParameterError):
        lose_chosen(bob, {Resource.FOR: 1}, 2)
    with pytest.raises(InvalidParameterError):
        lose_chosen(bob, {Resource.MON: 2}, 2)


def test_g57_the_table_comes_from_the_ruleset():
    """The outcome for each number of successes is a DEFAULT (G57)."""
    harsh = dataclasses.replace(
        RULES, insurrection_table=("revolution", "revolution", "uprising", "unrest")
    )
    assert three_successes(harsh).name == "unrest"


def test_4_5_a_king_with_one_other_member_is_deposed_by_a_revolution():
    """ "The King loses 3 PRE and is deposed"; only "If he is the only member" does he stay:
    one other member is enough to depose him."""
    result = outcome((1, 1, 1), members=(ALICE, BOB))
    assert result.deposed
    assert [(c.seat, c.count) for c in result.choices] == [(BOB, 1)]


def test_g57_a_table_without_a_row_for_the_successes_is_refused_in_words():
    """The table is a DEFAULT (G57): a ruleset whose table stops short of the dice refuses the
    outcome with a clear error, never an index error."""
    short = dataclasses.replace(RULES, insurrection_table=("revolution", "uprising", "unrest"))
    with pytest.raises(InvalidStateError) as refused:
        three_successes(short)
    assert refused.value.details["successes"] == 3


def test_4_5_the_audit_labels_the_insurrection_dice_and_the_reroll():
    """ "dice = [d6, d6, d6]" then "reroll ONE die": the roll record the audit shows names
    each die for what it was rolled, and the reroll says which die the King picked."""
    dice = FixedDice([1, 4, 5, 6])
    roll = roll_insurrection(kingdom(stability=1), dice, RULES)
    reroll = reroll_die(roll, 1, [Pledge(ALICE, 3)], chests(), MEMBERS, dice, RULES)
    assert [r.purpose for r in dice.rolls] == ["insurrection"] * 3 + ["insurrection reroll"]
    assert (reroll.die, reroll.old, reroll.new) == (1, 4, 6)
    assert reroll.roll == InsurrectionRoll(1, (1, 6, 5), 1)


def test_4_5_a_die_that_does_not_exist_is_refused_by_number():
    """ "reroll ONE die": the refusal names the die the King asked for."""
    with pytest.raises(InvalidParameterError) as error:
        reroll_die(
            InsurrectionRoll(1, (1, 1, 1)),
            3,
            [Pledge(ALICE, 3)],
            chests(),
            MEMBERS,
            FixedDice([6]),
            RULES,
        )
    assert error.value.details == {"die": 3}


@pytest.mark.parametrize("share", [0, 1.0, True])
def test_g31_a_pledge_is_a_whole_number_of_at_least_one(share):
    """G31: "each reroll costs 3 Force pooled from any members": a share is a whole number of
    tokens. Bob's empty, non-integer or yes/no pledge is refused as Bob's, even when the
    pledges still add up to 3, and nobody pays."""
    dice = FixedDice([6])
    with pytest.raises(InvalidParameterError) as error:
        reroll_die(
            InsurrectionRoll(1, (1, 1, 1)),
            0,
            [Pledge(ALICE, 3 - int(share)), Pledge(BOB, share)],
            chests(),
            MEMBERS,
            dice,
            RULES,
        )
    assert error.value.details == {"seat": BOB}
    assert dice.rolls == []


def test_g31_an_unpaid_pledge_says_what_is_missing():
    """G31: "If one pledge cannot be paid, nobody pays": the refusal names the seat, its
    pledge and how much it lacks even after all its Favor."""
    with pytest.raises(UnaffordableError) as error:
        reroll_die(
            InsurrectionRoll(1, (1, 1, 1)),
            0,
            [Pledge(ALICE, 2), Pledge(CARLES, 1)],
            chests(),
            MEMBERS,
            FixedDice([6]),
            RULES,
        )
    assert error.value.details == {"seat": CARLES, "cost": {"FOR": 1}, "missing": {"FAV": 1}}


def test_4_5_the_outcome_names_its_trigger_king_and_no_drop():
    """ "In this table, 'the triggering indicator' is the one that tried to drop below 1":
    the outcome says which indicator and whose King it was; only an Uprising drops one."""
    result = outcome((6, 6, 6))
    assert result.trigger is STABILITY
    assert result.king == ALICE
    assert result.dropped is None
    assert result.indicators == kingdom(stability=1)


def test_4_5_the_king_is_told_in_words_which_indicators_tie():
    """ "(the King chooses if tied)": the refusal lists the tied indicators to pick from."""
    with pytest.raises(InvalidParameterError) as error:
        outcome((6, 1, 1), ind=kingdom(stability=1, wealth=2))
    assert str(error.value).endswith("one of army, grace.")


def test_4_5_a_chosen_loss_is_refused_with_what_was_wrong():
    """ "Each member loses 2 resources of their choice (not PRE)": a choice that is not a
    loss, not the count or more than held is refused, saying what to fix."""
    bob = holdings(PRE=2, FOR=2, FAV=1)
    with pytest.raises(InvalidParameterError) as negative:
        lose_chosen(bob, {Resource.FOR: 3, Resource.FAV: -1}, 2)
    assert str(negative.value).startswith("The loss in ")
    with pytest.raises(InvalidParameterError) as unknown:
        lose_chosen(bob, {"GOLD": 2}, 2)
    assert str(unknown.value).startswith("The loss names an unknown resource")
    with pytest.raises(InvalidParameterError) as count:
        lose_chosen(bob, {Resource.FOR: 1}, 2)
    assert count.value.details == {"count": 2, "chosen": 1}
    with pytest.raises(InvalidParameterError) as short:
        lose_chosen(bob, {Resource.MON: 2}, 2)
    assert short.value.details == {"short": {"MON": 2}}
