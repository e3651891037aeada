"""Appointments and holding offices (rules §1.4, §2 step 8, G24)."""

import pytest

from consell.rules.errors import IllegalTransitionError, InvalidParameterError, NotEligibleError
from consell.rules.events import PUBLIC
from consell.rules.offices import appoint, dismiss
from consell.rules.state import Phase
from tests.rules.catalog import started_game


def table():
    """Eight players, two kingdoms: Alice rules kingdom 0, Bob kingdom 1."""
    state = started_game(8, kings=[1, 2])
    state.phase = Phase.PLANNING
    return state


def subject_of(state, kingdom_id):
    return next(s for s in state.members(kingdom_id) if s != state.kingdom(kingdom_id).king)


def test_section_1_4_the_king_appoints_a_member_from_the_reserve():
    """§2 step 8: "The King may assign one or more offices to members of his kingdom"."""
    state = table()
    member = subject_of(state, 0)
    out = appoint(state, 1, "tresorer", member)
    assert out.state.kingdom(0).offices["tresorer"] == member
    assert out.events[0].audience == PUBLIC


def test_section_1_4_offices_go_only_to_members_of_the_kings_kingdom():
    """§1.4: "Offices can only be given to members of the King's own kingdom"."""
    state = table()
    with pytest.raises(NotEligibleError):
        appoint(state, 1, "tresorer", subject_of(state, 1))


def test_section_1_4_the_king_holds_no_other_office():
    """§1.4: "The King holds no other office"."""
    with pytest.raises(NotEligibleError):
        appoint(table(), 1, "tresorer", 1)


def test_section_1_4_an_office_has_one_holder():
    """§1.4: one copy of each office per kingdom; it must be dismissed before it moves."""
    state = table()
    first, second = [s for s in state.members(0) if s != 1][:2]
    state = appoint(state, 1, "tresorer", first).state
    with pytest.raises(InvalidParameterError):
        appoint(state, 1, "tresorer", second)


def test_section_1_4_a_member_may_hold_several_offices():
    """§1.4: "A non-King member may hold several offices"."""
    state = table()
    member = subject_of(state, 0)
    state = appoint(state, 1, "tresorer", member).state
    state = appoint(state, 1, "mariscal", member).state
    assert state.offices_of(member) == ["mariscal", "tresorer"]


def test_section_1_4_only_a_king_appoints():
    """§1.1: the King "appoints the other offices"."""
    state = table()
    member = subject_of(state, 0)
    with pytest.raises(NotEligibleError):
        appoint(state, member, "tresorer", member)


def test_G24_the_king_dismisses_an_office_back_to_the_reserve():
    """G24: Kings may "dismiss office holders (their cards go back to the reserve)"."""
    state = table()
    member = subject_of(state, 0)
    state = appoint(state, 1, "tresorer", member).state
    out = dismiss(state, 1, "tresorer")
    assert out.state.kingdom(0).offices["tresorer"] is None


def test_G24_the_court_step_closes_once_someone_hands_in():
    """G24: "Before any player can submit, each King may appoint"."""
    state = table()
    state.player(2).plan.handed_in = True
    with pytest.raises(IllegalTransitionError):
        appoint(state, 1, "tresorer", subject_of(state, 0))


def test_G24_no_appointments_during_the_actions_phase():
    """G24: appointments happen in the Court step, not in the middle of the turn."""
    state = table()
    state.phase = Phase.ACTIONS
    with pytest.raises(IllegalTransitionError):
        appoint(state, 1, "tresorer", subject_of(state, 0))


def test_G24_the_king_office_is_never_appointed():
    """§4.12: the King office passes only by succession."""
    state = table()
    with pytest.raises(InvalidParameterError):
        appoint(state, 1, "rei", subject_of(state, 0))
