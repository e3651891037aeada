"""Votes (rules §4.7, G32, G33) and the law row after a vote (G35).

The council of Alba: turn order Alice, Bob, Carles, Dídac; Alice is the King. Voting goes in
reverse turn order: Dídac, Carles, Bob, Alice.
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from consell.rules.dice import FixedDice
from consell.rules.errors import (
    IllegalTransitionError,
    InvalidParameterError,
    InvalidStateError,
    NotEligibleError,
    UnaffordableError,
)
from consell.rules.resources import Resource, holdings
from consell.rules.ruleset import Ruleset
from consell.rules.votes import (
    LawRow,
    Side,
    Spend,
    Turn,
    Withdraw,
    is_finished,
    next_voter,
    result,
    settle_law_vote,
    start_vote,
    vote_step,
)

ALICE, BOB, CARLES, DIDAC, MALLORY = 1, 2, 3, 4, 9
TURN_ORDER = (ALICE, BOB, CARLES, DIDAC)
RULES = Ruleset.default()
RICH = holdings(POW=5, FAV=2)


def council(rules=RULES, eligible=TURN_ORDER):
    return start_vote(eligible, TURN_ORDER, tie_breaker=ALICE, ruleset=rules)


def play(state, *moves):
    """Apply (seat, decision) moves with a rich chest; return the final state."""
    for seat, decision in moves:
        state, _ = vote_step(state, seat, decision, RICH)
    return state


def test_4_7_voters_take_turns_in_reverse_turn_order():
    """§4.7 RULE: "Els jugadors s'alternen en ordre invers de joc"."""
    state = council()
    assert state.order == (DIDAC, CARLES, BOB, ALICE)
    assert next_voter(state) == DIDAC


def test_g33_only_eligible_voters_take_part():
    """G33: "the eligible voters are the members of the proposer's kingdom"."""
    state = council(eligible=(BOB, DIDAC))
    assert state.order == (DIDAC, BOB)
    with pytest.raises(NotEligibleError):
        vote_step(state, MALLORY, Withdraw(), RICH)


def test_4_7_a_voter_out_of_turn_is_refused():
    """§4.7: voters alternate; Bob cannot vote while it is Dídac's turn."""
    state = council()
    with pytest.raises(NotEligibleError) as caught:
        vote_step(state, BOB, Spend(Side.FOR, 1), RICH)
    assert caught.value.code == "not_eligible"


def test_4_7_a_spend_is_paid_at_once_in_power():
    """§4.7: "p ... spends n >= 1 POW ... paid immediately; public"."""
    state, payment = vote_step(council(), DIDAC, Spend(Side.AGAINST, 3), RICH)
    assert payment.paid[Resource.POW] == 3
    assert payment.holdings[Resource.POW] == 2
    assert state.total(Side.AGAINST) == 3
    assert next_voter(state) == CARLES


def test_g13_favor_stands_in_for_power_last():
    """§4.7 "Favor may stand in for POW" and G13 "used last": Dídac holds 1 POW and 2 FAV."""
    _, payment = vote_step(council(), DIDAC, Spend(Side.FOR, 3), holdings(POW=1, FAV=2))
    assert payment.paid[Resource.POW] == 1
    assert payment.paid[Resource.FAV] == 2


def test_4_1_an_unaffordable_spend_is_refused_and_changes_nothing():
    """§4.1: "If the player cannot pay, nothing is paid"."""
    state = council()
    with pytest.raises(UnaffordableError):
        vote_step(state, DIDAC, Spend(Side.FOR, 4), holdings(POW=1, FAV=2))
    assert next_voter(state) == DIDAC
    assert state.record == ()


@pytest.mark.parametrize("amount", [0, -1, True, 1.5])
def test_g32_each_spend_is_at_least_one(amount):
    """G32: "Each spend is ≥ 1"; spending nothing is withdrawing. A whole number: a yes/no
    (which Python would count as 1) or a fraction is refused."""
    with pytest.raises(InvalidParameterError):
        vote_step(council(), DIDAC, Spend(Side.FOR, amount), RICH)


def test_g32_a_voters_first_spend_fixes_their_side():
    """G32: "A player's first spend fixes their side"."""
    state = play(
        council(),
        (DIDAC, Spend(Side.FOR, 1)),
        (CARLES, Withdraw()),
        (BOB, Withdraw()),
        (ALICE, Withdraw()),
    )
    assert next_voter(state) == DIDAC
    with pytest.raises(InvalidParameterError):
        vote_step(state, DIDAC, Spend(Side.AGAINST, 1), RICH)


