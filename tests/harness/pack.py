"""The harness's content pack: the default pack with a unique marker in every card's words.

Every language text of a card (title, text, special...) carries the card's marker
``ZQ<kind><n>Q``; every text of one of its abilities carries ``ZQ<kind><n>A<m>Q``. The ability
markers differ from the card's because a public action shows its ability's text while the
card it comes from stays hidden (rules G21). ``MARKERS`` maps a marker back to the card id.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from consell.content.fields import LANGUAGES
from consell.content.loader import load_pack
from consell.content.models import Pack
from consell.content.reader import load_yaml
from consell.content.schema import PACK_FILE, validate_pack
from consell.simulator.runner import DEFAULT_PACK

MARKER = re.compile(r"ZQ[a-z_]+\d+(?:A\d+)?Q")


@dataclass
class Markers:
    """Marker -> card id, and card id -> its card marker (ability markers map to the card)."""

    card_of: dict[str, str] = field(default_factory=dict)
    of_card: dict[str, str] = field(default_factory=dict)
    abilities_of: dict[str, dict[str, str]] = field(default_factory=dict)  # card -> ability -> m


def _is_words(value) -> bool:
    return isinstance(value, dict) and value and set(value) <= set(LANGUAGES)


def _mark(thing: dict, marker: str) -> None:
    for key, value in thing.items():
        if key != "abilities" and _is_words(value):
            thing[key] = {lang: f"{words} {marker}" for lang, words in value.items()}


def marked_documents() -> tuple[dict, dict, Markers]:
    """pack.yaml and every card file of the default pack, rewritten with markers."""
    folder = Path(DEFAULT_PACK)
    meta, errors = load_yaml(PACK_FILE, (folder / PACK_FILE).read_text(encoding="utf-8"))
    assert not errors, errors
    meta["id"] = "harness"
    markers = Markers()
    documents = {}
    for name in meta["files"]:
        document, errors = load_yaml(name, (folder / name).read_text(encoding="utf-8"))
        assert not errors, errors
        kind = document["kind"]
        for n, card in enumerate(document["cards"], 1):
            marker = f"ZQ{kind}{n}Q"
            markers.card_of[marker] = card["id"]
            markers.of_card[card["id"]] = marker
            _mark(card, marker)
            for m, ability in enumerate(card.get("abilities", []), 1):
                tile = f"ZQ{kind}{n}A{m}Q"
                markers.card_of[tile] = card["id"]
                markers.abilities_of.setdefault(card["id"], {})[ability["id"]] = tile
                _mark(ability, tile)
        documents[name] = document
    return meta, documents, markers


def load_marked_pack() -> tuple[Pack, Markers]:
    """Validate and load the marked pack with the project's own loader."""
    meta, documents, markers = marked_documents()
    pack, _ = load_pack(validate_pack(meta, documents))
    return pack, markers
