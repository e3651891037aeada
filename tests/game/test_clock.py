"""Deadlines and pauses (G60, G61, G63; docs/absence.md): what a director sets, what a passed
deadline answers for the missing, and what is refused."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from consell.game.models import Event, Game
from consell.game.services import clock, planning
from consell.game.services import turn as turn_services
from consell.rules import absence
from consell.rules.errors import RuleError
from consell.rules.event_kinds import Kind

from .helpers import SEATS, at_a_decision, start, state_of, to_planning


@pytest.fixture
def planning_game(game) -> Game:
    start(game)
    to_planning(game)
    return game


def _kinds(game, *kinds):
    return list(Event.objects.filter(game=game, kind__in=kinds).values_list("kind", "payload"))


def test_a_passed_deadline_takes_the_plan_as_it_stands_for_the_missing_only(planning_game):
    """G60/G61 (G37's close): "a player who has not submitted has their current draft
    submitted automatically"; a plan already handed in is never touched."""
    game = planning_game
    t0 = timezone.now()
    planning.hand_in(game.pk, 2)
    clock.set_deadline(game.pk, minutes=10, at=t0)
    assert not clock.tick(Game.objects.get(pk=game.pk), at=t0 + timedelta(minutes=1))
    assert clock.tick(Game.objects.get(pk=game.pk), at=t0 + timedelta(minutes=11))
    state = state_of(game)
    assert all(p.plan.handed_in for p in state.players)
    closed = {p.seat for p in state.players if p.plan.closed_by_director}
    assert closed == set(SEATS) - {2}
    defaulted = _kinds(game, Kind.ANSWER_DEFAULTED)
    assert sorted(p["seat"] for _, p in defaulted) == sorted(set(SEATS) - {2})
    assert all(p == {**p, "reason": "deadline", "kind": "plan"} for _, p in defaulted)
    assert [k for k, _ in _kinds(game, Kind.DEADLINE_PASSED)] == [Kind.DEADLINE_PASSED]
    # Nothing is left to wait for, and the deadline lapses when the phase moves on.
    assert absence.awaited(state) == []
    turn_services.advance(game.pk)
    assert "deadline" not in Game.objects.get(pk=game.pk).clock


def test_a_paused_game_refuses_the_phones_and_stops_the_deadline(planning_game):
    """G63: while paused nothing a player sends is taken, and the deadline stands still."""
    game = planning_game
    t0 = timezone.now()
    clock.set_deadline(game.pk, minutes=10, at=t0)
    clock.pause(game.pk, resumes=t0 + timedelta(days=1), at=t0 + timedelta(minutes=4))
    with pytest.raises(RuleError, match="paused"):
        planning.hand_in(game.pk, 1)
    later = t0 + timedelta(hours=5)
    assert not clock.tick(Game.objects.get(pk=game.pk), at=later)
    assert not state_of(game).player(1).plan.handed_in
    clock.resume(game.pk, at=later)
    row = Game.objects.get(pk=game.pk)
    assert clock.seconds_left(row, at=later) == 6 * 60
    planning.hand_in(game.pk, 1)
    assert state_of(game).player(1).plan.handed_in


@pytest.mark.parametrize(
    "bad",
    [
        lambda g, t: clock.set_deadline(g, until=t - timedelta(minutes=1), at=t),
        lambda g, t: clock.set_deadline(g, minutes=0, at=t),
        lambda g, t: clock.extend_deadline(g, 5, at=t),
        lambda g, t: clock.resume(g, at=t),
        lambda g, t: (clock.pause(g, at=t), clock.pause(g, at=t)),
        lambda g, t: clock.pause(g, resumes=t - timedelta(hours=1), at=t),
    ],
    ids=["past", "zero", "extend-none", "resume-unpaused", "second-pause", "resume-in-past"],
)
def test_bad_clock_input_is_refused_and_changes_nothing(planning_game, bad):
    game = planning_game
    t0 = timezone.now()
    seq = Game.objects.get(pk=game.pk).seq
    try:
        bad(game.pk, t0)
    except RuleError:
        pass
    else:
        pytest.fail("accepted")
    row = Game.objects.get(pk=game.pk)
    # The second pause's first call is a real pause: only its refusal must change nothing.
    expected = seq + (1 if row.clock.get("paused") else 0)
    assert row.seq == expected


def test_a_passed_deadline_answers_every_decision_it_waits_for(db):
    """G61: each missing decision takes the rules' least-commitment answer, one after another
    while the moment keeps asking (a vote's voters in turn, §4.7), and is logged as forced."""
    game = at_a_decision()
    state = state_of(game)
    asked = {w.pending for w in absence.awaited(state) if w.pending is not None}
    kinds = {p.id: p.kind for p in state.pending}
    held = {p.id for p in state.pending}
    t0 = timezone.now()
    clock.set_deadline(game.pk, minutes=3, at=t0)
    assert clock.fire(game.pk, at=t0 + timedelta(minutes=4))
    after = state_of(game)
    defaulted = [p for _, p in _kinds(game, Kind.ANSWER_DEFAULTED)]
    assert {p["pending"] for p in defaulted} >= asked
    for said in defaulted:
        assert said["reason"] == "deadline"
        assert said["kind"] == kinds.get(said["pending"], said["kind"])
    # What it was set for is answered; a decision the answers opened waits for its players.
    assert not [w for w in absence.awaited(after) if w.pending in held]
    assert {p["pending"] for p in defaulted} <= held


def test_a_decision_opened_after_the_deadline_passed_is_asked_not_defaulted(db):
    """G60: a deadline is for what waited when it was set. A decision that opens later in the
    same phase (here, one the defaults themselves open) is asked of its players; the director
    sets a deadline on it if need be."""
    game = at_a_decision()
    held = {p.id for p in state_of(game).pending}
    t0 = timezone.now()
    clock.set_deadline(game.pk, minutes=3, at=t0)
    assert clock.fire(game.pk, at=t0 + timedelta(minutes=4))
    opened = [w for w in absence.awaited(state_of(game)) if w.pending not in held]
    assert opened  # the simulated game's answers open another decision
    seq = Game.objects.get(pk=game.pk).seq
    assert not clock.tick(Game.objects.get(pk=game.pk), at=t0 + timedelta(minutes=30))
    assert Game.objects.get(pk=game.pk).seq == seq
    # It is over: the pages no longer show it, and there is nothing to give more time to.
    assert "deadline" not in Game.objects.get(pk=game.pk).clock
    with pytest.raises(RuleError, match="no deadline"):
        clock.extend_deadline(game.pk, 5, at=t0 + timedelta(minutes=31))
    clock.set_deadline(game.pk, minutes=3, at=t0 + timedelta(minutes=31))
    assert clock.fire(game.pk, at=t0 + timedelta(minutes=35))
    assert opened[0] not in absence.awaited(state_of(game))


def test_a_passed_deadline_fires_with_no_page_open(planning_game):
    """The deadline is a row: the ``clock`` command, a process of its own beside the server
    (``./dev serve`` starts it), fires it with no page open, whatever process set it."""
    from django.core.management import call_command

    game = planning_game
    clock.set_deadline(game.pk, minutes=10, at=timezone.now() - timedelta(minutes=30))
    call_command("clock", "--once")
    assert all(p.plan.handed_in for p in state_of(game).players)


@pytest.mark.parametrize("page", ["board", "director", "phone"])
def test_a_passed_deadline_fires_at_the_next_visit_of_any_page(planning_game, page, director):
    """Where the command does not run, the next page of the game opened fires it."""
    from django.test import Client

    from .conftest import seat_client

    game = planning_game
    clock.set_deadline(game.pk, minutes=10, at=timezone.now() - timedelta(minutes=30))
    if page == "board":
        response = Client().get(f"/board/{game.board_token}/")
    elif page == "director":
        browser = Client()
        browser.force_login(director)
        response = browser.get(f"/games/{game.pk}/")
    else:
        response = seat_client(game, 1).get(f"/play/{game.pk}/")
    assert response.status_code == 200
    assert all(p.plan.handed_in for p in state_of(game).players)
    assert Event.objects.filter(game=game, kind=Kind.DEADLINE_PASSED).count() == 1


def test_a_deadline_default_is_the_deadline_s_not_the_director_s(db):
    """G61: the default is "logged as forced with its reason"; nobody at the table chose it,
    so neither the log nor the audit says the director decided or closed anything for the
    player, and the reason comes first."""
    from consell.audit.export import build_document
    from consell.audit.timeline import summarise, timeline
    from consell.rules.audience import Viewer

    game = at_a_decision()
    t0 = timezone.now()
    seq = Game.objects.get(pk=game.pk).seq
    clock.set_deadline(game.pk, minutes=3, at=t0)
    assert clock.fire(game.pk, at=t0 + timedelta(minutes=4))
    made = list(Event.objects.filter(game=game, seq__gt=seq + 1).order_by("seq"))
    assert made and not any(e.by_director for e in made)
    assert made[0].kind == Kind.DEADLINE_PASSED and made[1].kind == Kind.ANSWER_DEFAULTED
    entries = timeline(build_document(game, Viewer.director())["events"])
    assert summarise(entries).for_player == 0


def test_a_plan_taken_at_the_deadline_is_not_said_to_be_closed_by_the_director(planning_game):
    """G61 (G37's close): the plan is taken as it stands; the player's phone says so, and no
    entry says the director closed it."""
    from .conftest import seat_client

    game = planning_game
    t0 = timezone.now()
    clock.set_deadline(game.pk, minutes=10, at=t0)
    assert clock.fire(game.pk, at=t0 + timedelta(minutes=11))
    assert not Event.objects.filter(game=game, kind=Kind.PLAN_CLOSED_BY_DIRECTOR).exists()
    assert (
        not Event.objects.filter(game=game, by_director=True, seq__gt=2)
        .exclude(kind__in=[Kind.DEADLINE_SET])
        .exists()
    )
    page = seat_client(game, 1).get(f"/play/{game.pk}/", HTTP_ACCEPT_LANGUAGE="en")
    assert "Your plan was taken as it stood, without your hand-in" in page.content.decode()


def test_a_deadline_everyone_beat_passes_quietly_and_cannot_be_extended(planning_game):
    """G60: a deadline all answers came in before still passes and is over (the pages stop
    counting down, instead of showing 0:00 for ever); giving it more time is refused."""
    game = planning_game
    t0 = timezone.now()
    clock.set_deadline(game.pk, minutes=10, at=t0)
    for seat in SEATS:
        planning.hand_in(game.pk, seat)
    assert clock.tick(Game.objects.get(pk=game.pk), at=t0 + timedelta(minutes=11))
    row = Game.objects.get(pk=game.pk)
    assert "deadline" not in row.clock
    (passed,) = _kinds(game, Kind.DEADLINE_PASSED)
    assert passed[1]["waiting"] == 0
    assert not _kinds(game, Kind.ANSWER_DEFAULTED)
    with pytest.raises(RuleError, match="no deadline"):
        clock.extend_deadline(game.pk, 5, at=t0 + timedelta(minutes=12))
    assert Game.objects.get(pk=game.pk).seq == row.seq
    # Looking again changes nothing more.
    assert not clock.tick(Game.objects.get(pk=game.pk), at=t0 + timedelta(minutes=13))


def test_a_pause_after_the_deadline_passed_stops_no_clock(planning_game):
    """G63: a pause stops a running deadline; one that has passed has no time left to keep,
    so the pages do not say it is stopped with 0 minutes."""
    game = planning_game
    t0 = timezone.now()
    clock.set_deadline(game.pk, minutes=10, at=t0)
    clock.fire(game.pk, at=t0 + timedelta(minutes=11))
    clock.pause(game.pk, at=t0 + timedelta(minutes=12))
    row = Game.objects.get(pk=game.pk)
    assert row.clock["paused"] and "stopped_left" not in row.clock


def test_the_board_tells_a_plan_taken_at_the_deadline_from_a_plan_handed_in(planning_game):
    """G61: the table was told in the log who did not answer in time; the board's list of who
    has handed in says it too, instead of marking both alike."""
    from django.test import Client

    game = planning_game
    t0 = timezone.now()
    planning.hand_in(game.pk, 2)
    clock.set_deadline(game.pk, minutes=10, at=t0)
    clock.fire(game.pk, at=t0 + timedelta(minutes=11))
    page = Client().get(f"/board/{game.board_token}/", HTTP_ACCEPT_LANGUAGE="en")
    text = page.content.decode()
    assert text.count("plan taken as it stood") >= len(SEATS) - 1
    assert "handed in" in text


@pytest.mark.parametrize(
    "control",
    [
        lambda g, t: clock.stop_deadline(g, at=t),
        lambda g, t: clock.extend_deadline(g, 5, at=t),
        lambda g, t: clock.end_deadline(g, at=t),
    ],
    ids=["stop", "extend", "end"],
)
def test_a_passed_deadline_still_answering_takes_no_control(planning_game, control):
    """G60: between its pass and its last default (each default is its own change, and a
    server may stop between two) a deadline is over: its clock is not stopped, given more
    time or ended again."""
    game = planning_game
    t0 = timezone.now()
    clock.set_deadline(game.pk, minutes=10, at=t0)
    row = Game.objects.get(pk=game.pk)
    Game.objects.filter(pk=game.pk).update(clock={**row.clock, "passed": True})
    with pytest.raises(RuleError, match="has passed"):
        control(game.pk, t0 + timedelta(minutes=11))
    assert Game.objects.get(pk=game.pk).seq == row.seq
