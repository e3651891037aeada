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


# -- using and declining ------------------------------------------------------------------------


def _reacting(*effect: dict, **fields) -> dict:
    """Alba's house card with one more reaction to a plot against its holder."""
    return catalog_with(
        ability("resposta", "reaction", trigger="plot_against_me", effect=list(effect), **fields)
    )


def test_s19_a_declined_reaction_changes_nothing_and_is_told_as_its_owners_choice():
    """§1.9: "Si una reacció té un cost en recursos, la seva activació serà opcional": Alice
    lets the shield pass; nothing is paid, and her phone and the audit show she chose so."""
    state = table()
    state.player(ALICE).assets = ["escut"]
    [_free, paid] = reactions.firing(state, CATALOG, "plot_against_me", seats={ALICE})
    out = reactions.decline(state, paid)
    assert out.state.player(ALICE).resources[Resource.INT] == 5
    assert out.state.player(ALICE).assets == ["escut"]
    [event] = out.events
    assert (event.kind, event.audience, event.actor) == ("reaction_declined", (ALICE,), ALICE)
    assert event.data == {"source": "asset:escut", "ability": "parar"}


def test_s34_a_reaction_used_in_secret_is_told_to_its_owner_alone():
    """§3.4: what happens in the Secrets phase stays with its owner: the shield used against a
    plot shows its gain to Alice alone."""
    state = table()
    state.player(ALICE).assets = ["escut"]
    [paid] = [r for r in reactions.firing(state, CATALOG, "plot_against_me") if not r.mandatory]
    out = reactions.use(state, CATALOG, RULES, FixedDice([]), paid, secret=True)
    assert out.events and all(e.audience == (ALICE,) for e in out.events)


def test_s19_a_reaction_uses_the_boxes_its_owner_filled_in():
    """§1.9, G47: a reaction asks its boxes when declared: Alice names Bob, who loses 1 Money."""
    catalog = _reacting(
        {"op": "lose", "who": "$target", "resource": "MON", "amount": 1},
        params=[{"name": "target", "type": "player", "scope": "others"}],
    )
    state = table()
    [mine] = reactions.firing(state, catalog, "plot_against_me", seats={ALICE})
    out = reactions.use(state, catalog, RULES, FixedDice([]), mine, {"target": BOB}, secret=False)
    assert out.state.player(BOB).resources[Resource.MON] == 4


def test_s110_a_reaction_that_discards_at_random_uses_the_games_dice():
    """§1.10: a random tactic is drawn with the game's dice: Alice's reaction discards one of
    her two tactics, the one the die picks."""
    catalog = _reacting({"op": "discard", "who": "self", "what": "random_tactic", "count": 1})
    state = table()
    state.player(ALICE).tactics = ["tactica-01", "tactica-02"]
    [mine] = reactions.firing(state, catalog, "plot_against_me", seats={ALICE})
    out = reactions.use(state, catalog, RULES, FixedDice([1]), mine, secret=False)
    assert out.state.player(ALICE).tactics == ["tactica-01"]


def test_g51_a_kingdomless_players_reaction_outside_the_groups_crisis_has_no_kingdom():
    """G51: only at Destiny do the kingdomless "es tracten com si formessin part d'un regne":
    Carles, kingdomless, has no kingdom whose indicator his reaction could move, so it aborts
    and costs nothing."""
    catalog = _reacting(
        {"op": "move_indicator", "kingdom": "own", "indicator": "army", "delta": 1},
        cost={"MON": 1},
    )
    state = table()
    state.player(CARLES).kingdom = None
    [mine] = reactions.firing(state, catalog, "plot_against_me", seats={CARLES})
    out = reactions.use(state, catalog, RULES, FixedDice([]), mine, secret=False)
    assert "aborted" in [e.kind for e in out.events]
    assert out.state.player(CARLES).resources[Resource.MON] == 5


def test_s19_common_actions_react_too():
    """§1.9: "Cada reacció indica les condicions necessàries per la seva activació": a common
    action's reaction fires for every player, after their house and offices."""
    catalog = catalog_with()
    catalog["alarma"] = {
        "id": "alarma",
        "kind": "common_action",
        "title": T,
        "abilities": [
            ability(
                "alerta",
                "reaction",
                trigger="plot_against_me",
                cost={"INT": 1},
                effect=[{"op": "gain", "who": "self", "resource": "FAI", "amount": 1}],
            )
        ],
    }
    fired = reactions.firing(table(), catalog, "plot_against_me", seats={BOB})
    assert [(r.seat, r.source, r.ability) for r in fired] == [(BOB, "common:alarma", "alerta")]


def test_actius_a_used_asset_does_not_silence_the_next_one():
    """Actius: "un cop cada torn" is counted per asset: the tower used, Alice's second asset
    still reacts to the next duel."""
    guard = {**TORRE, "id": "guarda"}
    catalog = catalog_with(torre=TORRE, guarda=guard)
    state = _tower_table()
    state.player(ALICE).assets = ["torre", "guarda"]
    first = reactions.firing(state, catalog, "duel_started", seats={ALICE})[0]
    used = reactions.use(state, catalog, RULES, FixedDice([]), first, secret=False).state
    fired = reactions.firing(used, catalog, "duel_started", seats={ALICE})
    assert [r.source for r in fired] == ["asset:guarda"]
