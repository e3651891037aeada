"""The turn sequence as a state machine (rules §3, G37, G44, G58)."""

import pytest

from consell.rules.errors import IllegalTransitionError
from consell.rules.phases import PHASES, advance, can_advance, complete_step
from consell.rules.ruleset import Ruleset
from consell.rules.state import DestinyCard, Pending, Phase, PlannedAbility, Status
from tests.rules.catalog import ALICE, BOB, CARLES, DIDAC, started_game

RULES = Ruleset.default()


def at(phase, turn=1):
    state = started_game(4)
    state.pending = []
    state.phase = phase
    state.turn = turn
    return state


def test_section_3_eight_phases_in_order_wrapping_to_destiny():
    """§3: "Destiny, Planning, Actions, Secrets, Acquisition, Crisis resolution, Production,
    End of turn"."""
    phase, seen = Phase.DESTINY, []
    for _ in range(8):
        seen.append(phase)
        phase = PHASES[phase].next
    assert seen == list(Phase) and phase is Phase.DESTINY


def test_section_3_1_destiny_cannot_end_before_every_kingdom_has_its_card():
    """§3.1: "The director reveals the top destiny card once for each kingdom"."""
    state = started_game(4)
    assert can_advance(state) == ["not every kingdom has its destiny card yet"]
    with pytest.raises(IllegalTransitionError):
        advance(state, RULES)


def test_section_3_2_planning_ends_when_every_player_has_handed_in():
    """§3.2: "The phase ends when every player has submitted"."""
    state = at(Phase.PLANNING)
    for rank, seat in enumerate([ALICE, BOB, CARLES]):
        state.player(seat).plan.handed_in = True
        state.player(seat).plan.handed_in_rank = rank
    assert any(state.player(DIDAC).name in r for r in can_advance(state))


def test_G37_the_director_may_close_planning_and_latecomers_go_last():
    """G37: "Such players are placed after everyone who submitted, keeping their previous
    relative order"; G58: the submission order replaces the old order as Planning closes."""
    state = at(Phase.PLANNING)
    state.turn_order = [ALICE, BOB, CARLES, DIDAC]
    for rank, seat in enumerate([CARLES, ALICE]):
        state.player(seat).plan.handed_in = True
        state.player(seat).plan.handed_in_rank = rank
    for seat in (BOB, DIDAC):
        state.player(seat).plan.closed_by_director = True
    out = advance(state, RULES)
    assert out.state.turn_order == [CARLES, ALICE, BOB, DIDAC]
    assert out.state.phase is Phase.ACTIONS


def test_section_3_3_actions_end_when_every_actions_pile_is_empty():
    """§3.3: "Repeat until every actions pile is empty"."""
    state = at(Phase.ACTIONS)
    state.player(BOB).plan.actions.append(PlannedAbility("common:proposar-llei", "proposar-llei"))
    assert can_advance(state) == [f"actions of {state.player(BOB).name} are still to be resolved"]


def test_section_3_6_crisis_resolution_ends_when_no_crisis_is_left_in_play():
    """§3.6: the director resolves every crisis in play; each is then discarded."""
    state = at(Phase.CRISIS)
    state.in_play.append(DestinyCard("crisi-01", "crisis", 0))
    assert can_advance(state) == ["crises are still to be resolved (1)"]


def test_section_3_5_acquisition_waits_for_the_auction_step():
    """§3.5: "The director secretly resolves the blind auction"."""
    state = advance(at(Phase.SECRETS), RULES).state
    assert state.phase is Phase.ACQUISITION
    assert can_advance(state) == ["the auction has not been resolved"]
    done = complete_step(state, "auction").state
    assert advance(done, RULES).state.phase is Phase.CRISIS


def test_section_4_3_a_pending_decision_blocks_the_phase():
    """§4.7/§4.8: a vote or duel is resolved as soon as its action executes."""
    state = at(Phase.SECRETS)
    state.pending.append(Pending(7, "duel", {}, [BOB]))
    bob = state.player(BOB).name
    assert can_advance(state) == [f"Duel must be decided first (waiting for {bob})"]


def test_section_4_3_a_blocker_names_the_decision_and_the_players_never_their_codes():
    """§4.3: the game waits for a decision; the director reads which one and whose it is, as
    the table calls them (issue 13: not "a pending end_of_game" nor "seats [1]")."""
    state = at(Phase.SECRETS)
    state.pending.append(Pending(7, "law_choice", {}, [ALICE, BOB]))
    alice, bob = state.player(ALICE).name, state.player(BOB).name
    assert can_advance(state) == [
        f"Choice of a law must be decided first (waiting for {alice}, {bob})"
    ]


def test_section_3_8_end_of_turn_wraps_to_the_next_turns_destiny():
    """§3.8: "Set t = t + 1 and start a new turn"."""
    state = at(Phase.END_OF_TURN, turn=3)
    out = advance(state, RULES)
    assert (out.state.turn, out.state.phase) == (4, Phase.DESTINY)
    assert [p.data["step"] for p in out.state.pending] == ["destiny"]


def test_G44_after_the_last_turn_the_game_ends():
    """G44: "read the first sentence as 'is *not* the last'": after turn 10 the game ends."""
    state = at(Phase.END_OF_TURN, turn=RULES.turns)
    out = advance(state, RULES)
    assert out.state.turn == RULES.turns
    assert [p.kind for p in out.state.pending] == ["end_of_game"]
    assert can_advance(out.state)


def test_section_3_no_phase_moves_during_setup():
    """§2: the turn sequence starts only after setup."""
    state = at(Phase.DESTINY)
    state.status = Status.SETUP
    assert can_advance(state) == ["the game has not started"]
