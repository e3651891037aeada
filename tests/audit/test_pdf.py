"""The audit report as a PDF (issue 13 item 9): "A PDF of the audit report ... downloadable
from the audit; the print stylesheet stays."

Read from the games the simulator really plays (``conftest``): the PDF is opened with pypdf as
a reader's PDF viewer would, and its words are the report page's. Who may download it is the
report's rule (``test_access``): the director always, a seat after the end, the board never.
"""

from __future__ import annotations

import logging

import pytest

from consell.audit import pdf, views
from consell.audit.presenters import NOTE_KINDS
from consell.content.catalog import load_catalog
from consell.wording.describe import Names as Sentences
from consell.wording.describe import describe
from tests.audit.conftest import (
    ALICE,
    BOB,
    board_client,
    director_client,
)
from tests.game.conftest import seat_client
from tests.pdf_text import pdf_text, squeezed

pytestmark = pytest.mark.django_db

HEADINGS = ("Summary", "Timeline", "Charts over turns", "Dice proof")


def _download(game, client):
    response = client.get(f"/audit/{game.pk}/report.pdf")
    assert response.status_code == 200
    return response


def test_the_director_downloads_the_report_as_a_pdf_naming_the_game(finished):
    response = _download(finished, director_client(finished))
    assert response["Content-Type"] == "application/pdf"
    assert finished.name == "Simulació 4"
    assert response["Content-Disposition"] == 'attachment; filename="consell-simulacio-4-audit.pdf"'
    text = pdf_text(response.content)
    assert text.startswith(f"Audit of {finished.name}")
    for heading in HEADINGS:
        assert heading in text
    for seat in finished.seats.all():
        assert seat.name in text
    # The log's sentences, the dice proof's seed and every roll, as on the report page.
    assert "The seed matches the commitment" in text
    assert finished.seed in squeezed(text)
    code = f"{finished.chain_head[:4]}-{finished.chain_head[4:8]}".upper()
    assert f"The log's chain holds: {finished.links} links" in text
    assert code in squeezed(text)


def test_the_report_page_links_its_pdf_and_keeps_the_print_stylesheet(finished):
    page = seat_client(finished, ALICE).get(f"/audit/{finished.pk}/report/").content.decode()
    assert f'href="/audit/{finished.pk}/report.pdf"' in page
    assert "Download PDF" in page
    assert 'href="/static/css/audit-print.css" media="print"' in page


def _notes_of(game, seat: int) -> set[str]:
    """What the private notes to ``seat`` say (rules §1.3), as the report writes them."""
    said = Sentences(game.state, load_catalog(game.pack), "en")
    return {
        describe(e.kind, {"seat": e.actor, **e.payload}, said)
        for e in game.events.filter(kind__in=NOTE_KINDS)
        if e.audience == [seat]
    }


def test_a_seat_downloads_its_own_reading_after_the_end(finished):
    """The PDF is the seat's report: another's private notes stay theirs (rules §1.3, §3.4)."""
    bobs = _notes_of(finished, BOB) - _notes_of(finished, ALICE)
    assert bobs, "Bob was told something Alice was not"
    director = squeezed(pdf_text(_download(finished, director_client(finished)).content))
    alice = squeezed(pdf_text(_download(finished, seat_client(finished, ALICE)).content))
    assert squeezed("As the director reads it.") in director
    assert squeezed("As Alice reads it, after the end of the game.") in alice
    assert not any(squeezed(note) in alice for note in bobs)


def test_the_pdf_holds_the_outcomes_not_every_event(finished):
    """Issue 34: the PDF of a 16-player game in 5 s. It says how each plot, vote and crisis
    ended, in the reader's words, and leaves every other event and the tables to the pages."""
    said = Sentences(finished.state, load_catalog(finished.pack), "en")
    text = squeezed(pdf_text(_download(finished, seat_client(finished, ALICE)).content))
    outcomes = finished.events.filter(kind__in=["plot_resolved", "vote_result", "crisis_resolved"])
    assert {e.kind for e in outcomes} == {"plot_resolved", "vote_result", "crisis_resolved"}
    for event in outcomes:
        assert squeezed(describe(event.kind, {"seat": event.actor, **event.payload}, said)) in text
    assert squeezed("The outcomes only") in text
    # A die is one line only when the seed does not simply prove it: the table's dice here.
    entered = finished.rolls.filter(entered=True)
    assert entered.exists()
    assert squeezed("entered by the director") in text


def test_before_the_end_only_the_director_downloads_it(played):
    assert director_client(played).get(f"/audit/{played.pk}/report.pdf").status_code == 200
    assert seat_client(played, BOB).get(f"/audit/{played.pk}/report.pdf").status_code == 404
    assert board_client(played).get(f"/audit/{played.pk}/report.pdf").status_code == 404


def test_a_pdf_that_cannot_be_drawn_is_a_friendly_page_and_a_log_line(
    finished, monkeypatch, caplog
):
    def broken(html):
        raise RuntimeError("Pango went away")

    monkeypatch.setattr(views, "render_pdf", broken)
    with caplog.at_level(logging.ERROR, logger="consell.audit.views"):
        response = director_client(finished).get(f"/audit/{finished.pk}/report.pdf")
    assert response.status_code == 500
    page = response.content.decode()
    assert "The PDF could not be made" in page
    assert f'href="/audit/{finished.pk}/report/"' in page
    assert "Traceback" not in page and "Pango went away" not in page
    (record,) = [r for r in caplog.records if r.name == "consell.audit.views"]
    assert f"game {finished.pk}" in record.getMessage() and record.exc_info


def test_the_pdf_reads_the_apps_static_files_and_nothing_else(tmp_path, caplog):
    """No network, no file of the server: only what ``{% static %}`` names (issue 13)."""
    css = pdf.static_file(pdf.BASE_URL + "static/css/audit-pdf.css")
    assert css.name == "audit-pdf.css" and css.is_file()
    for url in (
        "http://127.0.0.1:9/static/css/audit-pdf.css",
        "file:///etc/passwd",
        pdf.BASE_URL + "media/secret.txt",
        pdf.BASE_URL + "static/../consell/settings.py",
        pdf.BASE_URL + "static/css/no-such.css",
    ):
        with pytest.raises(pdf.Refused):
            pdf.static_file(url)
    html = (
        '<html><body><p>Hola</p><img src="http://127.0.0.1:9/x.png">'
        '<img src="file:///etc/hostname"><img src="/static/img/favicon.svg"></body></html>'
    )
    with caplog.at_level(logging.WARNING, logger="weasyprint"):
        body = pdf.render_pdf(html)
    assert pdf_text(body).strip() == "Hola"
    refused = [r.getMessage() for r in caplog.records if "Refused" in r.getMessage()]
    assert len(refused) == 2, refused
