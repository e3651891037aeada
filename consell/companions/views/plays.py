"""Saved plays: save, list with winners, reopen, export and import as the spec's JSON.

A play belongs to the user who saved it; every other user gets a 404 for it, as if it did
not exist. Export and import work on the spec's JSON, so anonymous players can carry a play
away without an account.
"""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from .. import editing
from ..games import score
from ..inputs import MAX_DEPTH, MAX_DIGITS, JSONInputError, ScoreInputError, load_json
from ..models import GAME_CHOICES, Play
from .entry import check_game, render_entry

IMPORT_LIMIT = 200_000


def _posted_play(request: HttpRequest, game: str) -> tuple[dict | None, str | None]:
    """The play in the form, checked by scoring it: (play, None) or (None, problem)."""
    try:
        play = load_json(request.POST.get("play", ""))
    except JSONInputError as error:
        return None, json_problem(error)
    try:
        result = score(game, play)
    except ScoreInputError as error:
        return None, str(error)
    return {"play": play, "winners": result["winners"]}, None


@require_POST
@login_required
def save(request: HttpRequest, game: str) -> HttpResponse:
    """Save the play on the page: a new play, or the user's own play being edited."""
    check_game(game)
    checked, problem = _posted_play(request, game)
    if problem:
        messages.error(request, _("Not saved: %(problem)s") % {"problem": problem})
        return redirect("companions:entry", game=game)
    assert checked is not None  # no problem: the play was read
    assert request.user.is_authenticated is True  # login_required
    play_id = request.POST.get("play_id", "")
    if play_id.isdigit() and len(play_id) <= 18:  # a primary key, never thousands of digits
        saved = get_object_or_404(Play, pk=play_id, owner=request.user, game=game)
        saved.data, saved.winners = checked["play"], checked["winners"]
        saved.save()
    else:
        saved = Play.objects.create(
            owner=request.user, game=game, data=checked["play"], winners=checked["winners"]
        )
    messages.success(request, _("Play saved."))
    return redirect("companions:play", pk=saved.pk)


@require_GET
@login_required
def play_list(request: HttpRequest) -> HttpResponse:
    """The user's past plays, newest first, with their winners; `?game=` filters."""
    plays = Play.objects.filter(owner=request.user.pk)
    game = request.GET.get("game", "")
    if game in dict(GAME_CHOICES):
        plays = plays.filter(game=game)
    return render(
        request,
        "companions/plays.html",
        {"plays": plays, "game": game, "games": GAME_CHOICES},
    )


@require_GET
@login_required
def play_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """Reopen a saved play on its entry page."""
    saved = get_object_or_404(Play, pk=pk, owner=request.user)
    return render_entry(
        request, saved.game, editing.for_page(saved.game, saved.data), play_id=saved.pk
    )


@require_GET
@login_required
def play_export(request: HttpRequest, pk: int) -> HttpResponse:
    saved = get_object_or_404(Play, pk=pk, owner=request.user)
    return _download(saved.data, f"{saved.game}-{saved.pk}.json")


@require_POST
def export_current(request: HttpRequest, game: str) -> HttpResponse:
    """Download the play on the page as the spec's JSON, saved or not."""
    check_game(game)
    checked, problem = _posted_play(request, game)
    if problem:
        return HttpResponseBadRequest(problem, content_type="text/plain; charset=utf-8")
    assert checked is not None  # no problem: the play was read
    return _download(checked["play"], f"{game}.json")


@require_POST
def import_play(request: HttpRequest, game: str) -> HttpResponse:
    """Open a play given as the spec's JSON (pasted or uploaded) on the entry page."""
    check_game(game)
    upload = request.FILES.get("file")
    text = request.POST.get("json", "")
    if upload is not None:
        if (upload.size or 0) > IMPORT_LIMIT:
            return _refuse(request, game, _("The file is too large."))
        try:
            text = upload.read().decode("utf-8")
        except UnicodeDecodeError:
            return _refuse(request, game, _("The file is not UTF-8 text."))
    try:
        play = load_json(text)
    except JSONInputError as error:
        return _refuse(request, game, json_problem(error))
    try:
        score(game, play)
    except ScoreInputError as error:
        return _refuse(request, game, str(error))
    return render_entry(request, game, editing.for_page(game, play))


def json_problem(error: JSONInputError) -> str:
    """What is wrong with posted JSON, in the user's language."""
    if error.kind == "syntax":
        return _("Invalid JSON at line %(line)d column %(column)d: %(message)s") % {
            "line": error.line,
            "column": error.column,
            "message": error.detail,
        }
    if error.kind == "depth":
        return _("The JSON is nested more than %(levels)d levels deep.") % {"levels": MAX_DEPTH}
    return _("A number has more than %(digits)d digits or is not finite.") % {"digits": MAX_DIGITS}


def _refuse(request: HttpRequest, game: str, problem: str) -> HttpResponse:
    messages.error(request, _("Not imported: %(problem)s") % {"problem": problem})
    return redirect("companions:entry", game=game)


@require_POST
@login_required
def play_delete(request: HttpRequest, pk: int) -> HttpResponse:
    saved = get_object_or_404(Play, pk=pk, owner=request.user)
    saved.delete()
    messages.success(request, _("Play deleted."))
    return redirect("companions:plays")


def _download(play: dict, filename: str) -> HttpResponse:
    response = HttpResponse(
        json.dumps(play, ensure_ascii=False, indent=2), content_type="application/json"
    )
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