def test_g32_a_ruleset_may_let_voters_switch_sides():
    """§7 ``vote_side_locked``: the side lock is a configurable DEFAULT."""
    rules = dataclasses.replace(RULES, vote_side_locked=False)
    state = play(council(rules), (DIDAC, Spend(Side.FOR, 1)), *[(s, Withdraw()) for s in (3, 2, 1)])
    state, _ = vote_step(state, DIDAC, Spend(Side.AGAINST, 2), RICH)
    assert state.total(Side.AGAINST) == 2


def test_g32_withdrawing_is_final():
    """G32: "Withdrawing is final": Carles withdrew and is skipped in the next round."""
    state = play(
        council(),
        (DIDAC, Spend(Side.FOR, 1)),
        (CARLES, Withdraw()),
        (BOB, Spend(Side.AGAINST, 1)),
        (ALICE, Spend(Side.FOR, 1)),
    )
    assert next_voter(state) == DIDAC
    state = play(state, (DIDAC, Withdraw()))
    assert next_voter(state) == BOB
    with pytest.raises(NotEligibleError):
        vote_step(state, CARLES, Spend(Side.FOR, 1), RICH)


def test_4_7_a_vote_with_withdrawals_passes_when_for_outweighs_against():
    """§4.7: "The process continues until all players withdraw"; then "if for_pile >
    against_pile: PASSED"."""
    state = play(
        council(),
        (DIDAC, Spend(Side.AGAINST, 2)),
        (CARLES, Spend(Side.FOR, 2)),
        (BOB, Withdraw()),
        (ALICE, Spend(Side.FOR, 1)),
        (DIDAC, Withdraw()),
        (CARLES, Withdraw()),
        (ALICE, Withdraw()),
    )
    assert is_finished(state)
    assert next_voter(state) is None
    outcome = result(state)
    assert (outcome.passed, outcome.for_total, outcome.against_total) == (True, 3, 2)
    assert outcome.tie_broken_by is None


def test_4_7_more_against_rejects_the_motion():
    """§4.7: "elif against_pile > for_pile: REJECTED"."""
    state = play(council(), (DIDAC, Spend(Side.AGAINST, 1)), *[(s, Withdraw()) for s in (3, 2, 1)])
    state = play(state, (DIDAC, Withdraw()))
    assert result(state).passed is False


def test_4_7_a_tie_is_decided_by_the_king():
    """§4.7 RULE: "Empat: ... el Rei decideix quina de les opcions guanya"."""
    state = play(
        council(),
        (DIDAC, Spend(Side.AGAINST, 2)),
        (CARLES, Spend(Side.FOR, 2)),
        *[(s, Withdraw()) for s in (BOB, ALICE, DIDAC, CARLES)],
    )
    with pytest.raises(InvalidParameterError) as caught:
        result(state)
    assert caught.value.details["tie_breaker"] == ALICE
    outcome = result(state, Side.AGAINST)
    assert outcome.passed is False
    assert outcome.tie_broken_by == ALICE


def test_4_7_the_king_only_decides_a_tie():
    """§4.7: the King decides only "if ... exactly the same votes"."""
    state = play(council(), (DIDAC, Spend(Side.FOR, 1)), *[(s, Withdraw()) for s in (3, 2, 1, 4)])
    with pytest.raises(InvalidParameterError):
        result(state, Side.AGAINST)


def test_4_7_nobody_spending_is_a_tie_for_the_king():
    """§4.7: 0 for and 0 against are "exactly the same votes"."""
    state = play(council(), *[(s, Withdraw()) for s in (DIDAC, CARLES, BOB, ALICE)])
    assert result(state, Side.FOR).passed is True


def test_4_7_a_running_vote_has_no_result_and_a_finished_one_takes_no_step():
    """§4.7: the result is determined once all eligible votes are collected."""
    state = council()
    with pytest.raises(IllegalTransitionError):
        result(state)
    done = play(state, *[(s, Withdraw()) for s in (DIDAC, CARLES, BOB, ALICE)])
    with pytest.raises(IllegalTransitionError):
        vote_step(done, DIDAC, Withdraw(), RICH)


