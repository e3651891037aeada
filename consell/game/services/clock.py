"""Deadlines and pauses: a game that runs over several evenings and does not wait forever for
a player who stepped out (G60, G61, G63; docs/absence.md).

The clock is kept on the game's row (``Game.clock``) and changed only through ``store``, with
an event that says so, like every other change. A deadline belongs to the moment (status,
turn, phase) that waits for players; ``store.save`` drops it when the game moves on. When it
passes, every answer the moment still waits for takes the rules' least-commitment default
(``rules.absence``), each logged as such; answers already given are never touched.

Nothing here runs by itself: ``tick`` does what is due at a moment, and it is called by the
``clock`` management command, which runs beside the server (``./dev serve``, the compose
file), and by every page of the game as it is opened, so a deadline fires with no page open
and, should the command not run, at the next visit (docs/absence.md says why).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _

from consell.game.models import Game
from consell.game.services import decisions, planning
from consell.game.services.store import DealtChange, change, clock_lapsed, dealt
from consell.game.signals import announce, deadline_near
from consell.rules import absence
from consell.rules.errors import IllegalTransitionError, InvalidParameterError
from consell.rules.event_kinds import Kind
from consell.rules.events import public
from consell.rules.payloads import (
    AnswerDefaulted,
    DeadlineChanged,
    DeadlinePassed,
    DeadlineSet,
    GamePaused,
    GameResumed,
)
from consell.rules.state import Status

MAX_MINUTES = 7 * 24 * 60  # a week: a game over several evenings
# How long before a deadline the players it waits for are reminded: a fifth of its length,
# between one and ten minutes.
REMINDER = (timedelta(minutes=1), timedelta(minutes=10))
# A passed deadline answers each wait in its own change; a moment that keeps asking (a vote's
# voters, one after another) is answered to the end, but never forever.
MAX_DEFAULTS = 500


def now() -> datetime:
    return timezone.now()


def _iso(moment: datetime) -> str:
    return moment.astimezone(UTC).isoformat()


def _at(iso: str | None) -> datetime | None:
    return parse_datetime(iso) if iso else None


def deadline_of(game: Game) -> datetime | None:
    """When the running deadline ends; None with none, or while it is stopped."""
    clock = game.clock or {}
    if "stopped_left" in clock or clock.get("paused"):
        return None
    return _at(clock.get("deadline"))


def seconds_left(game: Game, at: datetime | None = None) -> int | None:
    """The deadline's seconds left (kept while stopped); None with no deadline."""
    clock = game.clock or {}
    if "deadline" not in clock:
        return None
    if "stopped_left" in clock:
        return int(clock["stopped_left"])
    end = _at(clock["deadline"])
    return max(0, int((end - (at or now())).total_seconds())) if end else None


# -- the director's controls -------------------------------------------------------------------


def set_deadline(
    game_id: int,
    *,
    minutes: int | None = None,
    until: datetime | None = None,
    nonce: str | None = None,
    at: datetime | None = None,
) -> None:
    """A deadline on the moment that waits for players, in ``minutes`` or ``until`` a time."""
    at = at or now()
    if until is not None:
        if until <= at:
            raise InvalidParameterError(_("That time has passed: a deadline must be later."))
        minutes = max(1, round((until - at).total_seconds() / 60))
    if minutes is None or not 1 <= minutes <= MAX_MINUTES:
        raise InvalidParameterError(
            _("Give the deadline in minutes, from 1 to %(max)s.") % {"max": MAX_MINUTES}
        )
    with dealt(game_id, nonce=nonce, by_director=True) as ch:
        _refuse_unless_waiting(ch)
        _refuse_while_paused(ch.game.clock)
        end = until or at + timedelta(minutes=minutes)
        clock = clock_lapsed(ch.game.clock)
        clock.update(
            deadline=_iso(end),
            minutes=minutes,
            moment=absence.moment(ch.state),
            scope=absence.scope(ch.state),
        )
        _write(ch, clock)
        ch.record(None, [public(Kind.DEADLINE_SET, DeadlineSet(minutes=minutes, until=_iso(end)))])


def stop_deadline(game_id: int, *, nonce: str | None = None, at: datetime | None = None) -> None:
    """Stop the deadline's clock; it keeps the time it had left."""
    with change(game_id, nonce=nonce, by_director=True) as ch:
        clock = dict(ch.game.clock)
        if "deadline" not in clock or "stopped_left" in clock:
            raise IllegalTransitionError(_("No deadline is running."))
        _refuse_if_passed(clock)
        clock["stopped_left"] = seconds_left(ch.game, at)
        _write(ch, clock)
        ch.record(None, [public(Kind.DEADLINE_CHANGED, DeadlineChanged(action="paused"))])


