"""Catalan's apostrophe: "de" before a vowel is "d'" ("els secrets d'Anna", "Rei d'Alba").

A sentence is translated with a placeholder ("secrets de %(players)s") before it knows the
name it will hold, so the translation cannot elide; this is done once the sentence is filled.
Only "de" is elided: the articles "el"/"la" never stand before a player's or a kingdom's name
in the app's sentences. As the norm says, a semivowel i or u before another vowel ("de iode",
"de Huelva") keeps the full form, and so does a digit.
"""

from __future__ import annotations

import re

from django.utils.safestring import SafeData, mark_safe
from django.utils.translation import get_language

_VOWEL = "aeiouàèéíïòóúüAEIOUÀÈÉÍÏÒÓÚÜ"
_BEFORE_VOWEL = re.compile(rf"(?<![\w'’])([Dd])e (?![hH]?[iuIU][{_VOWEL}])(?=[hH]?[{_VOWEL}])")


def elide(text: str, language: str | None = None) -> str:
    """``text`` with Catalan's elisions made when ``language`` (by default the active one)
    is Catalan; any other language's text is returned as it is. Markup stays markup."""
    language = language or get_language() or ""
    if not language.startswith("ca") or not text:
        return text
    elided = _BEFORE_VOWEL.sub(r"\1'", text)
    if elided == text:
        return text
    return mark_safe(elided) if isinstance(text, SafeData) else elided
