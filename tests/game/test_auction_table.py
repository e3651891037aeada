"""The director's table of the turn's auction (rules §4.9), on the auction the simulator's
16-player game resolved in turn 1: a secondary bid on an asset already sold is void, and its
capped amount reads as a dash, not "None"."""

from __future__ import annotations

import re

import pytest

from consell.rules.state import Phase
from tests.game.simulated import director_client, play_until

pytestmark = pytest.mark.django_db


def test_a_void_bid_shows_no_capped_amount_and_no_none():
    game = play_until(16, 3, 1, lambda s: s.turn == 1 and s.phase is Phase.CRISIS)
    page = director_client(game).get(f"/games/{game.pk}/").content.decode()
    table = re.search(r'<details class="auction">.*?</details>', page, re.S)
    assert table, "the director sees this turn's auction"
    rows = re.findall(r"<tr><td>.*?</tr>", table.group(0), re.S)
    void = [r for r in rows if "<td>—</td>" in r]
    assert void, "the secondary bid on an asset already sold is shown, void"
    assert "None" not in table.group(0)
