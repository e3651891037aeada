"""The replays: the game as each viewer saw it, phase by phase (issue 34 item 5; docs/audit-log.md,
"Replays").

A step is the game as a phase closed (``consell.game.replay``); each page shows one step as
its viewer's screen showed it then, built by the one gate (``view_for``) from that moment's
state and log, so nothing revealed later reaches an earlier step:

- a seat's replay (``audit/<game>/replay/``) shows its phone: its chest and plan, its
  kingdom, the board and its log, without a form or a button that acts. It opens as the audit
  does (``audit_access``): to the seats once the game is over, to the director at any time, who
  sees their own dashboard's view instead;
- the public replay (``board/<token>/replay/``) shows the public board alone, and only of a
  finished game: for people who did not play, no spoiler but what the table's screen showed.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from django.http import Http404
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from consell.game.access import board_game
from consell.game.models import Game
from consell.game.replay import Step, as_of, steps
from consell.live.page_parts import log_lines
from consell.projection.visibility import view_for
from consell.rules.audience import Viewer
from consell.wording import words
from consell.wording.templatetags.consell_game import kingdom_of
from consell.wording.words import content_language

from .views import audit_access


class Refused(Exception):
    """A step the address cannot name: ``status`` 400 (not a number) or 404 (no such step)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


def chosen(asked: str | None, every: list[Step]) -> Step:
    """The step ``?step=`` names (the first when it names none)."""
    if not every:
        raise Refused(404, _("This game has no step to replay yet."))
    if asked is None or asked == "":
        return every[0]
    if not re.fullmatch(r"[0-9]{1,6}", asked):  # not str.isdigit: "²" is a digit to it
        raise Refused(
            400, _("The step must be a whole number, from 1 to %(last)s.") % {"last": len(every)}
        )
    number = int(asked)
    if not 1 <= number <= len(every):
        raise Refused(
            404,
            _("There is no step %(step)s: this game has %(last)s.")
            % {"step": number, "last": len(every)},
        )
    return every[number - 1]


def label(step: Step) -> str:
    """What a step is called: the phase it shows, as it closed."""
    if step.status == "finished":
        return _("The end of the game")
    if step.status == "setup":
        return _("Before the first turn")
    return _("Turn %(turn)s · %(phase)s") % {"turn": step.turn, "phase": words.phase(step.phase)}


def _index(every: list[Step], here: Step, url: str) -> list[dict[str, Any]]:
    """The steps grouped by turn, each with its address, for the step index."""
    groups: list[dict[str, Any]] = []
    for step in every:
        title = (
            _("The end of the game")
            if step.status == "finished"
            else _("Before the first turn")
            if step.status == "setup"
            else _("Turn %(turn)s") % {"turn": step.turn}
        )
        if not groups or groups[-1]["title"] != title:
            groups.append({"title": title, "steps": []})
        name = words.phase(step.phase) if step.status == "playing" else label(step)
        groups[-1]["steps"].append(
            {
                "number": step.number,
                "name": name,
                "url": f"{url}?step={step.number}",
                "current": step.number == here.number,
            }  # fmt: skip
        )
    return groups


def _context(game: Game, viewer: Viewer, step: Step, every: list[Step], url: str) -> dict:
    view: Mapping[str, Any] = view_for(as_of(game, step), viewer, content_language())
    before = every[step.number - 2] if step.number > 1 else None
    after = every[step.number] if step.number < len(every) else None
    seat = viewer.seat if viewer.kind == "seat" else None
    board = view.get("board")
    return {
        "game": game,
        "viewer": viewer,
        "section": "replay",
        "view": view,
        "log_lines": log_lines(view.get("log", []), {}),
        "kingdom": kingdom_of(board, seat) if board and seat is not None else None,
        "step": step,
        "step_label": label(step),
        "steps": len(every),
        "previous": f"{url}?step={before.number}" if before else None,
        "next": f"{url}?step={after.number}" if after else None,
        "index": _index(every, step, url),
    }


@require_GET
def replay_page(request, game_id: int):
    """A seat's replay of its phone, or the director's of their dashboard."""
    game, viewer = audit_access(request, game_id)
    url = reverse("audit:replay", args=[game.pk])
    every = steps(game)
    try:
        step = chosen(request.GET.get("step"), every)
    except Refused as refused:
        # Before the first phase closes the director finds the replay empty, not missing.
        status = 200 if not every and not request.GET.get("step") else refused.status
        context = {"game": game, "viewer": viewer, "section": "replay", "refused": refused.message,
                   "first": url if every else None}  # fmt: skip
        return render(request, "audit/replay_refused.html", context, status=status)
    return render(request, "audit/replay.html", _context(game, viewer, step, every, url))


@require_GET
def public_replay(request, board_token: str):
    """The public board, step by step, of a finished game: what the table's screen showed."""
    game = board_game(board_token)
    if not game.finished:
        raise Http404
    url = reverse("board_replay", args=[board_token])
    every = steps(game)
    try:
        step = chosen(request.GET.get("step"), every)
    except Refused as refused:
        context = {"game": game, "refused": refused.message, "first": url}
        return render(request, "audit/board_replay_refused.html", context, status=refused.status)
    context = _context(game, Viewer.public(), step, every, url)
    return render(request, "audit/board_replay.html", context)
