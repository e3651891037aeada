"""The Acquisition phase: blind auction and market refresh (rules §3.5, §4.9, G10, G39).

Row 1 offers the visible "actiu-02" and "actiu-04" and the hidden "actiu-01"; five players, so
each row holds five assets.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from consell.rules import acquisition, invariants
from consell.rules.dice import FixedDice, HmacDice
from consell.rules.errors import IllegalTransitionError
from consell.rules.events import DIRECTOR, PUBLIC
from consell.rules.resources import Resource, holdings
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
    indicate,
    table,
    tokens,
)

VISIBLE, HIDDEN, OTHER = "actiu-02", "actiu-01", "actiu-04"


def auction_table():
    state = table(Phase.ACQUISITION)
    state.market = {"row1": [VISIBLE, HIDDEN, OTHER], "row2": ["actiu-06", "actiu-03"]}
    state.decks = {
        "assets_visible": ["actiu-08", "actiu-10", "actiu-12", "actiu-14"],
        "assets_hidden": ["actiu-05", "actiu-07", "actiu-09"],
    }
    state.pending = [Pending(0, "step", {"step": "auction"})]
    state.next_pending_id = 1
    return state


def bid(state, seat, asset, amount, secondary=None):
    boxes = {"primary_asset": asset, "primary_amount": amount}
    if secondary:
        boxes.update(secondary_asset=secondary[0], secondary_amount=secondary[1])
    indicate(state, seat, "apostes", **boxes)


def acquire(state, dice=None):
    return acquisition.resolve_acquisition(state, CATALOG, RULES, dice or HmacDice(b"market"))


def test_s49_the_highest_bid_wins_and_only_the_winner_pays():
    """§4.9: "the single or highest bidder wins ... losing bids cost nothing"."""
    state = auction_table()
    bid(state, ALICE, VISIBLE, 4)
    bid(state, BOB, VISIBLE, 3)
    done = acquire(state).state
    assert VISIBLE in done.player(ALICE).assets
    assert done.player(ALICE).resources[Resource.MON] == 1
    assert done.player(BOB).resources == state.player(BOB).resources
    assert tokens(done) == tokens(state)


def test_s49_bids_are_capped_to_money_and_favor_at_resolution():
    """§4.9: "b.amount = min(b.amount, owner.MON + owner.FAV) ... winner pays top (Money
    first, then Favor)"."""
    state = auction_table()
    state.player(ALICE).resources = holdings(MON=5, FAV=1)
    bid(state, ALICE, VISIBLE, 9)
    bid(state, BOB, VISIBLE, 5)
    done = acquire(state).state
    assert VISIBLE in done.player(ALICE).assets
    assert done.player(ALICE).resources == holdings()


def test_g39_a_tie_goes_to_the_lowest_prestige():
    """G39: "A tie goes to the lowest Prestige"."""
    state = auction_table()
    state.player(BOB).resources[Resource.PRE] = 2
    bid(state, ALICE, VISIBLE, 3)
    bid(state, BOB, VISIBLE, 3)
    done = acquire(state).state
    assert VISIBLE in done.player(BOB).assets
    assert done.player(ALICE).resources == state.player(ALICE).resources


def test_s49_the_secondary_round_follows_the_primary_round():
    """§4.9: "A player may ... aim for a consolation prize": Bob loses his primary bid and wins
    with his secondary one."""
    state = auction_table()
    bid(state, ALICE, VISIBLE, 4)
    bid(state, BOB, VISIBLE, 2, secondary=(OTHER, 2))
    done = acquire(state).state
    assert done.player(BOB).assets == [OTHER]
    assert done.player(BOB).resources[Resource.MON] == 3


def test_g39_a_hidden_asset_is_never_announced():
    """G39: "The app never reveals whether a hidden asset was bought or discarded"; the buyer
    receives it privately."""
    state = auction_table()
    bid(state, CARLES, HIDDEN, 2)
    done = acquire(state)
    assert HIDDEN in done.state.player(CARLES).assets
    public = [e for e in done.events if e.audience == PUBLIC]
    assert HIDDEN not in repr([e.data for e in public])
    bought = [e for e in done.events if e.kind == "asset_bought"]
    assert [(e.audience, e.data["asset"]) for e in bought] == [((CARLES,), HIDDEN)]


def test_s49_a_visible_asset_is_seen_owned():
    """§4.9: "Only visible assets end up visibly owned"."""
    state = auction_table()
    bid(state, DIDAC, VISIBLE, 1)
    events = acquire(state).events
    acquired = [e for e in events if e.kind == "asset_acquired"]
    assert [(e.audience, e.data) for e in acquired] == [
        (PUBLIC, {"asset": VISIBLE, "owner": DIDAC})
    ]


