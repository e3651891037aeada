"""The Actions and Secrets loops (rules §3.3, §3.4, §4.6, G30, G52)."""

from __future__ import annotations

import pytest

from consell.rules import resolution
from consell.rules.dice import FixedDice
from consell.rules.errors import IllegalTransitionError
from consell.rules.events import DIRECTOR, PUBLIC
from consell.rules.resources import Indicator, Resource, holdings
from consell.rules.state import Pending, Phase, PlannedAbility
from tests.rules.phase_table import (
    ALICE,
    BOB,
    CARLES,
    CATALOG,
    DIDAC,
    RULES,
    indicate,
    table,
    tokens,
)


def house(ability: str, **boxes) -> PlannedAbility:
    return PlannedAbility("house", ability, boxes)


def resolve(state, pile="actions", dice=None):
    return resolution.resolve_next(state, CATALOG, RULES, dice or FixedDice([]), pile)


def test_s33_tiles_are_resolved_round_robin_in_turn_order_skipping_empty_piles():
    """§3.3: "Go through the players in turn order, skipping any player whose actions pile is
    empty", one tile each, until every pile is empty."""
    state = table(Phase.ACTIONS)
    state.player(ALICE).plan.actions = [house("salutacio"), house("tribut")]
    state.player(CARLES).plan.actions = [house("salutacio")]
    order = []
    while (found := resolution.next_tile(state, "actions")) is not None:
        order.append((found[0], found[1].ability))
        state = resolve(state).state
    assert order == [(ALICE, "salutacio"), (CARLES, "salutacio"), (ALICE, "tribut")]


def test_s33_an_action_is_shown_to_every_player():
    """§3.3 step 1: the director shows the tile "to all players"."""
    state = table(Phase.ACTIONS)
    state.player(ALICE).plan.actions = [house("salutacio")]
    events = resolve(state).events
    shown = [e for e in events if e.kind == "ability_executed"]
    assert [e.audience for e in shown] == [PUBLIC]


def test_s42_an_unaffordable_action_aborts_publicly_and_play_moves_on():
    """§4.2: "An aborted ability costs nothing. Play moves to the next player in turn order";
    the table sees the action aborted, and its owner alone is told why ("al seu propietari")."""
    state = table(Phase.ACTIONS)
    state.player(ALICE).plan.actions = [house("tribut")]
    state.player(BOB).plan.actions = [house("salutacio")]
    done = resolve(state)
    assert [(e.kind, e.audience) for e in done.events] == [
        ("aborted", PUBLIC),
        ("abort_reason", (ALICE,)),
    ]
    assert done.state.player(ALICE).plan.actions == []
    assert done.state.player(ALICE).resources == state.player(ALICE).resources
    assert resolution.next_tile(done.state, "actions")[0] == BOB


def test_s33_the_next_tile_waits_while_a_decision_is_pending():
    """§3.3: votes "are resolved as soon as their action executes": nothing else happens
    until the pending vote is decided. A director step is not such a decision."""
    state = table(Phase.ACTIONS)
    state.player(ALICE).plan.actions = [house("salutacio")]
    state.pending = [Pending(0, "step", {"step": "x"}), Pending(1, "vote", {}, [BOB])]
    with pytest.raises(IllegalTransitionError):
        resolve(state)
    state.pending = state.pending[:1]
    assert resolve(state).state.player(ALICE).plan.actions == []


def test_s33_resolution_belongs_to_its_phase():
    """§3.3, §3.4: actions in the Actions phase, secrets in the Secrets phase."""
    state = table(Phase.SECRETS)
    state.player(ALICE).plan.actions = [house("salutacio")]
    with pytest.raises(IllegalTransitionError):
        resolve(state)


def test_s34_vigilance_is_committed_before_any_secret():
    """§3.4: "Vigilance is committed before any secret is resolved [G30]"."""
    state = table(Phase.SECRETS)
    state.player(ALICE).plan.secrets = [house("revolta")]
    with pytest.raises(IllegalTransitionError):
        resolve(state, "secrets")
    committed = resolution.commit_vigilance(state, CATALOG, RULES).state
    assert resolve(committed, "secrets").state.player(ALICE).plan.secrets == []


def test_g30_vigilance_is_capped_to_intrigue_and_favor_then_paid():
    """G30: "Vigilance is capped at the start of the Secrets phase to the player's INT (+FAV),
    then paid." Only Bob and the director learn Bob's vigilance."""
    state = table(Phase.SECRETS)
    state.player(BOB).resources = holdings(INT=2, FAV=1)
    indicate(state, BOB, "vigilancia", intrigue=5)
    done = resolution.commit_vigilance(state, CATALOG, RULES)
    assert resolution.secrets_for(done.state).vigilance == {BOB: 3}
    assert done.state.player(BOB).resources == holdings()
    assert tokens(done.state) == tokens(state)
    audiences = {e.kind: e.audience for e in done.events}
    assert audiences == {"vigilance_paid": (BOB,), "vigilance_committed": DIRECTOR}


def test_g30_no_vigilance_indication_means_zero_and_nothing_paid():
    """G30: "No vigilance indication means V = 0"."""
    state = table(Phase.SECRETS)
    done = resolution.commit_vigilance(state, CATALOG, RULES)
    assert resolution.secrets_for(done.state).vigilance == {}
    assert tokens(done.state) == tokens(state)
    assert done.state.players == state.players


def test_g30_vigilance_is_committed_once_a_turn():
    """G30: vigilance is paid once and "applies, unchanged, to every plot"."""
    state = table(Phase.SECRETS)
    indicate(state, BOB, "vigilancia", intrigue=1)
    done = resolution.commit_vigilance(state, CATALOG, RULES).state
    with pytest.raises(IllegalTransitionError):
        resolution.commit_vigilance(done, CATALOG, RULES)


