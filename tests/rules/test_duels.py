"""Duels (rules §4.8, G13, G38, G41): hidden fists, the single highest wins, all is lost.

Alice, Bob and Carles duel; Dídac looks on. Turn order: Carles, Alice, Bob, Dídac.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from consell.rules.duels import (
    NO_EFFECT,
    EarliestInTurnOrder,
    KeepIncumbent,
    expulsion_asset_duel,
    resolve_duel,
    succession_duel,
)
from consell.rules.errors import InvalidParameterError, NotEligibleError, UnaffordableError
from consell.rules.payment import describe
from consell.rules.resources import RESOURCES, Resource, add, holdings
from consell.rules.ruleset import Ruleset

ALICE, BOB, CARLES, DIDAC = 1, 2, 3, 4
TURN_ORDER = (CARLES, ALICE, BOB, DIDAC)
POW, FOR, FAV, PRE, MON = Resource.POW, Resource.FOR, Resource.FAV, Resource.PRE, Resource.MON
RULES = Ruleset.default()
CHESTS = {seat: holdings(POW=4, FOR=4, MON=4, PRE=4, FAV=2) for seat in (ALICE, BOB, CARLES)}


def test_4_8_the_single_highest_fist_wins():
    """§4.8 RULE: "El jugador amb la quantitat més alta de fitxes ... guanya el duel"."""
    duel = resolve_duel((ALICE, BOB), (FOR,), {ALICE: {FOR: 3}, BOB: {FOR: 2}}, CHESTS)
    assert duel.winner == ALICE
    assert duel.scores == {ALICE: 3, BOB: 2}
    assert duel.tied == ()


def test_4_8_a_tie_ends_the_duel_without_effect():
    """§4.8 RULE: "Si es produeix un empat, el duel finalitza sense efectes"."""
    duel = resolve_duel(
        (ALICE, BOB, CARLES), (FOR,), {ALICE: {FOR: 2}, BOB: {FOR: 2}, CARLES: {FOR: 1}}, CHESTS
    )
    assert duel.winner is None
    assert duel.tied == (ALICE, BOB)


def test_4_8_everything_committed_is_lost_whatever_the_result():
    """§4.8 RULE: "Independentment de si ha guanyat, perdut o empatat, cada jugador perd els
    recursos assignats al duel"."""
    duel = resolve_duel((ALICE, BOB), (FOR,), {ALICE: {FOR: 2}, BOB: {FOR: 2}}, CHESTS)
    for seat in (ALICE, BOB):
        assert duel.payments[seat].paid[FOR] == 2
        assert duel.payments[seat].holdings[FOR] == 2


def test_g13_favor_counts_as_any_admitted_type():
    """G13: Favor may stand in "in ... duels"; Bob's 2 FOR + 2 FAV beat Alice's 3 FOR."""
    duel = resolve_duel((ALICE, BOB), (FOR,), {ALICE: {FOR: 3}, BOB: {FOR: 2, FAV: 2}}, CHESTS)
    assert duel.winner == BOB
    assert duel.commitments[BOB][FAV] == 2


def test_g38_a_duel_of_several_types_adds_them_up():
    """§4.8: "un duel podria ser de [POW] + [FOR]"; the score is the number of tokens."""
    duel = resolve_duel((ALICE, BOB), (POW, FOR), {ALICE: {POW: 1, FOR: 2}, BOB: {POW: 2}}, CHESTS)
    assert duel.scores == {ALICE: 3, BOB: 2}


def test_4_8_a_type_not_admitted_is_refused():
    """§4.8: participants commit "tokens of the admitted types"."""
    with pytest.raises(InvalidParameterError):
        resolve_duel((ALICE, BOB), (FOR,), {ALICE: {MON: 3}}, CHESTS)


def test_g13_favor_never_counts_as_prestige():
    """G13: "Favor never counts as Prestige"."""
    with pytest.raises(InvalidParameterError):
        resolve_duel((ALICE, BOB), (PRE,), {ALICE: {FAV: 1}}, CHESTS)


def test_4_8_a_fist_larger_than_the_chest_is_refused():
    """§4.8: "any number (>= 0, up to holdings)". The refusal says by how much the fist is
    short, so the player knows what to take back."""
    with pytest.raises(UnaffordableError) as refused:
        resolve_duel((ALICE, BOB), (FOR,), {ALICE: {FOR: 5}}, CHESTS)
    assert refused.value.details["seat"] == ALICE
    assert str(refused.value).endswith(f"short of {describe({FOR: 1})}.")


