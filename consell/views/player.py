"""The player's phone: their chest and the public board, and the choices the rules give them."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.translation import gettext as _
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET, require_POST

from consell.game.access import bind_seat, seat_for
from consell.game.models import Seat
from consell.game.services import games as game_services
from consell.live import notify as remote
from consell.live.page_parts import PAGES, page_context, render_parts
from consell.rules.audience import Viewer
from consell.views.common import int_or_none, on_time, run_service
from consell.views.forms import NotifyForm
from consell.views.parts import parts_asked, parts_response


@require_GET
def join(request, token: str):
    """Open a seat from its private link (or QR code) and bind this browser to it."""
    seat = bind_seat(request, token)
    return redirect("game:play", game_id=seat.game_id)


@require_GET
@ensure_csrf_cookie
def play(request, game_id: int):
    seat = seat_for(request, game_id)
    if on_time(seat.game):
        seat = seat_for(request, game_id)
    viewer = Viewer.for_seat(seat.position)
    asked = parts_asked(request, PAGES["seat"][1])
    # A page loaded whole carries the CSRF token in its forms: they work without JavaScript.
    csrf = get_token(request) if asked is None else ""
    shown = {"plan": request.GET.get("shown", "")}
    parts = render_parts(seat.game, viewer, asked, shown, csrf=csrf)
    if asked is not None:
        return parts_response(parts)
    context = {
        "seat": seat,
        "game": seat.game,
        "recap": recap(seat, parts.view),
        "email_enabled": settings.EMAIL_ENABLED,
        **page_context(parts),
    }
    _seen(seat)
    return render(request, "game/play.html", context)


RECAP_MAX = 40


def recap(seat, view) -> list[str] | None:
    """What happened since this phone last opened the game, when the game was paused and
    resumed since (G63): the player's own log, which the audience rule already cut to what
    they may read, from the entry after the last one their page showed; newest first. None
    when there is nothing to recap."""
    resumed = parse_datetime((seat.game.clock or {}).get("resumed_at") or "")
    if resumed is None or not seat.seen_seq:
        return None
    if seat.seen_at is not None and seat.seen_at >= resumed:
        return None
    lines = [e["text"] or e["kind"] for e in view.get("log", ()) if e["seq"] > seat.seen_seq]
    return lines[:RECAP_MAX] or None


def _seen(seat) -> None:
    """The phone showed the log up to the game's newest entry now: the next recap starts
    after it. The seat's own row: no event, no version (nothing anyone sees changes)."""
    Seat.objects.filter(pk=seat.pk).update(seen_seq=seat.game.seq, seen_at=timezone.now())


@require_POST
def keep_objectives(request, game_id: int):
    seat = seat_for(request, game_id)
    collective = request.POST.get("collective", "")
    personal = request.POST.get("personal", "")
    if not collective or not personal:
        messages.error(request, _("Choose one collective and one personal objective."))
    elif run_service(
        request,
        game_services.keep_objectives,
        game_id,
        seat.position,
        collective,
        personal,
        nonce=request.POST.get("nonce"),
    ):
        messages.success(request, _("Objectives kept. The others go back unseen."))
    return redirect("game:play", game_id=game_id)


@require_POST
def appoint(request, game_id: int):
    """A King appoints a member to an office, or takes it back (rules §2 step 8, G24)."""
    seat = seat_for(request, game_id)
    office = request.POST.get("office", "")
    member = int_or_none(request.POST.get("member"))
    if run_service(
        request,
        game_services.appoint,
        game_id,
        seat.position,
        office,
        member,
        nonce=request.POST.get("nonce"),
    ):
        messages.success(request, _("Appointment recorded."))
    return redirect("game:play", game_id=game_id)


@require_POST
def notify(request, game_id: int):
    """The player asks to be e-mailed when the game waits for them, or no longer (issue 37).
    Their own preference, kept on their seat: not the game's state, so no service and no
    event. A bad address changes nothing."""
    seat = seat_for(request, game_id)
    if not settings.EMAIL_ENABLED:
        messages.error(request, _("This server sends no e-mail: nothing was changed."))
        return redirect("game:play", game_id=game_id)
    form = NotifyForm(request.POST)
    if not form.is_valid():
        for error in [*form.errors.get("email", []), *form.non_field_errors()]:
            messages.error(request, str(error))
        return redirect("game:play", game_id=game_id)
    seat.email, seat.notify = form.cleaned_data["email"], form.cleaned_data["notify"]
    fields = ["email", "notify"]
    if seat.notify:
        # What the game waits for now the player sees on the phone in their hand.
        seat.notified = remote.told_now(seat.game, seat.position)
        fields.append("notified")
    seat.save(update_fields=fields)
    if seat.notify:
        messages.success(
            request,
            _("You will get an e-mail at %(email)s when the game waits for you.")
            % {"email": seat.email},
        )
    else:
        messages.success(request, _("No e-mails: the game will not write to you."))
    return redirect("game:play", game_id=game_id)
