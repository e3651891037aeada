"""Abilities of a card: type, cost, parameters, keywords and effect (rules §1.8, §1.9, §4.6).

A ``complot`` ability is a plot (rules §4.6): it is resolved as a Secret (G27), it names its
target(s) in a ``targets`` parameter (a kingdom, one player or several, G28) and the Intrigue
invested in an ``intrigue`` amount parameter whose minimum is at least 1. Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field

from consell.rules import primitives as p
from consell.rules.i18n import _

from . import fields as f
from .effects import Effect
from .formulas import PARAM_CAP
from .mapping import Context, Maybe, PackModel, Problem, Scope, tagged

CRISIS_TRIGGERS = ("crisis_failed", "crisis_succeeded")
PLOT_TARGET_TYPES = ("player", "players", "kingdom")
KINGDOM_SCOPES = ("any", "own_kingdom", "other_kingdoms")


class Param(PackModel):
    """A box of the tile the player fills in (``{name: targets, type: players, max: 1}``)."""

    name: Annotated[str, f.Name()]
    type: str
    optional: Annotated[bool, f.Bool()] = False
    title: Maybe[f.BilingualTitle] = None


class PlayerParam(Param):
    type: Literal["player"]
    scope: Annotated[str, f.Choice(p.PARAM_SCOPES)] = "any"


class PlayersParam(Param):
    type: Literal["players"]
    scope: Annotated[str, f.Choice(p.PARAM_SCOPES)] = "any"
    max: Annotated[int | None, f.Whole(1)] = None


class KingdomParam(Param):
    type: Literal["kingdom"]
    scope: Annotated[str, f.Choice(KINGDOM_SCOPES)] = "any"


class AmountParam(Param):
    type: Literal["amount"]
    min: Annotated[int, f.Whole()] = 0
    max: Annotated[int | None, f.Whole()] = None

    @classmethod
    def checks(cls, data: dict, context: Context) -> Iterable[Problem]:
        low, high = data.get("min", 0), data.get("max")
        if f.whole_problems(low) or high is None or f.whole_problems(high):
            return
        if high < low:
            yield ("max",), _("must be >= min (%(least)s)") % {"least": low}


class ResourceParam(Param):
    type: Literal["resource"]
    of: Annotated[list[str], f.ResourceList()] = Field(default_factory=list)


class ContributionsParam(Param):
    """One entry per crisis in play in the player's kingdom, each an amount per resource."""

    type: Literal["contributions"]
    max: Annotated[int | None, f.Whole(1)] = None


class ChoiceParam(Param):
    """A law of the row, an asset, an indicator, an office or a free text: no options."""

    type: Literal["law", "asset", "indicator", "office", "text"]


PARAM_MODELS: dict[str, type[Param]] = {
    "player": PlayerParam,
    "players": PlayersParam,
    "kingdom": KingdomParam,
    "amount": AmountParam,
    "resource": ResourceParam,
    "contributions": ContributionsParam,
    **dict.fromkeys(("law", "asset", "indicator", "office", "text"), ChoiceParam),
}
assert set(PARAM_MODELS) == set(p.PARAM_TYPES)
ALL_FIELDS = ("name", "type", "optional", "title", "scope", "max", "min", "of")


def _unknown_param(value: object) -> Problem:
    if not isinstance(value, dict):
        return (), _("must be a mapping with the fields %(fields)s") % {
            "fields": ", ".join(ALL_FIELDS)
        }
    if "type" not in value:
        return ("type",), _("is required")
    return ("type",), _("must be one of: %(options)s") % {"options": ", ".join(p.PARAM_TYPES)}


if TYPE_CHECKING:
    AnyParam = Param
else:
    AnyParam = tagged("Param", "type", PARAM_MODELS, _unknown_param)


class Ability(PackModel):
    """One ability (rules §1.9): what it is, what it costs, its boxes and what it does."""

    id: Annotated[str, f.Slug()]
    type: Annotated[str, f.Choice(p.ABILITY_TYPES)]
    title: f.BilingualTitle
    text: f.Bilingual
    cost: Annotated[dict[str, int | str], f.Costs(formulas=True)] = Field(default_factory=dict)
    friction: Annotated[bool, f.Bool()] = False
    keywords: Annotated[list[str], f.Keywords()] = Field(default_factory=list)
    params: Maybe[list[AnyParam]] = None
    effect: Maybe[Effect] = None
    indication: Annotated[str | None, f.Choice(p.INDICATION_KINDS)] = None
    trigger: Annotated[str | None, f.Choice(p.TRIGGERS)] = None

    @classmethod
    def scope_for(cls, data: dict, scope: Scope) -> Scope:
        """Its effect and cost may name its parameters; a crisis reaction the contributors."""
        params = param_types(data.get("params"))
        crisis = data.get("trigger") in CRISIS_TRIGGERS
        return Scope(params, crisis, amount_ranges(data.get("params"), params))

    @classmethod
    def checks(cls, data: dict, context: Context) -> Iterable[Problem]:
        yield from type_field_problems(data)
        yield from repeated_params(data.get("params"))
        keywords = data.get("keywords", ())
        if isinstance(keywords, list) and p.PLOT_KEYWORD in keywords:
            yield from plot_problems(data)


