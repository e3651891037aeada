"""The asset market and its blind auction (rules §4.9, G7–G10, G39).

The table: Alice (1), Bob (2), Carles (3) and Dídac (4) bid on row 1: the Ship (vaixell), the
Mill (moli) and the Spy Ring (xarxa). Mallory (9) is not at the table.
"""

import dataclasses

import pytest

from consell.rules.auction import (
    Bid,
    BidStatus,
    Market,
    Round,
    TieBreak,
    open_market,
    prepare_row,
    refresh_market,
    resolve_auction,
    row_split,
)
from consell.rules.dice import FixedDice, HmacDice
from consell.rules.errors import InvalidParameterError
from consell.rules.resources import Resource, holdings
from consell.rules.ruleset import Ruleset

RULES = Ruleset.default()
ALICE, BOB, CARLES, DIDAC = 1, 2, 3, 4
ROW1 = ("vaixell", "moli", "xarxa")
PRIMARY, SECONDARY = Round.PRIMARY, Round.SECONDARY


def chests(**by_name):
    base = {
        ALICE: holdings(MON=5, PRE=3),
        BOB: holdings(MON=3, FAV=2, PRE=2),
        CARLES: holdings(MON=1, PRE=4),
        DIDAC: holdings(MON=4, PRE=3),
    }
    names = {"alice": ALICE, "bob": BOB, "carles": CARLES, "didac": DIDAC}
    return {**base, **{names[k]: v for k, v in by_name.items()}}


def auction(*bids, **kw):
    return resolve_auction(ROW1, bids, kw.get("chests", chests()), kw.get("rules", RULES))


def statuses(result):
    return [(r.bid.seat, r.bid.round, r.bid.asset, r.capped, r.status) for r in result.records]


def test_4_9_the_highest_bidder_wins_and_pays():
    """ "If a player has bid more than any other player - or is the only bidder - they win."
    "Winner pays top (Money first, then Favor)\""""
    result = auction(Bid(ALICE, PRIMARY, "moli", 4), Bid(DIDAC, PRIMARY, "moli", 3))
    assert result.winners == {"moli": ALICE}
    assert result.chests[ALICE][Resource.MON] == 1
    assert result.chests[DIDAC] == holdings(MON=4, PRE=3)
    # A clear win breaks no tie: the tie-break table the director reads stays empty.
    assert result.tie_breaks == ()


def test_4_9_a_single_bidder_wins():
    """ "Or if it is the only bidder - wins the bid immediately.\""""
    result = auction(Bid(CARLES, PRIMARY, "xarxa", 1))
    assert result.winners == {"xarxa": CARLES}


def test_4_9_losing_bids_cost_nothing():
    """ "Losing bids cost nothing.\""""
    result = auction(Bid(ALICE, PRIMARY, "moli", 4), Bid(DIDAC, PRIMARY, "moli", 3))
    assert [r.status for r in result.records] == [BidStatus.WON, BidStatus.OUTBID]
    assert [s.seat for s in result.sales] == [ALICE]


def test_4_9_bids_are_capped_to_money_and_favor():
    """ "b.amount = min(b.amount, owner.MON + owner.FAV) # cap to funds now; Favor counts as
    Money." Bob bids 9 with 3 MON and 2 FAV: his bid is 5, and he pays Money first."""
    result = auction(Bid(BOB, PRIMARY, "vaixell", 9), Bid(ALICE, PRIMARY, "vaixell", 4))
    assert statuses(result)[0][3] == 5
    assert result.winners == {"vaixell": BOB}
    assert result.sales[0].payment.paid == holdings(MON=3, FAV=2)


def test_4_9_zero_bids_are_ignored():
    """ "Ignore bids of value 0": a bidder with no funds left cannot win."""
    result = auction(Bid(CARLES, PRIMARY, "moli", 2), chests=chests(carles=holdings(PRE=1)))
    assert statuses(result) == [(CARLES, PRIMARY, "moli", 0, BidStatus.ZERO)]
    assert result.winners == {}


def test_4_9_funds_are_counted_when_each_asset_is_resolved():
    """Bids are capped "at resolution": Dídac wins the Ship with 4 and has nothing left for
    his secondary bid on the Mill."""
    result = auction(Bid(DIDAC, PRIMARY, "vaixell", 4), Bid(DIDAC, SECONDARY, "moli", 3))
    assert statuses(result)[1] == (DIDAC, SECONDARY, "moli", 0, BidStatus.ZERO)


def test_g39_a_tie_goes_to_the_lowest_prestige():
    """ "If |W| > 1: W = those in W with the LOWEST Prestige." Alice (3 PRE) and Bob (2 PRE)
    both bid 4 on the Mill: Bob wins."""
    result = auction(Bid(ALICE, PRIMARY, "moli", 4), Bid(BOB, PRIMARY, "moli", 4))
    assert result.winners == {"moli": BOB}
    assert result.tie_breaks[0].tied == (ALICE, BOB)
    assert result.tie_breaks[0].prestige == {ALICE: 3, BOB: 2}
    # The director's tie-break table names the round, the asset, the tied amount and the winner;
    # Alice lost the tie-break: she is outbid, not tied.
    assert result.tie_breaks == (
        TieBreak(PRIMARY, "moli", 4, (ALICE, BOB), {ALICE: 3, BOB: 2}, BOB),
    )
    assert [r.status for r in result.records] == [BidStatus.OUTBID, BidStatus.WON]


