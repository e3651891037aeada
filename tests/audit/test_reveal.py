"""What the end of the game reveals, page by page and viewer by viewer (issue 10).

Rules §4.17, End of game: "All players reveal all their resources and hidden cards." The
original: "Els jugadors revelen tots els seus recursos i cartes." Not revealed, ever:

- the objectives each player returns: §2 step 5, "Each player keeps 1 collective + 1 personal
  and returns the other two to their decks without revealing them" ("amb compte de no revelar
  els objectius retornats als altres jugadors");
- a player's private notes and plan, which are neither resources nor cards: notes are "Private
  information from the director (plot results, detections)" (§1.3), put in the player's chest;
- what two players say in a trade: §4.14 lets them trade "information" and "promises"
  ("Informació (ex. "et revelaré qui et va robar el torn anterior")"), words between the two.

Every audit page and the export is asked for as the director, each seat, the public board and
an anonymous visitor, on the simulated game before and after its end (``conftest``), and the
texts planted in it are looked for in every answer.
"""

from __future__ import annotations

import html
import json

import pytest
from django.test import Client

from consell.game.models import Event
from consell.projection.visibility import view_for
from consell.rules.audience import Viewer
from tests.audit.conftest import (
    ALICE,
    BOB,
    CARLES,
    DIDAC,
    OFFER_WORDS,
    TRADE_INFORMATION,
    TRADE_PROMISE,
    TRADE_WORDS,
    board_client,
    director_client,
    seats_of,
)
from tests.game.conftest import seat_client

pytestmark = pytest.mark.django_db

PAGES = ["", "?kind=plot", "?kind=trade", "story/", "charts/", "dice/", "report/", "export.json"]
DRAFTS = {"ability_planned", "ability_unplanned", "pile_reordered"}
# Who said each planted text: the two parties of the trade or of the lapsed offer.
SAID_BETWEEN = {
    TRADE_INFORMATION: {ALICE, BOB},
    TRADE_PROMISE: {ALICE, BOB},
    OFFER_WORDS: {CARLES, DIDAC},
}


def _viewers(game) -> dict[str, Client]:
    viewers = {"director": director_client(game)}
    viewers.update({f"seat {s}": seat_client(game, s) for s in seats_of(game)})
    viewers.update(board=board_client(game), anonymous=Client())
    return viewers


def _urls(game) -> list[str]:
    stories = [f"story/{s}/" for s in seats_of(game)]
    return [f"/audit/{game.pk}/{page}" for page in PAGES + stories]


def _expected(viewer: str, url: str, finished: bool) -> int:
    if viewer == "director":
        return 200
    if not finished or not viewer.startswith("seat"):
        return 404
    seat = int(viewer.split()[1])
    if "/story/" in url and not url.endswith(("/story/", f"/story/{seat}/")):
        return 404
    return 200


_ANSWERS: dict[tuple[str, bool], dict[tuple[str, str], str]] = {}


def _answers(game) -> dict[tuple[str, str], str]:
    """Every audit answer, as text, by (viewer, url), each checked for its status first.

    Each test has its own copy of the same rows (``conftest``), so a game's answers are asked
    for once and read by every test of this module.
    """
    key = (game.name, game.finished)
    if key not in _ANSWERS:
        _ANSWERS[key] = _ask(game)
    return _ANSWERS[key]


def _ask(game) -> dict[tuple[str, str], str]:
    out, wrong = {}, []
    for viewer, client in _viewers(game).items():
        for url in _urls(game):
            response = client.get(url)
            if response.status_code != _expected(viewer, url, game.finished):
                wrong.append(f"{viewer} {url}: {response.status_code}")
            elif response.status_code == 200:
                out[viewer, url] = html.unescape(response.content.decode())
    assert wrong == []
    return out


def test_every_audit_page_answers_every_viewer_after_the_end(ended):
    """The director and every seat read every page; the board and a visitor get 404."""
    answers = _answers(ended)
    assert {viewer for viewer, _url in answers} == {
        "director",
        *(f"seat {s}" for s in seats_of(ended)),
    }
    plots = ended.events.filter(kind="plot_resolved")
    assert plots.exists(), "each simulated game resolves plots"
    for (viewer, url), text in answers.items():
        if url.endswith(("?kind=plot", "/report/")):
            assert "plot_resolved" in text, (viewer, url)


def test_before_the_end_the_audit_is_the_directors_alone(played):
    answers = _answers(played)
    assert {viewer for viewer, _url in answers} == {"director"}


def test_the_planted_trade_words_reach_only_the_two_who_said_them(ended):
    answers = _answers(ended)
    for (viewer, url), text in answers.items():
        for words, parties in SAID_BETWEEN.items():
            allowed = viewer == "director" or int(viewer.split()[1]) in parties
            if not allowed:
                assert words not in text, f"{viewer} reads {words} at {url}"
    director_export = answers["director", f"/audit/{ended.pk}/export.json"]
    assert all(words in director_export for words in TRADE_WORDS)
    assert TRADE_INFORMATION in answers[f"seat {BOB}", f"/audit/{ended.pk}/export.json"]
    assert OFFER_WORDS in answers[f"seat {DIDAC}", f"/audit/{ended.pk}/export.json"]