def test_g32_without_final_withdrawal_a_full_round_of_passes_ends_the_vote():
    """§7 ``vote_withdraw_final`` off (choice in votes.py): a withdrawal only passes this turn;
    Carles passes and later spends; the vote ends after a whole round without a spend."""
    rules = dataclasses.replace(RULES, vote_withdraw_final=False)
    state = play(
        council(rules),
        (DIDAC, Spend(Side.FOR, 1)),
        (CARLES, Withdraw()),
        (BOB, Withdraw()),
        (ALICE, Spend(Side.FOR, 1)),
        (DIDAC, Withdraw()),
        (CARLES, Spend(Side.AGAINST, 3)),
        *[(s, Withdraw()) for s in (BOB, ALICE, DIDAC)],
    )
    assert not is_finished(state)
    state = play(state, (CARLES, Withdraw()))
    assert is_finished(state)
    assert result(state).passed is False


def test_4_7_a_step_returns_a_new_state_and_leaves_the_old_one():
    """Rules are pure: the earlier state is a value that does not change."""
    before = council()
    after, _ = vote_step(before, DIDAC, Spend(Side.FOR, 1), RICH)
    assert before.record == ()
    assert after.spent_by(DIDAC) == 1
    assert after.side_of(DIDAC) is Side.FOR


def test_4_15_a_voter_outside_the_turn_order_is_refused():
    """§4.15: "votes run in reverse turn order": a voter with no place in the turn order has
    no turn; opening the vote is refused and names the seat."""
    with pytest.raises(InvalidStateError) as caught:
        start_vote((BOB, MALLORY), TURN_ORDER, tie_breaker=ALICE, ruleset=RULES)
    assert caught.value.details["seats"] == [MALLORY]


def test_4_7_a_refused_voter_is_told_why():
    """§4.7: "for p in E in REVERSE turn order": Bob, eligible, is told it is Dídac's turn;
    Mallory, not eligible (G33), is told he takes no part. Both refusals name the seat."""
    state = council()
    with pytest.raises(NotEligibleError) as early:
        vote_step(state, BOB, Spend(Side.FOR, 1), RICH)
    assert early.value.details["seat"] == BOB
    assert "It is seat 4's turn to vote, not seat 2's." in early.value.message
    with pytest.raises(NotEligibleError) as outsider:
        vote_step(state, MALLORY, Withdraw(), RICH)
    assert outsider.value.details["seat"] == MALLORY
    assert "Seat 9 may not take part in this vote." in outsider.value.message


def test_4_7_a_withdrawal_is_a_public_line_that_costs_nothing():
    """§4.7: a voter "withdraws (spends nothing; final, G32)": the record shows Dídac's
    withdrawal, with nothing spent and no side."""
    state, payment = vote_step(council(), DIDAC, Withdraw(), RICH)
    assert state.record == (Turn(DIDAC, None, 0),)
    assert state.spent_by(DIDAC) == 0
    assert payment.total == 0


@pytest.mark.parametrize("decision", [Spend("for", 1), "for", None])
def test_4_7_a_voter_either_spends_on_a_side_or_withdraws(decision):
    """§4.7: "p either spends n >= 1 POW ... onto "for" or "against" ... or withdraws":
    anything else (a side that is not one of the two piles, no decision) is refused."""
    with pytest.raises(InvalidParameterError) as caught:
        vote_step(council(), DIDAC, decision, RICH)
    assert caught.value.message == "A voter either spends on a side or withdraws."


@pytest.mark.parametrize("amount", [True, 1.5])
def test_g32_a_spend_that_is_not_a_whole_number_is_refused_as_such(amount):
    """G32: "Each spend is ≥ 1", a whole number of Power: the refusal says so, about the vote
    (not as a cost in Power the chest would pay)."""
    with pytest.raises(InvalidParameterError) as caught:
        vote_step(council(), DIDAC, Spend(Side.FOR, amount), RICH)
    assert caught.value.message == "A vote spend must be a whole number."


def test_g32_a_refused_side_switch_names_the_side_kept():
    """G32: "A player's first spend fixes their side": Dídac, who spent "for", is told so."""
    state = play(council(), (DIDAC, Spend(Side.FOR, 1)), *[(s, Withdraw()) for s in (3, 2, 1)])
    with pytest.raises(InvalidParameterError) as caught:
        vote_step(state, DIDAC, Spend(Side.AGAINST, 1), RICH)
    assert caught.value.details["side"] == "for"


def test_4_7_a_tie_decided_by_the_king_keeps_both_piles():
    """§4.7: "else: the tie-breaker chooses"; the result still shows the piles, 2-2."""
    state = play(
        council(),
        (DIDAC, Spend(Side.AGAINST, 2)),
        (CARLES, Spend(Side.FOR, 2)),
        *[(s, Withdraw()) for s in (BOB, ALICE, DIDAC, CARLES)],
    )
    outcome = result(state, Side.FOR)
    assert (outcome.passed, outcome.for_total, outcome.against_total) == (True, 2, 2)
    assert outcome.tie_broken_by == ALICE


