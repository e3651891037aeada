"""The translation catalogs are complete, compiled and in use (Catalan, English, Spanish).

Catalan is the table's language and the default (LANGUAGE_CODE "ca"); English is the second
language and Spanish the third, each chosen per viewer. Every UI string is marked for
translation, so a catalog entry left empty or fuzzy shows English to a Catalan or Spanish
table, and a stale ``.mo`` serves yesterday's wording: the ``.mo`` files are committed so that
serving needs no gettext. To refresh them, follow locale/README.md.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.test import Client
from django.utils import translation
from django.utils.html import escape

from consell.content.loader import load_pack
from consell.content.schema import validate_pack
from consell.game.models import Game
from consell.game.services import games as game_services
from consell.projection.visibility import view_for
from consell.rules.audience import Viewer
from consell.rules.state import GameState
from consell.simulator.runner import simulate
from tests.game.conftest import PLAYERS, seat_client, unique_pack

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "locale"
LANGUAGES = ("ca", "en", "es")
TRANSLATED = ("ca", "es")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]")


@dataclass
class Entry:
    msgctxt: str | None = None
    msgid: str = ""
    msgid_plural: str | None = None
    msgstr: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)


def read_po(path: Path) -> list[Entry]:
    """The entries of a .po file (header included, obsolete ``#~`` entries left out)."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] = ("msgid", 0)
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if current is not None:
                entries.append(current)
            current = None
            continue
        if line.startswith("#~"):
            continue
        current = current or Entry()
        if line.startswith("#,"):
            current.flags |= {flag.strip() for flag in line[2:].split(",")}
        elif line.startswith("#"):
            continue
        elif match := re.match(r'(msgctxt|msgid_plural|msgid|msgstr)(?:\[(\d)\])? (".*")$', line):
            keyword, index, text = match.group(1), int(match.group(2) or 0), match.group(3)
            target = (keyword, index)
            _append(current, target, ast.literal_eval(text))
        else:
            _append(current, target, ast.literal_eval(line))
    return entries


def _append(entry: Entry, target: tuple[str, int], text: str) -> None:
    keyword, index = target
    if keyword == "msgstr":
        entry.msgstr[index] = entry.msgstr.get(index, "") + text
    elif keyword == "msgid_plural":
        entry.msgid_plural = (entry.msgid_plural or "") + text
    elif keyword == "msgctxt":
        entry.msgctxt = (entry.msgctxt or "") + text
    else:
        entry.msgid += text


def catalog(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "django.po"


def messages(language: str) -> list[Entry]:
    """Every translatable entry of one catalog, the header left out."""
    return [e for e in read_po(catalog(language)) if e.msgid]


def header(language: str) -> str:
    return next(e for e in read_po(catalog(language)) if not e.msgid).msgstr[0]


def msgfmt() -> str:
    path = shutil.which("msgfmt")
    assert path, "GNU gettext's msgfmt is needed to check the catalogs (apt-get install gettext)"
    return path


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_entry_is_translated_and_none_is_fuzzy(language):
    """A missing or fuzzy entry shows the English source text instead of the translation."""
    entries = messages(language)
    assert len(entries) > 100
    untranslated = [e.msgid for e in entries if not all(e.msgstr.values())]
    fuzzy = [e.msgid for e in entries if "fuzzy" in e.flags]
    assert untranslated == []
    assert fuzzy == []
    assert "fuzzy" not in read_po(catalog(language))[0].flags


@pytest.mark.parametrize("language", LANGUAGES)
def test_msgfmt_accepts_the_catalog_with_nothing_untranslated(language):
    """msgfmt --check also verifies that each %(name)s placeholder survives translation."""
    result = subprocess.run(
        [msgfmt(), "--check", "--statistics", "-o", "/dev/null", str(catalog(language))],
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stderr
    assert re.fullmatch(r"\d+ translated messages\.", result.stderr.strip()), result.stderr


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_header_names_the_language_its_plurals_and_utf8(language):
    head = header(language)
    assert f"Language: {language}\n" in head
    assert "Plural-Forms: nplurals=2; plural=(n != 1);\n" in head
    assert "Content-Type: text/plain; charset=UTF-8\n" in head


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_translation_keeps_every_placeholder_of_the_source(language):
    """A lost or renamed %(name)s raises KeyError or drops a name from the sentence."""
    wrong = []
    for e in messages(language):
        if e.msgid_plural is None:
            if sorted(PLACEHOLDER.findall(e.msgid)) != sorted(PLACEHOLDER.findall(e.msgstr[0])):
                wrong.append(e.msgid)
        else:
            plural = set(PLACEHOLDER.findall(e.msgid_plural))
            if set(PLACEHOLDER.findall(e.msgstr[1])) != plural or not set(
                PLACEHOLDER.findall(e.msgstr[0])
            ) <= plural | set(PLACEHOLDER.findall(e.msgid)):
                wrong.append(e.msgid)
    assert wrong == []


def test_english_repeats_the_source_text():
    """English is the source language: its catalog only makes English explicit."""
    different = [
        e.msgid
        for e in messages("en")
        if (e.msgstr[0] != e.msgid)
        or (e.msgid_plural is not None and e.msgstr.get(1) != e.msgid_plural)
    ]
    assert different == []


def test_a_confirmation_question_travels_in_an_escaped_attribute():
    """A translated question may hold an apostrophe (Catalan often does): it is never quoted
    inside inline JavaScript (the Content-Security-Policy forbids inline handlers anyway) but
    given as ``data-confirm="{{ question }}"``, which autoescaping keeps whole."""
    templates = [t.read_text(encoding="utf-8") for t in (ROOT / "templates").rglob("*.html")]
    questions = [q for text in templates for q in re.findall(r'data-confirm="([^"]*)"', text)]
    assert questions
    assert [q for q in questions if not re.fullmatch(r"\{\{ \w+ \}\}", q)] == []
    assert [t for t in templates if re.search(r"\son[a-z]+=|confirm\(", t)] == []


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_committed_mo_file_is_compiled_from_the_current_po(language, tmp_path):
    """Compiled as compilemessages does (msgfmt --check-format), byte for byte."""
    po = catalog(language)
    fresh = tmp_path / "django.mo"
    subprocess.run([msgfmt(), "--check-format", "-o", str(fresh), str(po)], check=True)
    committed = po.with_suffix(".mo")
    assert committed.exists(), f"{committed} is missing: run compilemessages"
    assert committed.read_bytes() == fresh.read_bytes(), "stale .mo: run compilemessages"


@pytest.mark.catalan
def test_catalan_plurals_follow_the_count():
    with translation.override("ca"):
        one = translation.ngettext("%(n)s turn left", "%(n)s turns left", 1) % {"n": 1}
        two = translation.ngettext("%(n)s turn left", "%(n)s turns left", 2) % {"n": 2}
    assert (one, two) == ("queda 1 torn", "queden 2 torns")


@pytest.mark.catalan
def test_an_amount_of_intrigue_elides_in_catalan():
    """Catalan joins an amount and its resource with "de", elided before a vowel as the
    rulebook writes it ("la quantitat d'Intriga"): "4 d'Intriga", never "4 de Intriga"."""
    from consell.wording.words import amounts

    said = {}
    for language in ("ca", "es", "en"):
        with translation.override(language):
            said[language] = amounts({"POW": 2, "INT": 4, "FAI": 1})
    assert said["ca"] == "2 de Poder, 4 d'Intriga, 1 de Fe"
    assert said["es"] == "2 de Poder, 4 de Intriga, 1 de Fe"
    assert said["en"] == "2 Power, 4 Intrigue, 1 Faith"


def test_spanish_covers_every_entry_of_the_catalan_catalog():
    """Spanish translates what Catalan translates: no msgid of the table's catalog is missing."""

    def keys(language):
        return {(e.msgctxt, e.msgid, e.msgid_plural) for e in messages(language)}

    assert keys("ca") - keys("es") == set()
    assert keys("es") - keys("ca") == set()


@pytest.mark.catalan
def test_spanish_plurals_follow_the_count():
    with translation.override("es"):
        one = translation.ngettext("%(n)s turn left", "%(n)s turns left", 1) % {"n": 1}
        two = translation.ngettext("%(n)s turn left", "%(n)s turns left", 2) % {"n": 2}
    assert (one, two) == ("queda 1 turno", "quedan 2 turnos")


@pytest.fixture
def table(director) -> Game:
    """Dora's dealt table for Alice, Bob, Carles, Dídac and Elena (as in tests/game)."""
    files = unique_pack()
    meta = files.pop("pack.yaml")
    pack, _ = load_pack(validate_pack(meta, files))
    game = game_services.create_game(director, "Dijous", pack, PLAYERS)
    game_services.deal(game.pk)
    game.refresh_from_db()
    return game


@pytest.mark.catalan
@pytest.mark.django_db
def test_the_home_page_speaks_catalan_by_default():
    page = Client().get("/").content.decode()
    assert '<html lang="ca">' in page
    assert "El Consell del Rei" in page
    assert "Inicia la sessió" in page
    assert "Log in" not in page


@pytest.mark.catalan
@pytest.mark.django_db
def test_the_login_page_speaks_catalan_by_default():
    page = Client().get("/accounts/login/").content.decode()
    assert "Inicia la sessió" in page
    assert "Encara no tens compte?" in page
    assert "No account yet?" not in page


@pytest.mark.catalan
@pytest.mark.django_db
def test_a_players_phone_speaks_catalan(table):
    page = seat_client(table, 1).get(f"/play/{table.pk}/").content.decode()
    assert "Prestigi" in page
    assert "Tria els teus objectius" in page
    assert "Prestige" not in page


@pytest.mark.catalan
@pytest.mark.django_db
def test_a_phone_asking_for_english_gets_english(table):
    page = (
        seat_client(table, 2).get(f"/play/{table.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    )
    assert "Prestige" in page
    assert "Prestigi" not in page


def choose_language(client: Client, language: str) -> None:
    """What the language switcher in the page header does: Django's own set_language view."""
    response = client.post("/i18n/setlang/", {"language": language, "next": "/"})
    assert response.status_code == 302


@pytest.mark.catalan
@pytest.mark.django_db
def test_the_language_switcher_offers_spanish():
    page = Client().get("/").content.decode()
    assert '<option value="es">español</option>' in page


@pytest.mark.catalan
@pytest.mark.django_db
def test_a_phone_that_chooses_spanish_gets_spanish_while_another_stays_catalan(table):
    bob, alice = seat_client(table, 2), seat_client(table, 1)
    choose_language(bob, "es")
    spanish = bob.get(f"/play/{table.pk}/").content.decode()
    catalan = alice.get(f"/play/{table.pk}/").content.decode()
    assert '<html lang="es">' in spanish
    assert "<span>Prestigio</span>" in spanish
    assert "Elige tus objetivos" in spanish
    assert "<span>Prestigi</span>" not in spanish
    assert "Tria els teus objectius" not in spanish
    assert '<html lang="ca">' in catalan
    assert "<span>Prestigi</span>" in catalan
    assert "Tria els teus objectius" in catalan
    assert "Elige tus objetivos" not in catalan


@pytest.mark.catalan
@pytest.mark.django_db
def test_a_spanish_phone_reads_the_cards_in_catalan(table):
    """Content packs hold card texts in Catalan and English: Spanish falls back to Catalan."""
    bob = seat_client(table, 2)
    choose_language(bob, "es")
    page = bob.get(f"/play/{table.pk}/").content.decode()
    offer = {
        language: [
            c["title"]
            for c in view_for(table, Viewer.for_seat(2), language)["me"]["objective_offer"]
        ]
        for language in ("ca", "en")
    }
    assert offer["ca"] and offer["ca"] != offer["en"]
    assert [t for t in offer["ca"] if escape(t) not in page] == []
    assert [t for t in offer["en"] if escape(t) in page] == []


@pytest.fixture(scope="module")
def finished(django_db_setup, django_db_blocker):
    """A simulated three-player game of two turns, played to its end with the default pack."""
    with django_db_blocker.unblock():
        played = simulate(3, 2, seed=7)
        yield played.game
        played.game.delete()


@pytest.mark.catalan
@pytest.mark.django_db
def test_the_screens_of_a_finished_game_speak_spanish_with_spanish_cards(finished):
    """The dashboard, the board and a phone render for a Spanish viewer; the revealed hands
    show their Spanish titles (the default pack has them), never the Catalan or the English."""
    dora = Client()
    dora.force_login(finished.director)
    choose_language(dora, "es")
    phone = seat_client(finished, 1)
    choose_language(phone, "es")
    board = Client()
    choose_language(board, "es")
    pages = {
        url: client.get(url)
        for client, url in [
            (dora, f"/games/{finished.pk}/"),
            (phone, f"/play/{finished.pk}/"),
            (board, f"/board/{finished.board_token}/"),
        ]
    }
    assert {url: r.status_code for url, r in pages.items()} == dict.fromkeys(pages, 200)
    assert [url for url, r in pages.items() if '<html lang="es">' not in r.content.decode()] == []
    shown = pages[f"/board/{finished.board_token}/"].content.decode()
    cards = [
        finished.pack.cards.get(card_id=tactic.split("#")[0])
        for p in GameState.from_dict(finished.state).players
        for tactic in p.tactics
    ]
    assert cards, "the simulated players end with tactics in hand"
    titles = [c.data["title"] for c in cards]
    assert [t["es"] for t in titles if escape(t["es"]) not in shown] == []
    assert [
        t[other]
        for t in titles
        for other in ("ca", "en")
        if t[other] != t["es"] and escape(t[other]) in shown
    ] == []
