"""The digests that tell a page whether a part changed (consell/projection/digests.py), on games the
engine really played."""

from __future__ import annotations

import pytest
from django.utils.translation import gettext_lazy, override

from consell.game.services import planning
from consell.live.page_parts import render_parts
from consell.projection.digests import digest
from consell.rules.audience import Viewer

from .helpers import start, to_planning

pytestmark = pytest.mark.django_db


def test_a_part_keeps_its_key_until_what_it_shows_changes(game):
    """Each part of a phone keeps its key when the same view is rendered again, and a part
    gets a new one only when what it shows changed: a tile planned changes the planner and
    the chest, another phone's hand-in changes neither (rules §3.2)."""
    start(game)
    to_planning(game)
    alice = Viewer.for_seat(1)

    def keys():
        game.refresh_from_db()
        return render_parts(game, alice).keys

    first = keys()
    assert set(first) == {"decisions", "plan", "chest", "board", "log"}
    assert keys() == first
    planning.hand_in(game.pk, 2)
    after_bob = keys()
    assert after_bob["plan"] == first["plan"] and after_bob["chest"] == first["chest"]
    planning.add(game.pk, 1, "common:vigilancia", "vigilancia", {"intrigue": 1})
    planned = keys()
    assert planned["plan"] != after_bob["plan"] and planned["chest"] != after_bob["chest"]
    held = render_parts(game, alice, held=planned)
    assert held.html == {} and held.keys == planned


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
