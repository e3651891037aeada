"""A contribution to the crisis is planned for a crisis of the player's kingdom (rules
§4.10: "During Planning, a member records a contribution"; G36: "Only members of the
crisis's kingdom may contribute"). On the simulator's 9-player game at turn 1's Planning, where
one kingdom has a crisis and another none, the phones of the first offer the tile, and those
of the second do not."""

from __future__ import annotations

import pytest

from consell.rules.state import Phase
from tests.game.simulated import phone, play_until, state_of

pytestmark = pytest.mark.django_db

TILE = 'value="contribuir-crisi"'


def _with_crisis(state) -> set[int]:
    return {c.kingdom for c in state.in_play if c.kind == "crisis"}


def test_only_a_kingdom_with_a_crisis_is_offered_the_contribution():
    game = play_until(
        9, 10, 2,
        lambda s: s.phase is Phase.PLANNING
        and any(k.id in _with_crisis(s) for k in s.kingdoms)
        and any(k.id not in _with_crisis(s) for k in s.kingdoms),
    )  # fmt: skip
    state = state_of(game)
    crisis = _with_crisis(state)
    member_with = next(p.seat for p in state.players if p.kingdom in crisis)
    member_without = next(
        p.seat for p in state.players if p.kingdom is not None and p.kingdom not in crisis
    )
    assert TILE in phone(game, member_with).get(f"/play/{game.pk}/").content.decode()
    assert TILE not in phone(game, member_without).get(f"/play/{game.pk}/").content.decode()
