"""Decisions from the phones (and from the dashboard for an absent player)."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from consell.game.access import directing, seat_for
from consell.game.services import decisions
from consell.projection.decisions import Posted
from consell.views.common import expected_seq, int_or_none, run_directors, run_service


def _decide(request, game_id: int, seat: int | None, done: str, run=run_service) -> None:
    """Apply a decision form for ``seat`` (None: the director, for an absent player)."""
    pending = int_or_none(request.POST.get("pending"))
    if pending is None:
        messages.error(request, _("That decision is no longer asked."))
        return
    decision = Posted(request.POST)  # read by the pending's own form, in the service
    nonce = request.POST.get("nonce")
    if run(request, decisions.decide, game_id, pending, decision, seat=seat, nonce=nonce):
        messages.success(request, done)


@require_POST
def phone_decide(request, game_id: int):
    seat = seat_for(request, game_id)
    _decide(request, game_id, seat.position, _("Done."))
    return redirect("game:play", game_id=game_id)


@require_POST
def director_decide(request, game_id: int):
    """The director decides for an absent player; recorded as the director's decision."""
    game_id = directing(request, game_id)
    _decide(request, game_id, None, _("Recorded as the director's decision."), run_directors)
    return redirect("game:dashboard", game_id=game_id)


@require_POST
def run_procedure(request, game_id: int):
    game_id = directing(request, game_id)
    pending = int_or_none(request.POST.get("pending"))
    if pending is not None:
        run_directors(
            request,
            decisions.run_procedure,
            game_id,
            pending,
            nonce=request.POST.get("nonce"),
            expected_seq=expected_seq(request),
        )
    return redirect("game:dashboard", game_id=game_id)


@require_POST
def correct(request, game_id: int):
    """A manual correction: resource deltas per player and indicator values, with a reason."""
    game_id = directing(request, game_id)
    resources: dict[int, dict[str, int]] = {}
    indicators: dict[int, dict[str, int]] = {}
    try:
        for key, value in request.POST.items():
            if not value.strip():
                continue
            if key.startswith("res_"):
                seat, code = key.split("_", 2)[1:]
                resources.setdefault(int(seat), {})[code] = int(value)
            elif key.startswith("ind_"):
                kingdom, name = key.split("_", 2)[1:]
                indicators.setdefault(int(kingdom), {})[name] = int(value)
    except ValueError:
        messages.error(request, _("Corrections are whole numbers."))
        return redirect("game:dashboard", game_id=game_id)
    if run_directors(
        request,
        decisions.correct,
        game_id,
        request.POST.get("reason", ""),
        resources=resources,
        indicators=indicators,
        nonce=request.POST.get("nonce"),
        expected_seq=expected_seq(request),
    ):
        messages.success(request, _("Correction logged."))
    return redirect("game:dashboard", game_id=game_id)


@require_POST
def kingdom_action(request, game_id: int):
    """Expel, execute, found a kingdom for, or move a player, from the dashboard (§4.12, §4.13)."""
    game_id = directing(request, game_id)
    seat = int_or_none(request.POST.get("seat"))
    if seat is None:
        messages.error(request, _("Choose a player."))
        return redirect("game:dashboard", game_id=game_id)
    joiners = [j for j in (int_or_none(v) for v in request.POST.getlist("joiners")) if j]
    if run_directors(
        request,
        decisions.kingdom_action,
        game_id,
        request.POST.get("action", ""),
        seat,
        request.POST.get("reason", ""),
        kingdom=int_or_none(request.POST.get("kingdom")),
        joiners=[j for j in joiners if j != seat],
        nonce=request.POST.get("nonce"),
        expected_seq=expected_seq(request),
    ):
        messages.success(request, _("Done, and logged as the director's."))
    return redirect("game:dashboard", game_id=game_id)
