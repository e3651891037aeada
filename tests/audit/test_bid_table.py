"""The bid table (issue 34, item 7): who bid, the limits and the result, as the log says.

Rules §4.9, "Asset market and blind auction (subhasta d'actius)", **Bids**:

    "a player may make 0, 1 or 2 bids: a primary bid (aposta principal) and/or a secondary
    bid (aposta secundària); each bid names one asset in row 1 and an amount of Money ≥ 1."

    "for b in B: b.amount = min(b.amount, owner.MON + owner.FAV)   # cap to funds now; Favor
    counts as Money ... losing bids cost nothing"

and the Catalan rulebook it comes from: "Cada aposta ha d'indicar la quantitat de [Diners] que
es vol apostar, amb un mínim de 1"; "si un jugador ha apostat més del que té disponible al cofre,
la seva aposta es redueix al disponible"; "Les apostes no guanyadores no tenen cap cost."
**Secrecy (RULE)**: "bids are never shown": each bidder learns only which of their own bids
won (``bids_settled``, their note), the director the whole auction (``auction_resolved``).

The state is the four-player game the simulator plays (``tests/audit/conftest.py``): in its
second turn Bob bids 3 Money on an asset, is capped to 2 and wins it; his note says "won", and
the table beside it said "ningú ... no guanyada" (nobody, not won).
"""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from consell.audit.export import build_document
from consell.audit.timeline import timeline
from consell.rules.audience import Viewer
from consell.wording import words
from tests.audit.conftest import SEATS
from tests.game.conftest import seat_client

pytestmark = pytest.mark.django_db


def _notes(game, seat: int):
    """The seat's own ``bids_settled`` entries, from the document that seat may read."""
    entries = timeline(build_document(game, Viewer.for_seat(seat))["events"])
    return [e for e in entries if e.kind == "bids_settled"]


def _auctions(game) -> dict[int, list[dict]]:
    """The director's record of each turn's auction: every bid with its status."""
    return {e.turn: e.payload["bids"] for e in game.events.filter(kind="auction_resolved")}


def _entry_html(page: str, seq: int) -> str:
    match = re.search(rf'<li[^>]*id="event-{seq}".*?</li>', page, re.S)
    assert match, f"entry #{seq} is on the page"
    return match.group(0)


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_a_bidders_note_names_the_bidder_and_the_result_the_auction_gave(finished):
    auctions = _auctions(finished)
    won = 0
    for seat in SEATS:
        for entry in _notes(finished, seat):
            rows = entry.detail["bids"]
            assert [r["seat"] for r in rows] == [seat] * len(entry.payload["bids"])
            for row, note in zip(rows, entry.payload["bids"], strict=True):
                (record,) = [
                    b
                    for b in auctions[entry.turn]
                    if (b["seat"], b["round"], b["asset"]) == (seat, note["round"], note["asset"])
                ]
                assert (row["round"], row["asset"], row["amount"]) == (
                    record["round"],
                    record["asset"],
                    record["amount"],
                )
                assert (row["status"] == "won") is note["won"] is (record["status"] == "won")
                # The cap is the director's record, not the bidder's note: not shown as read.
                assert row["capped"] is None
                won += note["won"]
    assert won, "the simulated game holds bids that won"


def test_the_bid_table_on_a_seats_phone_agrees_with_the_sentence_beside_it(finished):
    """Catalan, as each bidder reads their own audit: the table says who bid (the seat), the
    limits (at least 1 Money, capped to Money plus Favor) and the result the note gives."""
    names = dict(finished.seats.values_list("position", "name"))
    checked = 0
    for seat in SEATS:
        notes = _notes(finished, seat)
        if not notes:
            continue
        client = seat_client(finished, seat)
        for entry in notes:
            # The page of the timeline that holds the note (issue 34: the timeline in pages).
            page = client.get(
                f"/audit/{finished.pk}/?event={entry.seq}", HTTP_ACCEPT_LANGUAGE="ca", follow=True
            )
            item = _entry_html(page.content.decode(), entry.seq)
            (table,) = re.findall(r"<tbody>(.*?)</tbody>", item, re.S)
            rows = [_text(r) for r in re.findall(r"<tr>(.*?)</tr>", table, re.S)]
            sentence = _text(re.search(r'<p class="audit-text">(.*?)</p>', item, re.S).group(1))
            assert sentence.startswith("Les teves apostes:")
            for row, note in zip(rows, entry.payload["bids"], strict=True):
                result = "guanyada" if note["won"] else "no guanyada"
                assert row.startswith(f"{names[seat]} ")
                assert row.endswith(f" {note['amount']} {result}")
                assert "ningú" not in row
                with translation.override("ca"):
                    amount = words.amounts({"MON": note["amount"]})
                assert f"{amount}, {result}" in sentence
            limits = _text(re.search(r'<p class="audit-limits">(.*?)</p>', item, re.S).group(1))
            assert "mínim" in limits and "Favor" in limits
            checked += 1
    assert checked, "some seat reads its own bids"
