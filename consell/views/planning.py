"""The phone's planning controls (rules §3.2): piles, sacrifices, trades and the hand-in.

Every control is a plain POST form that redirects back to the phone page, so it works
without JavaScript; each carries a nonce so a double tap changes nothing twice. Sent by htmx
(``hx-post``), the same form is answered in place: the planner part again, rendered by
``render_parts`` from the player's own view as the page and the socket render it, so the
page neither reloads nor scrolls; a refusal is answered 422 with its message alone, which
``forms.js`` shows above the form, what the player entered left as it was.
"""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from consell.game.access import seat_for
from consell.game.services import planning
from consell.live.page_parts import VERSION_HEADER, render_parts
from consell.projection.planner import parse_params, refusal
from consell.rules.audience import Viewer
from consell.rules.trades import Offer
from consell.views.common import int_or_none, run_service, viewer_view


def _back(request, game_id: int):
    """The phone page again; to htmx, the planner in place (or the refusal, 422)."""
    if not request.htmx:
        return redirect("game:play", game_id=game_id)
    said = list(messages.get_messages(request))  # told here, not on the next page
    refused = [m for m in said if m.level >= messages.WARNING]
    if refused:
        return render(request, "game/_said.html", {"said": refused}, status=422)
    seat = seat_for(request, game_id)  # the game as the change left it
    parts = render_parts(seat.game, Viewer.for_seat(seat.position), ["plan"])
    context = {"plan": parts.html["plan"], "said": said}
    response = render(request, "game/_planner_answer.html", context)
    response[VERSION_HEADER] = str(parts.version)  # live.js: a newer notice's part stays
    return response


def _for_my_seat(
    request, game_id: int, service, *args, done: str | None = None, seat=None, **options
):
    """Run a planning service for the seat this phone holds, then back to the phone page.

    The game is not read here, only the seat: the service reads the game under its lock, and
    refuses a game whose cards are not dealt yet (``store.dealt``), which the phone shows as
    any refusal. Reading its state here too was about a twentieth of a hand-in, and its row
    another trip to the database for most of a burst's hand-ins (B3, docs/performance.md)."""
    seat = seat or seat_for(request, game_id, read_game=False)
    nonce = request.POST.get("nonce")
    ran = run_service(request, service, game_id, seat.position, *args, nonce=nonce, **options)
    if ran and done:
        messages.success(request, done)
    return _back(request, game_id)


def _refuse(request, game_id: int, message: str):
    seat_for(request, game_id)  # a stranger still gets 404, not the message
    messages.error(request, message)
    return _back(request, game_id)


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
        return _refuse(request, game_id, _("That ability cannot be planned now."))
    params = parse_params(entry["fields"], request.POST)
    problem = refusal(entry["fields"], params)
    if problem:
        return _refuse(request, game_id, problem)
    done = _("Added to your plan.")
    return _for_my_seat(
        request, game_id, planning.add, source, ability, params, done=done, seat=seat
    )


@require_POST
def remove(request, game_id: int):
    index = int_or_none(request.POST.get("index"))
    if index is None:
        return _refuse(request, game_id, _("Choose a tile."))
    return _for_my_seat(request, game_id, planning.remove, request.POST.get("pile", ""), index)


@require_POST
def move(request, game_id: int):
    index = int_or_none(request.POST.get("index"))
    if index is None:
        return _refuse(request, game_id, _("Choose a tile."))
    delta = -1 if request.POST.get("direction") == "up" else 1
    pile = request.POST.get("pile", "")
    return _for_my_seat(request, game_id, planning.move, pile, index, delta)


@require_POST
def sacrifice(request, game_id: int):
    return _for_my_seat(
        request,
        game_id,
        planning.sacrifice,
        request.POST.get("tactic", ""),
        done=_("The tactic was sacrificed for its bonus."),
    )


@require_POST
def hand_in(request, game_id: int):
    done = _("Your chest is handed in. Your plan is locked.")
    secret = request.POST.get("secret")
    return _for_my_seat(request, game_id, planning.hand_in, done=done, secret=secret)


@require_POST
def propose_trade(request, game_id: int):
    to = int_or_none(request.POST.get("to"))
    if to is None:
        return _refuse(request, game_id, _("Choose who you trade with."))
    try:
        gives = _offer(request.POST, "give")
        wants = _offer(request.POST, "want")
    except ValueError:
        return _refuse(request, game_id, _("Amounts must be whole numbers of 0 or more."))
    return _for_my_seat(
        request, game_id, planning.propose_trade, to, gives, wants, done=_("Offer sent.")
    )


@require_POST
def answer_trade(request, game_id: int):
    offer = int_or_none(request.POST.get("offer"))
    if offer is None:
        return _refuse(request, game_id, _("That offer is no longer open."))
    accept = request.POST.get("answer") == "accept"
    done = _("Trade done.") if accept else _("Offer closed.")
    return _for_my_seat(request, game_id, planning.answer_trade, offer, accept, done=done)


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
