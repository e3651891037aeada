"""Effects and conditions of a card, checked against ``consell.rules.primitives`` (rules §6).

An effect is a list of ops written ``{op: gain, who: self, resource: POW, amount: 1}``; a
condition is written ``{test: is_king}``. Each argument is checked by the kind the primitives
module gives it, and ``$param`` references must name a parameter of the right type of the
ability. Pure Python.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from consell.rules import primitives as p

from . import fields as f
from .formulas import PARAM_CAP

CONTRIBUTOR_SELECTORS = ("top_contributors", "contributors", "non_contributors")
PARAM_KINDS = {
    "who": ("player", "players"),
    "kingdom": ("kingdom",),
    "resource": ("resource",),
    "indicator": ("indicator",),
}


@dataclass(frozen=True)
class Context:
    """What an effect may refer to: the ability's params and the selectors that make sense."""

    params: dict[str, str | None] = field(default_factory=dict)
    crisis: bool = False
    # Amount parameter -> (min, max): the values its formulas are checked over.
    ranges: dict[str, tuple[int, int]] = field(default_factory=dict)

    @classmethod
    def for_card(cls) -> Context:
        return cls()

    @classmethod
    def for_crisis(cls) -> Context:
        return cls(crisis=True)

    @property
    def amount_names(self) -> dict[str, tuple[int, int]]:
        """The amount parameters formulas may name, with the values they can hold."""
        return {
            name: self.ranges.get(name, (0, PARAM_CAP))
            for name, kind in self.params.items()
            if kind == "amount"
        }


def check_ops(
    scope: f.Scope, value: object, path: f.Path, context: Context, non_empty: bool = False
) -> None:
    """A list of ops, applied in order."""
    for index, op in enumerate(f.sequence(scope, value, path, non_empty) or ()):
        check_call(scope, op, (*path, index), context, "op", p.OPS)


def check_condition(scope: f.Scope, value: object, path: f.Path, context: Context) -> None:
    """One condition (``{test: ...}``), e.g. an objective's end-of-game condition."""
    check_call(scope, value, path, context, "test", p.CONDITIONS)


def check_call(
    scope: f.Scope,
    value: object,
    path: f.Path,
    context: Context,
    key: str,
    table: dict[str, tuple[p.Arg, ...]],
    extra: Callable[[f.Scope, object, f.Path, str], bool] | None = None,
) -> None:
    """One ``{key: NAME, arg: value...}`` call of ``table``; ``extra`` checks argument kinds
    of its own first (the lasting rules') and returns False for the shared ones."""
    if not isinstance(value, dict) or key not in value:
        scope.error(path, f"must be a mapping with {key}: one of {', '.join(table)}")
        return
    head = value[key]
    if not isinstance(head, str) or head not in table:
        scope.error((*path, key), f"unknown {key} {head!r} (expected one of: {', '.join(table)})")
        return
    args = table[head]
    required = [arg.name for arg in args if arg.required]
    optional = [arg.name for arg in args if not arg.required]
    f.mapping(scope, value, path, [key, *required], optional)
    for arg in args:
        if arg.name not in value:
            continue
        where = (*path, arg.name)
        if extra is None or not extra(scope, value[arg.name], where, arg.kind):
            _check_arg(scope, value[arg.name], where, context, arg)


def _check_arg(scope: f.Scope, value: object, path: f.Path, context: Context, arg: p.Arg) -> None:
    kind = arg.kind
    if isinstance(value, str) and value.startswith("$"):
        allowed = PARAM_KINDS.get(kind, (arg.name,) if kind == "param" else ())
        _check_param_ref(scope, value, path, context, allowed)
    elif kind == "param":
        scope.error(path, f"must name a {arg.name} parameter of the ability, as $name")
    elif kind == "who":
        _check_selector(scope, value, path, context)
    elif kind == "kingdom":
        f.choice(scope, value, path, p.KINGDOM_SELECTORS + ("$param",))
    elif kind == "resource":
        f.resource(scope, value, path)
    elif kind == "resources":
        items = f.sequence(scope, value, path, non_empty=True)
        for index, item in enumerate(items or ()):
            if f.resource(scope, item, (*path, index)) and items.index(item) != index:
                scope.error((*path, index), f"repeats the resource {item}")
    elif kind == "indicator":
        f.choice(scope, value, path, p.INDICATOR_SELECTORS + ("$param",))
    elif kind == "amount":
        _check_amount(scope, value, path, context, signed=arg.name == "delta")
    elif kind == "count":
        f.whole(scope, value, path)
    elif kind in ("deck", "discard"):
        f.choice(scope, value, path, p.DECKS if kind == "deck" else p.DISCARDS)
    elif kind == "ops":
        check_ops(scope, value, path, context)
    elif kind == "condition":
        check_condition(scope, value, path, context)
    elif kind == "conditions":
        for index, item in enumerate(f.sequence(scope, value, path, non_empty=True) or ()):
            check_condition(scope, item, (*path, index), context)
    elif kind == "text":
        f.bilingual(scope, value, path)
    elif kind == "office":
        if f.slug(scope, value, path):
            scope.refer("office", value, path)
    elif kind == "word":
        if isinstance(value, str) and value.strip():
            scope.refer("keyword", value, path)
        else:
            scope.error(path, "must be a keyword")
    else:
        raise ValueError(f"consell.rules.primitives names an unknown argument kind {kind!r}")


def _check_selector(scope: f.Scope, value: object, path: f.Path, context: Context) -> None:
    if f.choice(scope, value, path, p.PLAYER_SELECTORS + ("$param",)) is None:
        return
    if value in CONTRIBUTOR_SELECTORS and not context.crisis:
        scope.error(path, f"{value} only has a meaning in a crisis or a crisis reaction")


def _check_param_ref(
    scope: f.Scope, value: str, path: f.Path, context: Context, allowed: tuple[str, ...]
) -> None:
    param = value[1:]
    if not allowed:
        scope.error(path, "cannot be a $parameter here (amount formulas use bare names: intrigue)")
    elif param not in context.params:
        known = ", ".join(f"${name}" for name in context.params) or "none"
        scope.error(path, f"names no parameter of the ability (parameters: {known})")
    elif context.params[param] is not None and context.params[param] not in allowed:
        scope.error(
            path,
            f"${param} is a parameter of type {context.params[param]}; "
            f"expected {' or '.join(allowed)}",
        )


def _check_amount(
    scope: f.Scope, value: object, path: f.Path, context: Context, signed: bool
) -> None:
    if signed and isinstance(value, int) and not isinstance(value, bool):
        if value == 0:
            scope.error(path, "must not be 0")
        elif abs(value) > f.MAX_NUMBER:
            scope.error(path, f"must be a whole number from -{f.MAX_NUMBER} to {f.MAX_NUMBER}")
        return
    f.amount(scope, value, path, context.amount_names)
