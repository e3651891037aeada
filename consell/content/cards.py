"""The fields of each card kind (rules §1.7, §1.8, §6).

Every card has an id, a bilingual title and optional text, keywords, copies and abilities;
each kind adds its own fields. ``check_card`` records every problem of one card in its
``Scope``. Pure Python.
"""

from __future__ import annotations

from consell.rules import primitives as p

from . import fields as f
from .abilities import check_abilities
from .effects import Context, check_condition, check_ops
from .lasting import check_lasting

KINDS = p.CARD_KINDS
COMMON = ("id", "title")
COMMON_OPTIONAL = ("text", "keywords", "copies", "abilities")
KIND_FIELDS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "house": (("emblem", "special"), ()),
    "office": (("distributes",), ("king",)),
    "common_action": ((), ()),
    "objective": (("scope", "prestige", "condition"), ()),
    "tactic": ((), ("discard_bonus",)),
    "asset": (("visibility",), ()),
    "law": (("effect",), ("lasting",)),
    "crisis": (("accepts", "threshold", "reward", "penalty"), ()),
    "event": (("duration", "effect"), ("lasting",)),
}
SINGLE_COPY = ("house", "office", "common_action")
EMBLEM_MAX = 8
MAX_COPIES = 100
MAX_CARD_ID = 100  # Card.card_id


def check_card(scope: f.Scope, card: object, kind: str) -> dict | None:
    """Check one card of ``kind``; returns it when it is a mapping (errors go to ``scope``)."""
    required, optional = KIND_FIELDS[kind]
    if kind == "common_action":
        required = ("abilities",)
    card = f.mapping(scope, card, (), COMMON + required, COMMON_OPTIONAL + optional)
    if card is None:
        return None
    if "id" in card:
        f.slug(scope, card["id"], ("id",), MAX_CARD_ID)
    if "title" in card:
        f.bilingual(scope, card["title"], ("title",), f.MAX_TITLE)
    if "text" in card:
        f.bilingual(scope, card["text"], ("text",))
    for word in f.keywords(scope, card.get("keywords", []), ("keywords",)):
        scope.refer("keyword-defined", word, ("keywords",))
    if "copies" in card:
        copies = f.whole(scope, card["copies"], ("copies",), 1, MAX_COPIES)
        if copies is not None and copies != 1 and kind in SINGLE_COPY:
            scope.error(("copies",), f"a {kind} card exists once in a pack; copies must be 1")
    if "abilities" in card:
        check_abilities(scope, card["abilities"])
    KIND_CHECKS[kind](scope, card)
    return card


def _house(scope: f.Scope, card: dict) -> None:
    emblem = card.get("emblem")
    if not isinstance(emblem, str) or not emblem.strip() or len(emblem) > EMBLEM_MAX:
        scope.error(("emblem",), f"must be a short text (1 to {EMBLEM_MAX} characters)")
    if "special" in card:
        f.bilingual(scope, card["special"], ("special",))


def _office(scope: f.Scope, card: dict) -> None:
    if card.get("distributes") is not None:
        f.resource(scope, card["distributes"], ("distributes",))
    if "king" in card:
        f.boolean(scope, card["king"], ("king",))


def _common_action(scope: f.Scope, card: dict) -> None:
    abilities = card.get("abilities")
    if isinstance(abilities, list) and len(abilities) != 1:
        scope.error(("abilities",), "a common action has exactly one ability (rules §1.7)")


def _objective(scope: f.Scope, card: dict) -> None:
    if "scope" in card:
        f.choice(scope, card["scope"], ("scope",), ("collective", "personal"))
    if "prestige" in card:
        f.whole(scope, card["prestige"], ("prestige",), 1)
    if "condition" in card:
        check_condition(scope, card["condition"], ("condition",), Context.for_card())


def _tactic(scope: f.Scope, card: dict) -> None:
    if card.get("discard_bonus") is not None:
        bonus = card["discard_bonus"]
        f.resources(scope, bonus, ("discard_bonus",), formulas=False)
        if bonus == {}:
            scope.error(("discard_bonus",), "write null for a tactic that cannot be sacrificed")


def _asset(scope: f.Scope, card: dict) -> None:
    if "visibility" in card:
        f.choice(scope, card["visibility"], ("visibility",), ("visible", "hidden"))


def _law(scope: f.Scope, card: dict) -> None:
    if "text" not in card:
        scope.error(("text",), "is required: a law describes the rule it puts in force")
    if "effect" in card:
        check_ops(scope, card["effect"], ("effect",), Context.for_card())
    check_lasting(scope, card, "law")


def _crisis(scope: f.Scope, card: dict) -> None:
    accepts = f.sequence(scope, card.get("accepts", []), ("accepts",), non_empty=True)
    for index, item in enumerate(accepts or ()):
        if f.resource(scope, item, ("accepts", index)) and accepts.index(item) != index:
            scope.error(("accepts", index), f"repeats the resource {item}")
    if "threshold" in card:
        f.amount(scope, card["threshold"], ("threshold",))
    for key in ("reward", "penalty"):
        if key in card:
            check_ops(scope, card[key], (key,), Context.for_crisis(), non_empty=True)


def _event(scope: f.Scope, card: dict) -> None:
    if "duration" in card:
        f.whole(scope, card["duration"], ("duration",))
    if "effect" in card:
        check_ops(scope, card["effect"], ("effect",), Context.for_card())
        if card["effect"] == [] and "text" not in card:
            scope.error(("effect",), "an event without effects needs a text")
    check_lasting(scope, card, "event")


KIND_CHECKS = {
    "house": _house,
    "office": _office,
    "common_action": _common_action,
    "objective": _objective,
    "tactic": _tactic,
    "asset": _asset,
    "law": _law,
    "crisis": _crisis,
    "event": _event,
}
