"""Conditions on cards: objectives, ``if`` ops and reactions (rules §4.17, G48, §6).

The court of Alba from ``test_effects``: Alice is Queen, Bob her Spymaster, Carles a member;
Dídac is King of Boira with Elena.
"""

from __future__ import annotations

import pytest

from consell.rules.conditions import evaluate
from consell.rules.primitives import CONDITIONS
from consell.rules.resources import Indicator
from tests.rules.catalog import CATALOG
from tests.rules.test_effects import ALICE, BOB, CARLES, RULES, T, table


def judge(condition, seat, state=None, **kw):
    return evaluate(state or table(), CATALOG, RULES, condition, seat, **kw)


CASES = [
    ({"test": "indicator_at_least", "indicator": "stability", "value": 3}, True),
    ({"test": "indicator_at_most", "indicator": "lowest", "value": 2}, False),
    ({"test": "all_indicators_at_least", "value": 3}, True),
    ({"test": "resource_at_least", "resource": "MON", "amount": "peril + 4"}, True),
    ({"test": "is_king"}, False),
    ({"test": "holds_office", "office": "mestre-espies"}, True),
    ({"test": "holds_any_office"}, True),
    ({"test": "keyword_count_at_least", "keyword": "luxe", "count": 1}, True),
    ({"test": "assets_at_least", "count": 2}, False),
    ({"test": "kingdom_members_at_least", "count": 3}, True),
    ({"test": "laws_in_force_at_least", "count": 1}, False),
    ({"test": "kingdomless"}, False),
    ({"test": "all", "of": [{"test": "holds_any_office"}, {"test": "is_king"}]}, False),
    ({"test": "any", "of": [{"test": "holds_any_office"}, {"test": "is_king"}]}, True),
    ({"test": "not", "of": {"test": "is_king"}}, True),
    ({"test": "manual", "text": T}, None),
]


@pytest.mark.parametrize(("condition", "expected"), CASES, ids=[c["test"] for c, _ in CASES])
def test_s6_every_condition_test_for_bob_the_spymaster(condition, expected):
    """§6 conditions, judged for Bob, who holds one Luxe asset and the Spymaster's office."""
    state = table()
    state.player(BOB).assets = ["actiu-03"]
    assert judge(condition, BOB, state) is expected


def test_s6_the_cases_cover_every_condition_of_the_primitives():
    """primitives: "every name here is understood by the engine"."""
    assert {c["test"] for c, _ in CASES} == set(CONDITIONS)


def test_g48_a_kingdomless_player_fails_collective_objectives():
    """G48: "a kingdomless player fails it unless the card says otherwise"."""
    state = table()
    state.player(CARLES).kingdom = None
    stable = {"test": "indicator_at_least", "indicator": "stability", "value": 1}
    assert judge(stable, CARLES, state) is False
    otherwise = {"test": "any", "of": [stable, {"test": "kingdomless"}]}
    assert judge(otherwise, CARLES, state) is True


def test_g48_collective_objectives_are_judged_against_the_players_kingdom():
    """G48: "judged against the kingdom the player belongs to at game end"."""
    state = table()
    state.kingdom(1).indicators[Indicator.GRACE] = 5
    high = {"test": "indicator_at_least", "indicator": "highest", "value": 5}
    assert judge(high, ALICE, state) is False and judge(high, 3, state) is True


def test_s417_manual_inside_all_is_left_to_the_director():
    """G48: "The app checks machine-checkable conditions automatically, and the director
    confirms the rest"."""
    cond = {"test": "all", "of": [{"test": "is_king"}, {"test": "manual", "text": T}]}
    assert judge(cond, ALICE) is None and judge(cond, BOB) is False
