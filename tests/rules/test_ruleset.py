"""The ruleset (rules §7): every DEFAULT, stored per game and editable."""

import pytest

from consell.rules.errors import InvalidParameterError
from consell.rules.resources import Resource
from consell.rules.ruleset import Ruleset

R = Ruleset.default()


def test_g56_peril_grows_with_the_turn():
    """ "peril(t) = ceil(5·t / turns). For the standard 10 turns: 1,1,2,2,3,3,4,4,5,5"."""
    assert [R.peril(t) for t in range(1, 11)] == [1, 1, 2, 2, 3, 3, 4, 4, 5, 5]


def test_g25_production_table():
    """ "P(m, v) = ceil(m·v/3)" and its table rows for m = 1 and m = 8."""
    assert [R.production(1, v) for v in range(1, 6)] == [1, 1, 1, 2, 2]
    assert [R.production(8, v) for v in range(1, 6)] == [3, 6, 8, 11, 14]


def test_g26_favor_table():
    """ "F(m, v) = ceil((m−1)·(v−1)/4)" and its rows for m = 1, 4 and 8."""
    assert [R.favor_production(1, v) for v in range(1, 6)] == [0, 0, 0, 0, 0]
    assert [R.favor_production(4, v) for v in range(1, 6)] == [0, 1, 2, 3, 3]
    assert [R.favor_production(8, v) for v in range(1, 6)] == [0, 2, 4, 6, 7]


def test_g3_kingdom_count():
    """ "K = max(1, floor(N/4)). 1 kingdom for N ≤ 7, 2 for N = 8–11, 3 for N = 12–15"."""
    assert [R.kingdom_count(n) for n in (3, 7, 8, 11, 12, 15, 16)] == [1, 1, 2, 2, 3, 3, 4]


def test_g40_new_kingdom_cost_halves_per_joiner():
    """ "Cost = ceil(8 / 2^joiners), with a minimum of 1": 8, 4, 2, 1, 1."""
    assert [R.new_kingdom_price(j) for j in range(5)] == [8, 4, 2, 1, 1]


def test_g16_friction_table():
    """ "a step to 4 or 2 costs 1; a step to 5 or 1 costs 2; the insurrection step costs 3"."""
    assert [R.friction_for_step(d) for d in (4, 2, 5, 1, 0)] == [1, 1, 2, 2, 3]


def test_g6_initial_resources():
    """ "3 each of PRE, POW, MON, INT, FOR, FAI; 0 FAV"."""
    assert R.initial_resources[Resource.FAV] == 0
    assert all(R.initial_resources[r] == 3 for r in Resource if r is not Resource.FAV)


def test_a_ruleset_survives_storage_unchanged():
    assert Ruleset.from_dict(R.to_dict()) == R


def test_a_changed_value_is_kept():
    changed = Ruleset.from_dict({**R.to_dict(), "turns": 8, "auction_tiebreak": "none"})
    assert changed.turns == 8
    assert changed.peril(8) == 5


@pytest.mark.parametrize(
    "key, value",
    [
        ("turns", 0),
        ("turns", "ten"),
        ("auction_tiebreak", "highest"),
        ("law_scope", "planet"),
        ("insurrection_table", ["crushed"]),
        ("unknown_key", 1),
        ("vote_withdraw_final", "yes"),
        ("friction", {"x": 1}),
    ],
)
def test_unplayable_values_are_refused(key, value):
    with pytest.raises(InvalidParameterError):
        Ruleset.from_dict({**R.to_dict(), key: value})


def _problems(**values) -> dict:
    with pytest.raises(InvalidParameterError) as refused:
        Ruleset.from_dict({**R.to_dict(), **values})
    return refused.value.details["problems"]


@pytest.mark.parametrize("value", [{}, [], [2], [2, 2, 2], [0, 2], ["2", 2], [2.5, 2]])
def test_7_objectives_are_dealt_two_and_two(value):
    """§7: "`objectives_dealt` / `kept` | 2+2 / 1+1": one count per kind, at least one of
    each, or setup cannot split the offer into collective and personal objectives."""
    assert "objectives_dealt" in _problems(objectives_dealt=value)


def test_2_a_player_keeps_one_objective_of_each_kind():
    """§2 step 5, as the phone asks it: "keep one collective and one personal objective"."""
    assert "objectives_kept" in _problems(objectives_kept=[2, 1])


@pytest.mark.parametrize("value", [[1], [], [1, 5, 6], [-1, 5], [1, 7], [5, 1]])
def test_4_6_the_plot_threshold_is_clamped_between_two_die_faces(value):
    """§4.6: "Threshold = clamp(3 + I − V, 1, 5)": a low and a high bound a d6 can meet."""
    assert "plot_clamp" in _problems(plot_clamp=value)


@pytest.mark.parametrize(
    "key, value",
    [
        ("tactics_initial", -1),
        ("tactics_per_turn", -2),
        ("law_row_size", -1),
        ("market_row_size", -3),
        ("destiny_crises", -1),
        ("distributor_keep", -1),
        ("kingdomless_income", 6),
        ("insurrection_dice", 0),
        ("insurrection_reroll_cost", 0),
        ("new_kingdom_cost", -8),
        ("players_max", 17),
        ("turns", 10**6),
        ("initial_resources", {"PRE": -1, "POW": 3, "MON": 3, "INT": 3, "FOR": 3, "FAI": 3}),
        ("initial_resources", {"PRE": 3}),
        ("execution_loss", {"PRE": -1}),
        ("friction", {"2": -1}),
        ("office_for_resource", {"FAV": "rei"}),
        ("succession_duel", []),
        ("tradeable", ["POW", "POW"]),
    ],
)
def test_7_sizes_and_amounts_are_bounded(key, value):
    """§7 lists counts and amounts (cards dealt, rows, dice, costs, chests): none is negative,
    none is beyond what a table can deal or roll, and a table gives every resource."""
    assert key in _problems(**{key: value})


def test_7_every_problem_is_named_by_its_key():
    problems = _problems(plot_clamp=[1], tactics_initial=-1, law_scope="planet")
    assert set(problems) == {"plot_clamp", "tactics_initial", "law_scope"}
