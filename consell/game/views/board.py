"""The public board for a shared screen: only what the whole table may see."""

from __future__ import annotations

from django.shortcuts import render
from django.views.decorators.http import require_GET

from ..access import board_game
from ..visibility import Viewer
from .common import viewer_view
from .parts import parts_asked, render_parts

# The part of board.html a notice refreshes.
LIVE_PARTS = ("board",)


@require_GET
def board(request, board_token: str):
    game = board_game(board_token)
    context = {
        "game_id": game.pk,
        "board_token": board_token,
        "view": viewer_view(game, Viewer.public()),
    }
    parts = parts_asked(request, LIVE_PARTS)
    if parts is not None:
        return render_parts(request, "game/board.html", parts, context)
    return render(request, "game/board.html", context)
