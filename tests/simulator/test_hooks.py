"""The simulator's hooks for the every-viewer harness (tests/harness, docs/testing.md)."""

from __future__ import annotations

import json

import pytest

from consell.game.models import Event
from consell.simulator import simulate

pytestmark = pytest.mark.django_db


def test_before_step_sees_the_deal_and_every_step_of_the_loop(pack):
    """Called once after the deal (objectives on offer) and before every step, the last one
    included: the harness can look at every decision the game waits for."""
    seen = []
    played = simulate(3, 1, seed=3, pack=pack, before_step=lambda g, s: seen.append(s.status))
    assert len(seen) == played.calls + 2
    assert seen[0] == "setup" and seen[-1] == "finished"


def test_plant_writes_the_free_text_of_the_bots_trades(pack):
    """Trade information and promises carry what ``plant`` returns, so a leak can be found."""
    planted = []

    def plant(where, seat):
        planted.append(f"ZQplanted{len(planted)}S{seat}Q")
        return planted[-1]

    played = simulate(3, 3, seed=1, pack=pack, plant=plant)
    logged = json.dumps(list(Event.objects.filter(game=played.game).values_list("payload")))
    assert planted and all(words in logged for words in planted)
