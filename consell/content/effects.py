"""Effects and conditions of a card, as models built from ``consell.rules.primitives`` (rules §6).

An effect is a list of ops written ``{op: gain, who: self, resource: POW, amount: 1}``; a
condition is written ``{test: is_king}``. There is one pydantic model per op and per test,
built from the primitives' tables, so the validator, the JSON Schema and the engine share one
vocabulary; each argument is checked by the kind the primitives give it, and ``$param``
references must name a parameter of the right type of the ability (``Scope``). Pure Python.
"""

from __future__ import annotations

import keyword
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, create_model

from consell.rules import primitives as p
from consell.rules.i18n import _

from . import fields as f
from .mapping import Check, Context, PackModel, Problem, Scope, tagged

CONTRIBUTOR_SELECTORS = ("top_contributors", "contributors", "non_contributors")
PARAM_KINDS = {
    "who": ("player", "players"),
    "kingdom": ("kingdom",),
    "resource": ("resource",),
    "indicator": ("indicator",),
}
PARAM_REF = {"type": "string", "pattern": r"^\$[a-z][a-z0-9_]*$"}


def param_ref_problems(value: str, scope: Scope, allowed: tuple[str, ...]) -> list[Problem]:
    """``$name`` names a parameter of the ability whose type is one of ``allowed``."""
    param = value[1:]
    if not allowed:
        return [((), _("cannot be a $parameter here (amount formulas use bare names: intrigue)"))]
    if param not in scope.params:
        known = ", ".join(f"${name}" for name in scope.params) or _("none")
        message = _("names no parameter of the ability (parameters: %(known)s)")
        return [((), message % {"known": known})]
    kind = scope.params[param]
    if kind is not None and kind not in allowed:
        word = _("or")
        expected = f" {word} ".join(allowed)
        message = _("%(param)s is a parameter of type %(kind)s; expected %(expected)s")
        return [((), message % {"param": f"${param}", "kind": kind, "expected": expected})]
    return []


def arg_problems(value: object, context: Context, arg: p.Arg) -> list[Problem]:
    """One leaf argument of an op or condition, by the kind the primitives give it."""
    kind = arg.kind
    if isinstance(value, str) and value.startswith("$"):
        allowed = PARAM_KINDS.get(kind, (arg.name,) if kind == "param" else ())
        return param_ref_problems(value, context.scope, allowed)
    if kind == "param":
        message = _("must name a %(type)s parameter of the ability, as $name")
        return [((), message % {"type": arg.name})]
    if kind == "who":
        found = f.choice_problems(value, p.PLAYER_SELECTORS + ("$param",))
        if not found and value in CONTRIBUTOR_SELECTORS and not context.scope.crisis:
            message = _("%(selector)s only has a meaning in a crisis or a crisis reaction")
            found = [((), message % {"selector": value})]
        return found
    if kind in ("kingdom", "indicator"):
        options = p.KINGDOM_SELECTORS if kind == "kingdom" else p.INDICATOR_SELECTORS
        return f.choice_problems(value, options + ("$param",))
    if kind == "resource":
        return f.resource_problems(value)
    if kind == "amount":
        if arg.name == "delta" and isinstance(value, int) and not isinstance(value, bool):
            return f.signed_problems(value, zero=_("must not be 0"))
        return f.amount_problems(value, context.scope.amount_names)
    if kind == "count":
        return f.whole_problems(value)
    return f.choice_problems(value, p.DECKS if kind == "deck" else p.DISCARDS)


def _selector(options: tuple[str, ...]) -> dict[str, Any]:
    return {"anyOf": [{"enum": list(options)}, PARAM_REF]}


