"""What a page shows a viewer that is not words of the viewer's language (issue 13, item 2).

"No code, id or English word reaches a Catalan viewer." The detector is built from the real
things a page could leak, so it cannot miss one by a gap in a hand-written list:

- the pack's card ids, ability ids and parameter names (``casa-aragon``, ``lluir``,
  ``targets``), read from the game's own catalog;
- the rules' codes: the resource codes (``MON``, ``POW``), every value of the rules' enums
  (indicators, phases, bid statuses, detections...), the decision kinds and every event kind
  the game logged, with the label a kind gets when it has no sentence ("Plot resolved");
- any ``snake_case`` name;
- on a Catalan or Spanish page, English words: the words of the English source texts (the
  catalog's msgids and the pack's English card texts) that the page's language never uses
  (its catalog's translations, the pack's Catalan card texts, the players' names);
- a hole where a parameter was left empty ("Eulàlia perd .").

The visible text of a page is its text nodes (scripts and styles left out) and the attributes a
person reads or hears (``title``, ``aria-label``, ``placeholder``, ``alt``, a button's value).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from html.parser import HTMLParser
from pathlib import Path

import polib

from consell.rules import auction, plots, resources, state, votes
from consell.rules.decisions import INTERACTIVE

LOCALE = Path(__file__).resolve().parents[2] / "locale"
READ_ATTRIBUTES = ("title", "aria-label", "placeholder", "alt")
WORD = re.compile(r"[^\W\d_]+(?:['’·-][^\W\d_]+)*")
SNAKE = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w-])")
# Addresses and hashes (the dice commitment, the seed, the log's seal "A3F9-12C4") are not words.
URL = re.compile(r"\w+://\S+|\b[0-9a-f]{16,}\b|\b[0-9A-F]{4}-[0-9A-F]{4}\b")
# The language switcher names each language in its own words ("English" on a Catalan page).
LANGUAGE_NAMES = {"english", "català", "español", "catalan", "spanish"}
HOLE = re.compile(r"[^\W\d_] [.,;:](?:\s|$)|\(\s*\)")
ENUMS: tuple[type[StrEnum], ...] = (
    resources.Indicator,
    state.Phase,
    state.Status,
    auction.Round,
    auction.BidStatus,
    plots.Detection,
    plots.NoteKind,
    plots.NoteRole,
    votes.Side,
)


class _Visible(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style", "template"):
            self._hidden += 1
        a = dict(attrs)
        self.lines.extend(a[k] for k in READ_ATTRIBUTES if a.get(k))
        if tag in ("input", "button") and a.get("type") in ("submit", "button") and a.get("value"):
            self.lines.append(a["value"])

    def handle_endtag(self, tag):
        if tag in ("script", "style", "template") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data):
        if not self._hidden and data.strip():
            self.lines.append(" ".join(data.split()))


def visible_lines(body: str) -> list[str]:
    """What a person reads (or hears from a screen reader) on the page, line by line."""
    parser = _Visible()
    parser.feed(body)
    return parser.lines


def words_of(texts: Iterable[str]) -> set[str]:
    """Every word of ``texts``, lower case, whole ("l'heretgia") and in its parts."""
    out = set()
    for text in texts:
        for w in WORD.findall(text or ""):
            out.add(w.lower())
            out.update(p.lower() for p in re.split(r"['’·-]", w) if p)
    return out


def _catalog_texts(language: str) -> tuple[list[str], list[str]]:
    """(source texts, translations) of a language's catalog."""
    sources, translations = [], []
    for entry in polib.pofile(str(LOCALE / language / "LC_MESSAGES" / "django.po")):
        sources += [entry.msgid, entry.msgid_plural or ""]
        translations += [entry.msgstr, *entry.msgstr_plural.values()]
    return sources, translations


def _pack_texts(catalog: Mapping[str, dict], language: str) -> list[str]:
    out: list[str] = []

    def walk(value):
        if isinstance(value, dict):
            if language in value and isinstance(value[language], str):
                out.append(value[language])
            for v in value.values():
                walk(v)
        elif isinstance(value, list):
            for v in value:
                walk(v)

    walk(list(catalog.values()))
    return out


def _pack_ids(catalog: Mapping[str, dict]) -> set[str]:
    ids = set(catalog)
    for card in catalog.values():
        for ability in card.get("abilities") or []:
            ids.add(ability["id"])
            ids.update(p["name"] for p in ability.get("params") or [])
    return ids


@dataclass
class Detector:
    """The raw things of one game and the vocabularies of the three languages."""

    identifiers: set[str]  # ids and codes: a token equal to one is raw
    kind_labels: set[str]  # "Plot resolved": a kind shown without its sentence
    english: set[str]  # English words
    local: dict[str, set[str]] = field(default_factory=dict)  # language -> its words

    @classmethod
    def build(
        cls,
        catalog: Mapping[str, dict],
        event_kinds: Iterable[str],
        pending_kinds: Iterable[str],
        names: Iterable[str],
    ) -> Detector:
        """From the game's catalog, the event and pending kinds it logged and its names."""
        kinds = set(event_kinds)
        codes = {str(r) for r in resources.Resource}
        codes |= {str(v) for enum in ENUMS for v in enum}
        codes |= set(INTERACTIVE) | set(pending_kinds) | kinds
        english_sources, translated_en = _catalog_texts("en")
        english = words_of(english_sources + _pack_texts(catalog, "en"))
        english |= words_of(k.replace("_", " ") for k in codes | kinds)
        names = words_of(names)
        local = {}
        for language in ("ca", "es"):
            _, translated = _catalog_texts(language)
            local[language] = words_of(translated + _pack_texts(catalog, language)) | names
            local[language] |= LANGUAGE_NAMES
        return cls(
            identifiers=_pack_ids(catalog) | codes,
            kind_labels={k.replace("_", " ").capitalize() for k in kinds if "_" in k}
            - set(translated_en),
            english=english - names,
            local=local,
        )

    def problems(self, line: str, language: str) -> list[str]:
        """What is wrong with one visible line for a viewer reading ``language``."""
        line = URL.sub("0", line)  # a number in its place: not a word, and not a hole
        found = [f"snake_case name {m!r}" for m in SNAKE.findall(line)]
        if line.strip(" .") in self.kind_labels:
            found.append(f"kind without a sentence {line!r}")
        for token in re.findall(r"[\w-]+", line):
            if token in self.identifiers and not self._natural(token, language):
                found.append(f"identifier {token!r}")
        if language in self.local:
            foreign = {w for w in words_of([line]) if w in self.english}
            foreign -= self.local[language]
            found += [f"English word {w!r}" for w in sorted(foreign)]
        if HOLE.search(line):
            found.append("an empty parameter")
        return found

    def _natural(self, token: str, language: str) -> bool:
        """Whether ``token`` is also a word of the language (a one-word id such as ``mercat``
        reads as the Catalan word it is; a code in capitals or with a hyphen never does)."""
        if token.isupper() or "-" in token or "_" in token:
            return False
        return token.lower() in self.local.get(language, self.english)