def restart_deadline(game_id: int, *, nonce: str | None = None, at: datetime | None = None) -> None:
    """Run the stopped deadline again with the time it had left."""
    at = at or now()
    with change(game_id, nonce=nonce, by_director=True) as ch:
        clock = dict(ch.game.clock)
        if "stopped_left" not in clock:
            raise IllegalTransitionError(_("The deadline is not stopped."))
        _refuse_while_paused(clock)
        end = at + timedelta(seconds=clock.pop("stopped_left"))
        clock["deadline"] = _iso(end)
        _write(ch, clock)
        ch.record(
            None,
            [public(Kind.DEADLINE_CHANGED, DeadlineChanged(action="resumed", until=_iso(end)))],
        )


def extend_deadline(
    game_id: int, minutes: int, *, nonce: str | None = None, at: datetime | None = None
) -> None:
    """Give the players ``minutes`` more."""
    if not 1 <= minutes <= MAX_MINUTES:
        raise InvalidParameterError(
            _("Give the extra time in minutes, from 1 to %(max)s.") % {"max": MAX_MINUTES}
        )
    with change(game_id, nonce=nonce, by_director=True) as ch:
        clock = dict(ch.game.clock)
        if "deadline" not in clock:
            raise IllegalTransitionError(_("There is no deadline to extend."))
        _refuse_if_passed(clock)
        if "stopped_left" in clock:
            clock["stopped_left"] += minutes * 60
            end = (at or now()) + timedelta(seconds=clock["stopped_left"])
        else:
            end = max(_at(clock["deadline"]) or at or now(), at or now())
            end += timedelta(minutes=minutes)
            clock["deadline"] = _iso(end)
        clock["reminded"] = False
        clock.pop("passed", None)
        _write(ch, clock)
        ch.record(
            None,
            [
                public(
                    Kind.DEADLINE_CHANGED,
                    DeadlineChanged(action="extended", minutes=minutes, until=_iso(end)),
                )
            ],
        )


def end_deadline(game_id: int, *, nonce: str | None = None, at: datetime | None = None) -> None:
    """End the deadline now: what is still missing takes its default at once."""
    at = at or now()
    with change(game_id, nonce=nonce, by_director=True) as ch:
        clock = dict(ch.game.clock)
        if "deadline" not in clock:
            raise IllegalTransitionError(_("There is no deadline to end."))
        _refuse_if_passed(clock)
        _refuse_while_paused(clock)
        clock.pop("stopped_left", None)
        clock["deadline"] = _iso(at)
        _write(ch, clock)
        ch.record(None, [public(Kind.DEADLINE_CHANGED, DeadlineChanged(action="ended"))])
    fire(game_id, at=at)


def pause(
    game_id: int,
    *,
    resumes: datetime | None = None,
    nonce: str | None = None,
    at: datetime | None = None,
) -> None:
    """Pause the game (G63): no player's change is taken and the deadline stands still until
    the director resumes it; ``resumes``, when given, is what the table is told."""
    at = at or now()
    if resumes is not None and resumes <= at:
        raise InvalidParameterError(_("That time has passed: say when the game resumes."))
    with change(game_id, nonce=nonce, by_director=True) as ch:
        if ch.state is None or ch.state.status is Status.FINISHED:
            raise IllegalTransitionError(_("Only a game being played can be paused."))
        clock = dict(ch.game.clock)
        if clock.get("paused"):
            raise IllegalTransitionError(_("The game is already paused."))
        if "deadline" in clock and "stopped_left" not in clock and not clock.get("passed"):
            clock["stopped_left"] = seconds_left(ch.game, at)
            clock["stopped_by_pause"] = True
        iso = _iso(resumes) if resumes else ""
        clock["paused"] = {"at": _iso(at), "resumes": iso}
        _write(ch, clock)
        ch.record(None, [public(Kind.GAME_PAUSED, GamePaused(resumes=iso))])


def resume(game_id: int, *, nonce: str | None = None, at: datetime | None = None) -> None:
    """Resume a paused game; a deadline the pause stopped runs on with the time it had."""
    at = at or now()
    with change(game_id, nonce=nonce, by_director=True) as ch:
        clock = dict(ch.game.clock)
        paused = clock.pop("paused", None)
        if not paused:
            raise IllegalTransitionError(_("The game is not paused."))
        if clock.pop("stopped_by_pause", False) and "stopped_left" in clock:
            clock["deadline"] = _iso(at + timedelta(seconds=clock.pop("stopped_left")))
        clock["resumed_at"] = _iso(at)
        since = _at(paused["at"]) or at
        _write(ch, clock)
        ch.record(
            None,
            [public(Kind.GAME_RESUMED, GameResumed(paused_for=int((at - since).total_seconds())))],
        )


