"""Production and distribution (rules §4.11, G15, G25, G26, G50).

The table: Alice (seat 1) is King; Bob (2) is Treasurer (tresorer); Carles (3) and Dídac (4)
are members; Mallory (9) is not.
"""

import dataclasses

import pytest

from consell.rules.errors import InvalidParameterError, NotEligibleError
from consell.rules.production import (
    Allotment,
    apply_distribution,
    hand_out_favor,
    kingdomless_income,
    plan_production,
    produced_amount,
    split_resource,
)
from consell.rules.resources import Indicator, Resource, holdings
from consell.rules.ruleset import Ruleset

RULES = Ruleset.default()
ALICE, BOB, CARLES, DIDAC, MALLORY = 1, 2, 3, 4, 9
MEMBERS = (ALICE, BOB, CARLES, DIDAC)
OFFICES = {"rei": ALICE, "tresorer": BOB, "canceller": None}


def kingdom(stability=3, wealth=3, army=3, grace=3):
    return {
        Indicator.STABILITY: stability,
        Indicator.WEALTH: wealth,
        Indicator.ARMY: army,
        Indicator.GRACE: grace,
    }


def allotment(resource, amount, distributor=BOB):
    return Allotment(resource, amount, "tresorer", distributor, vacant=False)


def by_resource(plan):
    return {a.resource: a for a in plan}


def test_4_11_amounts_come_from_the_production_table():
    """ "POW = P(m, Stability) ... FAV = F(m, min(...))" with G25 P(m, v) = ceil(m·v/3) and
    G26 F(m, v) = ceil((m−1)·(v−1)/4). Four members, Wealth 5: MON = 7."""
    plan = by_resource(plan_production(kingdom(wealth=5), MEMBERS, ALICE, OFFICES, RULES))
    assert plan[Resource.MON].amount == 7
    assert plan[Resource.POW].amount == 4
    assert plan[Resource.FAV].amount == 2


def test_4_11_intrigue_is_inverse_to_stability():
    """ "INT = P(m, 6 − Stability) (inverse relation)": Stability 5 gives P(4, 1) = 2 INT and
    Stability 1 gives P(4, 5) = 7 INT."""
    assert produced_amount(Resource.INT, kingdom(stability=5), 4, RULES) == 2
    assert produced_amount(Resource.INT, kingdom(stability=1), 4, RULES) == 7


def test_4_11_favor_comes_from_the_lowest_indicator():
    """ "FAV = F(m, min(Stability, Wealth, Army, Grace))": a kingdom in disaster produces none."""
    assert produced_amount(Resource.FAV, kingdom(army=1, wealth=5), 4, RULES) == 0
    assert (
        produced_amount(Resource.FAV, kingdom(stability=4, wealth=4, army=4, grace=4), 4, RULES)
        == 3
    )


def test_4_11_kingdoms_do_not_produce_prestige():
    """ "Each kingdom produces every resource except Prestige.\""""
    plan = plan_production(kingdom(), MEMBERS, ALICE, OFFICES, RULES)
    assert [a.resource for a in plan] == ["POW", "MON", "INT", "FOR", "FAI", "FAV"]
    with pytest.raises(InvalidParameterError):
        produced_amount(Resource.PRE, kingdom(), 4, RULES)


def test_4_11_the_responsible_office_distributes():
    """ "For each resource, the holder of the responsible office distributes it": Bob is
    Treasurer, so he distributes Money."""
    plan = by_resource(plan_production(kingdom(), MEMBERS, ALICE, OFFICES, RULES))
    assert plan[Resource.MON].distributor == BOB
    assert not plan[Resource.MON].vacant


def test_4_11_the_king_distributes_for_a_vacant_office():
    """ "If that office is vacant, the King does": nobody is Chancellor, so Alice hands out
    Power; she also hands out Favor as King."""
    plan = by_resource(plan_production(kingdom(), MEMBERS, ALICE, OFFICES, RULES))
    assert plan[Resource.POW].distributor == ALICE
    assert plan[Resource.POW].vacant
    assert plan[Resource.FAV].distributor == ALICE


def test_4_11_office_responsibilities_come_from_the_ruleset():
    """The office for each resource is a DEFAULT (G26)."""
    rules = dataclasses.replace(RULES, office_for_resource={Resource.POW: "tresorer"})
    plan = by_resource(plan_production(kingdom(), MEMBERS, ALICE, OFFICES, rules))
    assert plan[Resource.POW].distributor == BOB
    assert plan[Resource.MON].distributor == ALICE


def test_4_11_the_distributor_may_keep_one_then_splits_evenly():
    """ "The distributor may first keep 1 unit ... the remaining R units are split among all m
    members, the distributor included: each gets floor(R/m)." 9 MON: Bob keeps 1, 8 among 4."""
    split = split_resource(allotment(Resource.MON, 9), MEMBERS, RULES, keep=1)
    assert split.shares == {ALICE: 2, BOB: 2, CARLES: 2, DIDAC: 2}
    assert split.received()[BOB] == 3


