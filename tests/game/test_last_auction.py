"""The director's last auction (rules §4.9), on games the simulator played.

The blind auction is resolved behind the screen, and its bids go to the director alone: the
dashboard shows this turn's auction, bid by bid, until the turn ends. The dashboard finds it
by reading back through this turn's entries only, which holds because the log goes turn by
turn: no entry is ever written with an earlier turn than the one before it.
"""

from __future__ import annotations

import html

import pytest

from consell.game.log_cache import entries
from consell.rules.event_kinds import Kind
from consell.rules.state import Phase

from .simulated import director_client, play_until, state_of

pytestmark = pytest.mark.django_db


def _dashboard(game) -> str:
    return html.unescape(director_client(game).get(f"/games/{game.pk}/").content.decode())


def test_the_log_goes_turn_by_turn():
    game = play_until(6, 3, 2, lambda s: s.turn == 3 and s.phase is Phase.PRODUCTION)
    turns = [entry.turn for entry in entries(game)]
    assert len(set(turns)) >= 3
    assert turns == sorted(turns)


def test_the_dashboard_shows_this_turns_auction_until_the_turn_ends():
    """§4.9: the bids are resolved behind the screen, and only the director sees them."""
    game = play_until(6, 3, 2, lambda s: s.turn == 2 and s.phase is Phase.PRODUCTION)
    log = entries(game)
    auction = next(e for e in reversed(log) if e.kind == Kind.AUCTION_RESOLVED)
    assert auction.turn == 2 and log[-1].seq > auction.seq  # the crisis came after it
    page = _dashboard(game)
    assert "Last auction (only you see this)" in page
    names = {p.seat: p.name for p in state_of(game).players}
    assert auction.payload["bids"], "nobody bid: pick another game"
    for bid in auction.payload["bids"]:
        assert f"<td>{names[bid['seat']]}</td>" in page

    game = play_until(6, 3, 2, lambda s: s.turn == 3 and s.phase is Phase.PLANNING)
    assert "Last auction (only you see this)" not in _dashboard(game)
