"""My story (issue 6.2): "For each player, everything done by them and to them, including the
plots against them they never detected and who was behind them." At the end "all players
reveal all their resources and hidden cards" (rules §4.17).

Read from the plots the simulated game really resolved (``conftest``): their ``plot_resolved``
events as ``effects.plot_record`` writes them, targets as dicts with their own test.
"""

from __future__ import annotations

import re

import pytest

from consell.audit.export import build_document
from consell.audit.story import story_for
from consell.audit.timeline import timeline
from consell.rules.audience import Viewer
from tests.audit.conftest import SEATS
from tests.game.conftest import seat_client

pytestmark = pytest.mark.django_db


def _story(game, seat: int):
    return story_for(timeline(build_document(game, Viewer.director())["events"]), seat)


def _plots_against(game) -> dict[int, list[tuple[int, int, bool, str]]]:
    """seat -> (seq, conspirator, succeeded, detection) of each plot naming it, from the log."""
    out: dict[int, list] = {s: [] for s in SEATS}
    for event in game.events.filter(kind="plot_resolved").order_by("seq"):
        for target in event.payload["targets"]:
            kind, _sep, number = target["target"].partition(":")
            if kind == "seat":
                test = target["test"]
                out[int(number)].append(
                    (event.seq, event.actor, target["succeeded"], test["detection"])
                )
    return out


def test_every_plot_is_in_the_story_of_each_seat_it_targeted(finished):
    """§4.6: "The conspirator chooses one or more targets"; each learns of it at the end."""
    expected = _plots_against(finished)
    assert any(expected.values()), "the simulated game resolves a plot against a player"
    for seat in SEATS:
        story = _story(finished, seat)
        got = [(p.seq, p.conspirator, p.succeeded, p.detection) for p in story.plots_against]
        assert got == expected[seat]


def test_the_undetected_plots_are_the_discreet_ones(finished):
    """§3.4: a discreet detection test leaves the target no note."""
    for seat in SEATS:
        story = _story(finished, seat)
        assert [p.seq for p in story.undetected_plots] == [
            p.seq for p in story.plots_against if p.detection == "discreet"
        ]


def test_done_by_them_and_done_to_them(finished):
    for seat in SEATS:
        story = _story(finished, seat)
        assert story.by_them and all(e.actor == seat for e in story.by_them)
        assert all(e.actor != seat and seat in e.seats for e in story.to_them)
    conspirator = finished.events.filter(kind="plot_resolved").first().actor
    assert "plot_resolved" in {e.kind for e in _story(finished, conspirator).by_them}


def test_each_phone_shows_the_plots_behind_its_back(finished):
    names = dict(finished.seats.values_list("position", "name"))
    for seat, plots in _plots_against(finished).items():
        response = seat_client(finished, seat).get(f"/audit/{finished.pk}/story/")
        assert response.status_code == 200
        page = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))
        assert f"The story of {names[seat]}" in page
        for _seq, conspirator, _ok, _detection in plots:
            assert f"plotted by {names[conspirator]}" in page


def test_the_turn_snapshots_are_not_part_of_anyones_story(finished):
    for seat in SEATS:
        story = _story(finished, seat)
        assert "turn_snapshot" not in {e.kind for e in story.by_them + story.to_them}
