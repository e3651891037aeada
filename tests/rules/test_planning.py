"""The Planning phase for one player (rules §3.2, G22, G23, G34, G37).

The court of Alba from ``test_effects``, now in the Planning phase.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from consell.rules import planning
from consell.rules.errors import IllegalTransitionError, InvalidParameterError, NotEligibleError
from consell.rules.events import PUBLIC
from consell.rules.resources import Resource
from consell.rules.state import Phase, PlannedAbility
from tests.rules.test_effects import ALICE, BOB, T, ability, catalog_with, table

CATALOG = catalog_with(
    ability("tribut", cost={"POW": 30}, effect=[]),
    ability(
        "robatori",
        "secret",
        params=[{"name": "target", "type": "player", "scope": "others"}],
        effect=[],
    ),
    ability("guarda", "reaction", trigger="plot_against_me", effect=[]),
)


def planning_table():
    state = table()
    state.phase = Phase.PLANNING
    return state


def add(state, source, aid, seat=ALICE, **params):
    return planning.add_ability(state, CATALOG, seat, PlannedAbility(source, aid, params)).state


def test_s32_each_ability_goes_to_the_pile_of_its_type():
    """§3.2: "(a) Indications: unordered ... (b) Actions: ordered ... (c) Secrets: ordered"."""
    state = add(planning_table(), "common:vigilancia", "vigilancia")
    state = add(state, "house", "tribut")
    state = add(state, "house", "robatori", target=BOB)
    plan = state.player(ALICE).plan
    assert [len(plan.indications), len(plan.actions), len(plan.secrets)] == [1, 1, 1]


def test_s19_planning_is_free_even_when_unaffordable():
    """§1.9: "A player may plan abilities they cannot yet afford"."""
    state = add(planning_table(), "house", "tribut")
    assert state.player(ALICE).resources[Resource.POW] == 5


def test_g22_an_ability_is_planned_at_most_once_per_turn():
    """G22: "Each action, secret or indication ability, from any source, may be planned at most
    once per turn"."""
    state = add(planning_table(), "house", "tribut")
    with pytest.raises(NotEligibleError, match="already planned"):
        add(state, "house", "tribut")


def test_g22_a_house_ability_is_not_planned_twice_under_another_name_for_the_house():
    """G22: "Each action, secret or indication ability, from any source, may be planned at most
    once per turn": a phone that sends its house as ``house:<anything>`` names no card."""
    state = add(planning_table(), "house", "tribut")
    with pytest.raises(InvalidParameterError, match="no longer yours"):
        add(state, "house:again", "tribut")


def test_actius_one_ability_of_an_asset_is_planned_a_turn():
    """Actius (original): "el seu propietari pot activar les seves capacitats un cop cada torn",
    so a second ability of the same asset is refused, while the house's are not."""
    two = {
        "id": "molins",
        "kind": "asset",
        "title": T,
        "visibility": "visible",
        "abilities": [ability("moldre", effect=[]), ability("vendre", effect=[])],
    }
    catalog = catalog_with(ability("tribut", effect=[]), molins=two)
    state = planning_table()
    state.player(ALICE).assets = ["molins"]

    def plan(state, source, aid):
        return planning.add_ability(state, catalog, ALICE, PlannedAbility(source, aid, {})).state

    state = plan(state, "asset:molins", "moldre")
    with pytest.raises(NotEligibleError, match="once a turn"):
        plan(state, "asset:molins", "vendre")
    assert len(plan(state, "house", "tribut").player(ALICE).plan.actions) == 2


def test_s19_reactions_are_never_planned():
    """§1.9: reactions are "Planned? No"."""
    with pytest.raises(NotEligibleError):
        add(planning_table(), "house", "guarda")


def test_g23_only_a_held_source_can_be_planned():
    """G23: tactics and assets are planned "exactly like tiles" — when the player holds them."""
    with pytest.raises(InvalidParameterError, match="no longer yours"):
        add(planning_table(), "tactic:tactica-01", "x")


