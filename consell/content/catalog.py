"""The cards of an installed pack as plain dicts, for the game engine.

``load_catalog`` reads a pack's cards once per change of the pack (its ``loaded_at`` moves
on every load and every admin edit) and hands every caller the same dicts: the engine only
reads cards (the simulator's tests check that a whole game leaves them as they were), and a
copy per change was most of the cost of a change.
"""

from __future__ import annotations

from functools import lru_cache
from typing import cast

from consell.rules.cards import Card as CardShape
from consell.rules.cards import Catalog

from .models import Card, Pack


def load_catalog(pack: Pack) -> Catalog:
    """Card id -> the validated card dict as written in the pack's YAML, plus its ``kind``
    (shaped as ``consell.rules.card_shapes.Card``, which ``tests/content/test_card_shapes.py``
    holds to the pack format).

    Shared and read-only: never change what it returns.
    """
    return catalog_of(pack.pk, pack.loaded_at.isoformat())


def catalog_of(pack_pk: int, loaded_at: str) -> Catalog:
    """``load_catalog`` of the pack ``pack_pk`` as loaded at ``loaded_at`` (its ISO text),
    for a caller that keeps what it makes of a card by those two."""
    return _catalog(pack_pk, loaded_at)


@lru_cache(maxsize=16)
def _catalog(pack_pk: int, loaded_at: str) -> dict[str, CardShape]:
    return {
        card_id: cast(CardShape, {**data, "kind": kind})
        for card_id, kind, data in Card.objects.filter(pack_id=pack_pk).values_list(
            "card_id", "kind", "data"
        )
    }
