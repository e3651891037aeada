"""docs/content-packs.md documents every name of the primitives vocabulary."""

from pathlib import Path

import pytest

from consell.rules import primitives as p

DOC = (Path(__file__).resolve().parents[2] / "docs" / "content-packs.md").read_text("utf-8")
NAMES = sorted(
    {
        *p.OPS,
        *p.CONDITIONS,
        *p.TRIGGERS,
        *p.PARAM_TYPES,
        *p.PARAM_SCOPES,
        *p.PLAYER_SELECTORS,
        *p.INDICATOR_SELECTORS,
        *p.INDICATION_KINDS,
        *p.ABILITY_TYPES,
        *p.CARD_KINDS,
        *p.DECKS,
        *p.DISCARDS,
    }
)


@pytest.mark.parametrize("name", NAMES)
def test_the_format_doc_names(name):
    assert f"`{name}`" in DOC