def test_s46_the_spymaster_exempts_members_and_the_kingdom():
    """§4.6: "The Spymaster may list recipients (the kingdom as a whole, and/or particular
    members) who are exempt from this protection"."""
    state = table(Phase.SECRETS)
    state.player(BOB).plan.indications.append(
        PlannedAbility("office:mestre-espies", "exempcions", {"exempt": [CARLES], "kingdom": 0})
    )
    done = resolution.commit_vigilance(state, CATALOG, RULES).state
    assert resolution.secrets_for(done).exemptions == {0: [CARLES, "kingdom"]}


def test_s42_an_invalid_indication_is_void_and_its_owner_told_privately():
    """§4.2: every value is checked "at execution time"; §3.4: an aborted secret's owner gets
    "a private, annotated reason"."""
    state = table(Phase.SECRETS)
    indicate(state, CARLES, "vigilancia", intrigue=-2)
    done = resolution.commit_vigilance(state, CATALOG, RULES)
    assert resolution.secrets_for(done.state).vigilance == {}
    aborted = [e for e in done.events if e.kind == "aborted"]
    assert [e.audience for e in aborted] == [(CARLES,)]
    assert [n.kind for n in done.state.player(CARLES).notes] == ["aborted"]


def test_s46_a_plot_meets_the_vigilance_committed_for_its_target():
    """§4.6: th = clamp(3 + I − V, 1, 5) and the plot succeeds if d6 ≤ th. Dídac invests 1
    against Carles; a 2 succeeds against V = 0 (th 4) and fails against V = 3 (th 1)."""
    outcomes = {}
    for vigilance in (0, 3):
        state = table(Phase.SECRETS)
        indicate(state, CARLES, "vigilancia", intrigue=vigilance)
        state.player(DIDAC).plan.secrets = [house("punyal", targets=[CARLES], intrigue=1)]
        state = resolution.commit_vigilance(state, CATALOG, RULES).state
        dice = FixedDice([2, 1, 1, 1, 1, 1, 1, 1, 1])
        after = resolve(state, "secrets", dice).state
        outcomes[vigilance] = after.player(CARLES).resources[Resource.MON]
    assert outcomes == {0: 4, 3: 5}


def test_g52_public_changes_made_by_secrets_are_published_as_one_batch():
    """G52: others see the changes to public state "as one batch at the end of the Secrets
    phase, without saying what caused them"."""
    state = table(Phase.SECRETS)
    state.player(ALICE).plan.secrets = [house("revolta")]
    state = resolution.commit_vigilance(state, CATALOG, RULES).state
    done = resolve(state, "secrets")
    held = [e for e in done.events if e.data.get("batch")]
    closed = resolution.close_secrets(done.state, held)
    assert [(e.kind, e.audience, e.actor) for e in closed.events] == [
        ("secrets_public_changes", PUBLIC, None)
    ]
    change = closed.events[0].data["changes"][0]
    assert change["indicator"] == str(Indicator.WEALTH) and change["after"] == 4
    with pytest.raises(IllegalTransitionError):
        resolution.close_secrets(closed.state, held)


def test_g52_the_secrets_phase_closes_only_when_every_secret_is_resolved():
    """§3.4: the loop runs "until every secrets pile is empty"."""
    state = table(Phase.SECRETS)
    state.player(ALICE).plan.secrets = [house("revolta")]
    state = resolution.commit_vigilance(state, CATALOG, RULES).state
    with pytest.raises(IllegalTransitionError):
        resolution.close_secrets(state, [])


def test_g52_a_secrets_public_change_waits_behind_the_screen_until_the_batch():
    """G52: the app "applies changes immediately, but shows other players the resulting changes
    in public state … as one batch at the end of the Secrets phase". What the secret changed in
    public is recorded for the director alone, kept in the phase, and published by the batch."""
    state = table(Phase.SECRETS)
    state.player(ALICE).plan.secrets = [house("revolta")]
    state = resolution.commit_vigilance(state, CATALOG, RULES).state
    done = resolve(state, "secrets")
    kept, now = resolution.hold_batch(done.state, done.events)
    batch = [e for e in done.events if e.data.get("batch")]
    assert batch, "the revolt moves an indicator in public"
    assert [e.audience for e in now if e.data.get("batch")] == [DIRECTOR] * len(batch)
    assert [e for e in now if not e.data.get("batch")] == [
        e for e in done.events if not e.data.get("batch")
    ]
    assert resolution.held_batch(done.state) == []  # the state handed in is left as it was
    assert [e.to_dict() for e in resolution.held_batch(kept)] == [e.to_dict() for e in batch]
    closed = resolution.close_secrets(kept, resolution.held_batch(kept))
    assert [(e.kind, e.audience) for e in closed.events] == [("secrets_public_changes", PUBLIC)]


def test_s33_the_next_tile_waits_for_a_pending_decision_named_as_players_say_it():
    """Rules overview: "Votes (§4.7) and the kingdom actions (§4.12) are resolved as soon as
    their action executes": the next tile waits until the joiners have answered, and the
    refusal names the decision and whom it waits on in words, never by its code."""
    state = table(Phase.ACTIONS)
    state.player(ALICE).plan.actions = [house("salutacio")]
    state.pending.append(Pending(4, "kingdom_joiners", {}, [BOB, CARLES]))
    with pytest.raises(IllegalTransitionError) as refused:
        resolve(state)
    message = str(refused.value)
    names = {p.seat: p.name for p in state.players}
    assert "kingdom_joiners" not in message and "(4)" not in message
    assert f"Joining a new kingdom ({names[BOB]}, {names[CARLES]})" in message
