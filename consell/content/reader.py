"""Reading a pack directory (pack.yaml plus one YAML file per card kind) and writing one back.

YAML is read with the safe loader, and a key written twice in one mapping is an error instead
of the silent "last one wins" of plain PyYAML: a typo must not pass silently. Pure Python.
"""

from __future__ import annotations

from pathlib import Path

import yaml

from consell.rules.i18n import _

from .errors import PackError, PackInvalid
from .fields import MAX_DEPTH
from .schema import PACK_FILE, PackContent, validate_pack

MAX_FILE_BYTES = 1_000_000
"""A pack file larger than this is refused unread (the default pack's largest is ~40 kB)."""
MAX_NODES = 200_000
"""Most YAML nodes (scalars, lists, mappings) one file may hold (the default pack's: ~4,500)."""


_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _StrictLoader(_SafeLoader):  # type: ignore[valid-type,misc]  # libyaml's when built
    """SafeLoader that refuses duplicate keys and keys that cannot be field names."""

    def construct_object(self, node: yaml.Node, deep: bool = False) -> object:
        """A scalar PyYAML cannot turn into a value (a 5,000-digit number, the date
        2020-13-45) is a YAML error at its line, not a ``ValueError`` out of the loader."""
        try:
            return super().construct_object(node, deep)
        except (ValueError, OverflowError) as exc:
            value = node.value if isinstance(node.value, str) else ""
            shown = value if len(value) <= 20 else value[:20] + "..."
            raise yaml.constructor.ConstructorError(
                None,
                None,
                _("cannot read the value %(value)s (%(reason)s)")
                % {"value": repr(shown), "reason": str(exc).split(":")[0][:80]},
                node.start_mark,
            ) from exc

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        seen = set()
        for key_node, _value_node in node.value:
            key = self.construct_object(key_node, deep=deep)
            if isinstance(key, list | dict | set):
                raise yaml.constructor.ConstructorError(
                    None, None, _("a list or a mapping cannot be a key"), key_node.start_mark
                )
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, _("duplicate key %(key)s") % {"key": repr(key)}, key_node.start_mark
                )
            seen.add(key)
        return super().construct_mapping(node, deep)


_StrictLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _StrictLoader.construct_mapping
)


def _line(event: yaml.Event) -> int:
    return event.start_mark.line + 1 if event.start_mark else 1


def _shape_problem(source: str) -> str | None:
    """Why ``source`` is too big or too deep to build, read from the parser's events.

    The events come from libyaml one at a time, so a pathological file (nesting thousands
    deep, a billion-laughs tree of aliases) is refused before anything recursive builds it.
    Aliases (``*name``) are refused: a pack writes each value out, and an alias is how a small
    file expands into an enormous tree.
    """
    depth = nodes = 0
    for event in yaml.parse(source, Loader=_StrictLoader):
        if isinstance(event, yaml.AliasEvent):
            line = _line(event)
            message = _("line %(line)s: YAML aliases (*%(anchor)s) are not allowed; write it out")
            return message % {"line": line, "anchor": event.anchor}
        if isinstance(event, yaml.CollectionStartEvent):
            depth += 1
            if depth > MAX_DEPTH:
                line = _line(event)
                message = _("line %(line)s: nested more than %(most)s levels deep")
                return message % {"line": line, "most": MAX_DEPTH}
        elif isinstance(event, yaml.CollectionEndEvent):
            depth -= 1
        if isinstance(event, yaml.NodeEvent):
            nodes += 1
            if nodes > MAX_NODES:
                return _("holds more than %(most)s YAML values") % {"most": MAX_NODES}
    return None


def load_yaml(file_name: str, source: str) -> tuple[object, list[PackError]]:
    """Parse one YAML text; a syntax error or a pathological shape becomes a ``PackError``."""
    try:
        problem = _shape_problem(source)
        if problem is None:
            return yaml.load(source, Loader=_StrictLoader), []
    except yaml.reader.ReaderError as exc:  # a character YAML does not allow
        line = source.count("\n", 0, exc.position) + 1
        message = _("line %(line)s: YAML error: character %(character)s is not allowed")
        problem = message % {"line": line, "character": f"#x{exc.character:04x}"}
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        reason = getattr(exc, "problem", None) or exc
        if mark:
            message = _("line %(line)s: YAML error: %(error)s")
            problem = message % {"line": mark.line + 1, "error": reason}
        else:
            problem = _("YAML error: %(error)s") % {"error": reason}
    except (RecursionError, MemoryError):
        problem = _("YAML error: too big or too deeply nested to read")
    return None, [PackError(file_name, "", "", problem)]


def read_text(file_name: str, path: Path) -> tuple[str | None, list[PackError]]:
    """The UTF-8 text of one pack file, or the reason it cannot be read (named by file)."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            message = _("is %(size)s bytes; a pack file may hold at most %(most)s") % {
                "size": size,
                "most": MAX_FILE_BYTES,
            }
            return None, [PackError(file_name, "", "", message)]
        data = path.read_bytes()
    except OSError as exc:
        message = _("cannot be read: %(reason)s") % {"reason": exc.strerror or exc}
        return None, [PackError(file_name, "", "", message)]
    try:
        return data.decode("utf-8"), []
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        message = _(
            "line %(line)s: is not UTF-8 text (byte %(byte)s at byte %(offset)s); "
            "save the file as UTF-8"
        ) % {"line": line, "byte": f"0x{data[exc.start]:02x}", "offset": exc.start}
        return None, [PackError(file_name, "", "", message)]


def _read_yaml(file_name: str, path: Path) -> tuple[object, list[PackError]]:
    source, errors = read_text(file_name, path)
    return (None, errors) if source is None else load_yaml(file_name, source)


def pack_directory(path: str | Path) -> Path:
    """A pack is named by its directory or by its pack.yaml."""
    path = Path(path)
    return path.parent if path.name == PACK_FILE else path


def read_pack(path: str | Path) -> PackContent:
    """Read and validate the pack at ``path``; raises ``PackInvalid`` listing every error."""
    directory = pack_directory(path)
    meta_path = directory / PACK_FILE
    if not meta_path.is_file():
        raise PackInvalid([PackError(str(meta_path), "", "", _("no pack.yaml here"))])
    meta, errors = _read_yaml(PACK_FILE, meta_path)
    if errors:  # without its pack.yaml there is no pack to judge
        raise PackInvalid(errors)
    files = meta.get("files") if isinstance(meta, dict) else None
    readable = isinstance(files, list)  # else pack.yaml's own errors say what is wrong
    listed = [name for name in files if isinstance(name, str)] if isinstance(files, list) else []
    documents: dict[str, object] = {}
    for name in listed:
        file_path = directory / name
        if "/" in name or "\\" in name or not file_path.is_file():
            errors.append(PackError(name, "", "", _("listed in pack.yaml files but not found")))
            continue
        document, file_errors = _read_yaml(name, file_path)
        errors += file_errors
        if not file_errors:
            documents[name] = document
    for stray in sorted(directory.glob("*.y*ml")):
        if readable and stray.name != PACK_FILE and stray.name not in listed:
            errors.append(PackError(stray.name, "", "", _("not listed in pack.yaml files")))
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
