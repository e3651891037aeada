"""Whether an event's payload is what its kind declares, key by key and value by value.

``consell.rules.payloads`` gives each kind a ``TypedDict``, which mypy checks where an event
is written; nothing checked at run time that the values are of the declared types (a seat
left ``None``, a count written as a text). The rules' tests check every event they make
(``conftest.py``), so a payload field dropped, mistyped or misnamed fails the test that made
the event, whatever the test itself looks at.
"""

from __future__ import annotations

import types
from collections.abc import Mapping, Sequence
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin, get_type_hints

from consell.rules.payloads import PAYLOADS, problems


def event_problems(kind: str, data: Mapping[str, Any]) -> list[str]:
    """What is wrong with ``data`` as the payload of ``kind``: its keys, then its values."""
    found = problems(kind, data)
    if found or kind not in PAYLOADS:
        return found
    return _typed_dict(kind, PAYLOADS[kind], data)


def _typed_dict(where: str, shape: type, data: Mapping[str, Any]) -> list[str]:
    hints = get_type_hints(shape)
    found = []
    for key, value in data.items():
        if key in hints:
            found += _value(f"{where}.{key}", hints[key], value)
    return found


def _value(where: str, hint: Any, value: Any) -> list[str]:
    origin, args = get_origin(hint), get_args(hint)
    if hint is Any or hint is object:
        return []
    if origin in (Required, NotRequired):
        return _value(where, args[0], value)
    if origin in (Union, types.UnionType):
        options = [_value(where, option, value) for option in args]
        return [] if any(not o for o in options) else [f"{where}: {value!r} is not {hint}"]
    if hint is type(None):
        return [] if value is None else [f"{where}: {value!r} is not None"]
    if origin is Literal:
        return [] if value in args else [f"{where}: {value!r} is not one of {args}"]
    if isinstance(hint, type) and hasattr(hint, "__required_keys__"):  # a nested TypedDict
        if not isinstance(value, Mapping):
            return [f"{where}: {value!r} is not a mapping"]
        from consell.rules.payloads import shape_problems

        return shape_problems(where, hint, value) or _typed_dict(where, hint, value)
    if origin in (list, tuple, Sequence) or hint in (list, tuple):
        if not isinstance(value, (list, tuple)):
            return [f"{where}: {value!r} is not a list"]
        if origin is tuple and len(args) == 2 and args[1] is Ellipsis:
            args = (args[0],)
        if origin is tuple and args and len(args) != 1:
            return [
                p
                for i, (h, v) in enumerate(zip(args, value, strict=False))
                for p in _value(f"{where}[{i}]", h, v)
            ]
        return (
            [p for i, v in enumerate(value) for p in _value(f"{where}[{i}]", args[0], v)]
            if args
            else []
        )
    if origin in (dict, Mapping) or hint in (dict, Mapping):
        if not isinstance(value, Mapping):
            return [f"{where}: {value!r} is not a mapping"]
        if not args:
            return []
        key_hint, value_hint = args
        return [
            p
            for k, v in value.items()
            for p in (
                *_value(f"{where} key", key_hint, k),
                *_value(f"{where}[{k!r}]", value_hint, v),
            )
        ]
    if hint is bool:
        return [] if isinstance(value, bool) else [f"{where}: {value!r} is not a bool"]
    if hint is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not an int"]
    if hint is float:
        ok = isinstance(value, (int, float)) and not isinstance(value, bool)
        return [] if ok else [f"{where}: {value!r} is not a number"]
    if isinstance(hint, type):
        return [] if isinstance(value, hint) else [f"{where}: {value!r} is not a {hint.__name__}"]
    return []  # a hint this checker does not read (a TypeVar, a Protocol): not judged
