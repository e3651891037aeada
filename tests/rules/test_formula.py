"""Card formulas (rules §4.10 thresholds "often based on m and/or Peril", G56)."""

import pytest

from consell.rules.errors import InvalidParameterError
from consell.rules.formula import evaluate, parse


def test_4_10_a_threshold_from_members_and_peril():
    """ "a threshold, often based on m and/or Peril" (rules §1.7)."""
    assert evaluate("2*m + peril", {"m": 4, "peril": 2}) == 10


def test_integer_helpers():
    assert (
        evaluate("ceil_div(m, 2) + max(1, peril) - min(turn, 3)", {"m": 5, "peril": 0, "turn": 9})
        == 1
    )
    assert evaluate(7, {}) == 7


@pytest.mark.parametrize(
    "source",
    ["__import__('os')", "m.real", "1/2", "m ** 2", "[m]", "lambda: 1", "", "peril +", "x"],
)
def test_anything_but_integer_arithmetic_is_refused(source):
    with pytest.raises(InvalidParameterError):
        parse(source)


def test_an_amount_parameter_may_be_named():
    assert parse("intrigue * 2", {"intrigue"}).evaluate({"intrigue": 3}) == 6


def test_a_missing_variable_is_named():
    with pytest.raises(InvalidParameterError, match="needs m"):
        parse("m + 1").evaluate({})


def test_division_by_zero_is_a_clear_error():
    with pytest.raises(InvalidParameterError, match="Division by zero"):
        evaluate("m // (peril - peril)", {"m": 1, "peril": 1})
