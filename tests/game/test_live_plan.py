"""The planner on an open phone follows the game without a reload, and leaves alone a form
the player is filling in while nothing in the plan changed (rules §3.2)."""

from __future__ import annotations

import re

import pytest

from consell.game.services import planning

from .conftest import seat_client
from .helpers import start, to_planning

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}


def _shown(page: str) -> str:
    return re.search(r'id="plan-key" name="shown" value="([0-9a-f]+)"', page).group(1)


def test_s32_planning_opening_refreshes_the_planner(game):
    start(game)
    alice = seat_client(game, 1)
    key = _shown(alice.get(f"/play/{game.pk}/").content.decode())
    to_planning(game)
    answer = alice.get(f"/play/{game.pk}/?fragment=plan&shown={key}", **HX)
    assert answer.status_code == 200
    assert 'id="plan"' in answer.content.decode()


def test_s32_a_change_elsewhere_leaves_the_planner_as_it_is(game):
    start(game)
    to_planning(game)
    alice = seat_client(game, 1)
    key = _shown(alice.get(f"/play/{game.pk}/").content.decode())
    planning.hand_in(game.pk, 2)  # Bob hands in: Alice's planner shows the same
    assert alice.get(f"/play/{game.pk}/?fragment=plan&shown={key}", **HX).status_code == 204
    planning.add(game.pk, 1, "common:vigilancia", "vigilancia", {"intrigue": 1})
    changed = alice.get(f"/play/{game.pk}/?fragment=plan&shown={key}", **HX)
    assert changed.status_code == 200 and _shown(changed.content.decode()) != key
