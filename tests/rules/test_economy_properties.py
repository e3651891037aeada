"""Properties of the economy procedures that must hold for every table (rules §4.1–§4.11).

The general reserve is modelled as a running balance: whatever leaves the chests arrives in the
reserve and whatever is produced leaves it, so chests + reserve never change in any procedure.
"""

from hypothesis import given
from hypothesis import strategies as st

from consell.rules.auction import Bid, BidStatus, Round, open_market, resolve_auction
from consell.rules.crisis import resolve_crisis
from consell.rules.dice import FixedDice, HmacDice
from consell.rules.errors import UnaffordableError
from consell.rules.indicators import change_indicator, highest_above_minimum
from consell.rules.insurrection import (
    Pledge,
    insurrection_outcome,
    reroll_die,
    roll_insurrection,
)
from consell.rules.payment import pay, pay_capped
from consell.rules.production import apply_distribution, plan_production, split_resource
from consell.rules.resources import INDICATORS, RESOURCES, Indicator, Resource
from consell.rules.ruleset import Ruleset

RULES = Ruleset.default()
SEATS = (1, 2, 3, 4)
ROW1 = ("vaixell", "moli", "xarxa")

chests_st = st.fixed_dictionaries({r: st.integers(0, 6) for r in RESOURCES})
amounts_st = st.dictionaries(st.sampled_from(RESOURCES), st.integers(0, 8), max_size=4)
indicators_st = st.fixed_dictionaries({i: st.integers(1, 5) for i in INDICATORS})
table_st = st.fixed_dictionaries({seat: chests_st for seat in SEATS})


def conserved(before, after, paid):
    """Chests + reserve are the same before and after, resource by resource."""
    for r in RESOURCES:
        spent = sum(p.get(r, 0) for p in paid)
        assert sum(c[r] for c in before) == sum(c[r] for c in after) + spent


def never_negative(chests):
    assert all(v >= 0 for chest in chests for v in chest.values())


@given(chests_st, amounts_st)
def test_4_1_paying_conserves_resources_and_uses_favor_last(chest, cost):
    """ "Paying a cost means returning resources from the player's chest to the general
    reserve" and "Favor is used only as a last resort"; otherwise nothing is paid."""
    try:
        payment = pay(chest, cost)
    except UnaffordableError:
        return
    never_negative([payment.holdings])
    conserved([chest], [payment.holdings], [payment.paid])
    wildcard = sum(max(0, cost.get(r, 0) - chest[r]) for r in RESOURCES if r is not Resource.FAV)
    assert payment.paid[Resource.FAV] == cost.get(Resource.FAV, 0) + wildcard
    assert payment.paid[Resource.PRE] == cost.get(Resource.PRE, 0)


@given(chests_st, amounts_st)
def test_4_10_a_capped_payment_never_overdraws(chest, wanted):
    """ "As many resources as possible": never more than asked, never below zero."""
    payment = pay_capped(chest, wanted)
    never_negative([payment.holdings])
    conserved([chest], [payment.holdings], [payment.paid])
    assert payment.total + sum(payment.short.values()) == sum(wanted.values())
    for r in RESOURCES:
        if payment.short[r]:
            assert payment.holdings[r] == 0
            assert r is Resource.PRE or payment.holdings[Resource.FAV] == 0


@given(indicators_st, st.sampled_from(INDICATORS), st.integers(-8, 8), st.booleans())
def test_1_6_indicators_always_stay_in_one_to_five(indicators, indicator, delta, friction):
    """ "Each is an integer from 1 (disaster) to 5 (excellence)", whatever moves it."""
    change = change_indicator(indicators, indicator, delta, RULES, friction=friction)
    assert all(1 <= v <= 5 for v in change.indicators.values())
    assert all(change.indicators[i] == indicators[i] for i in INDICATORS if i is not indicator)
    assert bool(change.friction) <= friction


