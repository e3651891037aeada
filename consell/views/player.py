"""The player's phone: their chest and the public board, and the choices the rules give them."""

from __future__ import annotations

from django.contrib import messages
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET, require_POST

from consell.game.access import bind_seat, seat_for
from consell.game.services import games as game_services
from consell.live.page_parts import PAGES, page_context, render_parts
from consell.rules.audience import Viewer
from consell.views.common import int_or_none, run_service
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
    viewer = Viewer.for_seat(seat.position)
    asked = parts_asked(request, PAGES["seat"][1])
    # A page loaded whole carries the CSRF token in its forms: they work without JavaScript.
    csrf = get_token(request) if asked is None else ""
    shown = {"plan": request.GET.get("shown", "")}
    parts = render_parts(seat.game, viewer, asked, shown, csrf=csrf)
    if asked is not None:
        return parts_response(parts)
    context = {"seat": seat, "game": seat.game, **page_context(parts)}
    return render(request, "game/play.html", context)


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
