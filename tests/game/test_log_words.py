"""The director's log says whose each private note is (issue 13, item 2).

The director reads every player's private events in one log; "You receive 3 Prestige" five
times over, or "Your plot: success", does not say to whom. Each private line names its
players first; a player's own log reads it as it was written to them.
"""

from __future__ import annotations

import html
import re

import pytest

from consell.rules.state import Phase
from tests.game.simulated import director_client, phone, play_until


def _text(response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


@pytest.mark.django_db(transaction=True)
def test_the_directors_log_names_the_player_of_every_private_note():
    game = play_until(3, 1, 1, where=lambda s: s.phase is Phase.PLANNING)
    page = _text(director_client(game).get(f"/games/{game.pk}/"))
    names = [p["name"] for p in game.state["players"]]
    for name in names:
        assert f"For {name}: You receive" in page, name
    assert not re.search(r"(?<!: )You receive", page)


@pytest.mark.django_db(transaction=True)
def test_a_players_own_log_reads_the_note_as_written_to_them():
    game = play_until(3, 1, 1, where=lambda s: s.phase is Phase.PLANNING)
    page = _text(phone(game, 1).get(f"/play/{game.pk}/"))
    assert "You receive" in page
    assert not re.search(r"For [^:]+: You receive", page)
