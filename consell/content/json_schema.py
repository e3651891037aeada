"""The pack format as JSON Schema, for editors that validate YAML as it is typed.

``manage.py pack_schema`` writes two files: ``pack.schema.json`` describes pack.yaml and
``cards.schema.json`` a card file (``kind`` and its ``cards``), both generated from the models
the loader validates with (``consell.content.cards``), so they cannot drift from the format.
A copy is kept in ``consell/content/packs/schema/`` (``tests/content/test_json_schema.py``
checks that it is current). What a schema cannot say (formulas that divide by zero, a
``$param`` of the wrong type, pack-wide rules) is still only found by ``load_content``.
Pure Python.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, Field, TypeAdapter, create_model

from .cards import MODELS
from .mapping import JsonSchema, hoist_unions, tagged
from .schema import PackMeta

SCHEMA_DIRECTORY = Path(__file__).resolve().parent / "packs" / "schema"
PACK_SCHEMA, CARDS_SCHEMA = "pack.schema.json", "cards.schema.json"
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def _file_model(kind: str, card: type[BaseModel]) -> type[BaseModel]:
    fields: dict[str, Any] = {
        "kind": (Literal[kind], ...),
        "cards": (list[card], Field(description=f"The {kind} cards of this file.")),  # type: ignore[valid-type]
    }
    return create_model(f"{card.__name__}File", __config__={"extra": "forbid"}, **fields)


def _document(model: Any, title: str, description: str) -> dict[str, Any]:
    schema = hoist_unions(TypeAdapter(model).json_schema(schema_generator=JsonSchema))
    return {"$schema": DIALECT, "title": title, "description": description, **schema}


def pack_schema() -> dict[str, Any]:
    """The JSON Schema of pack.yaml."""
    return _document(
        PackMeta,
        "Consell content pack (pack.yaml)",
        "The pack's id, version, names and card files (docs/content-packs.md).",
    )


def cards_schema() -> dict[str, Any]:
    """The JSON Schema of a card file: one ``kind`` and its cards."""
    files = {kind: _file_model(kind, model) for kind, model in MODELS.items()}
    return _document(
        tagged("CardFile", "kind", files, lambda value: ((), "")),
        "Consell content pack card file",
        "kind: one of the card kinds, and its cards (docs/content-packs.md).",
    )


def schema_texts() -> dict[str, str]:
    """File name -> the JSON text written for it."""
    return {
        name: json.dumps(schema, ensure_ascii=False, indent=2) + "\n"
        for name, schema in ((PACK_SCHEMA, pack_schema()), (CARDS_SCHEMA, cards_schema()))
    }


def write_schemas(directory: str | Path) -> list[Path]:
    """Write both schemas into ``directory``; returns the files written."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in schema_texts().items():
        (directory / name).write_text(text, encoding="utf-8")
        written.append(directory / name)
    return written