# -- what is due -----------------------------------------------------------------------------


def tick(game: Game, at: datetime | None = None) -> bool:
    """Do what the clock owes ``game`` at ``at``: remind before its deadline, answer for the
    missing once it passed. True when it changed the game. Cheap when nothing is due: it
    reads only the row it is given."""
    at = at or now()
    end = deadline_of(game)
    if end is None:
        return False
    if at >= end:
        return fire(game.pk, at=at)
    if not game.clock.get("reminded") and at >= end - _reminder(game.clock):
        return remind(game.pk, at=at)
    return False


def _reminder(clock: dict) -> timedelta:
    low, high = REMINDER
    return min(high, max(low, timedelta(minutes=clock.get("minutes", 5)) / 5))


def remind(game_id: int, *, at: datetime | None = None) -> bool:
    """Tell the players the deadline still waits for that it ends soon (``deadline_near``)."""
    with dealt(game_id, while_paused=True) as ch:
        clock = dict(ch.game.clock)
        if clock.get("reminded") or "deadline" not in clock:
            return False
        clock["reminded"] = True
        _write(ch, clock)
        ch.touch(public=True)  # every page marks the last minutes; a hidden one notifies
        seats = sorted({w.seat for w in _waits(ch)})
        game_id, until = ch.game.pk, clock["deadline"]
    announce(deadline_near, game_id=game_id, seats=seats, until=until)
    return True


def fire(game_id: int, *, at: datetime | None = None) -> bool:
    """The deadline passed: each answer it was set for that is still missing takes its
    default, in turn; then it is over, and the pages stop showing it (even when every answer
    came in before it). True when it changed the game."""
    at = at or now()
    changed = False
    for _round in range(MAX_DEFAULTS):
        with dealt(game_id, while_paused=True) as ch:
            end = deadline_of(ch.game)
            if end is None or at < end or ch.game.clock.get("moment") != absence.moment(ch.state):
                return changed
            waits = _waits(ch)
            if not ch.game.clock.get("passed"):
                _write(ch, dict(ch.game.clock, passed=True))
                ch.record(None, [public(Kind.DEADLINE_PASSED, DeadlinePassed(waiting=len(waits)))])
            if not waits:
                # What it was set for is answered: a decision opened since is not its own.
                _write(ch, clock_lapsed(ch.game.clock))
                ch.touch(public=True)
                return True
            _default(ch, waits[0])
        changed = True
    return changed


def _default(ch: DealtChange, wait: absence.Wait) -> None:
    """The missing answer ``wait``, given its default and logged as forced, with its reason
    first (G61). Not the director's: nobody at the table chose it, so the audit does not count
    it among the director's decisions for a player."""
    pending = next((p for p in ch.state.pending if p.id == wait.pending), None)
    kind = pending.kind if pending is not None else "plan"
    said = AnswerDefaulted(seat=wait.seat, reason="deadline", kind=kind)
    if pending is not None:
        said["pending"] = pending.id
    ch.record(None, [public(Kind.ANSWER_DEFAULTED, said)])
    if pending is None:
        planning.closing_for(ch, wait.seat, at_deadline=True)
    else:
        answer = absence.least_commitment(ch.state, ch.ruleset, pending, wait.seat)
        decisions.deciding(ch, pending.id, answer, None)


def due(at: datetime | None = None) -> list[int]:
    """The games whose clock may owe something now: a running deadline (the command's loop)."""
    return [
        g.pk
        for g in Game.objects.exclude(clock={}).only("pk", "clock")
        if deadline_of(g) is not None
    ]


def _refuse_unless_waiting(ch: DealtChange) -> None:
    if ch.state.status is Status.FINISHED:
        raise IllegalTransitionError(_("The game is over."))
    if not absence.awaited(ch.state):
        raise IllegalTransitionError(
            _("Nothing waits for the players now: set the deadline when a phase waits for them.")
        )


def _waits(ch: DealtChange) -> list[absence.Wait]:
    """What the game waits for that its deadline was set for (G60)."""
    return absence.awaited_within(ch.state, ch.game.clock.get("scope"))


def _refuse_if_passed(clock: dict) -> None:
    """A passed deadline is over (its last defaults are being given): a decision opened since
    gets a deadline of its own."""
    if clock.get("passed"):
        raise IllegalTransitionError(_("That deadline has passed: set a new one."))


def _refuse_while_paused(clock: dict) -> None:
    """A deadline's clock cannot run while the game is paused: resume it first (G63)."""
    if clock.get("paused"):
        raise IllegalTransitionError(_("The game is paused: resume it first."))


def _write(ch, clock: dict) -> None:
    ch.game.clock = clock
    ch.row_fields.add("clock")
