"""Reactions (rules §1.9, §4.3). The court of Alba from ``test_effects``."""

from __future__ import annotations

import pytest

from consell.rules import reactions
from consell.rules.dice import FixedDice
from consell.rules.effects import execute
from consell.rules.errors import NotEligibleError
from consell.rules.resources import Resource
from consell.rules.state import PlannedAbility
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


# -- an asset acts once a turn (Actius) ---------------------------------------------------------

TORRE = {
    "id": "torre",
    "kind": "asset",
    "title": T,
    "visibility": "visible",
    "abilities": [
        ability(
            "guaita",
            "reaction",
            trigger="duel_started",
            effect=[{"op": "gain", "who": "self", "resource": "FOR", "amount": 2}],
        ),
        ability("ronda", effect=[{"op": "gain", "who": "self", "resource": "MON", "amount": 1}]),
    ],
}
TOWER_CATALOG = catalog_with(torre=TORRE)


def _tower_table():
    state = table()
    state.player(ALICE).assets = ["torre"]
    return state


def test_actius_an_assets_reaction_fires_once_a_turn():
    """Actius (original): "el seu propietari pot activar les seves capacitats un cop cada torn";
    a second duel in the same turn finds the tower already used."""
    state = _tower_table()
    [first] = reactions.firing(state, TOWER_CATALOG, "duel_started", seats={ALICE})
    used = reactions.use(state, TOWER_CATALOG, RULES, FixedDice([]), first, secret=False).state
    assert used.player(ALICE).resources[Resource.FOR] == 7
    assert reactions.firing(used, TOWER_CATALOG, "duel_started", seats={ALICE}) == []
    used.turn += 1
    assert len(reactions.firing(used, TOWER_CATALOG, "duel_started", seats={ALICE})) == 1


def test_actius_a_planned_asset_ability_aborts_once_the_asset_acted_this_turn():
    """Actius: "un cop cada torn" counts every ability of the card, planned or reaction."""
    state = _tower_table()
    [guard] = reactions.firing(state, TOWER_CATALOG, "duel_started", seats={ALICE})
    used = reactions.use(state, TOWER_CATALOG, RULES, FixedDice([]), guard, secret=False).state
    out = execute(
        used,
        TOWER_CATALOG,
        RULES,
        FixedDice([]),
        ALICE,
        PlannedAbility("asset:torre", "ronda", {}),
        secret=False,
    )
    assert "aborted" in [e.kind for e in out.events]
    assert out.state.player(ALICE).resources[Resource.MON] == 5


def test_actius_an_aborted_activation_does_not_use_up_the_asset():
    """§4.2: an aborted ability pays nothing and applies nothing, so the asset may still act."""
    state = _tower_table()
    state.player(ALICE).resources[Resource.FOR] = 0
    costly = {**TORRE, "abilities": [ability("ronda", cost={"FOR": 1}, effect=[])]}
    catalog = catalog_with(torre=costly)
    planned_tile = PlannedAbility("asset:torre", "ronda", {})
    out = execute(state, catalog, RULES, FixedDice([]), ALICE, planned_tile, secret=False)
    assert "aborted" in [e.kind for e in out.events]
    assert out.state.player(ALICE).assets_used == {}
