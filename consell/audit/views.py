"""The audit pages: timeline, my story, charts, dice proof, the JSON log and a printable report
(a page, and a PDF).

Who may open them is decided once, in ``audit_access``: the game's director always; a seat of
the game once the game is over, since at the end "all players reveal all their resources and
hidden cards" (rules §4.17); anyone else, the public board included, gets 404, which says
nothing about whether the game exists.
"""

from __future__ import annotations

import json
import logging
from dataclasses import replace

from asgiref.sync import sync_to_async
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.http import content_disposition_header, urlencode
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from consell.content.catalog import load_catalog
from consell.game.access import director_game, seat_for
from consell.game.models import Game
from consell.rules.audience import Viewer
from consell.wording import words
from consell.wording.describe import Names

from . import pages
from .charts import build_charts
from .export import build_document, snapshots_of
from .pdf import render_pdf
from .presenters import CATEGORY_LABELS, ROLL_STATUS_LABELS, present
from .proof import VERIFIED, prove
from .story import story_for
from .timeline import highlights, summarise, timeline

logger = logging.getLogger(__name__)


def audit_access(request, game_id: int) -> tuple[Game, Viewer]:
    """The game and who is looking, or 404 (issue: before the end, the director's alone)."""
    try:
        return director_game(request, game_id), Viewer.director()
    except Http404:
        seat = seat_for(request, game_id)
    if not seat.game.finished:
        raise Http404
    return seat.game, Viewer.for_seat(seat.position)


def _context(game: Game, viewer: Viewer, section: str) -> dict:
    document = build_document(game, viewer)
    entries = timeline(document["events"])
    seats = {p["seat"]: p["name"] for p in document["game"]["players"]}
    return {
        "game": game,
        "viewer": viewer,
        "section": section,
        "document": document,
        "entries": entries,
        "names": Names(game.state, load_catalog(game.pack), get_language(), seats=seats),
        "reader": viewer.seat if viewer.kind == "seat" else None,
        "summary": summarise(entries),
    }


def _worded(context: dict):
    """The dice proof, each roll's purpose in the reader's words (the JSON keeps the rules')."""
    proof = prove(context["document"])
    names = context["names"]
    rolls = tuple(replace(r, purpose=words.purpose(r.purpose, names)) for r in proof.rolls)
    return replace(proof, rolls=rolls)


def _summary_rows(context: dict) -> list[dict]:
    names, summary = context["names"], context["summary"]
    return [
        {"name": names.seat(seat), "count": count}
        for seat, count in summary.for_player_by_seat.items()
    ]


def _stand_in_rows(context: dict) -> list[dict]:
    """Whom a stand-in played for, and in which turns (G62)."""
    names, summary = context["names"], context["summary"]
    return [
        {"name": names.seat(seat), "turns": ", ".join(str(t) for t in turns), "count": len(turns)}
        for seat, turns in summary.stand_in_turns.items()
    ]


def _page_url(
    game: Game,
    place: pages.Place | None = None,
    show: str = "all",
    seat: int | None = None,
    kind: str | None = None,
) -> str:
    """The address of a page of the timeline (the first holding what the filter keeps when
    ``place`` is None), with the filters the reader chose."""
    params: dict[str, str | int | None] = {"show": show if show != "all" else None}
    params["player"] = seat
    params["kind"] = kind
    if place is not None:
        params.update(turn=place.key.turn, phase=place.key.phase)
        params["part"] = place.part if place.part > 1 else None
    kept = {k: v for k, v in params.items() if v is not None}
    base = reverse("audit:timeline", args=[game.pk])
    return f"{base}?{urlencode(kept)}" if kept else base


def _phase_name(code: str) -> str:
    return _("before the first turn") if code == pages.START else words.phase(code)


def _place_label(place: pages.Place) -> str:
    key = place.key
    if key.phase == pages.START:
        label = _phase_name(key.phase)
    else:
        label = _("Turn %(turn)s · %(phase)s") % {"turn": key.turn, "phase": words.phase(key.phase)}
    if place.parts > 1:
        label += " " + _("(%(part)s of %(parts)s)") % {"part": place.part, "parts": place.parts}
    return label


