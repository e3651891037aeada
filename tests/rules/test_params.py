"""Parameter boxes checked at planning and at execution (rules §3.2, §4.2, G47).

The court of Alba from ``test_effects``.
"""

from __future__ import annotations

import pytest

from consell.rules.errors import InvalidParameterError
from consell.rules.params import check_at_execution, check_at_planning
from tests.rules.catalog import CATALOG
from tests.rules.test_effects import ALICE, BOB, CARLES, DIDAC, ELENA, table

ABILITY = {
    "id": "x",
    "type": "secret",
    "params": [
        {"name": "rival", "type": "player", "scope": "other_kingdoms"},
        {"name": "friends", "type": "players", "scope": "own_kingdom", "max": 2, "optional": True},
        {"name": "realm", "type": "kingdom", "scope": "any", "optional": True},
        {"name": "llei", "type": "law", "optional": True},
        {"name": "actiu", "type": "asset", "optional": True},
        {"name": "quant", "type": "amount", "min": 1, "max": 4, "optional": True},
        {"name": "recurs", "type": "resource", "of": ["POW", "MON"], "optional": True},
        {"name": "ind", "type": "indicator", "optional": True},
        {"name": "carrec", "type": "office", "optional": True},
        {"name": "nota", "type": "text", "optional": True},
        {"name": "altre", "type": "player", "scope": "others", "optional": True},
    ],
}

GOOD = {
    "rival": DIDAC,
    "friends": [BOB, CARLES],
    "realm": 1,
    "llei": "llei-01",
    "actiu": "actiu-01",
    "quant": 2,
    "recurs": "MON",
    "ind": "army",
    "carrec": "tresorer",
    "nota": "per Alba",
    "altre": BOB,
}


def test_s42_valid_boxes_pass_at_execution():
    """§4.2: "every value is valid at execution time"."""
    state = table()
    state.player(ELENA).assets = ["actiu-01"]
    check_at_execution(state, CATALOG, ALICE, ABILITY, GOOD)


BAD = [
    ("rival", CARLES, "outside your own kingdom"),
    ("rival", 42, "not playing"),
    ("friends", [BOB, BOB], "twice"),
    ("friends", [BOB, CARLES, ALICE], "at most 2"),
    ("friends", [DIDAC], "member of your kingdom"),
    ("realm", 7, "no longer exists"),
    ("llei", "llei-09", "not in the law row"),
    ("actiu", "tactica-01", "not a asset card"),
    ("quant", 0, "minimum is 1"),
    ("quant", 5, "maximum is 4"),
    ("recurs", "FAI", "one of POW, MON"),
    ("ind", "joy", "indicator"),
    ("carrec", "rei-falso", "not a office card"),
    ("altre", ALICE, "other than yourself"),
]


@pytest.mark.parametrize(("box", "value", "why"), BAD, ids=[f"{b}-{w}" for b, _, w in BAD])
def test_g47_invalid_values_name_the_box_and_why(box, value, why):
    """G47: invalid if it names a player no longer eligible, a law no longer in the row, an
    amount below the minimum, or breaks the card's scope."""
    state = table()
    state.player(ELENA).assets = ["actiu-01"]
    with pytest.raises(InvalidParameterError, match=why) as err:
        check_at_execution(state, CATALOG, ALICE, ABILITY, {**GOOD, box: value})
    assert err.value.details["param"] == box


def test_g47_an_asset_no_longer_available_is_invalid_at_execution_only():
    """G47: "an asset no longer available"; at planning, asking would reveal hidden owners."""
    boxes = {**GOOD, "actiu": "actiu-05"}
    check_at_planning(table(), CATALOG, ALICE, ABILITY, boxes)
    with pytest.raises(InvalidParameterError, match="no longer available"):
        check_at_execution(table(), CATALOG, ALICE, ABILITY, boxes)


def test_s32_a_draft_may_leave_required_boxes_empty_until_hand_in():
    """§3.2: "Every required parameter box must be filled, except boxes the card marks as
    optional" — and planning is free until the plan is handed in."""
    check_at_planning(table(), CATALOG, ALICE, ABILITY, {})
    with pytest.raises(InvalidParameterError, match="'Player' must be filled"):
        check_at_planning(table(), CATALOG, ALICE, ABILITY, {}, complete=True)


def test_s42_a_box_the_card_does_not_have_is_refused():
    """§4.2: only the card's own boxes may be written on."""
    with pytest.raises(InvalidParameterError, match="no box called 'extra'"):
        check_at_execution(table(), CATALOG, ALICE, ABILITY, {**GOOD, "extra": 1})


CONTRIBUTION = {
    "id": "contribuir-crisi",
    "type": "indication",
    "params": [{"name": "contributions", "type": "contributions", "max": 6}],
}


@pytest.mark.parametrize(
    "value",
    [
        {"crisi-01": {"MON": 2, "FAV": 3}},
        {"crisi-01": {"MON": 1}, "crisi-02": {"POW": 2, "FOR": 3}},
        {},
    ],
)
def test_g36_a_contribution_holds_a_mixed_entry_per_crisis(value):
    """§4.10: "una contribució d'un mateix jugador podria contenir 2 i + 3"; G36: "one entry
    per crisis in play in the player's kingdom"."""
    check_at_planning(table(), CATALOG, ALICE, CONTRIBUTION, {"contributions": value})


@pytest.mark.parametrize(
    "value",
    [
        {"llei-01": {"MON": 1}},  # not a crisis
        {"crisi-01": {"GOLD": 1}},  # not a resource
        {"crisi-01": {"MON": -1}},
        {"crisi-01": {"MON": True}},
        {"crisi-01": {"MON": 4, "FAV": 3}},  # over the card's maximum for one crisis
        {"crisi-01": 5},
        [5],
    ],
)
def test_g36_a_malformed_contribution_is_refused_naming_the_box(value):
    """§3.2: every box must hold a valid value; the error names the box."""
    with pytest.raises(InvalidParameterError) as refused:
        check_at_planning(table(), CATALOG, ALICE, CONTRIBUTION, {"contributions": value})
    assert refused.value.details["param"] == "contributions"


def test_g47_a_refusal_names_an_untitled_box_by_what_it_asks_for_not_by_its_code():
    """G47's refusal "names the box": a box the card gives no title (every box of the default
    pack) is named by what it asks for, the word its phone field shows, not by the pack's code
    ("La casella 'targets' indica 2 jugadors")."""
    ability = {"id": "x", "type": "action", "params": [
        {"name": "targets", "type": "players", "scope": "any", "max": 1},
    ]}  # fmt: skip
    state = table()
    with pytest.raises(InvalidParameterError) as err:
        check_at_execution(state, CATALOG, ALICE, ability, {"targets": [BOB, CARLES]})
    assert "'Targets'" in str(err.value) and "'targets'" not in str(err.value)
