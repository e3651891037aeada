"""A notice costs a page one request: every live part it asks for, from one build of its
viewer's view (issue 14), and a planner being filled in is left alone."""

from __future__ import annotations

import re

import pytest
from django.db import transaction

from consell.game import log_cache, state_cache
from consell.game.log_cache import FIELDS, entries
from consell.game.models import Event
from consell.game.services import decisions

from .conftest import seat_client
from .helpers import start, state_of, to_planning

pytestmark = pytest.mark.django_db

ALL_PARTS = "fragment=decisions&fragment=plan&fragment=chest&fragment=board&fragment=log"


def _ids(html: str) -> list[str]:
    """The ids of the answer's top-level parts, in order."""
    return re.findall(r'<div id="([\w-]+)" hx-get="\?fragment=', html)


def _get(phone, game, query: str) -> str:
    return phone.get(f"/play/{game.pk}/?{query}", HTTP_HX_REQUEST="true").content.decode()


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
    assert _ids(together) == ["decisions", "plan-live", "chest", "board", "log-live"]


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
    assert _ids(again) == ["decisions", "chest", "board", "log-live"]
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


@pytest.mark.django_db(transaction=True)
def test_a_change_made_here_hands_its_entries_to_the_pages_rendered_for_it(
    game, monkeypatch, django_assert_num_queries
):
    """The log of the version a change of this process committed is its pages' without a read
    (``log_cache.keep_written``): the entries it wrote, as the rows hold them."""
    start(game)
    to_planning(game)
    game.refresh_from_db()
    entries(game)  # a page read the log outside any transaction: the committed log
    decisions.correct(game.pk, "a die fell off the table", resources={1: {"PRE": 2}})
    game.refresh_from_db()
    monkeypatch.setattr(state_cache, "CHECK", False)  # the suite's check reads the rows
    with django_assert_num_queries(0):
        log = entries(game)
    rows = Event.objects.filter(game=game).order_by("seq").values_list(*FIELDS)
    assert [tuple(e) for e in log] == list(rows)
    assert [type(value) for value in log[-1]] == [type(value) for value in rows.last()]
    assert log[-1].kind == "correction_reason" and log[-1].by_director


@pytest.mark.django_db(transaction=True)
def test_a_log_kept_for_a_version_is_checked_and_a_rolled_back_change_keeps_none(game):
    """Under the suite's ``CHECK`` a kept log is compared with the rows; a change rolled back
    after writing hands nothing over, and its version's log is read."""
    start(game)
    to_planning(game)
    game.refresh_from_db()
    entries(game)
    with pytest.raises(RuntimeError), transaction.atomic():
        decisions.correct(game.pk, "undone", resources={1: {"PRE": 1}})
        raise RuntimeError("the request failed after the change")
    decisions.correct(game.pk, "kept", resources={1: {"PRE": 2}})
    game.refresh_from_db()
    Event.objects.filter(game=game, seq=game.seq).update(payload={"changed": "behind the cache"})
    with pytest.raises(log_cache.StaleLog):
        entries(game)


def test_a_kept_rendering_shown_again_carries_fresh_one_time_keys(game):
    """A part's rendering is kept while what it shows is unchanged, but each delivery writes
    new one-time keys into its forms: a plan that returns to an earlier state (a tile added,
    then removed) must not offer a form whose key was used already."""
    phone = seat_client(game, 1)
    first, again = (_get(phone, game, "fragment=chest") for _ in range(2))
    nonces = re.compile(r'name="nonce" value="([0-9a-f]{32})"')
    assert nonces.findall(first), "Alice's objectives to choose are a form"
    assert not set(nonces.findall(first)) & set(nonces.findall(again))
    assert nonces.sub("", first) == nonces.sub("", again)
