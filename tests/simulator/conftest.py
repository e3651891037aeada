"""The simulator's table: the default pack, and the checks that must hold after every phase.

"After every phase: no chest negative, every indicator within 1..5, resources conserved between
chests, pools and the reserve, every card in exactly one place" (issue 5, rules §1, G53).

``load_catalog`` hands every change the same cards; these games check at the end that the
engine never changed a card it read, the condition under which sharing them is sound.
"""

from __future__ import annotations

import copy

import pytest

from consell.content.catalog import load_catalog
from consell.game.models import Event, Game
from consell.rules import invariants
from consell.rules.resources import RESOURCES
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState
from consell.simulator.runner import default_pack


@pytest.fixture
def pack(db):
    pack = default_pack()
    cards = load_catalog(pack)
    pristine = copy.deepcopy(dict(cards))
    yield pack
    assert load_catalog(pack) is cards, "every change reads the one shared catalog"
    assert dict(cards) == pristine, "the engine changed a card of the catalog it read"


def broken(game: Game, state: GameState) -> list[str]:
    """Every invariant the state breaks, in words (empty when sound)."""
    out = invariants.problems(state, load_catalog(game.pack), Ruleset.from_dict(game.ruleset))
    for resource in RESOURCES:
        held = sum(p.resources[resource] for p in state.players)
        if held + state.reserve[resource] != 0:
            out.append(f"{resource}: chests hold {held}, the reserve balance is {state.reserve}")
    return out


class PhaseChecker:
    """An ``after_phase`` callback that records every broken invariant with where it happened."""

    def __init__(self) -> None:
        self.phases = 0
        self.problems: list[str] = []

    def __call__(self, game: Game, state: GameState) -> None:
        self.phases += 1
        where = f"turn {state.turn} {state.phase} ({state.status})"
        self.problems += [f"{where}: {p}" for p in broken(game, state)]


def sequence_numbers(game: Game) -> list[int]:
    return list(Event.objects.filter(game=game).order_by("seq").values_list("seq", flat=True))
