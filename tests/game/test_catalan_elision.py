"""Catalan elides "de" before a vowel: "accions d'Alice", "Rei d'Alba" (issue 35).

A sentence is translated before it is filled with a name, so "de %(players)s" became
"de Alice" on Catalan screens. Spanish says "de Alice", and keeps it.
"""

from __future__ import annotations

import html
import re

import pytest
from django.utils.safestring import SafeData, mark_safe

from consell.rules.state import Phase
from consell.wording.elision import elide
from tests.game.simulated import director_client, play_until

VOWEL_NAMES = r"(?:Alice|Elena|Hug|Irene|Oriol)"


def _text(response) -> str:
    return html.unescape(re.sub(r"<[^>]+>", " ", response.content.decode()))


def _first_late_player_starts_with_a_vowel(state) -> bool:
    busy = [p for p in state.players if p.plan.actions]
    return state.phase is Phase.ACTIONS and bool(busy) and busy[0].name[0] in "AEIOU"


@pytest.mark.django_db(transaction=True)
def test_the_dashboard_says_why_the_phase_waits_with_the_apostrophe_in_catalan_only():
    game = play_until(5, 3, 1, where=_first_late_player_starts_with_a_vowel)
    director = director_client(game)
    catalan = _text(director.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="ca"))
    assert re.search(rf"queden per resoldre accions d'{VOWEL_NAMES}", catalan)
    assert not re.search(rf"\bde {VOWEL_NAMES}\b", catalan)
    director.cookies.pop("django_language", None)
    spanish = _text(director.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE="es"))
    assert re.search(rf"\bde {VOWEL_NAMES}\b", spanish)


def test_the_norms_exceptions_keep_de():
    # A semivowel i or u before a vowel, an h before one, and a number keep the full form.
    assert elide("de iode", "ca") == "de iode"
    assert elide("de Huelva", "ca") == "de Huelva"
    assert elide("Torn 2 de 10", "ca") == "Torn 2 de 10"
    assert elide("el Rei de Hug", "ca") == "el Rei d'Hug"
    assert elide("Cofre de Òscar", "ca") == "Cofre d'Òscar"


def test_markup_stays_markup():
    said = elide(mark_safe("<b>secrets de Anna</b>"), "ca")
    assert said == "<b>secrets d'Anna</b>"
    assert isinstance(said, SafeData)
