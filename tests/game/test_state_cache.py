"""Each process keeps the parsed state of the games it changed (consell/game/state_cache.py).

The suite runs with ``state_cache.CHECK`` on, so every hit is compared with its row; these
tests turn it off and check the three ways the cache could betray a table: a change rolled
back, a change written by another process (a second daphne), and a change that mutates the
copy it was handed.
"""

from __future__ import annotations

import pytest

from consell.game import state_cache
from consell.game.models import Game
from consell.game.services import decisions, store
from consell.rules.resources import Resource
from consell.rules.state import GameState

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def unchecked(monkeypatch):
    monkeypatch.setattr(state_cache, "CHECK", False)


def _prestige(game_id: int, seat: int = 1) -> int:
    with store.change(game_id) as ch:
        return ch.state.player(seat).resources[Resource("PRE")]


def _parses(monkeypatch) -> list[int]:
    calls: list[int] = []
    real = GameState.from_dict

    def counting(data):
        calls.append(1)
        return real(data)

    monkeypatch.setattr(GameState, "from_dict", staticmethod(counting))
    return calls


def test_the_next_change_takes_the_state_from_the_cache_not_the_row(game, monkeypatch):
    before = _prestige(game.pk)
    decisions.correct(game.pk, "a first change", resources={1: {"PRE": 2}})
    parses = _parses(monkeypatch)
    decisions.correct(game.pk, "a second change", resources={1: {"PRE": 1}})
    assert parses == []
    game.refresh_from_db()
    assert GameState.from_dict(game.state).player(1).resources[Resource("PRE")] == before + 3


def test_a_change_rolled_back_leaves_no_state_behind(game):
    before = _prestige(game.pk)
    with pytest.raises(RuntimeError), store.change(game.pk) as ch:
        state = ch.state.clone()
        state.player(1).resources[Resource("PRE")] += 5
        ch.state = state
        store.save(ch)  # saved and kept in the cache, then the transaction fails
        raise RuntimeError("the write fails after the save")
    assert _prestige(game.pk) == before


def test_a_state_another_process_wrote_is_read_from_the_row(game):
    decisions.correct(game.pk, "ours", resources={1: {"PRE": 1}})
    ours = state_cache.get(game.pk, Game.objects.get(pk=game.pk).state_tag)
    assert ours is not None
    decisions.correct(game.pk, "theirs", resources={1: {"PRE": 4}})
    # The other daphne wrote that one: this process still holds its own, older entry.
    state_cache.put(game.pk, ours)
    row = Game.objects.get(pk=game.pk)
    assert _prestige(game.pk) == GameState.from_dict(row.state).player(1).resources[Resource("PRE")]


def test_a_change_refused_half_way_leaves_the_cached_state_alone(game):
    """A change works on its own copy: what it did before it was refused is gone with it."""
    before = _prestige(game.pk)
    with pytest.raises(RuntimeError), store.change(game.pk) as ch:
        ch.state.player(1).resources[Resource("PRE")] += 7
        raise RuntimeError("refused half-way")
    assert _prestige(game.pk) == before
