"""A notice costs a page one request: every live part it asks for, from one build of its
viewer's view (issue 14), and a planner being filled in is left alone."""

from __future__ import annotations

import re

import pytest

from consell.game.log_cache import FIELDS, entries
from consell.game.models import Event
from consell.game.services import decisions

from .conftest import seat_client
from .helpers import start, state_of, to_planning
from .test_view_cache import builds  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db

ALL_PARTS = "fragment=decisions&fragment=plan&fragment=chest&fragment=board"


def _ids(html: str) -> list[str]:
    """The ids of the answer's top-level parts, in order."""
    return re.findall(r'<div id="([\w-]+)" hx-get="\?fragment=', html)


def _get(phone, game, query: str) -> str:
    return phone.get(f"/play/{game.pk}/?{query}", HTTP_HX_REQUEST="true").content.decode()


def test_one_request_answers_every_part_from_one_view(game, builds):  # noqa: F811
    start(game)
    to_planning(game)
    html = _get(seat_client(game, 1), game, ALL_PARTS)
    assert _ids(html) == ["decisions", "plan-live", "chest", "board"]
    game.refresh_from_db()
    assert builds == [("seat:1", game.seq)]


@pytest.mark.parametrize("planning", [False, True])
def test_each_part_is_the_one_its_own_request_would_get(game, planning):
    """The parts of one answer share a context; none sees what another set in it."""
    start(game)
    if planning:
        to_planning(game)
    phone = seat_client(game, 1)
    together = _get(phone, game, ALL_PARTS)
    alone = "".join(_get(phone, game, part) for part in ALL_PARTS.split("&"))
    tokens = re.compile(r'name="(nonce|csrfmiddlewaretoken)" value="[^"]*"')
    assert tokens.sub("", together) == tokens.sub("", alone)
    assert _ids(together) == ["decisions", "plan-live", "chest", "board"]


def test_a_phone_gets_its_own_chest_and_not_another_s(game):
    start(game)
    alice_objective = state_of(game).player(1).objectives[0]
    alice = _get(seat_client(game, 1), game, ALL_PARTS)
    bob = _get(seat_client(game, 2), game, ALL_PARTS)
    assert f"⟪{alice_objective}⟫" in alice
    assert f"⟪{alice_objective}⟫" not in bob


def test_the_planner_is_left_out_while_its_plan_is_unchanged(game):
    """What a player is typing into the planner stays: the part comes back only when the plan
    shown changed."""
    start(game)
    to_planning(game)
    phone = seat_client(game, 1)
    first = _get(phone, game, ALL_PARTS)
    key = re.search(r'name="shown" value="(\w+)"', first).group(1)
    again = _get(phone, game, f"{ALL_PARTS}&shown={key}")
    assert _ids(again) == ["decisions", "chest", "board"]
    only_plan = phone.get(f"/play/{game.pk}/?fragment=plan&shown={key}", HTTP_HX_REQUEST="true")
    assert only_plan.status_code == 204


def test_a_part_the_page_does_not_have_answers_the_whole_page(game):
    start(game)
    html = _get(seat_client(game, 1), game, "fragment=nothing-such")
    assert "<html" in html


def test_the_log_read_once_follows_every_change(game):
    """The log kept in the process is the database's, entry for entry and field for field as
    the ORM reads them (its own statement converts each value as the ORM does), after each
    change."""
    start(game)
    game.refresh_from_db()
    assert [e.seq for e in entries(game)] == list(range(1, game.seq + 1))
    to_planning(game)
    decisions.correct(game.pk, "a die fell off the table", resources={1: {"PRE": 2}})
    game.refresh_from_db()
    log = entries(game)
    rows = Event.objects.filter(game=game).order_by("seq").values_list(*FIELDS)
    assert [tuple(e) for e in log] == list(rows)
    assert {e.actor is None for e in log} == {True, False}  # a null and a number, converted
    assert {e.by_director for e in log} == {True, False}
