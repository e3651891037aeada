"""The director's table of the turn's auction (rules §4.9), on the auction the simulator's
16-player game resolved in turn 1: a secondary bid on an asset already sold is void, and its
capped amount reads as a dash, not "None"."""

from __future__ import annotations

import re

import pytest

from consell.content.catalog import load_catalog
from consell.rules import acquisition
from consell.rules.phases import find_step
from consell.rules.state import Phase
from tests.game.simulated import director_client, phone, play_until, state_of

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


def test_the_director_sees_the_written_bids_before_resolving_the_auction():
    """Issue 35: "Pending bids visible to the director before the auction is resolved". The
    bids the table wrote appear on the dashboard with what the auction would decide now, and
    resolving it decides the same; no player's page shows another's bid (§4.9)."""
    game = play_until(16, 3, 1, _auction_next)
    state = state_of(game)
    written = acquisition.written_bids(state, load_catalog(game.pack))
    assert written.bids, "the simulated table wrote bids"
    page = director_client(game).get(f"/games/{game.pk}/").content.decode()
    table = re.search(r'<details class="auction" open>.*?</details>', page, re.S)
    assert table, "the director sees the written bids before resolving"
    rows = re.findall(r"<tr><td>(.*?)</td>", table.group(0), re.S)
    bidders = {state.player(b.seat).name for b in written.bids}
    assert set(rows) == bidders
    assert len(rows) == len(written.bids)
    preview = re.findall(r"<tr><td>.*?</tr>", table.group(0), re.S)
    won_now = sum(r.endswith("<td>won</td></tr>") for r in preview)  # the test client reads English

    director_client(game).post(f"/games/{game.pk}/turn/auction/", {"nonce": "preview-1"})
    resolved = state_of(game)
    assert resolved.phase is not Phase.ACQUISITION or not find_step(resolved, "auction")
    last = game.events.filter(kind="auction_resolved").latest("seq").payload
    assert won_now == sum(b["status"] == "won" for b in last["bids"]), "the preview held"

    for seat in game.seats.all():
        others = bidders - {seat.name}
        html = phone(game, seat.position).get(f"/play/{game.pk}/").content.decode()
        assert "Bids written" not in html and "Apostes escrites" not in html
        assert not any(f"<td>{name}</td>" in html for name in others)


def _auction_next(state) -> bool:
    """Turn 2's auction, once no decision stands in its way."""
    waiting = [p for p in state.pending if p.kind != "step"]
    return state.turn == 2 and state.phase is Phase.ACQUISITION and not waiting
