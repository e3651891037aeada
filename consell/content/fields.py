"""Field checkers shared by every card kind of a content pack.

Each checker takes a ``Scope`` (where errors go), the raw YAML value and the path of the
field, records what is wrong and returns the value when it can be used further (``None``
otherwise). Unknown keys are errors, so a typo never passes silently. Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable
from dataclasses import dataclass, field

from consell.rules.errors import RuleError
from consell.rules.formula import parse
from consell.rules.resources import RESOURCES

from .errors import PackError

SLUG = re.compile(r"^[a-z0-9-]+$")
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
LANGUAGES = ("ca", "en")
RESOURCE_NAMES = tuple(str(r) for r in RESOURCES)

Path = tuple[str | int, ...]


def render(path: Path) -> str:
    """``("abilities", 0, "cost", "POW")`` -> ``abilities[0].cost.POW``."""
    out = ""
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += f".{part}" if out else part
    return out


@dataclass
class Reference:
    """A name that must exist elsewhere in the pack (an office id, a keyword)."""

    what: str
    value: str
    card: str
    path: Path


@dataclass
class Scope:
    """Where the errors of one card (or of the pack file) are collected."""

    file: str
    card: str = ""
    errors: list[PackError] = field(default_factory=list)
    references: list[tuple[str, Reference]] = field(default_factory=list)

    def error(self, path: Path, message: str) -> None:
        self.errors.append(PackError(self.file, self.card, render(path), message))

    def refer(self, what: str, value: str, path: Path) -> None:
        self.references.append((self.file, Reference(what, value, self.card, path)))


def mapping(
    scope: Scope, value: object, path: Path, required: Iterable[str], optional: Iterable[str] = ()
) -> dict | None:
    """A mapping holding every required key and no key outside ``required | optional``."""
    required = tuple(required)
    allowed = required + tuple(optional)
    if not isinstance(value, dict):
        scope.error(path, f"must be a mapping with the fields {', '.join(allowed)}")
        return None
    for key in value:
        if key not in allowed:
            scope.error((*path, str(key)), f"unknown field (expected one of: {', '.join(allowed)})")
    for key in required:
        if key not in value:
            scope.error((*path, key), "is required")
    return value


def sequence(scope: Scope, value: object, path: Path, non_empty: bool = False) -> list | None:
    """A YAML list (optionally with at least one item)."""
    if not isinstance(value, list):
        scope.error(path, "must be a list")
        return None
    if non_empty and not value:
        scope.error(path, "must not be empty")
    return value


def text(scope: Scope, value: object, path: Path) -> None:
    """A non-empty string."""
    if not isinstance(value, str) or not value.strip():
        scope.error(path, "must be a non-empty text")


def bilingual(scope: Scope, value: object, path: Path) -> None:
    """A text in both languages, ``{ca: ..., en: ...}`` (Catalan first, English second)."""
    found = mapping(scope, value, path, LANGUAGES)
    for language in LANGUAGES if found else ():
        if language in found:
            text(scope, found[language], (*path, language))


def slug(scope: Scope, value: object, path: Path) -> str | None:
    """An id made of ``a-z 0-9 -``."""
    if not isinstance(value, str) or not SLUG.match(value):
        scope.error(path, "must be an id made of a-z, 0-9 and -")
        return None
    return value


def name(scope: Scope, value: object, path: Path) -> str | None:
    """A parameter name usable in formulas (``a-z 0-9 _``, starting with a letter)."""
    if not isinstance(value, str) or not NAME.match(value):
        scope.error(path, "must be a name made of a-z, 0-9 and _, starting with a letter")
        return None
    return value


def boolean(scope: Scope, value: object, path: Path) -> None:
    if not isinstance(value, bool):
        scope.error(path, "must be true or false")


def whole(scope: Scope, value: object, path: Path, minimum: int = 0) -> int | None:
    """A whole number ``>= minimum`` (YAML booleans are not numbers)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        scope.error(path, f"must be a whole number >= {minimum}")
        return None
    return value


def choice(scope: Scope, value: object, path: Path, options: Collection[str]) -> str | None:
    if not isinstance(value, str) or value not in options:
        scope.error(path, f"must be one of: {', '.join(options)}")
        return None
    return value


def resource(scope: Scope, value: object, path: Path) -> str | None:
    if value not in RESOURCE_NAMES:
        scope.error(
            path, f"unknown resource {value!r} (expected one of: {', '.join(RESOURCE_NAMES)})"
        )
        return None
    return value


def formula(scope: Scope, value: object, path: Path, names: Collection[str] = ()) -> None:
    """A formula string (``"2*m + peril"``) over peril, m, n, turn and the given ``names``."""
    try:
        parse(str(value), frozenset(names))
    except RuleError as exc:
        scope.error(path, f"bad formula: {exc}")


def amount(scope: Scope, value: object, path: Path, names: Collection[str] = ()) -> None:
    """A whole number >= 0, or a formula string (``names``: the ability's amount params)."""
    if isinstance(value, str):
        formula(scope, value, path, names)
    else:
        whole(scope, value, path)


def resources(
    scope: Scope, value: object, path: Path, formulas: bool, names: Collection[str] = ()
) -> None:
    """``{POW: 1, MON: "peril"}``: resource -> amount; formulas only where ``formulas``."""
    if not isinstance(value, dict):
        scope.error(path, "must be a mapping of resource -> amount")
        return
    for key, number in value.items():
        if resource(scope, key, (*path, str(key))) is None:
            continue
        if formulas:
            amount(scope, number, (*path, key), names)
        else:
            whole(scope, number, (*path, key), 1)


def keywords(scope: Scope, value: object, path: Path) -> list[str]:
    """Free words that group cards (``complot``, ``Luxe``), each once (rules §1.8)."""
    items = sequence(scope, value, path)
    seen: list[str] = []
    for index, word in enumerate(items or ()):
        if not isinstance(word, str) or not word.strip() or word != word.strip():
            scope.error((*path, index), "must be a word without surrounding spaces")
        elif word in seen:
            scope.error((*path, index), f"repeats the keyword {word!r}")
        else:
            seen.append(word)
    return seen
