"""Validation of a whole content pack: its pack.yaml, its card files and the pack-wide rules.

Beyond each card's fields (``cards.py``) a pack must have unique card ids, exactly one King
office, one office per distributed resource, references that exist (offices, keywords) and at
least the minimum number of cards of each deck (``MINIMUM_SIZES``), so that decks do not run
dry in a 10-turn game and a full table can be dealt its objectives. ``validate_pack`` returns a
``PackContent`` or raises ``PackInvalid`` listing every error. Pure Python, no Django import.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from . import fields as f
from .cards import KINDS, check_card
from .errors import PackError, PackInvalid

PACK_FILE = "pack.yaml"
FILE_NAME = re.compile(r"^[a-z0-9_-]{1,95}\.ya?ml$")  # Card.file holds 100 characters
MAX_VERSION = 1_000_000

MINIMUM_SIZES: dict[str, int] = {
    "house": 16,
    "office": 6,
    "common_action": 6,
    "collective_objective": 32,
    "personal_objective": 32,
    "tactic": 60,
    "visible_asset": 30,
    "hidden_asset": 30,
    "law": 15,
    "crisis": 20,
    "event": 20,
}
"""Minimum cards per deck: the rules §6 DEFAULTs, except the objective decks.

Assets are half visible, half hidden. Setup deals 2 collective and 2 personal objectives to
each of up to 16 players with no card repeated (rules §2 step 5, G5), so each objective deck
needs 32 different cards; the digest's §6 minimum of 24 cannot seat 16 players.
"""

DISTINCT_DECKS = frozenset({"collective_objective", "personal_objective"})
"""Decks whose size counts each card id once: a copy is a repeat, set aside at setup (G5)."""


@dataclass(frozen=True)
class PackCard:
    """One validated card, with the file it came from and its place in that file."""

    file: str
    kind: str
    position: int
    data: dict

    @property
    def id(self) -> str | None:
        return self.data.get("id") if isinstance(self.data.get("id"), str) else None

    @property
    def copies(self) -> int:
        copies = self.data.get("copies", 1)
        return copies if isinstance(copies, int) and copies > 0 else 1


@dataclass(frozen=True)
class PackContent:
    """A pack's content; ``files`` maps each card file to its kind, in pack.yaml order.

    ``validate_pack`` only returns one that passed every check.
    """

    id: str
    version: int
    name: dict
    description: dict | None
    files: dict[str, str]
    cards: list[PackCard]

    def counts(self) -> dict[str, int]:
        """Cards per kind (copies counted), in the order of ``KINDS``."""
        found = Counter()
        for card in self.cards:
            found[card.kind] += card.copies
        return {kind: found[kind] for kind in KINDS if found[kind]}


def deck_of(card: PackCard) -> str:
    """The §6 minimum-size group a card counts in."""
    if card.kind == "objective":
        return f"{card.data.get('scope')}_objective"
    if card.kind == "asset":
        return f"{card.data.get('visibility')}_asset"
    return card.kind


def deck_sizes(cards: list[PackCard]) -> Counter:
    """Cards per deck as ``MINIMUM_SIZES`` counts them.

    Copies count in every deck but the objective ones (``DISTINCT_DECKS``), where a copy shares
    its card's id and would only be set aside as a repeat when objectives are dealt (G5).
    """
    sizes = Counter()
    seen: set[tuple[str, str | None]] = set()
    for card in cards:
        deck = deck_of(card)
        if deck not in DISTINCT_DECKS:
            sizes[deck] += card.copies
        elif (deck, card.id) not in seen:
            seen.add((deck, card.id))
            sizes[deck] += 1
    return sizes


def validate_pack(
    meta: object, documents: dict[str, object], errors: list[PackError] | None = None
) -> PackContent:
    """Check pack.yaml (``meta``) and the card files (``documents``: file name -> YAML data).

    ``errors`` are problems already found while reading (bad YAML, missing files); they are
    reported together with the rest. Sizes are only counted when every listed file was read.
    """
    errors = list(errors or [])
    head = f.Scope(PACK_FILE)
    raw_meta, meta = meta, _check_meta(head, meta) or {}
    cards: list[PackCard] = []
    references: list[tuple[str, f.Reference]] = list(head.references)
    for file_name, document in documents.items():
        file_cards, file_scopes = _check_document(file_name, document)
        cards += file_cards
        for scope in file_scopes:
            errors += scope.errors
            references += scope.references
    errors += head.errors
    # Without a list of files there is no pack to judge as a whole: pack.yaml's errors say why.
    if isinstance(raw_meta, dict) and isinstance(raw_meta.get("files"), list):
        errors += _pack_wide_errors(cards, references)
        if all(name in documents for name in meta.get("files", ())):
            errors += _size_errors(cards)
    if errors:
        raise PackInvalid(errors)
    files = {name: documents[name]["kind"] for name in meta["files"]}
    return PackContent(
        meta["id"], meta["version"], meta["name"], meta.get("description"), files, cards
    )


def _check_meta(scope: f.Scope, meta: object) -> dict | None:
    meta = f.mapping(scope, meta, (), ("id", "version", "name", "files"), ("description",))
    if meta is None or not f.plain_text(scope, meta):
        return None
    if "id" in meta:
        f.slug(scope, meta["id"], ("id",))
    if "version" in meta:
        f.whole(scope, meta["version"], ("version",), 1, MAX_VERSION)
    if "name" in meta:
        f.bilingual(scope, meta["name"], ("name",), f.MAX_TITLE)
    if meta.get("description") is not None:
        f.bilingual(scope, meta["description"], ("description",))
    for index, name in enumerate(f.sequence(scope, meta.get("files", []), ("files",), True) or ()):
        if not isinstance(name, str) or not FILE_NAME.match(name) or name == PACK_FILE:
            scope.error(("files", index), "must be a file name like tactics.yaml, beside pack.yaml")
        elif meta["files"].index(name) != index:
            scope.error(("files", index), f"repeats {name}")
    return meta if not scope.errors else None


def _check_document(file_name: str, document: object) -> tuple[list[PackCard], list[f.Scope]]:
    top = f.Scope(file_name)
    document = f.mapping(top, document, (), ("kind", "cards"))
    if document is None or f.choice(top, document.get("kind"), ("kind",), KINDS) is None:
        return [], [top]
    kind = document["kind"]
    cards, scopes = [], [top]
    for index, raw in enumerate(f.sequence(top, document.get("cards"), ("cards",)) or ()):
        card_id = raw.get("id") if isinstance(raw, dict) else None
        named = isinstance(card_id, str) and not f.CONTROL.search(card_id)
        scope = f.Scope(file_name, card_id if named else f"cards[{index}]")
        card = check_card(scope, raw, kind) if f.plain_text(scope, raw) else None
        scopes.append(scope)
        if card is not None:
            cards.append(PackCard(file_name, kind, index, card))
    return cards, scopes


def _pack_wide_errors(
    cards: list[PackCard], references: list[tuple[str, f.Reference]]
) -> list[PackError]:
    errors: list[PackError] = []
    first: dict[str, PackCard] = {}
    for card in cards:
        if card.id is None:
            continue
        if card.id in first:
            other = first[card.id].file
            errors.append(
                PackError(card.file, card.id, "id", f"repeats the id of a card in {other}")
            )
        else:
            first[card.id] = card
    errors += _office_errors(cards)
    defined = {
        "office": {card.id for card in cards if card.kind == "office"},
        "keyword": {ref.value for _, ref in references if ref.what == "keyword-defined"},
        "card": {card.id for card in cards},
    }
    for file_name, ref in references:
        if ref.what in defined and ref.value not in defined[ref.what]:
            message = f"no {ref.what} {ref.value!r} in this pack"
            errors.append(PackError(file_name, ref.card, f.render(ref.path), message))
    return errors


def _office_errors(cards: list[PackCard]) -> list[PackError]:
    """Rules §1.4: one King office; each produced resource has one distributing office."""
    offices = [card for card in cards if card.kind == "office"]
    errors = []
    kings = [card for card in offices if card.data.get("king") is True]
    for card in kings[1:]:
        message = f"only one office is the King's; {kings[0].id} already has king: true"
        errors.append(PackError(card.file, card.id, "king", message))
    if not kings:
        errors.append(PackError(PACK_FILE, "", "files", "no office has king: true (rules §1.4)"))
    distributor: dict[str, str] = {}
    for card in offices:
        resource = card.data.get("distributes")
        if not isinstance(resource, str):
            continue
        if resource in distributor:
            message = f"{distributor[resource]} already distributes {resource}"
            errors.append(PackError(card.file, card.id, "distributes", message))
        distributor.setdefault(resource, card.id)
    return errors


def _size_errors(cards: list[PackCard]) -> list[PackError]:
    sizes = deck_sizes(cards)
    return [
        PackError(PACK_FILE, "", "files", _size_message(deck, sizes[deck], minimum))
        for deck, minimum in MINIMUM_SIZES.items()
        if sizes[deck] < minimum
    ]


def _size_message(deck: str, size: int, minimum: int) -> str:
    if deck in DISTINCT_DECKS:
        return (
            f"{size} different {deck} card(s), copies not counted; dealing 2 to each of "
            f"16 players with no repeat (rules G5) needs at least {minimum}"
        )
    return f"{size} {deck} card(s), copies counted; rules §6 asks for at least {minimum}"
