"""The director's corrections (rules G1, G53, G19), on a game the rules set up."""

import pytest

from consell.rules.corrections import correct
from consell.rules.errors import IllegalTransitionError, InvalidParameterError
from consell.rules.invariants import problems
from consell.rules.resources import Indicator, Resource
from consell.rules.ruleset import Ruleset
from tests.rules.catalog import ALICE, BOB, CATALOG, started_game

RULES = Ruleset.default()


def test_G1_the_director_may_correct_any_state_with_an_audit_log():
    """G1: "The director may correct any state, with an audit log." The chest's owner is told,
    the reason goes to the director's log, and the reserve pays for what the chest gains."""
    state = started_game(4)
    before = state.player(ALICE).resources[Resource.MON]
    reserve = state.reserve[Resource.MON]
    out = correct(state, RULES, "forgot the income", resources={ALICE: {"MON": 2}})
    assert out.state.player(ALICE).resources[Resource.MON] == before + 2
    assert out.state.reserve[Resource.MON] == reserve - 2
    told, logged = out.events
    assert (told.kind, told.audience, told.data["resources"]) == (
        "correction",
        (ALICE,),
        {"MON": 2},
    )
    assert (logged.kind, logged.audience) == ("correction_reason", "director")
    assert logged.data["reason"] == "forgot the income"
    assert problems(out.state, CATALOG, RULES) == []
    assert state.player(ALICE).resources[Resource.MON] == before  # the input is untouched


def test_G1_an_indicator_correction_is_told_to_everyone():
    state = started_game(4)
    kingdom = state.kingdoms[0]
    value = 1 if kingdom.indicators[Indicator.STABILITY] != 1 else 2
    out = correct(state, RULES, "misread", indicators={kingdom.id: {"stability": value}})
    assert out.state.kingdom(kingdom.id).indicators[Indicator.STABILITY] == value
    assert out.events[0].audience == "public"


def test_G53_holdings_never_go_below_0_so_the_correction_is_refused_whole():
    """G53: "Holdings never go below 0." Nothing of a refused correction applies."""
    state = started_game(4)
    held = state.player(BOB).resources[Resource.MON]
    with pytest.raises(InvalidParameterError, match="cannot take"):
        correct(state, RULES, "x", resources={ALICE: {"MON": 1}, BOB: {"MON": -held - 1}})
    assert state.player(ALICE).resources[Resource.MON] >= 0


def test_G19_indicators_stay_in_the_rulesets_range():
    """G19: "the range is explicitly 1–5"; the bounds are the ruleset's, not hard-coded."""
    state = started_game(4)
    kingdom = state.kingdoms[0].id
    with pytest.raises(InvalidParameterError, match="from 1 to 5"):
        correct(state, RULES, "x", indicators={kingdom: {"stability": 6}})
    wider = Ruleset.from_dict({**RULES.to_dict(), "indicator_max": 7})
    out = correct(state, wider, "x", indicators={kingdom: {"stability": 6}})
    assert out.state.kingdom(kingdom).indicators[Indicator.STABILITY] == 6


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"resources": {ALICE: {"GOLD": 1}}}, "Unknown resource"),
        ({"resources": {ALICE: {"MON": True}}}, "Unknown resource"),
        ({"resources": {ALICE: {"MON": 1000}}}, "at most 999"),
        ({"indicators": {"first": {"luck": 2}}}, "Unknown indicator"),
        ({"resources": {ALICE: {"MON": 0}}}, "changes nothing"),
    ],
)
def test_a_correction_that_makes_no_sense_is_refused(kwargs, message):
    state = started_game(4)
    if "indicators" in kwargs:  # the first kingdom the setup founded
        kwargs = {"indicators": {state.kingdoms[0].id: kwargs["indicators"]["first"]}}
    with pytest.raises(InvalidParameterError, match=message):
        correct(state, RULES, "x", **kwargs)


def test_G1_a_correction_says_why_and_needs_a_dealt_game():
    with pytest.raises(InvalidParameterError, match="Say why"):
        correct(started_game(4), RULES, "  ", resources={ALICE: {"MON": 1}})
    with pytest.raises(IllegalTransitionError):
        correct(None, RULES, "why", resources={ALICE: {"MON": 1}})
