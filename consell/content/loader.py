"""Loading a validated pack into the database in one transaction (DESIGN principle 6).

Loading the same pack id and version again replaces its cards: the load is idempotent, and a
pack is never half-loaded because everything happens inside one ``transaction.atomic``.
A new version of a pack is installed beside the old one, so running games keep their cards.
"""

from __future__ import annotations

from django.db import transaction

from .models import Card, Pack
from .schema import PackContent


def load_pack(content: PackContent) -> tuple[Pack, bool]:
    """Install ``content`` (already validated); returns the pack and whether it is new."""
    with transaction.atomic():
        pack, created = Pack.objects.select_for_update().get_or_create(
            slug=content.id,
            version=content.version,
            defaults={"name_ca": content.name["ca"], "name_en": content.name["en"]},
        )
        pack.name_ca, pack.name_en = content.name["ca"], content.name["en"]
        pack.description = content.description
        pack.files = dict(content.files)
        pack.save()
        pack.cards.all().delete()
        cards = []
        for entry in content.cards:
            card = Card(
                pack=pack,
                kind=entry.kind,
                file=entry.file,
                position=entry.position,
                data=entry.data,
            )
            card.copy_from_data()
            cards.append(card)
        Card.objects.bulk_create(cards)
    return pack, created
