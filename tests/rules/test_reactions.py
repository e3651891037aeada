"""Reactions (rules §1.9, §4.3). The court of Alba from ``test_effects``."""

from __future__ import annotations

import pytest

from consell.rules import reactions
from consell.rules.dice import FixedDice
from consell.rules.errors import NotEligibleError
from consell.rules.resources import Resource
from tests.rules.test_effects import ALICE, BOB, CARLES, RULES, T, ability, catalog_with, table

ESCUT = {
    "id": "escut",
    "kind": "asset",
    "title": T,
    "visibility": "hidden",
    "abilities": [
        ability(
            "parar",
            "reaction",
            trigger="plot_against_me",
            cost={"INT": 1},
            effect=[{"op": "gain", "who": "self", "resource": "PRE", "amount": 1}],
        )
    ],
}
CATALOG = catalog_with(
    ability(
        "vetlla",
        "reaction",
        trigger="plot_against_me",
        effect=[{"op": "gain", "who": "self", "resource": "FAI", "amount": 1}],
    ),
    escut=ESCUT,
)


def test_s43_reactions_fire_in_turn_order_and_free_ones_are_mandatory():
    """§4.3: "sort R by the owner's turn-order position"; §1.9: "a free reaction is mandatory"."""
    state = table()
    state.turn_order = [CARLES, ALICE, BOB, 3, 4]
    state.player(ALICE).assets = ["escut"]
    fired = reactions.firing(state, CATALOG, "plot_against_me", seats={ALICE, CARLES})
    assert [(r.seat, r.source, r.mandatory) for r in fired] == [
        (CARLES, "house", True),
        (ALICE, "house", True),
        (ALICE, "asset:escut", False),
    ]


def test_s41_a_paid_reaction_is_paid_on_declaration():
    """§4.1: "Reactions are paid when declared"."""
    state = table()
    state.player(ALICE).assets = ["escut"]
    [paid] = [r for r in reactions.firing(state, CATALOG, "plot_against_me") if not r.mandatory]
    out = reactions.use(state, CATALOG, RULES, FixedDice([]), paid, secret=True)
    assert out.state.player(ALICE).resources[Resource.INT] == 4
    assert out.state.player(ALICE).resources[Resource.PRE] == 6


def test_s19_an_optional_reaction_may_be_declined_a_free_one_may_not():
    """§1.9: "A reaction with a cost is optional; a free reaction is mandatory"."""
    state = table()
    state.player(ALICE).assets = ["escut"]
    fired = reactions.firing(state, CATALOG, "plot_against_me", seats={ALICE})
    assert reactions.decline(state, fired[1]).events[0].audience == (ALICE,)
    with pytest.raises(NotEligibleError):
        reactions.decline(state, fired[0])


def test_s43_other_triggers_fire_nothing():
    """§4.3: "R = reactions whose trigger matches E"."""
    assert reactions.firing(table(), CATALOG, "crisis_failed") == []
