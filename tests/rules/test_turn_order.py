"""Turn order and kingdom order (rules §4.15, §3.2, G37, G58).

Previous turn order: Alice, Bob, Carles, Dídac, Elena. Alba: Alice, Carles; Bruma: Bob, Dídac;
Elena belongs to no kingdom.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from consell.rules.errors import InvalidStateError
from consell.rules.turn_order import kingdom_order, turn_order_from_handins

ALICE, BOB, CARLES, DIDAC, ELENA = 1, 2, 3, 4, 5
PREVIOUS = (ALICE, BOB, CARLES, DIDAC, ELENA)
ALBA, BRUMA = 10, 20
MEMBERSHIP = {ALICE: ALBA, CARLES: ALBA, BOB: BRUMA, DIDAC: BRUMA, ELENA: None}


def test_3_2_the_first_to_hand_in_is_first():
    """§3.2: "The order in which players submit becomes the new Turn order: the first to submit
    is first"."""
    order = turn_order_from_handins(PREVIOUS, (DIDAC, ALICE, ELENA, CARLES, BOB), ())
    assert order == (DIDAC, ALICE, ELENA, CARLES, BOB)


def test_g37_players_who_never_handed_in_come_last_in_their_old_order():
    """G37: "Such players are placed after everyone who submitted, keeping their previous
    relative order"."""
    order = turn_order_from_handins(PREVIOUS, (CARLES, ELENA), [DIDAC, ALICE, BOB])
    assert order == (CARLES, ELENA, ALICE, BOB, DIDAC)


@pytest.mark.parametrize(
    ("handed_in", "not_handed_in"),
    [((ALICE, BOB), (CARLES, DIDAC)), ((ALICE, ALICE, BOB, CARLES, DIDAC), (ELENA,))],
    ids=["someone-forgotten", "twice"],
)
def test_g37_every_player_is_placed_exactly_once(handed_in, not_handed_in):
    """G37/G58: the new order is a reordering of the same players."""
    with pytest.raises(InvalidStateError):
        turn_order_from_handins(PREVIOUS, handed_in, not_handed_in)


def test_g37_a_player_cannot_both_hand_in_and_not():
    """G37: a player either submitted or had their draft submitted for them."""
    with pytest.raises(InvalidStateError):
        turn_order_from_handins(PREVIOUS, (ALICE, BOB, CARLES, DIDAC, ELENA), (ELENA,))


def test_4_15_each_kingdom_takes_its_best_members_place():
    """§4.15 RULE: "each kingdom takes the best turn-order position held by any of its members".
    Bob (Bruma) is first, then Elena (kingdomless), then Carles (Alba)."""
    order = kingdom_order((BOB, ELENA, CARLES, ALICE, DIDAC), MEMBERSHIP)
    assert order == (BRUMA, None, ALBA)


def test_4_15_kingdomless_players_count_as_one_anonymous_kingdom():
    """§4.15 RULE: "Kingdomless players count as one anonymous kingdom"."""
    membership = {ALICE: None, BOB: ALBA, CARLES: None}
    assert kingdom_order((ALICE, BOB, CARLES), membership) == (None, ALBA)


def test_4_15_a_seat_without_membership_is_refused():
    """§4.15: every player is in a kingdom or in the anonymous one."""
    with pytest.raises(InvalidStateError):
        kingdom_order((ALICE, 99), MEMBERSHIP)


@given(st.permutations(PREVIOUS), st.sets(st.sampled_from(PREVIOUS)))
def test_g37_the_new_order_keeps_everyone_and_puts_late_players_last(shuffled, late):
    """G37: submitters first in submission order, then the rest in their previous order."""
    handed_in = tuple(s for s in shuffled if s not in late)
    order = turn_order_from_handins(PREVIOUS, handed_in, late)
    assert sorted(order) == sorted(PREVIOUS)
    assert order[: len(handed_in)] == handed_in
    assert order[len(handed_in) :] == tuple(s for s in PREVIOUS if s in late)
