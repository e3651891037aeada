"""The director's turn controls: one POST per resolution step, each keyed to the page's seq."""

from __future__ import annotations

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from consell.game.access import directing
from consell.game.services import turn
from consell.views.common import expected_seq, int_or_none, run_directors
from consell.wording.elision import elide


def _step(request, game_id: int, service, **kwargs):
    game_id = directing(request, game_id)
    run_directors(
        request,
        service,
        game_id,
        nonce=request.POST.get("nonce"),
        expected_seq=expected_seq(request),
        **kwargs,
    )
    return redirect("game:dashboard", game_id=game_id)


@require_POST
def advance(request, game_id: int):
    return _step(request, game_id, turn.advance)


@require_POST
def reveal_destiny(request, game_id: int):
    return _step(request, game_id, turn.reveal_destiny)


@require_POST
def resolve_action(request, game_id: int):
    return _step(request, game_id, turn.resolve_next_action)


@require_POST
def commit_vigilance(request, game_id: int):
    return _step(request, game_id, turn.commit_vigilance)


@require_POST
def resolve_secret(request, game_id: int):
    """Resolve the next secret; dice typed in their labelled boxes replace the app's (§4.6).

    Empty boxes are left out, so the count check of ``resolve_next_secret`` names what each
    die is for.
    """
    raw = [v.strip() for v in request.POST.getlist("die")]
    entered = None
    if any(raw):
        try:
            entered = [int(v) for v in raw if v]
        except ValueError:
            messages.error(request, _("Each die is a whole number from 1 to 6."))
            return redirect("game:dashboard", game_id=game_id)
    return _step(request, game_id, turn.resolve_next_secret, entered_dice=entered)


@require_POST
def close_planning(request, game_id: int):
    """Close Planning for the player whose button was pressed (``seat``).

    The dashboard lists every player with one form, rendered once per change rather than
    once per player; its one-time key is the form's, so the key of a close is the seat's
    and the form's together: the same button pressed twice closes once, two players' buttons
    close both."""
    game_id = directing(request, game_id)
    seat, nonce = int_or_none(request.POST.get("seat")), request.POST.get("nonce")
    if seat is None:
        messages.error(request, _("Choose a player."))
        return redirect("game:dashboard", game_id=game_id)
    nonce = f"{seat}:{nonce}" if nonce else None
    run_directors(request, turn.close_planning_for, game_id, seat, nonce=nonce)
    return redirect("game:dashboard", game_id=game_id)


@require_POST
def resolve_the_rest(request, game_id: int):
    """The phase's steps that ask nobody anything, one after another (``turn.resolve_the_rest``)."""
    game_id = directing(request, game_id)
    ran: list[turn.Ran] = []

    def run(*args, **kwargs) -> None:
        ran.append(turn.resolve_the_rest(*args, **kwargs))

    nonce, seq = request.POST.get("nonce"), expected_seq(request)
    if run_directors(request, run, game_id, nonce=nonce, expected_seq=seq):
        done = ran[0].done
        if done:
            messages.success(
                request,
                ngettext("%(n)d step resolved.", "%(n)d steps resolved.", done) % {"n": done},
            )
        if ran[0].stopped:
            messages.warning(request, elide(ran[0].stopped))
        elif ran[0].running_on:
            messages.info(request, _("The phase goes on by itself as the answers come in."))
    return redirect("game:dashboard", game_id=game_id)


@require_POST
def resolve_auction(request, game_id: int):
    return _step(request, game_id, turn.resolve_auction)


@require_POST
def resolve_crisis(request, game_id: int):
    return _step(request, game_id, turn.resolve_crisis)


@require_POST
def open_production(request, game_id: int):
    return _step(request, game_id, turn.open_production)


@require_POST
def end_turn(request, game_id: int):
    return _step(request, game_id, turn.end_turn)


@require_POST
def finish(request, game_id: int):
    """Judge the objectives; the boxes ticked are the manual ones the director rules met."""
    met = set(request.POST.getlist("met"))
    asked = set(request.POST.getlist("asked"))
    rulings = {}
    for entry in met | asked:
        seat, _colon, objective = entry.partition(":")
        position = int_or_none(seat) if seat.isdigit() else None
        if position is not None:
            rulings[(position, objective)] = entry in met
    return _step(request, game_id, turn.finish_game, rulings=rulings)