# -- the law row (G35) -------------------------------------------------------------------------


def test_4_7_a_passed_law_goes_into_force_and_the_row_slides_left():
    """§4.7: "PASSED -> move the card to laws in force"; "slide the law row left and draw 1 new
    law into the rightmost slot"."""
    laws = LawRow(("taxes", "militia", "tithe"), ("census", "roads"))
    change = settle_law_vote(laws, "taxes", True, FixedDice([]), RULES)
    assert change.enacted == "taxes"
    assert change.laws == LawRow(("militia", "tithe", "census"), ("roads",), ())


def test_4_7_a_rejected_law_is_discarded():
    """§4.7: "REJECTED -> discard it"."""
    change = settle_law_vote(
        LawRow(("taxes", "militia", "tithe"), ("census",)), "militia", False, FixedDice([]), RULES
    )
    assert change.enacted is None
    assert change.laws == LawRow(("taxes", "tithe", "census"), (), ("militia",))


def test_g35_no_reshuffle_while_the_deck_holds_laws():
    """G35: the rejected laws are reshuffled only "if the law deck is empty": with a law left
    in the deck, a rejected law is discarded and nothing is reshuffled."""
    change = settle_law_vote(
        LawRow(("taxes", "militia", "tithe"), ("census",), ("roads",)),
        "militia",
        False,
        FixedDice([]),
        RULES,
    )
    assert change.reshuffled is False
    assert change.laws == LawRow(("taxes", "tithe", "census"), (), ("roads", "militia"))


def test_g35_an_empty_deck_is_rebuilt_from_the_rejected_laws():
    """G35: "If the law deck is empty, reshuffle the rejected laws"."""
    dice = FixedDice([0])
    change = settle_law_vote(
        LawRow(("taxes", "militia", "tithe"), (), ("census",)), "taxes", False, dice, RULES
    )
    assert change.reshuffled is True
    assert change.laws.row == ("militia", "tithe", "taxes")
    assert change.laws.deck == ("census",)
    assert dice.rolls[0].purpose == "law deck reshuffle"


def test_g35_with_no_laws_left_the_row_shrinks():
    """G35: "If there are none, the law row shrinks"."""
    laws = LawRow(("taxes", "militia", "tithe"), ())
    change = settle_law_vote(laws, "tithe", True, FixedDice([]), RULES)
    assert change.laws.row == ("taxes", "militia")


def test_4_7_a_law_not_in_the_row_cannot_be_voted():
    """§4.7: "the active player picks ONE law from the law row"."""
    with pytest.raises(InvalidParameterError):
        settle_law_vote(LawRow(("taxes",), ()), "tithe", True, FixedDice([]), RULES)


# -- properties --------------------------------------------------------------------------------

decisions = st.one_of(
    st.just(Withdraw()),
    st.builds(Spend, st.sampled_from(Side), st.integers(1, 4)),
)


@settings(max_examples=200, deadline=None)
@given(
    chests=st.lists(
        st.builds(holdings, POW=st.integers(0, 6), FAV=st.integers(0, 3)), min_size=4, max_size=4
    ),
    wishes=st.lists(decisions, max_size=60),
)
def test_4_7_chests_never_go_negative_and_spent_power_matches_the_piles(chests, wishes):
    """§4.7: "all POW/FAV spent is lost to the reserve"; G53: holdings never go below 0. Any
    sequence of wishes (an unaffordable or locked-out spend becomes a withdrawal) ends the vote
    and conserves tokens: chest + reserve is what the voters held."""
    chest = dict(zip(TURN_ORDER, chests, strict=True))
    start = sum(c[Resource.POW] + c[Resource.FAV] for c in chests)
    reserve = 0
    state = council()
    wishes = iter(wishes)
    while not is_finished(state):
        seat = next_voter(state)
        wish = next(wishes, Withdraw())
        try:
            state, payment = vote_step(state, seat, wish, chest[seat])
        except (UnaffordableError, InvalidParameterError):
            state, payment = vote_step(state, seat, Withdraw(), chest[seat])
        assert all(v >= 0 for v in payment.holdings.values())
        chest[seat] = payment.holdings
        reserve += payment.total
    assert reserve == state.total(Side.FOR) + state.total(Side.AGAINST)
    assert sum(c[Resource.POW] + c[Resource.FAV] for c in chest.values()) + reserve == start
