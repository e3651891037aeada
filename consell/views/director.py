"""The director's pages: the list of games, creating one, the dashboard, seats and QR codes."""

from __future__ import annotations

import io

import segno
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET, require_POST

from consell.content.catalog import load_catalog
from consell.game.access import directing, director_game
from consell.game.services import games as game_services
from consell.game.services import seats as seat_services
from consell.live.page_parts import PAGES, page_context, render_parts
from consell.projection.visibility import text
from consell.rules.audience import Viewer
from consell.rules.ruleset import Ruleset
from consell.views.common import expected_seq, int_or_none, on_time, run_directors, run_service
from consell.views.forms import DealForm, NewGameForm
from consell.views.parts import parts_asked, parts_response
from consell.views.ruleset_form import RulesetForm


@login_required
def game_list(request):
    form = NewGameForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            game = game_services.create_game(
                request.user,
                form.cleaned_data["name"],
                form.cleaned_data["pack"],
                form.cleaned_data["players"],
            )
        except game_services.SetupError as exc:
            form.add_error(None, str(exc))
        else:
            return redirect("game:dashboard", game_id=game.pk)
    games = request.user.games.select_related("pack").order_by("-created_at")
    return render(request, "game/game_list.html", {"form": form, "games": games})


def _seat_links(request, game):
    return [
        {
            "position": s.position,
            "number": s.position,
            "name": s.name,
            "url": request.build_absolute_uri(reverse("game:join", args=[s.token])),
            "qr": reverse("game:seat_qr", args=[game.pk, s.position]),
        }
        for s in game.seats.all()
    ]


def _ruleset_form(game, data=None) -> RulesetForm:
    """The ruleset screen, its offices named as the game's pack names them (rules §1.4)."""
    language = (get_language() or "ca")[:2]
    offices = [
        (cid, text(card.get("title"), language) or cid)
        for cid, card in load_catalog(game.pack).items()
        if card.get("kind") == "office"
    ]
    return RulesetForm(data, ruleset=game.ruleset, offices=offices)


def _dashboard_context(request, game, ruleset_form=None) -> dict:
    """The whole dashboard: its live part, the seats' links, the ruleset and the deal."""
    ruleset = Ruleset.from_dict(game.ruleset)
    if ruleset_form is None and game.state is None:
        ruleset_form = _ruleset_form(game)
    return {
        "game": game,
        **page_context(render_parts(game, Viewer.director())),
        "seats": _seat_links(request, game),
        "board_url": request.build_absolute_uri(reverse("game:board", args=[game.board_token])),
        "ruleset_form": ruleset_form if game.state is None else None,
        "ruleset": game.ruleset,
        "deal_form": DealForm(
            seats=game.seats.count(), kingdoms=ruleset.kingdom_count(game.seats.count())
        ),
    }


@require_GET
@ensure_csrf_cookie
def dashboard(request, game_id: int):
    game = director_game(request, game_id)
    if on_time(game):
        game = director_game(request, game_id)
    asked = parts_asked(request, PAGES["director"][1])
    if asked is not None:
        return parts_response(render_parts(game, Viewer.director(), asked))
    return render(request, "game/dashboard.html", _dashboard_context(request, game))


@require_POST
def edit_ruleset(request, game_id: int):
    """Save ruleset values; refused ones are shown beside their fields and nothing is saved."""
    game = director_game(request, game_id)
    if game.state is not None:
        messages.error(request, _("The ruleset can only change before the cards are dealt."))
        return redirect("game:dashboard", game_id=game.pk)
    if request.POST.get("restore") == "defaults":
        values, done = Ruleset.default().to_dict(), _("Every ruleset value is back to its default.")
    else:
        form = _ruleset_form(game, request.POST)
        if not form.is_valid():
            messages.error(request, _("The ruleset was not saved: see the values marked."))
            return render(request, "game/dashboard.html", _dashboard_context(request, game, form))
        values, done = form.cleaned_data, _("Ruleset saved.")
    nonce = request.POST.get("nonce")
    if run_service(request, game_services.update_ruleset, game.pk, values, nonce=nonce):
        messages.success(request, done)
    return redirect("game:dashboard", game_id=game.pk)


@require_POST
def deal(request, game_id: int):
    game = director_game(request, game_id)
    ruleset = Ruleset.from_dict(game.ruleset)
    seats = game.seats.count()
    form = DealForm(request.POST, seats=seats, kingdoms=ruleset.kingdom_count(seats))
    if not form.is_valid():
        for error in form.errors.get("kings", []):
            messages.error(request, str(error))
        return redirect("game:dashboard", game_id=game.pk)
    if run_service(
        request,
        game_services.deal,
        game.pk,
        kings=form.cleaned_data["kings"],
        nonce=request.POST.get("nonce"),
    ):
        messages.success(request, _("The cards are dealt."))
    return redirect("game:dashboard", game_id=game.pk)


@require_POST
def start(request, game_id: int):
    game_id = directing(request, game_id)
    if run_directors(
        request,
        game_services.start,
        game_id,
        nonce=request.POST.get("nonce"),
        expected_seq=expected_seq(request),
    ):
        messages.success(request, _("Turn 1 begins."))
    return redirect("game:dashboard", game_id=game_id)


@require_POST
def appoint(request, game_id: int):
    """The director makes an appointment for a King who cannot (recorded as the director's)."""
    game_id = directing(request, game_id)
    king = int_or_none(request.POST.get("king"))
    member = int_or_none(request.POST.get("member"))
    office = request.POST.get("office", "")
    if king is None:
        messages.error(request, _("Choose a King."))
    elif run_directors(
        request,
        game_services.appoint,
        game_id,
        king,
        office,
        member,
        nonce=request.POST.get("nonce"),
        by_director=True,
    ):
        messages.success(request, _("Appointment recorded."))
    return redirect("game:dashboard", game_id=game_id)


@require_GET
def seat_qr(request, game_id: int, position: int):
    game = director_game(request, game_id)
    seat = game.seats.filter(position=position).first()
    if seat is None:
        return HttpResponse(status=404)
    url = request.build_absolute_uri(reverse("game:join", args=[seat.token]))
    buffer = io.BytesIO()
    segno.make(url, error="m").save(buffer, kind="svg", scale=4, border=2)
    return HttpResponse(buffer.getvalue(), content_type="image/svg+xml")


@require_GET
def seat_sheet(request, game_id: int):
    """Every seat's link and QR code on one printable sheet, cut into cards and handed round
    the table, with the public board's link last (the TV's)."""
    game = director_game(request, game_id)
    seats = _seat_links(request, game)
    board_url = request.build_absolute_uri(reverse("game:board", args=[game.board_token]))
    for s in seats:
        s["code"] = _inline_qr(s["url"])
    return render(
        request,
        "game/seat_sheet.html",
        {"game": game, "seats": seats, "board_url": board_url, "board_code": _inline_qr(board_url)},
    )


def _inline_qr(url: str) -> str:
    """A QR code as SVG markup to place in the page: one request prints the whole sheet.
    segno writes the markup from the URL alone, so it is safe to mark so."""
    return mark_safe(segno.make(url, error="m").svg_inline(scale=4, border=2, omitsize=True))  # noqa: S308


@require_POST
def reissue_seat(request, game_id: int, position: int):
    game = director_game(request, game_id)
    if not game.seats.filter(position=position).exists():
        return HttpResponse(status=404)
    if run_service(
        request, seat_services.reissue_link, game.pk, position, nonce=request.POST.get("nonce")
    ):
        messages.success(request, _("A new link was made; the old one no longer works."))
    return redirect("game:dashboard", game_id=game.pk)