def test_4_8_a_fist_from_outside_the_duel_is_refused():
    """§4.8: only the players involved in the duel take a fist."""
    with pytest.raises(NotEligibleError):
        resolve_duel((ALICE, BOB), (FOR,), {DIDAC: {FOR: 1}}, CHESTS)


def test_4_8_a_duel_needs_two_participants():
    """§4.8: "A duel is a conflict between 2 or more players"."""
    with pytest.raises(InvalidParameterError):
        resolve_duel((ALICE,), (FOR,), {}, CHESTS)


def test_g38_a_participant_without_a_fist_committed_nothing():
    """G38: "Each may commit 0" (choice: no fist given means 0)."""
    duel = resolve_duel((ALICE, BOB), (FOR,), {ALICE: {FOR: 1}}, CHESTS)
    assert duel.scores[BOB] == 0
    assert duel.winner == ALICE


def test_4_12_keep_incumbent_wins_every_tie():
    """§4.12 RULE: "En cas d'empat, l'antic Rei conserva la seva posició" - even when Alice, the
    old King's heir, committed less than the tied Bob and Carles."""
    duel = resolve_duel(
        (ALICE, BOB, CARLES),
        (FOR,),
        {ALICE: {FOR: 1}, BOB: {FOR: 3}, CARLES: {FOR: 3}},
        CHESTS,
        KeepIncumbent(ALICE),
    )
    assert duel.winner == ALICE
    assert duel.tied == (BOB, CARLES)


def test_g41_a_tie_goes_to_the_earliest_in_turn_order():
    """G41: "a tie goes to the tied contender who is earliest in turn order"."""
    duel = resolve_duel(
        (ALICE, BOB, CARLES),
        (FOR,),
        {ALICE: {FOR: 2}, BOB: {FOR: 3}, CARLES: {FOR: 3}},
        CHESTS,
        EarliestInTurnOrder(TURN_ORDER),
    )
    assert duel.winner == CARLES


def test_4_8_the_incumbent_must_take_part():
    """§4.12: the old King keeps the throne only when taking part (else G41)."""
    with pytest.raises(InvalidParameterError):
        resolve_duel((ALICE, BOB), (FOR,), {}, CHESTS, KeepIncumbent(DIDAC))


def test_g38_succession_is_a_duel_of_power_and_force_won_by_the_old_king_on_a_tie():
    """G38: "A succession duel uses POW + FOR"; §4.13: the executed King's heir "keeps the
    throne on a tie"."""
    duel = succession_duel(
        (ALICE, BOB), ALICE, TURN_ORDER, {ALICE: {POW: 1, FOR: 1}, BOB: {POW: 2}}, CHESTS, RULES
    )
    assert duel.admitted == (POW, FOR)
    assert duel.winner == ALICE


def test_g41_succession_without_the_old_king_ties_to_turn_order():
    """G41: when the old King cannot keep the throne, the earliest tied contender wins."""
    duel = succession_duel(
        (ALICE, BOB, CARLES), None, TURN_ORDER, {ALICE: {POW: 2}, CARLES: {FOR: 2}}, CHESTS, RULES
    )
    assert duel.winner == CARLES


def test_g41_a_single_member_becomes_king_without_a_duel():
    """G41: "If only one eligible member remains, they become King without a duel"."""
    duel = succession_duel((BOB,), None, TURN_ORDER, {}, CHESTS, RULES)
    assert duel.winner == BOB
    assert duel.payments[BOB].total == 0


def test_4_12_an_expelled_players_asset_stays_with_them_on_a_tie():
    """§4.12 RULE: "en cas d'empat, se la queda el jugador expulsat"; G38: a duel of FOR."""
    duel = expulsion_asset_duel(
        BOB, (ALICE, BOB, CARLES), {BOB: {FOR: 2}, ALICE: {FOR: 2}}, CHESTS, RULES
    )
    assert duel.admitted == (FOR,)
    assert duel.winner == BOB


def test_4_12_the_highest_remaining_member_takes_the_asset():
    """§4.12: "El vencedor del duel es queda la carta"."""
    duel = expulsion_asset_duel(
        BOB, (ALICE, CARLES), {BOB: {FOR: 1}, CARLES: {FOR: 2, FAV: 1}}, CHESTS, RULES
    )
    assert duel.winner == CARLES