def param_types(listed: object) -> dict[str, str | None]:
    """Parameter name -> its type (``None`` when the type is wrong), as written."""
    params: dict[str, str | None] = {}
    for item in listed if isinstance(listed, list) else ():
        name = item.get("name") if isinstance(item, dict) else None
        if isinstance(name, str) and f.NAME.match(name) and name not in params:
            kind = item.get("type")
            params[name] = kind if isinstance(kind, str) and kind in p.PARAM_TYPES else None
    return params


def amount_ranges(listed: object, params: dict[str, str | None]) -> dict[str, tuple[int, int]]:
    """Amount parameter -> (min, max) a player may type, for checking the formulas that use
    it (``consell.content.formulas``); a box without ``max`` is checked up to ``PARAM_CAP``."""
    ranges = {}
    for item in listed if isinstance(listed, list) else ():
        name = item.get("name") if isinstance(item, dict) else None
        if not isinstance(name, str) or params.get(name) != "amount":
            continue
        low, high = item.get("min", 0), item.get("max", PARAM_CAP)
        low = low if isinstance(low, int) and not isinstance(low, bool) else 0
        high = high if isinstance(high, int) and not isinstance(high, bool) else PARAM_CAP
        ranges[name] = (low, max(low, min(high, PARAM_CAP)))
    return ranges


def repeated_params(listed: object) -> Iterable[Problem]:
    seen: set[str] = set()
    for index, item in enumerate(listed if isinstance(listed, list) else ()):
        name = item.get("name") if isinstance(item, dict) else None
        if isinstance(name, str) and f.NAME.match(name):
            if name in seen:
                message = _("repeats the parameter name %(name)s")
                yield ("params", index, "name"), message % {"name": repr(name)}
            seen.add(name)


def type_field_problems(ability: dict) -> Iterable[Problem]:
    """``indication`` only (and always) on indications, ``trigger`` only on reactions."""
    kind = ability.get("type")
    for key, owner in (("indication", "indication"), ("trigger", "reaction")):
        if kind == owner and key not in ability:
            yield (key,), _("is required for %(type)s abilities") % {"type": owner}
        elif key in ability and kind != owner and kind in p.ABILITY_TYPES:
            yield (
                (key,),
                _("only %(type)s abilities have a %(field)s") % {"type": owner, "field": key},
            )
    if kind == "constant" and "cost" in ability:
        yield ("cost",), _("a constant ability is always active and has no cost (§1.9)")


def plot_problems(ability: dict) -> Iterable[Problem]:
    """Rules §4.6: a plot is a Secret with target boxes and an Intrigue box of at least 1."""
    kind = ability.get("type")
    if kind not in p.ABILITY_TYPES:
        return
    if kind != "secret":
        yield ("type",), _("a complot ability is resolved as a secret (rules §4.6, G27)")
    listed = ability.get("params", [])
    params: dict[str, Any] = {
        item["name"]: item
        for item in (listed if isinstance(listed, list) else ())
        if isinstance(item, dict) and isinstance(item.get("name"), str)
    }
    targets = params.get("targets")
    if targets is None or targets.get("type") not in PLOT_TARGET_TYPES:
        yield (
            ("params",),
            _("a complot needs a 'targets' parameter of type player, players or kingdom (§4.6)"),
        )
    intrigue = params.get("intrigue")
    low = intrigue.get("min") if intrigue else None
    if not intrigue or intrigue.get("type") != "amount" or not isinstance(low, int) or low < 1:
        yield (
            ("params",),
            _("a complot needs an 'intrigue' amount parameter with min >= 1 (rules §4.6)"),
        )


def ability_id_problems(abilities: object) -> Iterable[Problem]:
    """A card's ability ids are unique within the card."""
    seen: set[str] = set()
    for index, ability in enumerate(abilities if isinstance(abilities, list) else ()):
        ability_id = ability.get("id") if isinstance(ability, dict) else None
        if not isinstance(ability_id, str) or f.slug_problems(ability_id):
            continue
        if ability_id in seen:
            message = _("repeats the ability id %(id)s")
            yield ("abilities", index, "id"), message % {"id": repr(ability_id)}
        seen.add(ability_id)