def test_s49_each_bidder_learns_only_whether_their_own_bids_won():
    """§4.9: "bids are never shown"; each chest comes back with or without the asset."""
    state = auction_table()
    bid(state, ALICE, VISIBLE, 4)
    bid(state, BOB, VISIBLE, 3)
    settled = {
        e.audience: e.data["bids"] for e in acquire(state).events if e.kind == "bids_settled"
    }
    assert settled == {
        (ALICE,): [{"round": "primary", "asset": VISIBLE, "amount": 4, "won": True}],
        (BOB,): [{"round": "primary", "asset": VISIBLE, "amount": 3, "won": False}],
    }


def test_s49_the_director_sees_every_bid_capped_with_its_round_and_tie_breaks():
    """§4.9: "the director resolves them behind the screen": the full result is theirs."""
    state = auction_table()
    state.player(BOB).resources[Resource.MON] = 2
    bid(state, ALICE, VISIBLE, 2)
    bid(state, BOB, VISIBLE, 7)
    (audit,) = [e for e in acquire(state).events if e.kind == "auction_resolved"]
    assert audit.audience == DIRECTOR
    assert [(b["seat"], b["amount"], b["capped"], b["status"]) for b in audit.data["bids"]] == [
        (ALICE, 2, 2, "tied"),
        (BOB, 7, 2, "tied"),
    ]
    assert audit.data["tie_breaks"][0]["winner"] is None


def test_s49_no_bid_is_revealed_to_another_player_even_after_the_end():
    """§4.9, the original: the players write their bids "sense revelar-lo a la resta de
    jugadors en cap moment"; §4.17 reveals resources and cards, not bids."""
    state = auction_table()
    bid(state, ALICE, VISIBLE, 4)
    bid(state, BOB, "actiu-06", 3)  # in row 2: void
    events = acquire(state).events
    about_bids = [
        e
        for e in events
        if e.kind in ("auction_resolved", "bids_settled", "bid_void", "asset_bought")
    ]
    assert {e.kind for e in about_bids} == {
        "auction_resolved",
        "bids_settled",
        "bid_void",
        "asset_bought",
    }
    assert not any(e.reveal_at_end for e in about_bids)


def test_s49_a_bid_on_an_asset_outside_row_one_is_void():
    """§4.9: "each bid names one asset in row 1"."""
    state = auction_table()
    bid(state, ELENA, "actiu-06", 3)
    done = acquire(state)
    void = [e for e in done.events if e.kind == "bid_void"]
    assert [e.audience for e in void] == [(ELENA,)]
    assert done.state.player(ELENA).assets == []


def test_g10_the_market_is_refreshed_once_right_after_the_auction():
    """G10: "refresh exactly once per turn, right after the auction": row 1 leftovers are
    discarded, row 2 moves up, a new row 2 is drawn (3 visible, 2 hidden for five players)."""
    state = auction_table()
    bid(state, ALICE, VISIBLE, 1)
    done = acquire(state, FixedDice([]))
    market = done.state.market
    assert market["row1"] == ["actiu-06", "actiu-03"]
    assert market["row2"] == ["actiu-08", "actiu-10", "actiu-12", "actiu-05", "actiu-07"]
    assert done.state.decks["assets_visible_discard"] == [OTHER]
    assert done.state.decks["assets_hidden_discard"] == [HIDDEN]
    assert done.state.pending == []
    with pytest.raises(IllegalTransitionError):
        acquire(done.state)


@settings(max_examples=30, deadline=None)
@given(
    bids=st.lists(st.tuples(st.integers(1, 5), st.integers(0, 4), st.integers(1, 8)), max_size=10),
    money=st.lists(st.integers(0, 6), min_size=5, max_size=5),
)
def test_s49_auction_properties(bids, money):
    """§4.9, G53: resources are conserved, chests never go negative, losers never pay, every
    card lies in exactly one place, and the same dice give the same result."""
    state = started_game(5)
    state.phase = Phase.ACQUISITION
    state.pending = [Pending(state.next_pending_id, "step", {"step": "auction"})]
    for seat, amount in zip(sorted(p.seat for p in state.players), money, strict=True):
        state.player(seat).resources[Resource.MON] = amount
    row1 = state.market["row1"]
    for seat, index, amount in bids:
        if not state.player(seat).plan.indications:
            bid(state, seat, row1[index], amount)
    done = acquisition.resolve_acquisition(state, CATALOG, RULES, HmacDice(b"seed"))
    again = acquisition.resolve_acquisition(state, CATALOG, RULES, HmacDice(b"seed"))
    assert done.state.to_dict() == again.state.to_dict()
    assert tokens(done.state) == tokens(state)
    assert invariants.problems(done.state, BASE, RULES) == []
    for p in done.state.players:
        assert min(p.resources.values()) >= 0
        if len(p.assets) == len(state.player(p.seat).assets):
            assert p.resources == state.player(p.seat).resources
