"""Validation of a whole content pack: its pack.yaml, its card files and the pack-wide rules.

Beyond each card's fields (``cards.py``, typed models) a pack must have unique card ids,
exactly one King office, one office per distributed resource, references that exist (offices,
keywords) and at least the minimum number of cards of each deck (``MINIMUM_SIZES``), so that
decks do not run dry in a 10-turn game and a full table can be dealt its objectives.
``validate_pack`` returns a ``PackContent`` or raises ``PackInvalid`` listing every error.
Pure Python, no Django import.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import Field, ValidationError

from consell.rules.i18n import _

from . import fields as f
from .cards import KINDS, Card, check_card
from .errors import PackError, PackInvalid
from .mapping import Check, Context, PackModel, Problem, problems_of

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
    """One card, with the file it came from and its place in that file.

    ``data`` is the card exactly as written (what the database stores and the engine reads);
    ``model`` its typed model, set on every card of a pack ``validate_pack`` returned.
    """

    file: str
    kind: str
    position: int
    data: dict
    model: Card | None = None

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
        found: Counter[str] = Counter()
        for card in self.cards:
            found[card.kind] += card.copies
        return {kind: found[kind] for kind in KINDS if found[kind]}


def _file_name(value: object, context: Context) -> list[Problem]:
    if not isinstance(value, str) or not FILE_NAME.match(value) or value == PACK_FILE:
        return [((), _("must be a file name like tactics.yaml, beside pack.yaml"))]
    return []


class PackMeta(PackModel):
    """pack.yaml: the pack's id and version, its names and its card files."""

    id: Annotated[str, f.Slug()]
    version: Annotated[int, f.Whole(1, MAX_VERSION)]
    name: f.BilingualTitle
    files: Annotated[
        list[Annotated[str, Check(_file_name, {"type": "string", "pattern": FILE_NAME.pattern})]],
        Field(min_length=1),
    ]
    description: f.Bilingual | None = None

    @classmethod
    def checks(cls, data: dict, context: Context) -> list[Problem]:
        files = data.get("files")
        listed = files if isinstance(files, list) else []
        return [
            (("files", index), _("repeats %(file)s") % {"file": name})
            for index, name in enumerate(listed)
            if isinstance(name, str) and listed.index(name) != index
        ]


class CardFile(PackModel):
    """A card file: its kind and its cards (each validated by ``check_card``)."""

    kind: Annotated[str, f.Choice(KINDS)]
    cards: list[Any]


def deck_of(card: PackCard) -> str:
    """The §6 minimum-size group a card counts in."""
    if card.kind == "objective":
        return f"{card.data.get('scope')}_objective"
    if card.kind == "asset":
        return f"{card.data.get('visibility')}_asset"
    return card.kind


def deck_sizes(cards: list[PackCard]) -> Counter[str]:
    """Cards per deck as ``MINIMUM_SIZES`` counts them.

    Copies count in every deck but the objective ones (``DISTINCT_DECKS``), where a copy shares
    its card's id and would only be set aside as a repeat when objectives are dealt (G5).
    """
    sizes: Counter[str] = Counter()
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
    pack_meta, meta_errors = _check_meta(meta)
    context = Context(defined=defined_names(documents))
    cards: list[PackCard] = []
    for file_name, document in documents.items():
        file_cards, file_errors = _check_document(file_name, document, context)
        cards += file_cards
        errors += file_errors
    errors += meta_errors
    # Without a list of files there is no pack to judge as a whole: pack.yaml's errors say why.
    listed = meta.get("files") if isinstance(meta, dict) else None
    if isinstance(listed, list):
        errors += _pack_wide_errors(cards)
        if all(name in documents for name in listed):
            errors += _size_errors(cards)
    if errors or pack_meta is None:
        raise PackInvalid(errors)
    files = {name: documents[name]["kind"] for name in pack_meta.files}  # type: ignore[index]
    return PackContent(
        pack_meta.id,
        pack_meta.version,
        pack_meta.name.model_dump(exclude_none=True),
        pack_meta.description.model_dump(exclude_none=True) if pack_meta.description else None,
        files,
        cards,
    )


