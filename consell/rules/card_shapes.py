"""The shapes of a card as the engine reads it from a catalog (rules §1.7–§1.9, §6).

A catalog holds each card exactly as written in its pack (validated by ``consell.content``,
format in ``docs/content-packs.md``) plus its ``kind``: fields the pack leaves out are absent,
not ``None``. These TypedDicts declare every key the pack format allows, so mypy checks every
key the engine reads; ``tests/content/test_card_shapes.py`` walks the default pack and fails
when a card, an ability, a parameter, an op, a condition or a lasting rule holds a key (or a
value) its shape does not declare, so the shapes cannot drift from the pack format.

Keys that are Python keywords (``from``, ``if``, ``else``, ``with``) force the functional
syntax for ops and lasting rules. No ``from __future__ import annotations`` here: a TypedDict
tells its ``Required`` keys from annotations evaluated when the class is made.
"""

from collections.abc import Mapping
from typing import Required, TypedDict

Bilingual = Mapping[str, str]
"""``{ca: ..., en: ...}``: read by a language code held in a variable, hence a mapping."""

Cost = Mapping[str, int | str]
"""Resource code -> a whole number, or a formula string in an ability's cost."""


class AbilityRef(TypedDict):
    """``{card: rei, ability: desterrament}``: one ability of a card of the pack."""

    card: str
    ability: str


Op = TypedDict(
    "Op",
    {
        "op": Required[str],
        "who": str,
        "from": str,
        "to": str,
        "of": str,
        "participants": str,
        "resource": str,
        "resources": list[str],
        "amount": int | str,
        "delta": int | str,
        "count": int,
        "kingdom": str,
        "indicator": str,
        "deck": str,
        "what": str,
        "law": str,
        "asset": str,
        "on_win": list["Op"],
        "on_tie": list["Op"],
        "do": list["Op"],
        "condition": "Condition",
        "then": list["Op"],
        "else": list["Op"],
        "text": Bilingual,
    },
    total=False,
)
"""One op of an effect (``primitives.OPS``): ``op`` and the arguments that op takes."""


class Condition(TypedDict, total=False):
    """One test (``primitives.CONDITIONS``); ``of`` is a list for all/any, one test for not."""

    test: Required[str]
    indicator: str
    value: int
    resource: str
    amount: int | str
    office: str
    keyword: str
    count: int
    of: "list[Condition] | Condition"
    text: Bilingual


LastingRule = TypedDict(
    "LastingRule",
    {
        "rule": Required[str],
        "scope": str,
        "what": str,
        "with": AbilityRef,
        "keyword": str,
        "op": str,
        "cost": dict[str, int],
        "accepts": str,
        "also": str,
        "office": str,
        "resource": str,
        "delta": int,
        "keep": int,
        "by": str,
        "when": str,
        "motion": str,
        "effect": list[Op],
        "during": str,
        "ability": AbilityRef,
        "at": str,
        "text": Bilingual,
    },
    total=False,
)
"""What a law in force or a lasting event changes (``primitives.LASTING_RULES``)."""


class Param(TypedDict, total=False):
    """A box of an ability the player fills in (``{name: targets, type: players, max: 1}``)."""

    name: Required[str]
    type: Required[str]
    optional: bool
    title: Bilingual
    scope: str
    min: int
    max: int
    of: list[str]


class Ability(TypedDict, total=False):
    """One ability of a card (rules §1.9)."""

    id: Required[str]
    type: Required[str]
    title: Required[Bilingual]
    text: Required[Bilingual]
    cost: Cost
    friction: bool
    keywords: list[str]
    params: list[Param]
    effect: list[Op]
    indication: str
    trigger: str


class Card(TypedDict, total=False):
    """A card of any kind: the fields every card has, then those of each kind."""

    id: Required[str]
    kind: Required[str]
    title: Required[Bilingual]
    text: Bilingual
    keywords: list[str]
    copies: int
    abilities: list[Ability]
    emblem: str  # house
    special: Bilingual  # house
    distributes: str | None  # office
    king: bool  # office
    scope: str  # objective
    prestige: int  # objective
    condition: Condition  # objective
    discard_bonus: dict[str, int] | None  # tactic
    visibility: str  # asset
    effect: list[Op]  # law, event
    lasting: list[LastingRule]  # law, event
    in_force: Bilingual  # law: its rule in force alone, for the board
    accepts: list[str]  # crisis
    threshold: int | str  # crisis
    reward: list[Op]  # crisis
    penalty: list[Op]  # crisis
    duration: int  # event