def test_g39_still_tied_means_nobody_wins_this_round():
    """ "If still |W| > 1: nobody wins this round." Alice and Dídac both hold 3 PRE."""
    result = auction(Bid(ALICE, PRIMARY, "moli", 4), Bid(DIDAC, PRIMARY, "moli", 4))
    assert result.winners == {}
    assert [r.status for r in result.records] == [BidStatus.TIED, BidStatus.TIED]
    assert result.tie_breaks[0].winner is None
    assert "moli" in result.unsold


def test_g39_the_tie_break_can_be_switched_off():
    """The tie-break is a DEFAULT: with ``auction_tiebreak = "none"`` a tie sells nothing."""
    rules = dataclasses.replace(RULES, auction_tiebreak="none")
    result = auction(Bid(ALICE, PRIMARY, "moli", 4), Bid(BOB, PRIMARY, "moli", 4), rules=rules)
    assert result.winners == {}


def test_4_9_the_secondary_round_can_try_again_after_a_tie():
    """ "A player may try twice for the same asset (e.g. when the primary round tied), changing
    the amount.\""""
    result = auction(
        Bid(ALICE, PRIMARY, "moli", 4),
        Bid(DIDAC, PRIMARY, "moli", 4),
        Bid(DIDAC, SECONDARY, "moli", 4),
    )
    assert result.winners == {"moli": DIDAC}
    assert result.sales[0].round is SECONDARY


def test_g39_a_secondary_bid_on_a_sold_asset_is_void():
    """ "A secondary bid on an asset already sold is void.\""""
    result = auction(Bid(ALICE, PRIMARY, "moli", 2), Bid(BOB, SECONDARY, "moli", 5))
    assert statuses(result)[1] == (BOB, SECONDARY, "moli", None, BidStatus.VOID)
    assert result.chests[BOB] == chests()[BOB]


def test_g39_assets_are_resolved_left_to_right():
    """ "Assets are processed left to right": Bob's funds go to the Ship before the Spy Ring."""
    result = auction(Bid(BOB, PRIMARY, "xarxa", 5), Bid(BOB, SECONDARY, "vaixell", 5))
    assert [s.asset for s in result.sales] == ["xarxa"]
    result = auction(Bid(BOB, PRIMARY, "vaixell", 5), Bid(BOB, SECONDARY, "xarxa", 5))
    assert [s.asset for s in result.sales] == ["vaixell"]


def test_4_9_a_player_may_buy_two_assets():
    """ "Or buy two assets.\""""
    result = auction(Bid(ALICE, PRIMARY, "vaixell", 2), Bid(ALICE, SECONDARY, "xarxa", 3))
    assert result.winners == {"vaixell": ALICE, "xarxa": ALICE}
    assert result.chests[ALICE][Resource.MON] == 0


def test_4_9_a_bid_names_an_asset_in_row_1():
    """ "Each bid names one asset in row 1.\""""
    with pytest.raises(InvalidParameterError) as refused:
        auction(Bid(ALICE, PRIMARY, "castell", 2))
    assert refused.value.details == {"seat": ALICE}


@pytest.mark.parametrize("amount", [0, True, 1.5])
def test_4_9_a_bid_is_at_least_one_money(amount):
    """ "An amount of Money ≥ 1.\"" A whole amount: a yes/no or a fraction is refused, even
    beside a higher bid it would lose to."""
    with pytest.raises(InvalidParameterError) as refused:
        auction(Bid(ALICE, PRIMARY, "moli", amount), Bid(DIDAC, PRIMARY, "moli", 3))
    assert str(refused.value).startswith("A bid must be a whole amount of at least 1 Money")
    assert refused.value.details == {"seat": ALICE}


def test_4_9_one_primary_and_one_secondary_bid_at_most():
    """ "A player may make 0, 1 or 2 bids: a primary bid and/or a secondary bid.\""""
    with pytest.raises(InvalidParameterError) as refused:
        auction(Bid(ALICE, PRIMARY, "moli", 1), Bid(ALICE, PRIMARY, "xarxa", 1))
    assert refused.value.details == {"seat": ALICE}


def test_g9_a_row_is_half_visible_rounded_up():
    """ "ceil(S/2) come from the visible pile and floor(S/2) from the hidden pile.\""""
    assert row_split(5) == (3, 2)
    assert row_split(4) == (2, 2)


def market(**kw):
    base = Market((), (), ("v1", "v2", "v3"), ("h1", "h2"), (), (), frozenset({"h1", "h2", "h9"}))
    return dataclasses.replace(base, **kw)


def test_g9_a_row_draws_from_both_piles():
    """A row of 4: 2 from the top of the visible pile, 2 from the hidden pile."""
    row, after = prepare_row(market(), 4, FixedDice([]))
    assert row == ("v1", "v2", "h1", "h2")
    assert after.visible_pile == ("v3",)
    assert after.hidden_pile == ()


