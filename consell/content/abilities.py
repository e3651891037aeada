"""Abilities of a card: type, cost, parameters, keywords and effect (rules §1.8, §1.9, §4.6).

A ``complot`` ability is a plot (rules §4.6): it is resolved as a Secret (G27), it names its
target(s) in a ``targets`` parameter (a kingdom, one player or several, G28) and the Intrigue
invested in an ``intrigue`` amount parameter whose minimum is at least 1. Pure Python.
"""

from __future__ import annotations

from consell.rules import primitives as p

from . import fields as f
from .effects import Context, check_ops
from .formulas import PARAM_CAP

REQUIRED = ("id", "type", "title", "text")
OPTIONAL = ("cost", "friction", "keywords", "params", "effect", "indication", "trigger")
PARAM_OPTIONS = {
    "player": ("scope",),
    "players": ("scope", "max"),
    "kingdom": ("scope",),
    "amount": ("min", "max"),
    "resource": ("of",),
    "contributions": ("max",),
}
ALL_PARAM_OPTIONS = tuple(dict.fromkeys(o for opts in PARAM_OPTIONS.values() for o in opts))
CRISIS_TRIGGERS = ("crisis_failed", "crisis_succeeded")
PLOT_TARGET_TYPES = ("player", "players", "kingdom")


def check_abilities(scope: f.Scope, value: object) -> None:
    """A card's abilities; their ids are unique within the card."""
    seen: set[str] = set()
    for index, ability in enumerate(f.sequence(scope, value, ("abilities",)) or ()):
        ability_id = _check_ability(scope, ability, ("abilities", index))
        if ability_id in seen:
            scope.error(("abilities", index, "id"), f"repeats the ability id {ability_id!r}")
        seen.add(ability_id)


def _check_ability(scope: f.Scope, value: object, path: f.Path) -> str | None:
    ability = f.mapping(scope, value, path, REQUIRED, OPTIONAL)
    if ability is None:
        return None
    ability_id = f.slug(scope, ability.get("id"), (*path, "id")) if "id" in ability else None
    kind = f.choice(scope, ability.get("type"), (*path, "type"), p.ABILITY_TYPES)
    for key in ("title", "text"):
        if key in ability:
            f.bilingual(
                scope, ability[key], (*path, key), f.MAX_TITLE if key == "title" else f.MAX_TEXT
            )
    for word in f.keywords(scope, ability.get("keywords", []), (*path, "keywords")):
        scope.refer("keyword-defined", word, (*path, "keywords"))
    if "friction" in ability:
        f.boolean(scope, ability["friction"], (*path, "friction"))
    _check_type_fields(scope, ability, path, kind)
    params = _check_params(scope, ability.get("params", []), (*path, "params"))
    amount_names = _amount_ranges(ability.get("params", []), params)
    if "cost" in ability:
        f.resources(scope, ability["cost"], (*path, "cost"), formulas=True, names=amount_names)
    keywords = ability.get("keywords", ())
    if isinstance(keywords, list) and p.PLOT_KEYWORD in keywords and kind:
        _check_plot(scope, ability, path, kind)
    if "effect" in ability:
        crisis = ability.get("trigger") in CRISIS_TRIGGERS
        check_ops(
            scope, ability["effect"], (*path, "effect"), Context(params, crisis, amount_names)
        )
    return ability_id


def _amount_ranges(listed: object, params: dict[str, str]) -> dict[str, tuple[int, int]]:
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


def _check_type_fields(scope: f.Scope, ability: dict, path: f.Path, kind: str | None) -> None:
    """``indication`` only (and always) on indications, ``trigger`` only on reactions."""
    for key, owner, options in (
        ("indication", "indication", p.INDICATION_KINDS),
        ("trigger", "reaction", p.TRIGGERS),
    ):
        if kind == owner and key not in ability:
            scope.error((*path, key), f"is required for {owner} abilities")
        elif key in ability and kind != owner:
            scope.error((*path, key), f"only {owner} abilities have a {key}")
        elif key in ability:
            f.choice(scope, ability[key], (*path, key), options)
    if kind == "constant" and "cost" in ability:
        scope.error((*path, "cost"), "a constant ability is always active and has no cost (§1.9)")


def _check_params(scope: f.Scope, value: object, path: f.Path) -> dict[str, str]:
    """The parameter boxes of a tile; returns name -> type (None when the type is wrong)."""
    params: dict[str, str] = {}
    for index, param in enumerate(f.sequence(scope, value, path) or ()):
        where = (*path, index)
        kind = param.get("type") if isinstance(param, dict) else None
        known = isinstance(kind, str) and kind in p.PARAM_TYPES
        options = PARAM_OPTIONS.get(kind, ()) if known else ALL_PARAM_OPTIONS
        param = f.mapping(scope, param, where, ("name", "type"), ("optional", "title", *options))
        if param is None:
            continue
        name = f.name(scope, param.get("name"), (*where, "name")) if "name" in param else None
        kind = f.choice(scope, kind, (*where, "type"), p.PARAM_TYPES)
        if name in params:
            scope.error((*where, "name"), f"repeats the parameter name {name!r}")
        if name is not None:
            params[name] = kind
        if kind is not None:
            _check_param_options(scope, param, where, kind)
    return params


def _check_param_options(scope: f.Scope, param: dict, path: f.Path, kind: str) -> None:
    if "optional" in param:
        f.boolean(scope, param["optional"], (*path, "optional"))
    if "title" in param:
        f.bilingual(scope, param["title"], (*path, "title"), f.MAX_TITLE)
    if "scope" in param:
        scopes = p.PARAM_SCOPES if kind != "kingdom" else ("any", "own_kingdom", "other_kingdoms")
        f.choice(scope, param["scope"], (*path, "scope"), scopes)
    if kind == "players" and "max" in param:
        f.whole(scope, param["max"], (*path, "max"), 1)
    if kind == "contributions" and "max" in param:
        f.whole(scope, param["max"], (*path, "max"), 1)
    if kind == "amount":
        low = f.whole(scope, param["min"], (*path, "min")) if "min" in param else 0
        high = f.whole(scope, param["max"], (*path, "max")) if "max" in param else None
        if low is not None and high is not None and high < low:
            scope.error((*path, "max"), f"must be >= min ({low})")
    if "of" in param:
        items = f.sequence(scope, param["of"], (*path, "of"), non_empty=True)
        for index, item in enumerate(items or ()):
            f.resource(scope, item, (*path, "of", index))


def _check_plot(scope: f.Scope, ability: dict, path: f.Path, kind: str) -> None:
    """Rules §4.6: a plot is a Secret with target boxes and an Intrigue box of at least 1."""
    if kind != "secret":
        scope.error((*path, "type"), "a complot ability is resolved as a secret (rules §4.6, G27)")
    listed = ability.get("params", [])
    params = {
        item.get("name"): item
        for item in (listed if isinstance(listed, list) else ())
        if isinstance(item, dict) and isinstance(item.get("name"), str)
    }
    targets = params.get("targets")
    if targets is None or targets.get("type") not in PLOT_TARGET_TYPES:
        scope.error(
            (*path, "params"),
            "a complot needs a 'targets' parameter of type player, players or kingdom (§4.6)",
        )
    intrigue = params.get("intrigue")
    low = intrigue.get("min") if intrigue else None
    if not intrigue or intrigue.get("type") != "amount" or not isinstance(low, int) or low < 1:
        scope.error(
            (*path, "params"),
            "a complot needs an 'intrigue' amount parameter with min >= 1 (rules §4.6)",
        )
