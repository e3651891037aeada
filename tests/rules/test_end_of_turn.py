"""End of turn (rules §3.8, G44, G45, G46)."""

import pytest

from consell.rules import decks
from consell.rules.dice import HmacDice
from consell.rules.end_of_turn import end_turn
from consell.rules.errors import IllegalTransitionError
from consell.rules.invariants import problems
from consell.rules.phases import enter_phase
from consell.rules.ruleset import Ruleset
from consell.rules.state import DestinyCard, Phase, PlannedAbility
from tests.rules.catalog import ALICE, BOB, CATALOG, started_game

RULES = Ruleset.default()
DICE = HmacDice(b"fi")


def ending(turn=1):
    state = started_game(4)
    state.pending = []
    state.turn = turn
    state.phase = Phase.END_OF_TURN
    enter_phase(state)
    return state


def test_G45_each_player_draws_one_tactic():
    """G45: "Each player draws 1 tactic at End of turn"."""
    out = end_turn(ending(), RULES, DICE)
    assert all(len(p.tactics) == 4 for p in out.state.players)
    assert problems(out.state, CATALOG, RULES) == []


def test_G45_an_empty_tactics_deck_is_refilled_from_the_discards():
    """G45: "Reshuffle the discards when the deck is empty"."""
    state = ending()
    state.decks[decks.discard_of(decks.TACTICS)] = state.decks[decks.TACTICS]
    state.decks[decks.TACTICS] = []
    out = end_turn(state, RULES, DICE)
    assert all(len(p.tactics) == 4 for p in out.state.players)
    assert out.state.decks[decks.discard_of(decks.TACTICS)] == []


def test_G45_no_tactic_after_the_last_turn():
    """G45: "(not after the final turn)"; G44: after the last turn the game ends."""
    out = end_turn(ending(turn=RULES.turns), RULES, DICE)
    assert all(len(p.tactics) == 3 for p in out.state.players)
    assert [p.kind for p in out.state.pending] == ["end_of_game"]


def test_section_3_8_chests_come_back_with_empty_piles_and_a_new_turn_starts():
    """§3.8: "The director returns each chest"; "Set t = t + 1 and start a new turn"."""
    state = ending()
    plan = state.player(ALICE).plan
    plan.actions.append(PlannedAbility("common:proposar-llei", "proposar-llei"))
    plan.handed_in, plan.handed_in_rank = True, 0
    state.trades_allowed = True
    out = end_turn(state, RULES, DICE)
    assert out.state.player(ALICE).plan.actions == []
    assert not out.state.player(ALICE).plan.handed_in
    assert not out.state.trades_allowed
    assert (out.state.turn, out.state.phase) == (2, Phase.DESTINY)


def test_G46_lasting_events_count_down_at_end_of_turn():
    """G46: "counting down at End of turn"."""
    state = ending()
    card = state.decks[decks.EVENTS].pop(0)
    state.in_play.append(DestinyCard(card, "event", 0, remaining=1))
    out = end_turn(state, RULES, DICE)
    assert out.state.in_play == []
    assert card in out.state.decks[decks.discard_of(decks.EVENTS)]


def test_section_3_8_end_of_turn_happens_once():
    """§3.8: End of turn is done once; a second click is refused and changes nothing."""
    once = end_turn(ending(), RULES, DICE).state
    with pytest.raises(IllegalTransitionError):
        end_turn(once, RULES, DICE)
    assert len(once.player(BOB).tactics) == 4
