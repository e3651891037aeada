"""The phone's planning controls (rules §3.2): piles, sacrifices, trades and the hand-in.

Every control is a plain POST form that redirects back to the phone page, so it works with
or without JavaScript; each carries a nonce so a double tap changes nothing twice.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from consell.rules.trades import Offer

from ..access import seat_for
from ..planner import parse_params
from ..services import planning
from ..visibility import Viewer
from .common import int_or_none, run_service, viewer_view


def _back(game_id: int):
    return redirect("game:play", game_id=game_id)


@require_POST
def add(request, game_id: int):
    seat = seat_for(request, game_id)
    source, ability = request.POST.get("source", ""), request.POST.get("ability", "")
    view = viewer_view(seat.game, Viewer.for_seat(seat.position))
    entry = next(
        (
            a
            for a in view.get("me", {}).get("plannable", [])
            if a["source"] == source and a["ability"] == ability
        ),
        None,
    )
    if entry is None:
        messages.error(request, _("That ability cannot be planned now."))
        return _back(game_id)
    params = parse_params(entry["fields"], request.POST)
    if run_service(
        request,
        planning.add,
        game_id,
        seat.position,
        source,
        ability,
        params,
        nonce=request.POST.get("nonce"),
    ):
        messages.success(request, _("Added to your plan."))
    return _back(game_id)


@require_POST
def remove(request, game_id: int):
    seat = seat_for(request, game_id)
    index = int_or_none(request.POST.get("index"))
    if index is None:
        messages.error(request, _("Choose a tile."))
    else:
        run_service(
            request,
            planning.remove,
            game_id,
            seat.position,
            request.POST.get("pile", ""),
            index,
            nonce=request.POST.get("nonce"),
        )
    return _back(game_id)


@require_POST
def move(request, game_id: int):
    seat = seat_for(request, game_id)
    index = int_or_none(request.POST.get("index"))
    delta = -1 if request.POST.get("direction") == "up" else 1
    if index is None:
        messages.error(request, _("Choose a tile."))
    else:
        run_service(
            request,
            planning.move,
            game_id,
            seat.position,
            request.POST.get("pile", ""),
            index,
            delta,
            nonce=request.POST.get("nonce"),
        )
    return _back(game_id)


@require_POST
def sacrifice(request, game_id: int):
    seat = seat_for(request, game_id)
    if run_service(
        request,
        planning.sacrifice,
        game_id,
        seat.position,
        request.POST.get("tactic", ""),
        nonce=request.POST.get("nonce"),
    ):
        messages.success(request, _("The tactic was sacrificed for its bonus."))
    return _back(game_id)


@require_POST
def hand_in(request, game_id: int):
    seat = seat_for(request, game_id)
    if run_service(
        request, planning.hand_in, game_id, seat.position, nonce=request.POST.get("nonce")
    ):
        messages.success(request, _("Your chest is handed in. Your plan is locked."))
    return _back(game_id)


@require_POST
def propose_trade(request, game_id: int):
    seat = seat_for(request, game_id)
    to = int_or_none(request.POST.get("to"))
    if to is None:
        messages.error(request, _("Choose who you trade with."))
        return _back(game_id)
    try:
        gives = _offer(request.POST, "give")
        wants = _offer(request.POST, "want")
    except ValueError:
        messages.error(request, _("Amounts must be whole numbers of 0 or more."))
        return _back(game_id)
    if run_service(
        request,
        planning.propose_trade,
        game_id,
        seat.position,
        to,
        gives,
        wants,
        nonce=request.POST.get("nonce"),
    ):
        messages.success(request, _("Offer sent."))
    return _back(game_id)


@require_POST
def answer_trade(request, game_id: int):
    seat = seat_for(request, game_id)
    offer = int_or_none(request.POST.get("offer"))
    accept = request.POST.get("answer") == "accept"
    if offer is None:
        messages.error(request, _("That offer is no longer open."))
    elif run_service(
        request,
        planning.answer_trade,
        game_id,
        seat.position,
        offer,
        accept,
        nonce=request.POST.get("nonce"),
    ):
        messages.success(request, _("Trade done.") if accept else _("Offer closed."))
    return _back(game_id)


def _offer(data, prefix: str) -> Offer:
    resources = {}
    for code in ("POW", "MON", "INT", "FOR", "FAI"):
        raw = data.get(f"{prefix}_{code}", "").strip()
        if raw:
            amount = int(raw)
            if amount < 0:
                raise ValueError(code)
            if amount:
                resources[code] = amount
    return Offer(
        resources=resources,
        tactics=tuple(data.getlist(f"{prefix}_tactics")),
        assets=tuple(data.getlist(f"{prefix}_assets")),
        information=data.get(f"{prefix}_information", "")[:500],
        promises=data.get(f"{prefix}_promises", "")[:500],
    )
