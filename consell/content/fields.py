"""The leaf values of a content pack: numbers, texts, ids, resources, formulas, keywords.

Each is a ``Check`` to annotate a model field with (``Annotated[int, Whole(1, 100)]``): it
refuses what the pack format does not allow with the message pack writers know, and describes
the value in the pack's JSON Schema. Pure Python.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from typing import Annotated, Any

from consell.rules.i18n import _, gettext_noop
from consell.rules.resources import RESOURCES

from .formulas import MAX_FORMULA_CHARS, problem_of
from .mapping import Check, Context, Maybe, PackModel, Path, Problem

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
LANGUAGES = ("ca", "en", "es")
"""The languages a card's words may be written in (``{ca: ..., en: ..., es: ...}``)."""
REQUIRED_LANGUAGES = ("ca", "en")
"""The languages every text of every pack must have: Catalan, the game's own, and English.
A text without Spanish is accepted and read in Catalan, marked as such, by a Spanish viewer
(``consell.game.naming.text``); the default pack has all three (docs/content-packs.md)."""
RESOURCE_NAMES = tuple(str(r) for r in RESOURCES)

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


def plain_text(value: object) -> Problem | None:
    """The first string in ``value`` (keys too) holding a ``CONTROL`` character, or the first
    place nested more than ``MAX_DEPTH`` deep (the admin's JSON can be deeper than any YAML
    file the reader lets through); ``None`` when there is none. Walks without recursion, so it
    runs before the models, which recurse."""
    stack: list[tuple[object, Path]] = [(value, ())]
    while stack:
        item, where = stack.pop()
        if len(where) > MAX_DEPTH:
            return where[:5], _("is nested more than %(most)s levels deep") % {"most": MAX_DEPTH}
        if isinstance(item, dict):
            for key, child in item.items():
                if isinstance(key, str) and CONTROL.search(key):
                    stack.append((key, where))
                else:
                    stack.append((child, (*where, str(key))))
        elif isinstance(item, list):
            stack.extend((child, (*where, index)) for index, child in enumerate(item))
        elif isinstance(item, str) and (found := CONTROL.search(item)):
            code = f"U+{ord(found.group()):04X}"
            return where, _("holds the control character %(code)s") % {"code": code}
    return None


# -- Problems of one value: () when it is fine ------------------------------------------------


def whole_problems(value: object, minimum: int = 0, maximum: int = MAX_NUMBER) -> list[Problem]:
    """A whole number from ``minimum`` to ``maximum`` (YAML booleans are not numbers)."""
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
        return [((), _("must be a whole number >= %(least)s") % {"least": minimum})]
    if value > maximum:
        message = _("must be a whole number <= %(most)s, not %(value)s")
        return [((), message % {"most": maximum, "value": _short(value)})]
    return []


def _short(number: int) -> str:
    """A number as written, or its size when it is too long to quote."""
    if number < 10**15:
        return str(number)
    return _("a %(digits)s-digit number") % {"digits": len(str(number))}


def signed_problems(value: object, zero: str | None = None) -> list:
    """A whole number other than 0, from -``MAX_NUMBER`` to ``MAX_NUMBER``."""
    if not isinstance(value, int) or isinstance(value, bool) or value == 0:
        return [((), zero if zero is not None else _("must be a whole number other than 0"))]
    if abs(value) > MAX_NUMBER:
        message = _("must be a whole number from -%(most)s to %(most)s")
        return [((), message % {"most": MAX_NUMBER})]
    return []


def choice_problems(value: object, options: Collection[str]) -> list[Problem]:
    if not isinstance(value, str) or value not in options:
        return [((), _("must be one of: %(options)s") % {"options": ", ".join(options)})]
    return []


def resource_problems(value: object) -> list[Problem]:
    if not isinstance(value, str) or value not in RESOURCE_NAMES:
        message = _("unknown resource %(value)s (expected one of: %(options)s)")
        return [((), message % {"value": repr(value), "options": ", ".join(RESOURCE_NAMES)})]
    return []


def text_problems(value: object, longest: int = MAX_TEXT) -> list[Problem]:
    """A non-empty string of at most ``longest`` characters."""
    if not isinstance(value, str) or not value.strip():
        return [((), _("must be a non-empty text"))]
    if len(value) > longest:
        message = _("is %(length)s characters long; at most %(most)s")
        return [((), message % {"length": len(value), "most": longest})]
    return []


