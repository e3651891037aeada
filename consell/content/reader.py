"""Reading a pack directory (pack.yaml plus one YAML file per card kind) and writing one back.

YAML is read with the safe loader, and a key written twice in one mapping is an error instead
of the silent "last one wins" of plain PyYAML: a typo must not pass silently. Pure Python.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from .errors import PackError, PackInvalid
from .schema import PACK_FILE, PackContent, validate_pack


class _StrictLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """SafeLoader that refuses duplicate keys."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        seen = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node, deep=deep)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key {key!r}", key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep)


_StrictLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _StrictLoader.construct_mapping
)


def load_yaml(file_name: str, source: str) -> tuple[object, list[PackError]]:
    """Parse one YAML text; a syntax error becomes a ``PackError`` with its line."""
    try:
        return yaml.load(source, Loader=_StrictLoader), []
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}: " if mark else ""
        problem = getattr(exc, "problem", None) or str(exc)
        return None, [PackError(file_name, "", "", f"{where}YAML error: {problem}")]


def pack_directory(path: str | Path) -> Path:
    """A pack is named by its directory or by its pack.yaml."""
    path = Path(path)
    return path.parent if path.name == PACK_FILE else path


def read_pack(path: str | Path) -> PackContent:
    """Read and validate the pack at ``path``; raises ``PackInvalid`` listing every error."""
    directory = pack_directory(path)
    meta_path = directory / PACK_FILE
    if not meta_path.is_file():
        raise PackInvalid([PackError(str(meta_path), "", "", "no pack.yaml here")])
    meta, errors = load_yaml(PACK_FILE, meta_path.read_text(encoding="utf-8"))
    listed = meta.get("files") if isinstance(meta, dict) else None
    listed = [name for name in listed if isinstance(name, str)] if isinstance(listed, list) else []
    documents: dict[str, object] = {}
    for name in listed:
        file_path = directory / name
        if "/" in name or "\\" in name or not file_path.is_file():
            errors.append(PackError(name, "", "", "listed in pack.yaml files but not found"))
            continue
        document, file_errors = load_yaml(name, file_path.read_text(encoding="utf-8"))
        errors += file_errors
        if not file_errors:
            documents[name] = document
    for stray in sorted(directory.glob("*.y*ml")):
        if stray.name != PACK_FILE and stray.name not in listed:
            errors.append(PackError(stray.name, "", "", "not listed in pack.yaml files"))
    return validate_pack(meta, documents, errors)


def dump_yaml(data: object) -> str:
    """YAML as a person would write it: block style, keys in their given order, UTF-8 text."""
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False, width=100)


def write_pack(pack: PackContent, directory: str | Path) -> list[Path]:
    """Write ``pack`` as pack.yaml plus its card files; returns the files written."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    meta = {"id": pack.id, "version": pack.version, "name": pack.name}
    if pack.description is not None:
        meta["description"] = pack.description
    meta["files"] = list(pack.files)
    written = [directory / PACK_FILE]
    written[0].write_text(dump_yaml(meta), encoding="utf-8")
    for name, kind in pack.files.items():
        cards = sorted((c for c in pack.cards if c.file == name), key=lambda c: c.position)
        path = directory / name
        path.write_text(
            dump_yaml({"kind": kind, "cards": [c.data for c in cards]}), encoding="utf-8"
        )
        written.append(path)
    return written
