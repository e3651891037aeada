"""Kingdom indicators, friction and Peril (rules §1.6, §4.4, §4.17, G16–G19, G56)."""

import dataclasses

import pytest

from consell.rules.errors import InvalidParameterError, InvalidStateError
from consell.rules.indicators import (
    change_indicator,
    highest_above_minimum,
    starting_indicators,
)
from consell.rules.resources import Indicator, Resource
from consell.rules.ruleset import Ruleset

RULES = Ruleset.default()
STABILITY, WEALTH, ARMY, GRACE = (
    Indicator.STABILITY,
    Indicator.WEALTH,
    Indicator.ARMY,
    Indicator.GRACE,
)


def kingdom(**values: int) -> dict[Indicator, int]:
    return {**starting_indicators(RULES), **{Indicator(k): v for k, v in values.items()}}


def test_1_6_indicators_start_at_three():
    """ "All start at 3, the neutral or central value, including in kingdoms created during
    the game.\""""
    assert starting_indicators(RULES) == {STABILITY: 3, WEALTH: 3, ARMY: 3, GRACE: 3}


def test_4_4_a_step_away_from_the_centre_costs_friction():
    """ "A change that moves an indicator away from its central value 3 costs a friction
    penalty": 3 -> 4 costs 1, paid in the linked resource (G17: Wealth -> Money)."""
    change = change_indicator(kingdom(), WEALTH, +1, RULES, friction=True)
    assert change.after == 4
    assert change.friction == {Resource.MON: 1}


def test_4_4_friction_adds_up_step_by_step():
    """ "An effect that moves an indicator several steps adds up the friction of each step":
    Army 3 -> 5 costs 1 (to 4) + 2 (to 5) = 3 FOR."""
    change = change_indicator(kingdom(), ARMY, +2, RULES, friction=True)
    assert change.indicators[ARMY] == 5
    assert change.friction == {Resource.FOR: 3}


def test_4_4_steps_toward_the_centre_are_free():
    """G16: "steps toward 3 cost 0". Grace 5 -> 2 pays only for the step 3 -> 2."""
    change = change_indicator(kingdom(grace=5), GRACE, -3, RULES, friction=True)
    assert change.after == 2
    assert change.friction == {Resource.FAI: 1}


def test_g18_friction_applies_only_to_player_abilities():
    """ "Destiny cards, crisis outcomes, laws and insurrection results move indicators without
    friction.\""""
    change = change_indicator(kingdom(), STABILITY, -2, RULES, friction=False)
    assert change.after == 1
    assert change.friction == {}


def test_g19_a_step_above_five_is_ignored_at_no_cost():
    """ "The step is ignored, at no cost. The rest of the effect still applies.\""""
    change = change_indicator(kingdom(wealth=4), WEALTH, +3, RULES, friction=True)
    assert change.after == 5
    assert change.ignored_steps == 2
    assert change.friction == {Resource.MON: 2}


def test_4_5_a_drop_below_one_triggers_an_insurrection_instead():
    """ "When an indicator would drop below 1, its value does not change and an insurrection
    happens instead." The insurrection step costs 3 friction (G16)."""
    change = change_indicator(kingdom(stability=1), STABILITY, -1, RULES, friction=True)
    assert change.after == 1
    assert change.insurrections == (STABILITY,)
    assert change.friction == {Resource.POW: 3}


def test_4_4_each_step_below_one_triggers_its_own_insurrection():
    """ "Each step that would go below 1 triggers one insurrection instead (DEFAULT)": Army 2
    down by 3 costs 2 (to 1) + 3 + 3 and triggers two insurrections."""
    change = change_indicator(kingdom(army=2), ARMY, -3, RULES, friction=True)
    assert change.after == 1
    assert change.insurrections == (ARMY, ARMY)
    assert change.friction == {Resource.FOR: 8}


def test_4_4_the_friction_table_comes_from_the_ruleset():
    """The friction table is a DEFAULT (G16): a table may change it."""
    cheap = dataclasses.replace(RULES, friction={4: 0, 5: 1})
    change = change_indicator(kingdom(), WEALTH, +2, cheap, friction=True)
    assert change.friction == {Resource.MON: 1}


def test_4_4_the_input_is_not_changed():
    """Procedures return new values; the kingdom handed in stays as it was."""
    before = kingdom()
    change_indicator(before, ARMY, +1, RULES, friction=True)
    assert before[ARMY] == 3


def test_1_6_an_indicator_outside_one_to_five_is_refused():
    """ "Each is an integer from 1 (disaster) to 5 (excellence).\""""
    with pytest.raises(InvalidStateError):
        change_indicator(kingdom(army=6), ARMY, -1, RULES, friction=False)


def test_4_4_a_fractional_move_is_refused():
    """Indicators move by whole steps."""
    with pytest.raises(InvalidParameterError):
        change_indicator(kingdom(), ARMY, 1.5, RULES, friction=False)


def test_4_5_the_king_chooses_among_tied_highest_indicators():
    """Uprising: "The kingdom's highest indicator that is above 1 drops by 1 ... (the King
    chooses if tied)."""
    assert highest_above_minimum(kingdom(stability=1, wealth=4, army=4), RULES) == (WEALTH, ARMY)
    assert highest_above_minimum(kingdom(stability=1, wealth=1, army=1, grace=1), RULES) == ()


def test_4_17_peril_grows_with_the_turn():
    """G56: "peril(t) = ceil(5·t / turns). For the standard 10 turns: 1,1,2,2,3,3,4,4,5,5.\""""
    assert [RULES.peril(t) for t in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