def test_4_8_the_chests_given_are_not_changed():
    """Rules are pure: a duel returns new chests in its payments."""
    before = {seat: dict(chest) for seat, chest in CHESTS.items()}
    resolve_duel((ALICE, BOB), (FOR,), {ALICE: {FOR: 3}, BOB: {FOR: 1}}, CHESTS)
    assert CHESTS == before


# -- properties --------------------------------------------------------------------------------

chests = st.builds(holdings, FOR=st.integers(0, 5), POW=st.integers(0, 5), FAV=st.integers(0, 3))


@st.composite
def duels(draw):
    seats = draw(st.lists(st.integers(1, 8), min_size=2, max_size=5, unique=True))
    table = {s: draw(chests) for s in seats}
    fists = {
        s: {r: draw(st.integers(0, table[s][r])) for r in (FOR, POW, FAV)}
        for s in seats
        if draw(st.booleans())
    }
    tie = draw(st.sampled_from(["none", "incumbent", "order"]))
    policy = {
        "none": NO_EFFECT,
        "incumbent": KeepIncumbent(seats[0]),
        "order": EarliestInTurnOrder(tuple(reversed(seats))),
    }[tie]
    return seats, table, fists, policy


@settings(max_examples=300, deadline=None)
@given(duels())
def test_4_8_chests_stay_whole_and_everything_committed_reaches_the_reserve(case):
    """§4.8: "all committed tokens go back to the reserve"; G53: holdings never go below 0."""
    seats, table, fists, policy = case
    duel = resolve_duel(seats, (FOR, POW), fists, table, policy)
    reserve = {r: 0 for r in RESOURCES}
    for seat in seats:
        payment = duel.payments[seat]
        assert all(v >= 0 for v in payment.holdings.values())
        assert add(payment.holdings, payment.paid) == table[seat]
        assert duel.scores[seat] == sum(fists.get(seat, {}).values())
        reserve = add(reserve, payment.paid)
    assert sum(reserve.values()) == sum(duel.scores.values())
    top = max(duel.scores.values())
    if duel.winner is not None and not isinstance(policy, KeepIncumbent):
        assert duel.scores[duel.winner] == top


def test_4_8_a_refused_fist_says_whose_and_what():
    """§4.8: participants commit "tokens of the admitted types", "any number (>= 0, up to
    holdings)": the refusal names the seat and the types not admitted, or the commitment."""
    with pytest.raises(InvalidParameterError) as wrong:
        resolve_duel((ALICE, BOB), (FOR,), {ALICE: {MON: 3}}, CHESTS)
    assert wrong.value.details == {"seat": ALICE, "resources": ["MON"]}
    with pytest.raises(InvalidParameterError) as negative:
        resolve_duel((ALICE, BOB), (FOR,), {ALICE: {FOR: -1}}, CHESTS)
    assert str(negative.value).startswith("The commitment in ")
    with pytest.raises(NotEligibleError) as stranger:
        resolve_duel((ALICE, BOB), (FOR,), {DIDAC: {FOR: 1}, CARLES: {}}, CHESTS)
    assert stranger.value.details == {"seats": [CARLES, DIDAC]}


def test_4_8_a_fist_is_paid_in_full():
    """§4.8: "cada jugador perd els recursos assignats al duel": all of them, nothing short."""
    duel = resolve_duel((ALICE, BOB), (FOR,), {ALICE: {FOR: 3, FAV: 1}}, CHESTS)
    assert duel.payments[ALICE].paid == holdings(FOR=3, FAV=1)
    assert duel.payments[ALICE].short == holdings()


def test_g41_a_king_crowned_without_a_duel_keeps_his_chest():
    """G41: "If only one eligible member remains, they become King without a duel": nothing
    is committed, no score, no tie, and Bob's chest is untouched."""
    duel = succession_duel((BOB,), None, TURN_ORDER, {}, CHESTS, RULES)
    assert duel.admitted == RULES.succession_duel
    assert duel.commitments == {BOB: holdings()}
    assert duel.scores == {BOB: 0}
    assert duel.tied == ()
    assert duel.payments[BOB].holdings == CHESTS[BOB]


def test_4_12_with_no_member_left_the_asset_stays_with_the_expelled():
    """§4.12: the expelled player duels "all the remaining members" (G38); with none left
    there is no duel and Bob keeps the asset, committing nothing."""
    duel = expulsion_asset_duel(BOB, (BOB,), {}, CHESTS, RULES)
    assert duel.winner == BOB
    assert duel.admitted == RULES.expulsion_duel
    assert duel.commitments == {BOB: holdings()}
    assert duel.payments[BOB].holdings == CHESTS[BOB]