def defined_names(documents: dict[str, object]) -> dict[str, set[str]]:
    """The card ids, office ids and keywords the cards as written define, for the references
    of other cards (``holds_office``, ``keyword_count_at_least``, a forbidden ability)."""
    defined: dict[str, set[str]] = {"card": set(), "office": set(), "keyword": set()}
    for document in documents.values():
        if not isinstance(document, dict) or not isinstance(document.get("cards"), list):
            continue
        for card in document["cards"]:
            if not isinstance(card, dict):
                continue
            if isinstance(card.get("id"), str):
                defined["card"].add(card["id"])
                if document.get("kind") == "office":
                    defined["office"].add(card["id"])
            abilities = card.get("abilities")
            for owner in [card, *(abilities if isinstance(abilities, list) else ())]:
                words = owner.get("keywords") if isinstance(owner, dict) else None
                defined["keyword"].update(
                    word
                    for word in (words if isinstance(words, list) else ())
                    if isinstance(word, str)
                )
    return defined


def _check_meta(meta: object) -> tuple[PackMeta | None, list[PackError]]:
    found = f.plain_text(meta)
    if found is not None:
        return None, [PackError(PACK_FILE, "", f.render(found[0]), found[1])]
    try:
        return PackMeta.model_validate(meta, context=Context().as_pydantic()), []
    except ValidationError as exc:
        problems = problems_of(exc, meta)
    return None, [PackError(PACK_FILE, "", f.render(path), message) for path, message in problems]


def _check_document(
    file_name: str, document: object, context: Context
) -> tuple[list[PackCard], list[PackError]]:
    try:
        CardFile.model_validate(document, context=context.as_pydantic())
    except ValidationError as exc:
        problems = problems_of(exc, document)
        if not isinstance(document, dict) or any(path[:1] == ("kind",) for path, _ in problems):
            return [], [PackError(file_name, "", f.render(p), m) for p, m in problems]
        errors = [PackError(file_name, "", f.render(p), m) for p, m in problems]
        if not isinstance(document.get("cards"), list):
            return [], errors
    else:
        errors = []
    assert isinstance(document, dict)
    kind = document["kind"]
    cards = []
    for index, raw in enumerate(document["cards"]):
        card_id = raw.get("id") if isinstance(raw, dict) else None
        named = isinstance(card_id, str) and not f.CONTROL.search(card_id)
        label = str(card_id) if named else f"cards[{index}]"
        found = f.plain_text(raw)
        model, problems = check_card(raw, kind, context) if found is None else (None, [found])
        errors += [PackError(file_name, label, f.render(p), m) for p, m in problems]
        if isinstance(raw, dict):
            cards.append(PackCard(file_name, kind, index, raw, model))
    return cards, errors


def _pack_wide_errors(cards: list[PackCard]) -> list[PackError]:
    errors: list[PackError] = []
    first: dict[str, PackCard] = {}
    for card in cards:
        if card.id is None:
            continue
        if card.id in first:
            other = first[card.id].file
            message = _("repeats the id of a card in %(file)s") % {"file": other}
            errors.append(PackError(card.file, card.id, "id", message))
        else:
            first[card.id] = card
    return errors + _office_errors(cards)


def _office_errors(cards: list[PackCard]) -> list[PackError]:
    """Rules §1.4: one King office; each produced resource has one distributing office."""
    offices = [card for card in cards if card.kind == "office"]
    errors = []
    kings = [card for card in offices if card.data.get("king") is True]
    for card in kings[1:]:
        message = _("only one office is the King's; %(office)s already has king: true") % {
            "office": kings[0].id
        }
        errors.append(PackError(card.file, card.id or "", "king", message))
    if not kings:
        message = _("no office has king: true (rules §1.4)")
        errors.append(PackError(PACK_FILE, "", "files", message))
    distributor: dict[str, str] = {}
    for card in offices:
        resource = card.data.get("distributes")
        if not isinstance(resource, str) or card.id is None:
            continue
        if resource in distributor:
            message = _("%(office)s already distributes %(resource)s") % {
                "office": distributor[resource],
                "resource": resource,
            }
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
        message = _(
            "%(size)s different %(deck)s card(s), copies not counted; dealing 2 to each of "
            "16 players with no repeat (rules G5) needs at least %(least)s"
        )
    else:
        message = _(
            "%(size)s %(deck)s card(s), copies counted; rules §6 asks for at least %(least)s"
        )
    return message % {"size": size, "deck": deck, "least": minimum}
