"""The engine's card shapes (``consell.rules.card_shapes``) match the pack format (issue 11).

mypy checks every key the rules read against those TypedDicts; these tests keep the TypedDicts
true: they declare exactly the fields of the validator's models and the arguments of the
primitives' tables, and every card of the default pack fits them key by key and value by
value.
"""

from __future__ import annotations

import types
import typing
from collections.abc import Mapping
from typing import Any, get_args, get_origin, get_type_hints

import pytest

from consell.content.abilities import ALL_FIELDS, Ability
from consell.content.cards import MODELS
from consell.content.checks import DEFAULT_PACK
from consell.content.reader import read_pack
from consell.rules import card_shapes as shapes
from consell.rules import primitives as p


def _aliases(model: type) -> set[str]:
    return {f.alias or name for name, f in model.model_fields.items()}


def _args(table: dict[str, tuple[p.Arg, ...]]) -> set[str]:
    return {arg.name for args in table.values() for arg in args}


def _is_typeddict(hint: object) -> bool:
    return isinstance(hint, type) and hasattr(hint, "__required_keys__")


def misfits(value: object, hint: Any, path: str = "") -> list[str]:
    """Where ``value`` does not fit the type ``hint`` (a TypedDict, union, list, mapping...)."""
    if hint is Any:
        return []
    if _is_typeddict(hint):
        return _typeddict_misfits(value, hint, path)
    origin, args = get_origin(hint), get_args(hint)
    if origin in (typing.Union, types.UnionType):
        found = [misfits(value, arm, path) for arm in args]
        return [] if any(not f for f in found) else [f for f in found if f][0]
    if origin is list:
        if not isinstance(value, list):
            return [f"{path}: {value!r} is not a list"]
        return [m for i, item in enumerate(value) for m in misfits(item, args[0], f"{path}[{i}]")]
    if origin in (dict, Mapping):
        if not isinstance(value, dict):
            return [f"{path}: {value!r} is not a mapping"]
        return [
            m
            for k, v in value.items()
            for m in misfits(k, args[0], f"{path}.key") + misfits(v, args[1], f"{path}.{k}")
        ]
    if hint is type(None):
        return [] if value is None else [f"{path}: {value!r} is not None"]
    exact = isinstance(value, hint) and (hint is bool or not isinstance(value, bool))
    return [] if exact else [f"{path}: {value!r} is not a {hint.__name__}"]


def _typeddict_misfits(value: object, shape: Any, path: str) -> list[str]:
    if not isinstance(value, dict):
        return [f"{path}: {value!r} is not a {shape.__name__}"]
    hints = get_type_hints(shape)
    out = [f"{path}: {shape.__name__} lacks {k!r}" for k in shape.__required_keys__ - set(value)]
    out += [f"{path}: {shape.__name__} has no key {k!r}" for k in set(value) - set(hints)]
    for key in set(value) & set(hints):
        out += misfits(value[key], hints[key], f"{path}.{key}")
    return out


def test_a_card_declares_the_fields_of_every_kind_and_its_kind():
    declared = set(get_type_hints(shapes.Card))
    assert declared == {"kind"} | {key for model in MODELS.values() for key in _aliases(model)}
    assert shapes.Card.__required_keys__ == {"id", "kind", "title"}


def test_an_ability_and_a_param_declare_the_fields_of_their_models():
    assert set(get_type_hints(shapes.Ability)) == _aliases(Ability)
    assert set(get_type_hints(shapes.Param)) == set(ALL_FIELDS)


@pytest.mark.parametrize(
    "shape, head, table",
    [
        (shapes.Op, "op", p.OPS),
        (shapes.Condition, "test", p.CONDITIONS),
        (shapes.LastingRule, "rule", p.LASTING_RULES),
    ],
)
def test_ops_conditions_and_lasting_rules_declare_the_primitives_arguments(shape, head, table):
    assert set(get_type_hints(shape)) == {head} | _args(table)
    assert shape.__required_keys__ == {head}


def test_every_card_of_the_default_pack_fits_its_shape():
    cards = read_pack(DEFAULT_PACK).cards
    assert len(cards) > 100
    found = [m for c in cards for m in misfits({**c.data, "kind": c.kind}, shapes.Card, c.id)]
    assert found == []


def test_a_misfit_is_named_by_its_path():
    card = {"id": "x", "kind": "tactic", "title": {"ca": "x", "en": "x"}, "copies": True}
    card["abilities"] = [{"id": "a", "type": "action", "effect": [{"op": "gain", "amont": 1}]}]
    assert sorted(misfits(card, shapes.Card, "x")) == [
        "x.abilities[0].effect[0]: Op has no key 'amont'",
        "x.abilities[0]: Ability lacks 'text'",
        "x.abilities[0]: Ability lacks 'title'",
        "x.copies: True is not a int",
    ]
