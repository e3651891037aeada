"""The player's phone: their chest and the public board, and the choices the rules give them."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from ..access import bind_seat, seat_for
from ..digests import digest, kept_digest
from ..live_parts import PLAN_KEY_HEADER
from ..services import games as game_services
from ..visibility import Viewer
from .common import int_or_none, run_service, viewer_view
from .parts import parts_asked, render_parts

# The parts of play.html a notice refreshes (its elements with hx-trigger="consell:changed").
LIVE_PARTS = ("decisions", "plan", "chest", "board")

PLAN_PILES = (
    ("indications", gettext_lazy("Indications")),
    ("actions", gettext_lazy("Actions, in order")),
    ("secrets", gettext_lazy("Secrets, in order")),
)


@require_GET
def join(request, token: str):
    """Open a seat from its private link (or QR code) and bind this browser to it."""
    seat = bind_seat(request, token)
    return redirect("game:play", game_id=seat.game_id)


@require_GET
def play(request, game_id: int):
    seat = seat_for(request, game_id)
    context = {
        "seat": seat,
        "view": viewer_view(seat.game, Viewer.for_seat(seat.position)),
        "plan_piles": PLAN_PILES,
        "tradeable": ("POW", "MON", "INT", "FOR", "FAI"),
    }
    key = context["plan_key"] = plan_key(context["view"])
    parts = parts_asked(request, LIVE_PARTS)
    if parts is not None:
        if request.GET.get("shown") == key:
            parts = [name for name in parts if name != "plan"]  # what is being typed stays
        response = render_parts(request, "game/play.html", parts, context)
        response[PLAN_KEY_HEADER] = key
        return response
    return render(request, "game/play.html", context)


def plan_key(view) -> str:
    """A digest of what the planner shows (the plan, what may be planned, the trades), so an
    open phone refreshes its planner only when that changed (Planning opened or closed, a tile
    added, a trade offered or answered)."""
    me = view.get("me") or {}
    # The planner and the plan are kept from one version to the next while they do not
    # change (``planner.plannable_kept``, ``visibility._chest_kept``): written out once.
    kept = [kept_digest(me.get("plannable")).hex(), kept_digest(me.get("plan")).hex()]
    return digest([*kept, me.get("offers"), me.get("may_trade")]).hex()[:16]


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
