"""The cards of each kind, as typed models (rules §1.7, §1.8, §6).

Every card has an id, a bilingual title and optional text, keywords, copies and abilities;
each kind adds its own fields. ``check_card`` validates one card as written in YAML and returns
its model, or the problems found, each with its field path. Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Annotated, ClassVar

from pydantic import Field, ValidationError

from consell.rules import primitives as p
from consell.rules.i18n import _, gettext_noop

from . import fields as f
from .abilities import Ability, ability_id_problems
from .effects import CRISIS, Condition, Effect, NonEmptyEffect
from .lasting import Rule, lasting_problems, missing_message
from .mapping import Check, Context, Maybe, PackModel, Problem, Scope, problems_of

KINDS = p.CARD_KINDS
SINGLE_COPY = ("house", "office", "common_action")
EMBLEM_MAX = 8
MAX_COPIES = 100
MAX_CARD_ID = 100  # Card.card_id
BONUS_SCHEMA = f.Costs(formulas=False).schema


class Card(PackModel):
    """What every card has; ``KIND`` names the kind a subclass describes."""

    KIND: ClassVar[str] = ""

    id: Annotated[str, f.Slug(MAX_CARD_ID)]
    title: f.BilingualTitle
    text: Maybe[f.Bilingual] = None
    keywords: Annotated[list[str], f.Keywords()] = Field(default_factory=list)
    copies: Annotated[int, f.Whole(1, MAX_COPIES)] = 1
    abilities: Maybe[list[Ability]] = None

    @classmethod
    def checks(cls, data: dict, context: Context) -> Iterable[Problem]:
        copies = data.get("copies")
        if cls.KIND in SINGLE_COPY and copies != 1 and not f.whole_problems(copies, 1):
            message = _("a %(kind)s card exists once in a pack; copies must be 1")
            yield ("copies",), message % {"kind": cls.KIND}
        yield from ability_id_problems(data.get("abilities"))
        yield from cls.kind_checks(data)

    @classmethod
    def kind_checks(cls, data: dict) -> Iterable[Problem]:
        return ()


def _emblem(value: object, context: Context) -> list[Problem]:
    if not isinstance(value, str) or not value.strip() or len(value) > EMBLEM_MAX:
        return [((), _("must be a short text (1 to %(most)s characters)") % {"most": EMBLEM_MAX})]
    return []


class House(Card):
    """A house (rules §1.2): an emblem and a special ability, whose mechanics are its abilities."""

    KIND = "house"
    emblem: Annotated[str, Check(_emblem, {"type": "string", "minLength": 1, "maxLength": 8})]
    special: f.Bilingual


class Office(Card):
    """An office (rules §1.4): the resource it distributes (``null``: none), the King's."""

    KIND = "office"
    distributes: Annotated[
        str | None,
        Check(
            lambda v, c: [] if v is None else f.resource_problems(v),
            {"anyOf": [f.RESOURCE_SCHEMA, {"type": "null"}]},
        ),
    ]
    king: Annotated[bool, f.Bool()] = False


class CommonAction(Card):
    """A common action tile (rules §1.7): one ability, usable once per turn."""

    KIND = "common_action"
    abilities: list[Ability]

    @classmethod
    def kind_checks(cls, data: dict) -> Iterable[Problem]:
        abilities = data.get("abilities")
        if isinstance(abilities, list) and len(abilities) != 1:
            yield ("abilities",), "a common action has exactly one ability (rules §1.7)"


class Objective(Card):
    """An objective (rules §1.7): its holder gains ``prestige`` if ``condition`` holds at the
    end of the game."""

    KIND = "objective"
    scope: Annotated[str, f.Choice(("collective", "personal"))]
    prestige: Annotated[int, f.Whole(1)]
    condition: Condition


class Tactic(Card):
    """A tactic (rules §1.8): ``discard_bonus`` is what sacrificing it gives; ``null``: cannot."""

    KIND = "tactic"
    discard_bonus: Annotated[
        dict[str, int] | None,
        Check(
            lambda v, c: [] if v is None else f.resources_problems(v, False, c),
            {"anyOf": [{**BONUS_SCHEMA, "minProperties": 1}, {"type": "null"}]},
        ),
    ] = None

    @classmethod
    def kind_checks(cls, data: dict) -> Iterable[Problem]:
        if data.get("discard_bonus") == {}:
            yield ("discard_bonus",), _("write null for a tactic that cannot be sacrificed")


class Asset(Card):
    KIND = "asset"
    visibility: Annotated[str, f.Choice(("visible", "hidden"))]


class Law(Card):
    """A law (rules §1.7): the rule it puts in force (``text``), its effect when it passes and
    what it changes while in force (``lasting``; ``[]``: nothing else)."""

    KIND = "law"
    MISSING = {
        "text": gettext_noop("is required: a law describes the rule it puts in force"),
        "lasting": missing_message("law"),
    }
    text: f.Bilingual
    # The rule in force alone, for the board, where a law in force is read across the room
    # and its effect on passing is past (optional: without it the board shows ``text``).
    in_force: Maybe[f.Bilingual] = None
    effect: Effect
    lasting: list[Rule]

    @classmethod
    def kind_checks(cls, data: dict) -> Iterable[Problem]:
        if "lasting" in data:  # a missing field is said by MISSING
            yield from lasting_problems(data, "law")
        if data.get("in_force") and data.get("lasting") == []:
            yield (("in_force",), _("a law with no lasting rule has no rule in force to state"))


class Crisis(Card):
    """A crisis (rules §1.7, §4.10): what it accepts, how much, and what follows either way."""

    KIND = "crisis"
    accepts: Annotated[list[str], f.ResourceList()]
    threshold: Annotated[int | str, f.Amount()]
    reward: NonEmptyEffect
    penalty: NonEmptyEffect

    @classmethod
    def scope_for(cls, data: dict, scope: Scope) -> Scope:
        return CRISIS


class Event(Card):
    """An event (rules §6, G46): immediate (``duration`` 0) or lasting ``duration`` turns."""

    KIND = "event"
    duration: Annotated[int, f.Whole()]
    effect: Effect
    lasting: Maybe[list[Rule]] = None

    @classmethod
    def kind_checks(cls, data: dict) -> Iterable[Problem]:
        if data.get("effect") == [] and "text" not in data:
            yield ("effect",), _("an event without effects needs a text")
        yield from lasting_problems(data, "event")


MODELS: dict[str, type[Card]] = {
    model.KIND: model
    for model in (House, Office, CommonAction, Objective, Tactic, Asset, Law, Crisis, Event)
}
assert tuple(MODELS) == KINDS


def check_card(data: object, kind: str, context: Context) -> tuple[Card | None, list[Problem]]:
    """One card of ``kind`` as written: its model, or ``None`` and every problem found."""
    try:
        return MODELS[kind].model_validate(data, context=context.as_pydantic()), []
    except ValidationError as exc:
        return None, problems_of(exc, data)