def test_the_screens_at_the_end_keep_the_trade_words_too(ended):
    """The phones and the board after the end: nobody outside a trade reads its words."""
    pages = {"board": board_client(ended).get(f"/board/{ended.board_token}/")}
    for seat in seats_of(ended):
        pages[f"seat {seat}"] = seat_client(ended, seat).get(f"/play/{ended.pk}/")
    for viewer, response in pages.items():
        assert response.status_code == 200
        text = html.unescape(response.content.decode())
        for words, parties in SAID_BETWEEN.items():
            if viewer == "board" or int(viewer.split()[1]) not in parties:
                assert words not in text, f"{viewer} reads {words}"


def test_the_returned_objectives_stay_unseen(ended):
    """§2 step 5: the two objectives a player returns are never revealed to the others."""
    returned = {
        e.payload["seat"]: e.payload["cards"]
        for e in ended.events.filter(kind="objectives_returned")
    }
    assert set(returned) == set(seats_of(ended)) and all(
        len(cards) == 2 for cards in returned.values()
    )
    answers = _answers(ended)
    for (viewer, url), text in answers.items():
        if viewer == "director":
            continue
        me = int(viewer.split()[1])
        for seat, cards in returned.items():
            for card in cards if seat != me else []:
                assert f'"{card}"' not in text, f"{viewer} sees seat {seat}'s {card} at {url}"
    for seat, cards in returned.items():
        own = answers[f"seat {seat}", f"/audit/{ended.pk}/export.json"]
        assert all(f'"{card}"' in own for card in cards), "a player still reads their own deal"


def test_a_seats_export_leaves_out_only_the_secrets_the_end_keeps(ended):
    """Every event is in a seat's export except the never-revealed ones addressed to others."""
    for seat in seats_of(ended):
        response = seat_client(ended, seat).get(f"/audit/{ended.pk}/export.json")
        seqs = {e["seq"] for e in json.loads(response.content)["events"]}
        kept_from_me = {
            e.seq
            for e in Event.objects.filter(game=ended, reveal_at_end=False)
            if not (isinstance(e.audience, list) and seat in e.audience)
        }
        assert kept_from_me, "other seats' deals and drafts are kept from this seat"
        assert seqs == set(range(1, ended.seq + 1)) - kept_from_me


def test_plan_drafts_are_their_authors_own(ended):
    drafts = Event.objects.filter(game=ended, kind__in=DRAFTS)
    assert drafts.exists() and not drafts.filter(reveal_at_end=True).exists()
    for seat in seats_of(ended):
        response = seat_client(ended, seat).get(f"/audit/{ended.pk}/export.json")
        events = json.loads(response.content)["events"]
        authors = {e["actor"] for e in events if e["kind"] in DRAFTS}
        assert authors == {seat}


def _notes(chest) -> list[str]:
    return [n["text"] for n in chest.get("notes", [])]


def test_the_board_and_the_phones_show_no_ones_notes_but_their_own(ended):
    """Notes and plans are not cards: the end shows every chest without them (§4.17, §1.3)."""
    full = view_for(ended, Viewer.director(), "en")["final"]["chests"]
    notes = {chest["seat"]: _notes(chest) for chest in full}
    assert any(notes.values()), "the simulated game leaves notes in some chest"
    public = view_for(ended, Viewer.public(), "en")["final"]["chests"]
    assert all("notes" not in c and "plan" not in c and "objective_offer" not in c for c in public)
    assert [c["objectives"] for c in public] == [c["objectives"] for c in full]
    board = html.unescape(board_client(ended).get(f"/board/{ended.board_token}/").content.decode())
    for seat, texts in notes.items():
        for text in texts:
            assert text not in board, f"the board shows seat {seat}'s note {text!r}"
    for me in seats_of(ended):
        chests = view_for(ended, Viewer.for_seat(me), "en")["final"]["chests"]
        assert {c["seat"]: _notes(c) for c in chests if c["seat"] == me} == {me: notes[me]}
        page = html.unescape(seat_client(ended, me).get(f"/play/{ended.pk}/").content.decode())
        for seat, texts in notes.items():
            for text in texts:
                if seat != me and text not in notes[me]:
                    assert text not in page, f"seat {me} reads seat {seat}'s note {text!r}"


def test_the_end_still_reveals_every_hand_and_kept_objective(ended):
    """§4.17: "All players reveal all their resources and hidden cards"."""
    full = view_for(ended, Viewer.director(), "en")["final"]["chests"]
    for viewer in [Viewer.public(), *(Viewer.for_seat(s) for s in seats_of(ended))]:
        chests = view_for(ended, viewer, "en")["final"]["chests"]
        for key in ("resources", "tactics", "assets", "objectives"):
            assert [c[key] for c in chests] == [c[key] for c in full]
