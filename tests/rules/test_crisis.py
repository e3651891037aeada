"""Resolving a crisis (rules §4.10, G13, G36).

The table: Alice (1), Bob (2) and Carles (3) are members of the kingdom, in that turn order;
Mallory (9) is not. The crisis accepts Faith or Force; its threshold is "2*m + peril".
"""

import pytest

from consell.rules.crisis import resolve_crisis
from consell.rules.errors import InvalidParameterError, NotEligibleError
from consell.rules.resources import Resource, holdings

ALICE, BOB, CARLES, MALLORY = 1, 2, 3, 9
MEMBERS = (ALICE, BOB, CARLES)
ACCEPTS = (Resource.FAI, Resource.FOR)
ENV = {"peril": 2, "n": 4, "turn": 3}


def chests(**by_name):
    base = {
        ALICE: holdings(FAI=3, FOR=2, PRE=3),
        BOB: holdings(FAI=1, FAV=2),
        CARLES: holdings(MON=5),
    }
    names = {"alice": ALICE, "bob": BOB, "carles": CARLES}
    return {**base, **{names[k]: v for k, v in by_name.items()}}


def resolve(declared, **kw):
    return resolve_crisis(
        kw.get("accepts", ACCEPTS),
        kw.get("threshold", "2*m + peril"),
        kw.get("members", MEMBERS),
        declared,
        kw.get("chests", chests()),
        kw.get("env", ENV),
    )


def test_4_10_the_threshold_uses_members_and_peril_at_resolution():
    """ "threshold = c.requirement evaluated now (m = current member count, Peril = current)":
    2·3 + 2 = 8."""
    assert resolve({}).threshold == 8
    assert resolve({}, members=(ALICE, BOB)).threshold == 6


def test_4_10_types_may_be_mixed():
    """ "Contribution types may be mixed freely, e.g. 2 of one type + 3 of another = 5.\""""
    result = resolve({ALICE: {Resource.FAI: 3, Resource.FOR: 2}})
    assert result.contributions[0].total == 5
    assert result.pool == holdings(FAI=3, FOR=2)


def test_4_10_contributions_are_capped_to_holdings():
    """ "If there are not enough resources ... as many resources as possible" and "Favor may
    stand in for any accepted type": Bob declares 5 FAI with 1 FAI and 2 FAV and gives 3."""
    result = resolve({BOB: {Resource.FAI: 5}})
    bob = result.contributions[1]
    assert bob.payment.paid == holdings(FAI=1, FAV=2)
    assert bob.total == 3
    assert result.chests[BOB] == holdings()


def test_4_10_only_accepted_types_count():
    """ "limited to accepted types": Carles's Money is not taken and shows as refused."""
    result = resolve({CARLES: {Resource.MON: 4}})
    carles = result.contributions[2]
    assert carles.total == 0
    assert carles.refused[Resource.MON] == 4
    assert result.chests[CARLES] == holdings(MON=5)


def test_4_10_each_member_total_is_public_in_turn_order():
    """ "For each member m, in turn order ... announce m's total publicly.\""""
    result = resolve({CARLES: {}, ALICE: {Resource.FOR: 1}, BOB: {Resource.FAV: 1}})
    assert [(c.seat, c.total) for c in result.contributions] == [(ALICE, 1), (BOB, 1), (CARLES, 0)]


def test_4_10_success_rewards_the_top_contributor():
    """ "If pool >= threshold: SUCCESS: the member(s) with the highest total contribution
    (>= 1) receive the reward.\""""
    result = resolve(
        {ALICE: {Resource.FAI: 3, Resource.FOR: 2}, BOB: {Resource.FAI: 3}},
        chests=chests(bob=holdings(FAI=3)),
    )
    assert result.success
    assert result.top_contributors == (ALICE,)
    assert result.rewarded == (ALICE,)


def test_g36_tied_top_contributors_each_receive_the_reward():
    """ "Tied top contributors each receive the full reward.\""""
    result = resolve(
        {ALICE: {Resource.FAI: 3}, BOB: {Resource.FAI: 3}, CARLES: {Resource.FOR: 2}},
        chests=chests(bob=holdings(FAI=3), carles=holdings(FOR=2)),
    )
    assert result.success
    assert result.rewarded == (ALICE, BOB)


def test_g36_a_member_who_gave_nothing_is_never_top():
    """ "A player who contributed 0 is never a top contributor.\""""
    result = resolve({}, threshold=0)
    assert result.success
    assert result.top_contributors == ()
    assert result.non_contributors == MEMBERS


def test_4_10_failure_rewards_nobody_and_the_pool_is_still_spent():
    """ "Else: FAILURE: apply the penalty" and "pool -> reserve" whatever the result."""
    result = resolve({ALICE: {Resource.FAI: 2}})
    assert not result.success
    assert result.rewarded == ()
    assert result.top_contributors == (ALICE,)
    assert result.pool == holdings(FAI=2)
    assert result.chests[ALICE][Resource.FAI] == 1


def test_g36_only_members_may_contribute():
    """ "Only members of the crisis's kingdom may contribute.\""""
    with pytest.raises(NotEligibleError):
        resolve({MALLORY: {Resource.FAI: 1}}, chests={**chests(), MALLORY: holdings(FAI=3)})


def test_g13_favor_does_not_stand_in_for_prestige():
    """Favor stands in for any accepted type "except Prestige" (G13): for a Prestige crisis
    Bob's 1 PRE is taken, his Favor is not."""
    result = resolve(
        {BOB: {Resource.PRE: 2, Resource.FAV: 1}},
        accepts=(Resource.PRE,),
        threshold=1,
        chests=chests(bob=holdings(PRE=1, FAV=2)),
    )
    bob = result.contributions[1]
    assert bob.payment.paid == holdings(PRE=1)
    assert bob.refused == holdings(FAV=1)


def test_4_10_a_negative_contribution_is_refused():
    """A contribution is what a member gives: it cannot be negative."""
    with pytest.raises(InvalidParameterError):
        resolve({ALICE: {Resource.FAI: -1}})


def test_4_10_a_refused_contribution_is_named_as_a_contribution():
    """ "give = declared contribution": the refusal of Alice's -1 Faith speaks of her
    contribution, not of a cost."""
    with pytest.raises(InvalidParameterError) as caught:
        resolve({ALICE: {Resource.FAI: -1}})
    assert caught.value.message == "The contribution in FAI cannot be negative (-1)."


def test_4_10_a_crisis_accepting_an_unknown_resource_is_refused():
    """ "limited to accepted types": a card whose accepted types name no resource cannot be
    resolved, and the refusal says it is the crisis's requirement that is wrong."""
    with pytest.raises(InvalidParameterError) as caught:
        resolve({}, accepts=(Resource.FAI, "GOLD"))
    assert caught.value.message == "The requirement names an unknown resource 'GOLD'."


def test_g36_a_crisis_with_no_member_left_fails_and_rewards_nobody():
    """G36: "For the kingdomless group, the requirement uses the group's size": a group crisis
    whose players have all joined kingdoms since it was revealed has m = 0, nobody pays, nobody
    is top and the requirement (2·0 + 2 = 2) is not met."""
    result = resolve({}, members=(), chests={})
    assert result.contributions == ()
    assert result.threshold == 2
    assert not result.success
    assert result.top_contributors == ()
    assert result.pool == holdings()