def test_4_11_the_distributor_chooses_who_gets_the_leftover():
    """ "The distributor decides which members get one fewer. Equivalently, the distributor
    hands out the R mod m leftover units." 7 MON, no keep: 1 each and 3 leftovers."""
    split = split_resource(
        allotment(Resource.MON, 7), MEMBERS, RULES, keep=0, extra=[BOB, CARLES, DIDAC]
    )
    assert split.shares == {ALICE: 1, BOB: 2, CARLES: 2, DIDAC: 2}


def test_4_11_the_leftover_count_must_be_exact():
    """Exactly R mod m members get one more: Bob cannot hand out 2 leftovers of 3."""
    with pytest.raises(InvalidParameterError) as error:
        split_resource(allotment(Resource.MON, 7), MEMBERS, RULES, keep=0, extra=[BOB, CARLES])
    assert error.value.details == {"leftover": 3, "chosen": 2}


def test_4_11_a_member_gets_at_most_one_leftover_unit():
    """ "Each gets floor(R/m)" and one fewer at most: no member gets two leftovers."""
    with pytest.raises(InvalidParameterError):
        split_resource(allotment(Resource.MON, 6), MEMBERS, RULES, keep=0, extra=[BOB, BOB])


def test_4_11_leftovers_go_to_members_only():
    """ "Split among all m members": Mallory is not one."""
    with pytest.raises(NotEligibleError):
        split_resource(allotment(Resource.MON, 5), MEMBERS, RULES, keep=0, extra=[MALLORY])


def test_4_11_the_privilege_is_one_unit():
    """ "The distributor may first keep **1** unit": not 2, and not from nothing."""
    with pytest.raises(InvalidParameterError):
        split_resource(
            allotment(Resource.MON, 9), MEMBERS, RULES, keep=2, extra=[BOB, CARLES, DIDAC]
        )
    with pytest.raises(InvalidParameterError):
        split_resource(allotment(Resource.MON, 0), MEMBERS, RULES, keep=1)


def test_4_11_the_king_hands_out_favor_freely():
    """ "Favor: hands it out freely among the members other than the King, with no fairness
    required.\""""
    favor = hand_out_favor(allotment(Resource.FAV, 3, ALICE), MEMBERS, ALICE, {CARLES: 3})
    assert favor.shares == {BOB: 0, CARLES: 3, DIDAC: 0}
    assert favor.lost == 0


def test_4_11_the_king_never_gives_favor_to_himself():
    """ "The King ... cannot give Favor to himself.\""""
    with pytest.raises(NotEligibleError):
        hand_out_favor(allotment(Resource.FAV, 2, ALICE), MEMBERS, ALICE, {ALICE: 1, BOB: 1})


def test_4_11_all_the_favor_is_handed_out():
    """The King "takes the whole amount and then" hands it out: nothing is kept back."""
    with pytest.raises(InvalidParameterError):
        hand_out_favor(allotment(Resource.FAV, 2, ALICE), MEMBERS, ALICE, {BOB: 1})


def test_g15_favor_with_nobody_to_receive_it_is_lost():
    """ "If there is nobody to receive it, it is lost.\""""
    favor = hand_out_favor(allotment(Resource.FAV, 1, ALICE), (ALICE,), ALICE, {})
    assert favor.lost == 1
    assert favor.received() == {}


def test_4_11_favor_is_not_split_evenly():
    """Favor follows its own rule; the even split is for the other resources."""
    with pytest.raises(InvalidParameterError):
        split_resource(allotment(Resource.FAV, 2, ALICE), MEMBERS, RULES, keep=0)


def test_4_11_the_distribution_reaches_the_chests():
    """The distributed units go into each member's chest (from the reserve)."""
    chests = {seat: holdings(MON=1) for seat in MEMBERS}
    split = split_resource(allotment(Resource.MON, 6), MEMBERS, RULES, keep=1, extra=[CARLES])
    after = apply_distribution(chests, split)
    assert [after[s][Resource.MON] for s in MEMBERS] == [2, 3, 3, 2]
    assert chests[BOB] == holdings(MON=1)


def test_4_11_kingdomless_players_take_three_different_resources():
    """ "Each gains 3 resources of their choice from {MON, POW, FOR, FAI, INT}, all of different
    types.\""""
    assert kingdomless_income(["MON", "INT", "FAI"], RULES) == holdings(MON=1, INT=1, FAI=1)
    with pytest.raises(InvalidParameterError):
        kingdomless_income(["MON", "MON", "FAI"], RULES)
    with pytest.raises(InvalidParameterError):
        kingdomless_income(["MON", "FAV", "FAI"], RULES)
    with pytest.raises(InvalidParameterError):
        kingdomless_income(["MON", "FAI"], RULES)