def test_s32_remove_and_reorder_the_actions_pile():
    """§3.2: "Actions: ordered. The first card is resolved first"."""
    state = add(add(planning_table(), "house", "tribut"), "common:proposar-llei", "proposar-llei")
    state = planning.reorder(state, ALICE, "actions", [1, 0]).state
    assert [t.ability for t in state.player(ALICE).plan.actions] == ["proposar-llei", "tribut"]
    state = planning.remove_ability(state, ALICE, "actions", 0).state
    assert [t.ability for t in state.player(ALICE).plan.actions] == ["tribut"]


def test_s32_sacrificing_a_tactic_gives_its_discard_bonus():
    """§3.2: "the director ... gives the player each card's discard bonus"."""
    state = planning_table()
    state.player(ALICE).tactics = ["tactica-01"]
    out = planning.sacrifice_tactic(state, CATALOG, ALICE, "tactica-01")
    assert out.state.player(ALICE).resources[Resource.MON] == 6
    assert out.state.decks["tactics_discard"] == ["tactica-01"]
    assert out.events[0].audience == (ALICE,)


def test_s18_a_tactic_without_bonus_cannot_be_sacrificed():
    """§1.8: "If no resources are shown, the card cannot be sacrificed"."""
    state = planning_table()
    state.player(ALICE).tactics = ["tactica-10"]
    with pytest.raises(NotEligibleError):
        planning.sacrifice_tactic(state, CATALOG, ALICE, "tactica-10")


def test_g34_a_handed_in_plan_is_locked_and_ranked():
    """§3.2: "After submission the plan cannot change"; the first to submit is first."""
    state = add(planning_table(), "house", "tribut", seat=BOB)
    state = planning.hand_in(state, CATALOG, BOB).state
    out = planning.hand_in(state, CATALOG, ALICE)
    assert out.state.player(BOB).plan.handed_in_rank == 0
    assert out.state.player(ALICE).plan.handed_in_rank == 1 and out.events[0].audience == PUBLIC
    with pytest.raises(IllegalTransitionError):
        add(out.state, "common:vigilancia", "vigilancia")


def test_s32_a_tile_is_added_only_with_every_required_box_filled():
    """§3.2: "Cal que indiquin valors per totes aquestes caselles, a menys que el text de la
    targeta indiqui que alguns d'ells són opcionals": a box left empty is refused when the tile
    is added, not at the hand-in, and the plan is unchanged."""
    state = planning_table()
    with pytest.raises(InvalidParameterError, match="must be filled"):
        add(state, "house", "robatori")
    assert state.player(ALICE).plan.secrets == []


def test_s32_handing_in_checks_every_box_again():
    """§3.2: "Every required parameter box must be filled" when the plan is handed in too."""
    state = add(planning_table(), "house", "robatori", target=BOB)
    secrets = state.player(ALICE).plan.secrets  # a box emptied since, as a stored plan may be
    secrets[0] = replace(secrets[0], params={})
    with pytest.raises(InvalidParameterError, match="must be filled"):
        planning.hand_in(state, CATALOG, ALICE)


def test_g37_the_director_closes_planning_with_the_draft_as_is():
    """G37: "A player who has not submitted has their current draft submitted automatically"."""
    state = add(planning_table(), "house", "robatori", target=BOB)
    plan = planning.close_planning_for(state, ALICE).state.player(ALICE).plan
    assert plan.handed_in and plan.closed_by_director and plan.handed_in_rank is None
    assert len(plan.secrets) == 1


def test_g61_a_passed_deadline_takes_the_draft_as_is_and_says_nothing_of_the_director():
    """G61: "a plan is taken as it stands (G37)", "logged as forced with its reason": the
    deadline's own entry gives the reason, so the close adds no entry of the director's."""
    state = add(planning_table(), "house", "robatori", target=BOB)
    outcome = planning.close_planning_for(state, ALICE, at_deadline=True)
    plan = outcome.state.player(ALICE).plan
    assert plan.handed_in and plan.closed_by_director and plan.handed_in_rank is None
    assert len(plan.secrets) == 1 and outcome.events == ()
