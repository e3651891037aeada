"""Field checkers shared by every card kind of a content pack.

Each checker takes a ``Scope`` (where errors go), the raw YAML value and the path of the
field, records what is wrong and returns the value when it can be used further (``None``
otherwise). Unknown keys are errors, so a typo never passes silently. Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field

from consell.rules.resources import RESOURCES

from .errors import PackError
from .formulas import PARAM_CAP, problem_of

SLUG = re.compile(r"^[a-z0-9-]+$")
MAX_NUMBER = 1000
"""Largest whole number a card field may hold (copies, counts, prestige, box limits...)."""
MAX_TEXT = 2000
"""Longest text of a card, in characters; titles and names: ``MAX_TITLE``."""
MAX_TITLE = 200
MAX_SLUG = 50
MAX_DEPTH = 40
"""Deepest nesting of lists and mappings in a card (the default pack's deepest: 10)."""
NAME = re.compile(r"^[a-z][a-z0-9_]*$")
LANGUAGES = ("ca", "en")
RESOURCE_NAMES = tuple(str(r) for r in RESOURCES)

Path = tuple[str | int, ...]
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\ud800-\udfff]")
"""Characters no text of a pack may hold: control characters (a tab and a new line may) and
lone surrogates. PostgreSQL cannot store a NUL in JSON, and none of them can be printed."""


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


def plain_text(scope: Scope, value: object, path: Path = ()) -> bool:
    """Every string in ``value`` (keys too) is free of ``CONTROL`` characters and ``value`` is
    nested at most ``MAX_DEPTH`` deep (the checkers recurse; the admin's JSON can be deeper than
    any YAML file the reader lets through). Reports the first problem and returns whether there
    was none. Walks without recursion."""
    stack: list[tuple[object, Path]] = [(value, path)]
    while stack:
        item, where = stack.pop()
        if len(where) - len(path) > MAX_DEPTH:
            scope.error(where[: len(path) + 5], f"is nested more than {MAX_DEPTH} levels deep")
            return False
        if isinstance(item, dict):
            for key, child in item.items():
                if isinstance(key, str) and CONTROL.search(key):
                    stack.append((key, where))
                else:
                    stack.append((child, (*where, str(key))))
        elif isinstance(item, list):
            stack.extend((child, (*where, index)) for index, child in enumerate(item))
        elif isinstance(item, str) and (found := CONTROL.search(item)):
            scope.error(where, f"holds the control character U+{ord(found.group()):04X}")
            return False
    return True


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


def text(scope: Scope, value: object, path: Path, longest: int = MAX_TEXT) -> None:
    """A non-empty string of at most ``longest`` characters."""
    if not isinstance(value, str) or not value.strip():
        scope.error(path, "must be a non-empty text")
    elif len(value) > longest:
        scope.error(path, f"is {len(value)} characters long; at most {longest}")


def bilingual(scope: Scope, value: object, path: Path, longest: int = MAX_TEXT) -> None:
    """A text in both languages, ``{ca: ..., en: ...}`` (Catalan first, English second)."""
    found = mapping(scope, value, path, LANGUAGES)
    for language in LANGUAGES if found else ():
        if language in found:
            text(scope, found[language], (*path, language), longest)


def slug(scope: Scope, value: object, path: Path, longest: int = MAX_SLUG) -> str | None:
    """An id made of ``a-z 0-9 -``, at most ``longest`` characters."""
    if not isinstance(value, str) or not SLUG.match(value):
        scope.error(path, "must be an id made of a-z, 0-9 and -")
        return None
    if len(value) > longest:
        scope.error(path, f"is {len(value)} characters long; an id has at most {longest}")
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


def whole(
    scope: Scope, value: object, path: Path, minimum: int = 0, maximum: int = MAX_NUMBER
) -> int | None:
    """A whole number from ``minimum`` to ``maximum`` (YAML booleans are not numbers)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        scope.error(path, f"must be a whole number >= {minimum}")
        return None
    if value > maximum:
        scope.error(path, f"must be a whole number <= {maximum}, not {_short(value)}")
        return None
    return value


def _short(number: int) -> str:
    """A number as written, or its size when it is too long to quote."""
    return str(number) if number < 10**15 else f"a {len(str(number))}-digit number"


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
    """A formula string (``"2*m + peril"``) over peril, m, n, turn and the given ``names``.

    ``names`` are the ability's amount parameters, as a mapping name -> (min, max) or a plain
    collection (checked from 0 to ``PARAM_CAP``). The formula must work for every value the
    game can give its names (``consell.content.formulas``).
    """
    ranges = dict(names) if isinstance(names, Mapping) else dict.fromkeys(names, (0, PARAM_CAP))
    problem = problem_of(value, ranges)
    if problem is not None:
        scope.error(path, problem)


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
