"""The timeline in pages a phone can read (issue 34 item 6), on the games the simulator plays.

"The timeline comes in pages by turn and phase, with filters: mine, plots, votes, the auction,
crises." Each page is read as its viewer's browser would (Django's test client), following the
page's own links: the first page, then each "next" (``rel="next"``) to the last.
"""

from __future__ import annotations

import html
import re

import pytest

from consell.audit import pages
from consell.audit.export import build_document
from consell.audit.timeline import timeline
from consell.game.audit_categories import AUCTION_RESULT, BID, CRISIS, PLOT, VOTE
from consell.rules.audience import Viewer
from tests.audit.conftest import (
    ALICE,
    BOB,
    CARLES,
    DIDAC,
    OFFER_WORDS,
    TRADE_INFORMATION,
    TRADE_PROMISE,
    director_client,
    seats_of,
)
from tests.game.conftest import seat_client

pytestmark = pytest.mark.django_db

SHOWN = re.compile(r'<li class="audit-entry[^"]*" id="event-(\d+)"')
NEXT = re.compile(r'<a href="([^"]+)" rel="next">')
KINDS = {"plots": {PLOT}, "votes": {VOTE}, "auction": {BID, AUCTION_RESULT}, "crises": {CRISIS}}
SAID_BETWEEN = {
    TRADE_INFORMATION: {ALICE, BOB},
    TRADE_PROMISE: {ALICE, BOB},
    OFFER_WORDS: {CARLES, DIDAC},
}


def _entries(game, viewer: Viewer):
    return timeline(build_document(game, viewer)["events"])


def _crawl(client, url: str) -> list[tuple[str, str, list[int]]]:
    """Every page from ``url`` on, following "next": (its address, its text, its entries)."""
    out: list[tuple[str, str, list[int]]] = []
    while url:
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
        assert response.status_code == 200, (url, response.status_code)
        text = html.unescape(response.content.decode())
        out.append((url, text, [int(s) for s in SHOWN.findall(text)]))
        found = NEXT.search(response.content.decode())
        url = html.unescape(found.group(1)) if found else ""
        assert len(out) < 500, "the pages go round in a loop"
    return out


def test_every_turn_and_phase_has_its_page_and_the_pages_hold_every_event_once(finished):
    entries = _entries(finished, Viewer.director())
    client = director_client(finished)
    crawled = _crawl(client, f"/audit/{finished.pk}/")
    shown = [seq for _url, _text, seqs in crawled for seq in seqs]
    assert shown == [e.seq for e in entries]
    assert all(len(seqs) <= pages.PART_SIZE for _url, _text, seqs in crawled)
    for key in dict.fromkeys(pages.Key.of(e) for e in entries):
        response = client.get(f"/audit/{finished.pk}/?turn={key.turn}&phase={key.phase}")
        assert response.status_code == 200, key
        first = [int(s) for s in SHOWN.findall(response.content.decode())]
        assert first and all(pages.Key.of(e) == key for e in entries if e.seq in first), key


def test_a_long_phase_comes_in_numbered_parts(finished):
    entries = _entries(finished, Viewer.director())
    keys = [pages.Key.of(e) for e in entries]
    key = max(set(keys), key=keys.count)
    assert keys.count(key) > pages.PART_SIZE, "the simulated game has a long phase"
    client = director_client(finished)
    url = f"/audit/{finished.pk}/?turn={key.turn}&phase={key.phase}&part=2"
    page = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert f"(2 of {-(-keys.count(key) // pages.PART_SIZE)})" in page
    assert 'rel="prev"' in page and 'rel="next"' in page


@pytest.mark.parametrize("show", sorted(KINDS))
def test_each_filter_shows_only_its_kind_and_all_of_it(finished, show):
    entries = {e.seq: e for e in _entries(finished, Viewer.director())}
    crawled = _crawl(director_client(finished), f"/audit/{finished.pk}/?show={show}")
    shown = [seq for _url, _text, seqs in crawled for seq in seqs]
    assert shown, f"the simulated game has {show}"
    assert all(entries[seq].category in KINDS[show] for seq in shown)
    assert shown == [seq for seq, e in entries.items() if e.category in KINDS[show]]
    assert all(f"show={show}" in url for url, _text, _seqs in crawled[1:])


def test_mine_is_what_is_about_the_reader(finished):
    entries = {e.seq: e for e in _entries(finished, Viewer.for_seat(BOB))}
    crawled = _crawl(seat_client(finished, BOB), f"/audit/{finished.pk}/?show=mine")
    shown = [seq for _url, _text, seqs in crawled for seq in seqs]
    assert shown == [seq for seq, e in entries.items() if BOB in e.seats]
    assert len(shown) < len(entries)
    answer = director_client(finished).get(f"/audit/{finished.pk}/?show=mine")
    assert answer.status_code == 400


def test_a_seat_never_reads_on_any_page_what_it_may_not(finished):
    """Every page a seat can reach holds only the events of its own export, and the words of
    a trade only its two parties said (rules §4.14: never revealed)."""
    for seat in seats_of(finished):
        mine = [e.seq for e in _entries(finished, Viewer.for_seat(seat))]
        crawled = _crawl(seat_client(finished, seat), f"/audit/{finished.pk}/")
        assert [seq for _url, _text, seqs in crawled for seq in seqs] == mine
        for url, text, _seqs in crawled:
            for words, parties in SAID_BETWEEN.items():
                assert seat in parties or words not in text, f"seat {seat} reads {words} at {url}"


@pytest.mark.parametrize(
    ("query", "status", "message"),
    [
        ("turn=abc", 400, "The turn must be a number, not “abc”."),
        ("turn=999", 404, "This game has no turn 999."),
        ("show=gossip", 400, "There is no filter “gossip”."),
        ("kind=zzz", 400, "There is no kind of event “zzz”."),
        ("phase=nope", 400, "There is no phase “nope”."),
        ("turn=1&phase=destiny&part=0", 400, "The parts of a page are numbered from 1."),
        ("turn=1&phase=destiny&part=x", 400, "The part must be a number, not “x”."),
        ("turn=1&phase=destiny&part=999", 404, "This page has"),
        ("player=99", 404, "There is no player 99 in this game."),
        ("event=999999", 404, "This game has no event 999999."),
    ],
)
def test_a_bad_query_is_answered_with_what_was_wrong(finished, query, status, message):
    response = seat_client(finished, ALICE).get(
        f"/audit/{finished.pk}/?{query}", HTTP_ACCEPT_LANGUAGE="en"
    )
    assert response.status_code == status
    text = html.unescape(response.content.decode())
    assert message in text and "No such page of the timeline" in text
    assert "Traceback" not in text


def test_a_bad_query_is_answered_in_the_readers_language(finished):
    response = seat_client(finished, ALICE).get(
        f"/audit/{finished.pk}/?turn=abc", HTTP_ACCEPT_LANGUAGE="ca"
    )
    assert response.status_code == 400
    assert "El torn ha de ser un número, no «abc»." in html.unescape(response.content.decode())


def test_a_story_links_an_event_to_the_page_that_holds_it(finished):
    entries = _entries(finished, Viewer.director())
    last = entries[-1]
    client = director_client(finished)
    response = client.get(f"/audit/{finished.pk}/?event={last.seq}")
    assert response.status_code == 302
    assert response["Location"].endswith(f"#event-{last.seq}")
    page = client.get(response["Location"]).content.decode()
    assert f'id="event-{last.seq}"' in page