@given(table_st, st.lists(st.tuples(st.sampled_from(SEATS), st.integers(1, 9)), max_size=8))
def test_4_9_auction_losers_never_pay_and_nothing_is_created(chests, raw_bids):
    """ "Losing bids cost nothing"; winners pay exactly their capped bid."""
    bids, used = [], set()
    for i, (seat, amount) in enumerate(raw_bids):
        rnd = Round.PRIMARY if (seat, Round.PRIMARY) not in used else Round.SECONDARY
        if (seat, rnd) in used:
            continue
        used.add((seat, rnd))
        bids.append(Bid(seat, rnd, ROW1[i % 3], amount))
    result = resolve_auction(ROW1, bids, chests, RULES)
    winners = {s.seat for s in result.sales}
    for seat in SEATS:
        if seat not in winners:
            assert result.chests[seat] == chests[seat]
    for sale in result.sales:
        assert sale.payment.total == sale.price
    won = [r for r in result.records if r.status is BidStatus.WON]
    assert len(won) == len(result.sales) == len(set(result.winners))
    never_negative(result.chests.values())
    conserved(chests.values(), result.chests.values(), [s.payment.paid for s in result.sales])


@given(table_st, st.fixed_dictionaries({seat: amounts_st for seat in SEATS}), st.integers(0, 20))
def test_4_10_a_crisis_pool_is_exactly_what_left_the_chests(chests, declared, threshold):
    """ "Pay give into the common pool ... pool -> reserve.\""""
    result = resolve_crisis(
        (Resource.FAI, Resource.FOR), threshold, SEATS, declared, chests, {"peril": 1}
    )
    never_negative(result.chests.values())
    conserved(chests.values(), result.chests.values(), [result.pool])
    assert result.success == (sum(result.pool.values()) >= threshold)
    if result.top_contributors:
        best = max(c.total for c in result.contributions)
        assert best >= 1
        assert all(c.total <= best for c in result.contributions)


@given(indicators_st, st.integers(1, 8), st.data())
def test_4_11_a_split_hands_out_exactly_the_production(indicators, m, data):
    """ "The remaining R units are split among all m members": nothing lost, nothing made."""
    members = tuple(range(1, m + 1))
    chests = {seat: {r: 0 for r in RESOURCES} for seat in members}
    for allotment in plan_production(indicators, members, 1, {}, RULES):
        if allotment.resource is Resource.FAV:
            continue
        keep = data.draw(st.integers(0, min(1, allotment.amount)))
        leftover = (allotment.amount - keep) % m
        extra = data.draw(st.permutations(members))[:leftover]
        split = split_resource(allotment, members, RULES, keep=keep, extra=extra)
        after = apply_distribution(chests, split)
        gained = sum(after[s][allotment.resource] - chests[s][allotment.resource] for s in members)
        assert gained == allotment.amount
        shares = list(split.shares.values())
        assert max(shares) - min(shares) <= 1


@given(st.binary(min_size=1, max_size=16), indicators_st)
def test_dice_the_same_seed_gives_the_same_results(seed, indicators):
    """docs/principles.md, principle 5: every roll comes from (seed, counter), so replaying a game
    gives the same insurrection, rerolls and market."""
    indicators = {**indicators, Indicator.STABILITY: 1}
    chests = {1: {Resource.FOR: 3}, 2: {Resource.FAV: 3}}

    def play(seed):
        dice = HmacDice(seed)
        roll = roll_insurrection(indicators, dice, RULES)
        reroll = reroll_die(roll, 0, [Pledge(1, 2), Pledge(2, 1)], chests, (1, 2), dice, RULES)
        market = open_market(["v1", "v2", "v3"], ["h1", "h2", "h3"], 3, dice, RULES)
        return roll, reroll, market, dice.rolls

    assert play(seed) == play(seed)


@given(indicators_st, st.lists(st.integers(1, 6), min_size=3, max_size=3), table_st, st.data())
def test_4_5_an_insurrection_keeps_indicators_in_range_and_chests_whole(
    indicators, dice, chests, data
):
    """The triggering indicator "stays at 1"; the Uprising drop never goes below 1; every
    loss is capped to holdings (G53)."""
    indicators = {**indicators, Indicator.GRACE: 1}
    roll = roll_insurrection(indicators, FixedDice(dice), RULES)
    tied = highest_above_minimum(indicators, RULES)
    choice = data.draw(st.sampled_from(tied)) if tied else None
    result = insurrection_outcome(
        roll, Indicator.GRACE, indicators, 1, SEATS, chests, RULES, king_choice=choice
    )
    assert all(1 <= v <= 5 for v in result.indicators.values())
    assert result.indicators[Indicator.GRACE] == 1
    for seat, lost in result.losses.items():
        assert all(lost[r] <= chests[seat][r] for r in RESOURCES)
    for loss in result.choices:
        assert 1 <= loss.count <= sum(v for r, v in chests[loss.seat].items() if r != "PRE")