def slug_problems(value: object, longest: int = MAX_SLUG) -> list[Problem]:
    """An id made of ``a-z 0-9 -``, at most ``longest`` characters."""
    if not isinstance(value, str) or not SLUG.match(value):
        return [((), _("must be an id made of a-z, 0-9 and -"))]
    if len(value) > longest:
        message = _("is %(length)s characters long; an id has at most %(most)s")
        return [((), message % {"length": len(value), "most": longest})]
    return []


def formula_problems(value: object, names: Mapping[str, tuple[int, int]]) -> list[Problem]:
    """A formula string (``"2*m + peril"``) over peril, m, n, turn and the amount parameters
    ``names`` (name -> the values it can hold); it must work for every value the game can give
    its names (``consell.content.formulas``)."""
    found = problem_of(value, names)
    return [((), found)] if found is not None else []


def amount_problems(value: object, names: Mapping[str, tuple[int, int]]) -> list[Problem]:
    """A whole number >= 0, or a formula string over ``names``."""
    if isinstance(value, str):
        return formula_problems(value, names)
    return whole_problems(value)


def resources_problems(value: object, formulas: bool, context: Context) -> list[Problem]:
    """``{POW: 1, MON: "peril"}``: resource -> amount; formulas only where ``formulas``."""
    if not isinstance(value, dict):
        return [((), _("must be a mapping of resource -> amount"))]
    found: list[Problem] = []
    for key, number in value.items():
        where: Path = (str(key),)
        wrong = resource_problems(key)
        if not wrong:
            names = context.scope.amount_names
            wrong = amount_problems(number, names) if formulas else whole_problems(number, 1)
        found += [(where + path, message) for path, message in wrong]
    return found


def keyword_problems(value: object) -> list[Problem]:
    """Free words that group cards (``complot``, ``Luxe``), each once (rules §1.8)."""
    if not isinstance(value, list):
        return [((), _("must be a list"))]
    found: list[Problem] = []
    seen: list[str] = []
    for index, word in enumerate(value):
        if not isinstance(word, str) or not word.strip() or word != word.strip():
            found.append(((index,), _("must be a word without surrounding spaces")))
        elif word in seen:
            found.append(((index,), _("repeats the keyword %(word)s") % {"word": repr(word)}))
        else:
            seen.append(word)
    return found


def resource_list_problems(value: object) -> list[Problem]:
    """A non-empty list of resources, each once (a crisis's ``accepts``, a duel's)."""
    if not isinstance(value, list):
        return [((), _("must be a list"))]
    found: list[Problem] = [] if value else [((), _("must not be empty"))]
    for index, item in enumerate(value):
        wrong = resource_problems(item)
        found += [((index,), message) for _where, message in wrong]
        if not wrong and value.index(item) != index:
            found.append(((index,), _("repeats the resource %(resource)s") % {"resource": item}))
    return found


REFERENCE_MESSAGES = {
    "office": lambda: _("no office %(value)s in this pack"),
    "keyword": lambda: _("no keyword %(value)s in this pack"),
    "card": lambda: _("no card %(value)s in this pack"),
}
"""What a reference names -> its message when the pack has no such name (one msgid each, so
a translator can give each noun its own grammar)."""


def reference_problems(value: str, what: str, context: Context) -> list[Problem]:
    """``value`` names an ``office``, ``keyword`` or ``card`` some card of the pack has."""
    defined = context.defined
    if defined is not None and value not in defined.get(what, set()):
        return [((), REFERENCE_MESSAGES[what]() % {"value": repr(value)})]
    return []


# -- The checks to annotate fields with ------------------------------------------------------

RESOURCE_SCHEMA: dict[str, Any] = {"enum": list(RESOURCE_NAMES)}
FORMULA_SCHEMA: dict[str, Any] = {
    "type": "string",
    "maxLength": MAX_FORMULA_CHARS,
    "description": "A formula: whole numbers, peril, m, n, turn, the ability's amount "
    "parameters, + - * //, parentheses, min(a, b), max(a, b), ceil_div(a, b).",
}


def _number_schema(minimum: int, maximum: int) -> dict[str, Any]:
    return {"type": "integer", "minimum": minimum, "maximum": maximum}


def Whole(minimum: int = 0, maximum: int = MAX_NUMBER) -> Check:  # noqa: N802 (a type)
    return Check(lambda v, c: whole_problems(v, minimum, maximum), _number_schema(minimum, maximum))


