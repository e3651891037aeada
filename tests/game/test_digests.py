"""The digests that tell a phone whether its planner changed (consell/game/digests.py), on the
views of a game the engine really played."""

from __future__ import annotations

import copy

import pytest
from django.utils.translation import gettext_lazy, override

from consell.game.digests import digest
from consell.game.page_parts import plan_key
from consell.game.visibility import Viewer, view_for
from consell.rules.state import Phase

from .simulated import play_until

pytestmark = pytest.mark.django_db


def test_a_planner_keeps_its_key_until_what_it_shows_changes():
    """A phone in Planning keeps its key when the same view is built again, and gets a new
    one when what it may plan changes (a tile planned, an ability no longer offered)."""
    game = play_until(4, 2, 3, lambda s: s.turn == 1 and s.phase is Phase.PLANNING)
    view = view_for(game, Viewer.for_seat(1), "ca")
    assert view["me"]["plannable"], "a player in Planning has abilities to plan"
    again = view_for(game, Viewer.for_seat(1), "ca")
    assert again is not view and plan_key(again) == plan_key(view)

    changed = copy.deepcopy(view)
    changed["me"]["plannable"][0]["planned"] = not changed["me"]["plannable"][0]["planned"]
    assert plan_key(changed) != plan_key(view)
    fewer = copy.deepcopy(view)
    fewer["me"]["plannable"].pop()
    assert plan_key(fewer) != plan_key(view)


def test_what_json_cannot_hold_is_digested_as_its_text():
    """A lazy translation counts as the words it reads in the language shown; an integer
    past 64 bits as its digits; keys that are not strings as their text."""
    label = {"label": gettext_lazy("Planning")}
    with override("en"):
        english = digest(label)
    with override("ca"):
        catalan = digest(label)
    assert english != catalan
    assert digest({"n": 2**70}) != digest({"n": 2**70 + 1})
    assert digest({3: ["a"]}) == digest({3: ["a"]}) != digest({4: ["a"]})
    assert digest({"a": 1, "b": 2}) == digest({"b": 2, "a": 1})
