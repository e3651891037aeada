"""A Spanish screen reads the cards in Spanish (issue 35, item 5: "cards in every language").

The default pack carries every card text in Catalan, English and Spanish; before it did, a
Spanish phone showed every card title, ability and office in Catalan beside Spanish labels. A
game the simulator played is opened on every phone and on the public board in Spanish: the
cards each player holds are named in Spanish, and no Catalan text of the pack appears.
"""

from __future__ import annotations

import html
import re

import polib
import pytest
from django.conf import settings
from django.test import Client

from consell.content.catalog import load_catalog
from consell.rules.state import Phase
from consell.rules.state import card_id_of as card_of
from tests.game.simulated import phone, play_until, state_of

SPANISH_CATALOG = "locale/es/LC_MESSAGES/django.po"


def _words(value: object, language: str) -> list[str]:
    """Every text of ``value`` (a card, nested) in ``language``, titles and texts alike."""
    if isinstance(value, dict):
        if "ca" in value and "en" in value:
            return [value[language]] if isinstance(value.get(language), str) else []
        return [w for v in value.values() for w in _words(v, language)]
    if isinstance(value, list):
        return [w for v in value for w in _words(v, language)]
    return []


def _visible(response) -> str:
    body = response.content.decode()
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


def _spanish_words(catalog) -> set[str]:
    """Every word the Spanish interface and the pack's Spanish texts use, lower case."""
    texts = [e.msgstr for e in polib.pofile(str(settings.BASE_DIR / SPANISH_CATALOG))]
    texts += [w for card in catalog.values() for w in _words(card, "es")]
    return {w.lower() for text in texts for w in re.findall(r"\w+", text)}


def _catalan_only(catalog) -> list[str]:
    """The pack's Catalan texts a Spanish reader must not meet: those the Spanish changes,
    but not a one-word title that is a Spanish word too ("Lleva" is a Catalan levy and a
    Spanish verb)."""
    spanish = _spanish_words(catalog)
    out = set()
    for card in catalog.values():
        for ca, es in zip(_words(card, "ca"), _words(card, "es"), strict=True):
            if ca != es and ca.lower() not in spanish:
                out.add(ca)
    return sorted(out)


def _found(text: str, page: str) -> bool:
    return re.search(rf"(?<!\w){re.escape(text)}(?!\w)", page) is not None


def _planning(state) -> bool:
    return state.phase is Phase.PLANNING and all(p.house for p in state.players)


@pytest.mark.django_db(transaction=True)
def test_a_spanish_phone_and_board_name_the_cards_in_spanish():
    game = play_until(4, 2, 3, where=_planning)
    state = state_of(game)
    catalog = load_catalog(game.pack)
    catalan = _catalan_only(catalog)
    assert len(catalan) > 500  # the pack's own texts, not a handful
    board = Client()
    board.cookies["django_language"] = "es"
    pages = {"board": _visible(board.get(f"/board/{game.board_token}/"))}
    for player in state.players:
        client = phone(game, player.seat)
        client.cookies["django_language"] = "es"
        page = _visible(client.get(f"/play/{game.pk}/"))
        pages[f"seat {player.seat}"] = page
        held = [player.house, *player.tactics, *player.objectives]
        for instance in held:
            title = catalog[card_of(instance)]["title"]
            assert _found(title["es"], page), f"seat {player.seat}: {title}"
    for where, page in pages.items():
        assert _found("Poder", page), where
        shown = [text for text in catalan if _found(text, page)]
        assert not shown, f"{where} shows Catalan card texts: {shown[:5]}"
        assert "(ca)" not in page, f"{where} falls back to Catalan"


def test_a_pack_without_spanish_shows_its_catalan_marked(game, phones):
    """The table's pack (tests.game.conftest) has Catalan and English only: a Spanish phone
    reads its cards in Catalan, each marked "(ca)", not as if they were Spanish."""
    state = state_of(game)
    catalog = load_catalog(game.pack)
    for seat, client in phones.items():
        client.cookies["django_language"] = "es"
        page = _visible(client.get(f"/play/{game.pk}/"))
        house = catalog[card_of(state.player(seat).house)]["title"]
        assert "es" not in house
        assert f"{house['ca']} (ca)" in page, seat
