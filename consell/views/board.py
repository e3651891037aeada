"""The public board for a shared screen: only what the whole table may see."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from consell.game.access import board_game
from consell.live.page_parts import PAGES, page_context, render_parts
from consell.rules.audience import Viewer
from consell.views.common import on_time
from consell.views.parts import parts_asked, parts_response


@require_GET
def board(request, board_token: str):
    game = board_game(board_token)
    if on_time(game):
        game = board_game(board_token)
    asked = parts_asked(request, PAGES["public"][1])
    parts = render_parts(game, Viewer.public(), asked)
    if asked is not None:
        return parts_response(parts)
    context = {"game": game, "board_token": board_token, **page_context(parts)}
    return render(request, "game/board.html", context)