def Signed() -> Check:  # noqa: N802
    schema = {**_number_schema(-MAX_NUMBER, MAX_NUMBER), "not": {"const": 0}}
    return Check(lambda v, c: signed_problems(v), schema)


def Choice(options: Collection[str]) -> Check:  # noqa: N802
    return Check(lambda v, c: choice_problems(v, options), {"enum": list(options)})


def Resource() -> Check:  # noqa: N802
    return Check(lambda v, c: resource_problems(v), RESOURCE_SCHEMA)


def Text(longest: int = MAX_TEXT) -> Check:  # noqa: N802
    schema = {"type": "string", "minLength": 1, "maxLength": longest, "pattern": r"\S"}
    return Check(lambda v, c: text_problems(v, longest), schema)


def Slug(longest: int = MAX_SLUG) -> Check:  # noqa: N802
    schema = {"type": "string", "pattern": SLUG.pattern, "maxLength": longest}
    return Check(lambda v, c: slug_problems(v, longest), schema)


def Name() -> Check:  # noqa: N802
    """A parameter name usable in formulas (``a-z 0-9 _``, starting with a letter)."""
    message = gettext_noop("must be a name made of a-z, 0-9 and _, starting with a letter")
    return Check(
        lambda v, c: [] if isinstance(v, str) and NAME.match(v) else [((), _(message))],
        {"type": "string", "pattern": NAME.pattern},
    )


def Bool() -> Check:  # noqa: N802
    return Check(
        lambda v, c: [] if isinstance(v, bool) else [((), _("must be true or false"))],
        {"type": "boolean"},
    )


def Amount() -> Check:  # noqa: N802
    """A whole number >= 0 or a formula over the ability's amount parameters."""
    return Check(
        lambda v, c: amount_problems(v, c.scope.amount_names),
        {"anyOf": [_number_schema(0, MAX_NUMBER), FORMULA_SCHEMA]},
    )


def Costs(formulas: bool) -> Check:  # noqa: N802
    """Resource -> amount (``{INT: 1}``); with ``formulas`` an amount may be a formula."""
    amount = (
        {"anyOf": [_number_schema(0, MAX_NUMBER), FORMULA_SCHEMA]}
        if formulas
        else _number_schema(1, MAX_NUMBER)
    )
    schema = {
        "type": "object",
        "properties": dict.fromkeys(RESOURCE_NAMES, amount),
        "additionalProperties": False,
    }
    return Check(lambda v, c: resources_problems(v, formulas, c), schema)


def Keywords() -> Check:  # noqa: N802
    schema = {"type": "array", "items": {"type": "string", "minLength": 1}, "uniqueItems": True}
    return Check(lambda v, c: keyword_problems(v), schema)


def ResourceList() -> Check:  # noqa: N802
    schema = {"type": "array", "items": RESOURCE_SCHEMA, "minItems": 1, "uniqueItems": True}
    return Check(lambda v, c: resource_list_problems(v), schema)


def Reference(what: str, longest: int = 100) -> Check:  # noqa: N802
    """An id that some card of the pack defines (``office``, ``card``)."""

    def problems(value: object, context: Context) -> list[Problem]:
        return slug_problems(value, longest) or reference_problems(str(value), what, context)

    return Check(problems, {"type": "string", "pattern": SLUG.pattern, "maxLength": longest})


def KeywordReference() -> Check:  # noqa: N802
    def problems(value: object, context: Context) -> list[Problem]:
        if not isinstance(value, str) or not value.strip():
            return [((), _("must be a keyword"))]
        return reference_problems(value, "keyword", context)

    return Check(problems, {"type": "string", "minLength": 1})


class Bilingual(PackModel):
    """A text in Catalan and English, and optionally Spanish: ``{ca: ..., en: ..., es: ...}``.

    Catalan and English are required; a text without ``es`` is shown to a Spanish viewer in
    Catalan with a visible mark (``consell.game.naming.text``), not refused, so that a group
    can play its own pack before translating it a third time."""

    ca: Annotated[str, Text()]
    en: Annotated[str, Text()]
    es: Maybe[Annotated[str, Text()]] = None


class BilingualTitle(PackModel):
    """A title (of a card, an ability, a box) or a pack's name: Catalan, English, and
    optionally Spanish (as ``Bilingual``)."""

    ca: Annotated[str, Text(MAX_TITLE)]
    en: Annotated[str, Text(MAX_TITLE)]
    es: Maybe[Annotated[str, Text(MAX_TITLE)]] = None
