"""The game state survives storage unchanged (it is saved as JSON at every change)."""

import json
from dataclasses import asdict

from consell.rules.state import GameState, Note, Pending, PlannedAbility

from .catalog import started_game


def _played() -> GameState:
    state = started_game(9, b"storage")
    state = state if isinstance(state, GameState) else state.state
    state.pending.append(Pending(7, "vote", {"eligible": [1, 2]}, [2]))
    state.player(1).notes.append(Note(1, "plot_outcome", {"outcomes": [{"succeeded": True}]}))
    state.player(2).plan.secrets.append(PlannedAbility("house", "x", {"targets": [1]}))
    state.progress["actions_last"] = 3
    return state


def test_the_state_round_trips_through_json():
    state = _played()
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_the_hand_written_serialiser_says_what_asdict_says():
    """``to_dict`` is written out for speed; it must not drift from the dataclasses."""
    state = _played()
    expected = json.loads(json.dumps(asdict(state), default=str))
    assert json.loads(json.dumps(state.to_dict())) == expected


def test_a_clone_is_equal_and_independent():
    state = _played()
    twin = state.clone()
    assert twin == state
    twin.player(1).tactics.append("new")
    assert "new" not in state.player(1).tactics
