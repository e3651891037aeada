"""An installed pack read back from the database, as the validator and the exporter see it.

The admin and the system check validate the installed pack exactly as the loader validated
the YAML: the cards are regrouped into their files and the whole pack goes through
``validate_pack``, so a card edited in the admin meets every pack-wide rule too.
"""

from __future__ import annotations

from .errors import PackError, PackInvalid
from .models import Card, Pack
from .schema import PackCard, PackContent, validate_pack


def name_of(pack: Pack) -> dict[str, str]:
    """The pack's name as pack.yaml gives it: ``{ca, en}``, and ``es`` when it has one."""
    name = {"ca": pack.name_ca, "en": pack.name_en}
    if pack.name_es:
        name["es"] = pack.name_es
    return name


def meta_of(pack: Pack) -> dict:
    """The pack.yaml of an installed pack."""
    meta = {
        "id": pack.slug,
        "version": pack.version,
        "name": name_of(pack),
    }
    if pack.description is not None:
        meta["description"] = pack.description
    meta["files"] = list(pack.files)
    return meta


def cards_of(pack: Pack, edited: Card | None = None) -> list[Card]:
    """The pack's cards in file order, with ``edited`` in place of (or added to) its stored row."""
    cards = [card for card in pack.cards.all() if edited is None or card.pk != edited.pk]
    if edited is not None:
        cards.append(edited)
    order = {name: index for index, name in enumerate(pack.files)}
    return sorted(cards, key=lambda card: (order.get(card.file, len(order)), card.position))


def documents_of(pack: Pack, edited: Card | None = None) -> dict[str, object]:
    """File name -> ``{kind, cards}``, as the card files of the pack would hold them."""
    documents: dict[str, dict] = {
        name: {"kind": kind, "cards": []} for name, kind in pack.files.items()
    }
    for card in cards_of(pack, edited):
        documents.setdefault(card.file, {"kind": card.kind, "cards": []})["cards"].append(card.data)
    return dict(documents)


def errors_of(pack: Pack, edited: Card | None = None) -> list[PackError]:
    """Every error of the installed pack (with ``edited`` applied); empty when it is valid."""
    try:
        validate_pack(meta_of(pack), documents_of(pack, edited))
    except PackInvalid as exc:
        return exc.errors
    return []


def content_of(pack: Pack) -> PackContent:
    """The installed pack as it stands, for export (even when an admin edit broke it)."""
    cards = [PackCard(card.file, card.kind, card.position, card.data) for card in cards_of(pack)]
    return PackContent(
        pack.slug,
        pack.version,
        name_of(pack),
        pack.description,
        dict(pack.files),
        cards,
    )
