"""The digests that tell a phone whether its planner changed (consell/game/digests.py), on the
views of a game the engine really played."""

from __future__ import annotations

import copy

import pytest
from django.utils.translation import gettext_lazy, override

from consell.game.digests import digest, kept_digest
from consell.game.views.player import plan_key
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


def test_a_kept_values_digest_is_its_digest_in_the_language_shown():
    """``kept_digest`` writes a kept value out once per language: the same words as
    ``digest``, and a lazy translation read in each language shown."""
    plannable = [{"label": gettext_lazy("Planning"), "planned": False}]
    with override("en"):
        english = kept_digest(plannable)
        assert kept_digest(plannable) == english == digest(plannable)
    with override("ca"):
        assert kept_digest(plannable) == digest(plannable) != english
    assert kept_digest(copy.deepcopy(plannable)) == kept_digest(plannable)
