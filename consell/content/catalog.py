"""The cards of an installed pack as plain dicts, for the game engine.

``load_catalog`` reads a pack's cards once per change of the pack (its ``loaded_at`` moves
on every load and every admin edit) and hands each caller its own copy, so the engine may
treat the dicts as its own without changing anyone else's.
"""

from __future__ import annotations

import copy
from functools import lru_cache

from .models import Card, Pack


def load_catalog(pack: Pack) -> dict[str, dict]:
    """Card id -> the validated card dict as written in the pack's YAML, plus its ``kind``."""
    return copy.deepcopy(_catalog(pack.pk, pack.loaded_at.isoformat()))


@lru_cache(maxsize=16)
def _catalog(pack_pk: int, loaded_at: str) -> dict[str, dict]:
    return {
        card_id: {**data, "kind": kind}
        for card_id, kind, data in Card.objects.filter(pack_id=pack_pk).values_list(
            "card_id", "kind", "data"
        )
    }