@require_GET
def timeline_page(request, game_id: int):
    """One page of the timeline: a turn and phase, or a part of one (issue 34 item 6)."""
    game, viewer = audit_access(request, game_id)
    context = _context(game, viewer, "timeline")
    names = context["names"]
    entries = context["entries"]
    try:
        if "event" in request.GET:
            seq = pages.number(request.GET.get("event"), "event")
            place = pages.where(seq or 0, entries)
            url = _page_url(game, place)
            return redirect(f"{url}#event-{seq}")
        paged = pages.read_query(entries, request.GET, context["reader"], sorted(names.seats))
    except pages.Refused as refused:
        context.update(refused=refused.message)
        return render(request, "audit/timeline_refused.html", context, status=refused.status)
    shows = [s for s in pages.SHOWS if s != "mine" or context["reader"] is not None]

    def link(place: pages.Place) -> str:
        return _page_url(game, place, paged.show, paged.seat, paged.kind)

    context.update(
        paged=paged,
        place_label=_place_label(paged.place),
        shown=[present(e, names, context["reader"]) for e in paged.entries],
        for_player_rows=_summary_rows(context),
        stand_in_rows=_stand_in_rows(context),
        previous=paged.previous
        and {
            "url": link(paged.previous),
            "label": _place_label(paged.previous),
        },
        next=paged.next
        and {
            "url": link(paged.next),
            "label": _place_label(paged.next),
        },
        filters=[
            {
                "label": pages.SHOW_LABELS[s],
                "url": _page_url(game, show=s),
                "current": s == paged.show and paged.seat is None and paged.kind is None,
            }
            for s in shows
        ],
        index=[
            (
                turn,
                [
                    {
                        "label": _phase_name(k.phase),
                        "count": count,
                        "url": link(pages.Place(k, 1, 1)),
                        "current": k == paged.place.key,
                    }
                    for k, count in keys
                ],
            )
            for turn, keys in paged.index
        ],
        turns=paged.turns,
        phases=[(p, _phase_name(p)) for p in paged.phases],
        players=sorted(names.seats.items()),
        player_name=names.seat(paged.seat) if paged.seat is not None else "",
        kind_label=CATEGORY_LABELS[paged.kind] if paged.kind else "",
        paged_view=True,
    )
    return render(request, "audit/timeline.html", context)


@require_GET
def story_page(request, game_id: int, position: int | None = None):
    """A seat reads its own story only; the director reads anyone's."""
    game, viewer = audit_access(request, game_id)
    if viewer.kind == "seat":
        if position not in (None, viewer.seat):
            raise Http404
        position = viewer.seat
    context = _context(game, viewer, "story")
    names = context["names"]
    if position is None:
        position = min(names.seats)
    if position not in names.seats:
        raise Http404
    story = story_for(context["entries"], position)
    context.update(
        story=story,
        player=names.seat(position),
        position=position,
        players=sorted(names.seats.items()),
        by_them=[present(e, names, context["reader"]) for e in story.by_them],
        to_them=[present(e, names, context["reader"]) for e in story.to_them],
        plots_against=[
            {"plot": p, "conspirator": names.seat(p.conspirator)} for p in story.plots_against
        ],
    )
    return render(request, "audit/story.html", context)


@require_GET
def charts_page(request, game_id: int):
    game, viewer = audit_access(request, game_id)
    context = _context(game, viewer, "charts")
    context["charts"] = build_charts(snapshots_of(context["document"]), context["names"].title_of)
    return render(request, "audit/charts.html", context)


@require_GET
def dice_page(request, game_id: int):
    game, viewer = audit_access(request, game_id)
    context = _context(game, viewer, "dice")
    context.update(proof=_worded(context), status_labels=ROLL_STATUS_LABELS)
    return render(request, "audit/dice.html", context)


def _report_context(request, game_id: int, paper: bool = False) -> dict:
    """The report's content; ``paper``: laid out for the PDF (``audit/_report.html``)."""
    game, viewer = audit_access(request, game_id)
    context = _context(game, viewer, "report")
    names = context["names"]
    # On paper, the outcomes only: drawing every event of a 16-player game took 30 s
    # (docs/performance.md); the pages and export.json hold them all.
    entries = highlights(context["entries"]) if paper else context["entries"]
    proof = _worded(context)
    context.update(
        shown=[present(e, names, context["reader"]) for e in entries],
        for_player_rows=_summary_rows(context),
        stand_in_rows=_stand_in_rows(context),
        charts=build_charts(snapshots_of(context["document"]), context["names"].title_of),
        proof=proof,
        status_labels=ROLL_STATUS_LABELS,
        roll_counts=[(status, proof.count(status)) for status in ROLL_STATUS_LABELS],
        odd_rolls=[r for r in proof.rolls if r.status != VERIFIED],
        reader_name=names.seat(context["reader"]),
        paper=paper,
    )
    return context


@require_GET
def report_page(request, game_id: int):
    """Everything on one page, for printing (``static/css/audit-print.css``)."""
    return render(request, "audit/report.html", _report_context(request, game_id))


@require_GET
async def report_pdf(request, game_id: int):
    """The report as a PDF to download (issue 13 item 9), for whoever may read the report.

    Drawing a long game's report takes seconds of CPU: it is done in a thread of its own, not
    in the one thread that serves every synchronous view (every phone's page would wait).
    If it fails, the reader gets a page saying so and the printable page; the log gets why."""
    context = await sync_to_async(_report_context)(request, game_id, paper=True)
    game = context["game"]
    html = await sync_to_async(render_to_string)("audit/report_pdf.html", context, request)
    try:
        body = await sync_to_async(render_pdf, thread_sensitive=False)(html)
    except Exception:
        logger.exception("audit of game %s: the PDF report could not be drawn", game.pk)
        page = await sync_to_async(render_to_string)("audit/pdf_failed.html", context, request)
        return HttpResponse(page, status=500)
    name = slugify(game.name) or str(game.pk)
    return HttpResponse(
        body,
        content_type="application/pdf",
        headers={
            "Content-Disposition": content_disposition_header(True, f"consell-{name}-audit.pdf")
        },
    )


@require_GET
def export_json(request, game_id: int):
    game, viewer = audit_access(request, game_id)
    body = json.dumps(build_document(game, viewer), ensure_ascii=False, indent=2)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="consell-{game.pk}-audit.json"'
    return response
