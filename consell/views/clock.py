"""The director's controls of time and absence (G60, G62, G63): a deadline on the phase that
waits for players, a pause over several evenings, and stand-ins for absent seats. Each posts
to a service, which refuses bad input with a message and changes nothing."""

from __future__ import annotations

from datetime import datetime

from django.contrib import messages
from django.shortcuts import redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from consell.game.access import directing
from consell.game.services import clock, stand_ins
from consell.views.common import int_or_none, run_directors


def _back(game_id: int):
    return redirect("game:dashboard", game_id=game_id)


def _moment(raw: str) -> datetime | None:
    """A ``datetime-local`` box's value, in the table's time zone; None when empty or not a
    moment."""
    try:
        naive = datetime.fromisoformat(raw.strip())
    except ValueError:
        return None
    return timezone.make_aware(naive) if timezone.is_naive(naive) else naive


@require_POST
def deadline(request, game_id: int):
    """Set, stop, run again, extend or end the deadline (``action``)."""
    game_id = directing(request, game_id)
    action, nonce = request.POST.get("action", ""), request.POST.get("nonce")
    minutes = int_or_none(request.POST.get("minutes"))
    if action == "set":
        until_raw = request.POST.get("until", "").strip()
        until = _moment(until_raw) if until_raw else None
        if until_raw and until is None:
            messages.error(request, _("Give the time as a date and an hour."))
            return _back(game_id)
        if until is None and minutes is None:
            messages.error(request, _("Give the deadline in minutes, or the time it ends."))
            return _back(game_id)
        if run_directors(
            request, clock.set_deadline, game_id, minutes=minutes, until=until, nonce=nonce
        ):
            messages.success(request, _("Deadline set: every phone shows the countdown."))
    elif action == "stop":
        if run_directors(request, clock.stop_deadline, game_id, nonce=nonce):
            messages.success(request, _("The deadline's clock is stopped."))
    elif action == "restart":
        if run_directors(request, clock.restart_deadline, game_id, nonce=nonce):
            messages.success(request, _("The deadline's clock runs again."))
    elif action == "extend":
        if minutes is None:
            messages.error(request, _("Say how many minutes more."))
        elif run_directors(request, clock.extend_deadline, game_id, minutes, nonce=nonce):
            messages.success(request, _("The players have more time."))
    elif action == "end":
        if run_directors(request, clock.end_deadline, game_id, nonce=nonce):
            messages.success(request, _("The deadline is ended."))
    else:
        messages.error(request, _("Choose what to do with the deadline."))
    return _back(game_id)


@require_POST
def pause(request, game_id: int):
    """Pause the game (``resumes``: when the table meets again, optional) or resume it."""
    game_id = directing(request, game_id)
    nonce = request.POST.get("nonce")
    if request.POST.get("action") == "resume":
        if run_directors(request, clock.resume, game_id, nonce=nonce):
            messages.success(request, _("The game resumes."))
        return _back(game_id)
    raw = request.POST.get("resumes", "").strip()
    resumes = _moment(raw) if raw else None
    if raw and resumes is None:
        messages.error(request, _("Give the time as a date and an hour."))
    elif run_directors(request, clock.pause, game_id, resumes=resumes, nonce=nonce):
        messages.success(request, _("The game is paused: the phones and the board say so."))
    return _back(game_id)


@require_POST
def stand_in(request, game_id: int):
    """Hand a seat to a stand-in, or take it back (``action``)."""
    game_id = directing(request, game_id)
    seat, nonce = int_or_none(request.POST.get("seat")), request.POST.get("nonce")
    if seat is None:
        messages.error(request, _("Choose a player."))
        return _back(game_id)
    nonce = f"{seat}:{nonce}" if nonce else None
    if request.POST.get("action") == "take_back":
        if run_directors(request, stand_ins.take_back, game_id, seat, nonce=nonce):
            messages.success(request, _("The player plays their own seat again."))
    elif run_directors(request, stand_ins.hand_over, game_id, seat, nonce=nonce):
        messages.success(request, _("A stand-in plays this seat from its own phone's view."))
    return _back(game_id)
