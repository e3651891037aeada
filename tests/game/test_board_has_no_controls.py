"""The public board is a TV across the room: no controls and no credits on it (issue 35); the
credits, and the language picker a shared screen's browser can use, are on the about page. On
the game the simulator's 5-player table reached at turn 1's Planning."""

from __future__ import annotations

import pytest

from consell.rules.state import Phase
from tests.game.simulated import phone, play_until

pytestmark = pytest.mark.django_db

CREDIT = "Twemoji by Twitter, Inc. and contributors, CC BY 4.0"


def test_the_board_shows_no_language_picker_and_no_credits(client):
    game = play_until(5, 10, 1, lambda s: s.turn == 1 and s.phase is Phase.PLANNING)
    board = client.get(f"/board/{game.board_token}/").content.decode()
    assert "/i18n/setlang/" not in board and CREDIT not in board and "<button" not in board

    about = client.get("/about/").content.decode()
    assert CREDIT in about and "/i18n/setlang/" in about
    assert 'href="/about/"' in phone(game, 1).get(f"/play/{game.pk}/").content.decode()
