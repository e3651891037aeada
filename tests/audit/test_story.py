"""My story (issue 6.2): "For each player, everything done by them and to them, including the
plots against them they never detected and who was behind them." At the end "all players
reveal all their resources and hidden cards" (rules §4.17).
"""

from __future__ import annotations

import re

import pytest

from consell.audit.export import build_document
from consell.audit.story import story_for
from consell.audit.timeline import timeline
from consell.game.visibility import Viewer
from tests.audit.conftest import ALICE, BOB, CARLES, DIDAC, ELENA
from tests.game.conftest import seat_client

pytestmark = pytest.mark.django_db


def _story(game, seat: int):
    return story_for(timeline(build_document(game, Viewer.director())["events"]), seat)


def test_a_plot_alice_never_detected_names_bob(finished):
    (plot,) = _story(finished, ALICE).plots_against
    assert (plot.conspirator, plot.succeeded, plot.undetected) == (BOB, True, True)


def test_a_plot_carles_detected_is_not_among_the_undetected(finished):
    (plot,) = _story(finished, CARLES).plots_against
    assert (plot.conspirator, plot.succeeded, plot.detection) == (BOB, False, "detected")
    assert _story(finished, CARLES).undetected_plots == []


def test_done_by_them_and_done_to_them(finished):
    carles = _story(finished, CARLES)
    assert {"plot_resolved", "bids_handed_in"} <= {e.kind for e in carles.by_them}
    assert all(e.actor == CARLES for e in carles.by_them)
    assert "plot_detected" in {e.kind for e in carles.to_them}
    assert all(e.actor != CARLES and CARLES in e.seats for e in carles.to_them)


def test_elena_is_not_in_a_plot_she_had_no_part_in(finished):
    assert _story(finished, ELENA).plots_against == []
    assert "plot_resolved" not in {e.kind for e in _story(finished, ELENA).to_them}


def test_alices_phone_shows_the_plot_behind_her_back(finished):
    html = seat_client(finished, ALICE).get(
        f"/audit/{finished.pk}/story/", HTTP_ACCEPT_LANGUAGE="en"
    )
    page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.content.decode()))
    assert "The story of Alice" in page
    assert "plotted by Bob, it succeeded, never detected" in page


def test_didacs_story_has_carles_plot(finished):
    (plot,) = _story(finished, DIDAC).plots_against
    assert plot.conspirator == CARLES


def test_the_turn_snapshots_are_not_part_of_anyones_story(finished):
    story = _story(finished, ALICE)
    assert "turn_snapshot" not in {e.kind for e in story.by_them + story.to_them}