AMOUNT_SCHEMA = {
    "anyOf": [{"type": "integer", "minimum": 0, "maximum": f.MAX_NUMBER}, f.FORMULA_SCHEMA]
}
ARG_SCHEMAS: dict[str, dict[str, Any]] = {
    "who": _selector(p.PLAYER_SELECTORS),
    "kingdom": _selector(p.KINGDOM_SELECTORS),
    "resource": {"anyOf": [f.RESOURCE_SCHEMA, PARAM_REF]},
    "indicator": _selector(p.INDICATOR_SELECTORS),
    "amount": AMOUNT_SCHEMA,
    "count": {"type": "integer", "minimum": 0, "maximum": f.MAX_NUMBER},
    "deck": {"enum": list(p.DECKS)},
    "discard": {"enum": list(p.DISCARDS)},
    "param": PARAM_REF,
}


def leaf(arg: p.Arg) -> Any:
    """The annotated type of a leaf argument (one that holds no ops, condition or text)."""
    schema = ARG_SCHEMAS[arg.kind]
    if arg.name == "delta":
        signed = {"type": "integer", "minimum": -f.MAX_NUMBER, "maximum": f.MAX_NUMBER}
        schema = {"anyOf": [{**signed, "not": {"const": 0}}, f.FORMULA_SCHEMA]}
    return Annotated[Any, Check(lambda value, context: arg_problems(value, context, arg), schema)]


STRUCTURAL: dict[str, Any] = {
    "ops": list["Op"],
    "condition": "Condition",
    "conditions": Annotated[list["Condition"], Field(min_length=1)],
    "text": f.Bilingual,
    "resources": Annotated[list[str], f.ResourceList()],
    "office": Annotated[str, f.Reference("office", f.MAX_SLUG)],
    "word": Annotated[str, f.KeywordReference()],
}


def build_models(
    key: str,
    table: dict[str, tuple[p.Arg, ...]],
    suffix: str,
    types: dict[str, Any],
    base: type[PackModel] = PackModel,
) -> dict[str, type[PackModel]]:
    """One model per entry of ``table``: ``{key: name, arg: value...}``; an argument's type is
    ``types[kind]`` or a ``leaf`` check."""
    models = {}
    for name, args in table.items():
        fields: dict[str, Any] = {key: (Literal[name], ...)}
        for arg in args:
            python = f"{arg.name}_" if keyword.iskeyword(arg.name) else arg.name
            kind = types[arg.kind] if arg.kind in types else leaf(arg)
            default = ... if arg.required else None
            fields[python] = (kind, Field(default, alias=arg.name))
        title = "".join(part.title() for part in name.split("_"))
        models[name] = create_model(f"{title}{suffix}", __base__=base, **fields)
    return models


def _unknown(key: str, table: dict[str, Any]):
    def message(value: object) -> Problem:
        if not isinstance(value, dict) or key not in value:
            message = _("must be a mapping with %(key)s: one of %(options)s")
            return (), message % {"key": key, "options": ", ".join(table)}
        message = _("unknown %(key)s %(value)s (expected one of: %(options)s)")
        return (key,), message % {
            "key": key,
            "value": repr(value[key]),
            "options": ", ".join(table),
        }

    return message


OP_MODELS = build_models("op", p.OPS, "Op", STRUCTURAL)
CONDITION_MODELS = build_models("test", p.CONDITIONS, "Test", STRUCTURAL)

if TYPE_CHECKING:
    Op = PackModel
    Condition = PackModel
else:
    Op = tagged("Op", "op", OP_MODELS, _unknown("op", p.OPS))
    Condition = tagged("Condition", "test", CONDITION_MODELS, _unknown("test", p.CONDITIONS))

for _model in (*OP_MODELS.values(), *CONDITION_MODELS.values()):
    _model.model_rebuild(_types_namespace={"Op": Op, "Condition": Condition})

Effect = list[Op]
"""A list of ops, applied in order (``Maybe[Effect]`` where it may be left out)."""
NonEmptyEffect = Annotated[list[Op], Field(min_length=1)]
CRISIS = Scope(crisis=True)
"""The scope of a crisis's reward and penalty: the contributor selectors mean something."""