def test_g9_an_empty_pile_reshuffles_its_discards():
    """ "If a pile is empty, reshuffle its discards.\""""
    row, after = prepare_row(market(hidden_pile=(), hidden_discard=("h9",)), 2, FixedDice([]))
    assert row == ("v1", "h9")
    assert after.hidden_discard == ()


def test_g9_then_the_other_pile():
    """ "If it is still empty, draw from the other pile.\""""
    row, _ = prepare_row(market(hidden_pile=()), 4, FixedDice([]))
    assert row == ("v1", "v2", "v3")
    row, _ = prepare_row(market(visible_pile=()), 3, FixedDice([]))
    assert row == ("h1", "h2")


def test_g9_with_both_piles_empty_the_row_is_shorter():
    """ "If both are empty, the row is shorter.\""""
    row, _ = prepare_row(market(visible_pile=(), hidden_pile=()), 4, FixedDice([]))
    assert row == ()


def test_g7_setup_prepares_both_rows_of_n_cards():
    """ "Prepare row 1, then row 2 (2·S cards in total)", S = N (G8)."""
    opened = open_market(
        [f"v{i}" for i in range(6)], [f"h{i}" for i in range(6)], 4, HmacDice(b"seed"), RULES
    )
    assert len(opened.row1) == len(opened.row2) == 4
    assert sum(a.startswith("v") for a in opened.row1 + opened.row2) == 4
    assert len(opened.visible_pile) + len(opened.hidden_pile) == 4


def test_g8_the_row_size_comes_from_the_ruleset():
    """S = N unless the ruleset sets ``market_row_size``."""
    rules = dataclasses.replace(RULES, market_row_size=2)
    opened = open_market(["v1", "v2"], ["h1", "h2"], 5, HmacDice(b"seed"), rules)
    assert len(opened.row1) == 2


def test_g10_refresh_discards_row_1_and_moves_row_2_up():
    """ "1. discard the cards left in row 1; 2. move row 2 into row 1 (those cards are now for
    sale); 3. prepare a new row 2." The Mill was sold; the Ship (visible) and the Spy Ring
    (hidden) go to their own discards."""
    before = market(row1=ROW1, row2=("v9", "h9"), hidden=frozenset({"xarxa", "h1", "h2"}))
    after = refresh_market(before, ["moli"], 2, FixedDice([]), RULES)
    assert after.row1 == ("v9", "h9")
    assert after.row2 == ("v1", "h1")
    assert after.visible_discard == ("vaixell",)
    assert after.hidden_discard == ("xarxa",)


def test_g10_only_row_1_assets_can_be_sold():
    """The auction sells row 1 only; row 2 is "not yet for sale"."""
    with pytest.raises(InvalidParameterError) as refused:
        refresh_market(market(row1=ROW1, row2=("v9",)), ["v9"], 2, FixedDice([]), RULES)
    assert refused.value.details == {"assets": ["v9"]}


def test_g7_setup_shuffles_each_pile_under_its_own_purpose():
    """Setup step 9 (G7) shuffles both asset piles; each draw is "stored with its counter and
    purpose" (docs/principles.md, principle 5), so the audit names which pile it shuffled."""
    dice = HmacDice(b"seed")
    open_market(["v0", "v1", "v2"], ["h0", "h1", "h2"], 2, dice, RULES)
    assert [r.purpose for r in dice.rolls] == [
        "market: shuffle the visible assets",
        "market: shuffle the visible assets",
        "market: shuffle the hidden assets",
        "market: shuffle the hidden assets",
    ]


def test_g10_the_first_refresh_sends_each_leftover_to_its_own_discard():
    """ "1. discard the cards left in row 1 ... 3. prepare a new row 2"; G9: "If a pile is empty,
    reshuffle its discards." Two players: the opened market uses up both piles, so nothing
    sold, the new row 2 is row 1's leftovers again, each back from its own pile."""
    opened = open_market(["v0", "v1"], ["h0", "h1"], 2, HmacDice(b"seed"), RULES)
    assert opened.visible_pile == opened.hidden_pile == ()
    after = refresh_market(opened, [], 2, HmacDice(b"seed", counter=2), RULES)
    assert after.row1 == opened.row2
    assert after.row2 == opened.row1
    assert after.visible_discard == after.hidden_discard == ()


def test_g9_an_empty_visible_pile_reshuffles_its_discards_under_a_named_purpose():
    """ "If a pile is empty, reshuffle its discards": the discards become the pile, and the
    audit names the reshuffle (principle 5)."""
    dice = HmacDice(b"seed")
    row, after = prepare_row(market(visible_pile=(), visible_discard=("v8", "v9")), 2, dice)
    assert row[0] in {"v8", "v9"} and row[1] == "h1"
    assert after.visible_pile == tuple({"v8", "v9"} - {row[0]})
    assert after.visible_discard == ()
    assert [r.purpose for r in dice.rolls] == ["market: reshuffle the visible discards"]
