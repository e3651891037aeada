"""The log's sentences read each kind's typed payload, never a guessed key (issue 11 item 1).

``describe.LINES`` holds one ``sentences.Line`` per kind, built with the ``TypedDict`` of that
kind (``consell.rules.payloads.PAYLOADS``) so mypy checks the keys a sentence reads with
``d["key"]``. mypy lets ``d.get("any key")`` through, so the last test runs every sentence on a
payload that refuses any key its kind does not declare.
"""

from __future__ import annotations

import inspect
import types
from collections.abc import Mapping
from typing import Any, Union, get_args, get_origin, get_type_hints

import pytest
from django.utils import translation

from consell.rules.event_kinds import Kind
from consell.rules.payloads import PAYLOADS
from consell.wording.describe import LINES, describe
from consell.wording.sentences import Line, Names

NAMES = {1: "Alice", 2: "Bob"}


def _names() -> Names:
    return Names(None, {}, "en", NAMES)


def test_every_sentence_is_a_line_built_with_the_payload_of_its_kind():
    for kind, said in LINES.items():
        assert isinstance(said, Line), kind
        assert said.shape is PAYLOADS[Kind(kind)], f"{kind}: reads {said.shape.__name__}"


def test_a_named_sentence_function_is_annotated_with_the_payload_of_its_kind():
    """A lambda takes its type from ``line(Shape, ...)``; a ``def`` says it itself."""
    named = 0
    for kind, said in LINES.items():
        if said.say.__name__ == "<lambda>":
            continue
        first = next(iter(inspect.signature(said.say).parameters))
        assert get_type_hints(said.say)[first] is said.shape, kind
        named += 1
    assert named >= 3


class UndeclaredKey(Exception):
    """A sentence read a key its kind's payload does not declare."""


class _Strict(dict):
    """A payload that fails on any key outside ``allowed``, however it is read."""

    def __init__(self, data: Mapping[str, Any], allowed: set[str]):
        super().__init__(data)
        self.allowed = allowed

    def _check(self, key: object) -> None:
        if key not in self.allowed:
            raise UndeclaredKey(key)

    def __getitem__(self, key):
        self._check(key)
        return super().__getitem__(key)

    def get(self, key, default=None):
        self._check(key)
        return super().get(key, default)

    def __contains__(self, key):
        self._check(key)
        return super().__contains__(key)


def _sample(tp: Any) -> Any:
    """A value of type ``tp``, with one item in each list and mapping so nested reads run."""
    origin, args = get_origin(tp), get_args(tp)
    if origin in (Union, types.UnionType):
        return _sample(next(a for a in args if a is not type(None)))
    if origin is list:
        return [_sample(args[0])]
    if origin is dict:
        return {"1": _sample(args[1])}
    if isinstance(tp, type) and hasattr(tp, "__required_keys__"):
        return {k: _sample(v) for k, v in get_type_hints(tp).items()}
    return {int: 1, str: "seat:1", bool: True}.get(tp)


@pytest.mark.parametrize("kind", sorted(LINES))
def test_a_sentence_reads_only_the_keys_its_kind_declares(kind):
    said = LINES[kind]
    allowed = set(get_type_hints(said.shape)) | ({"seat"} if said.by_actor else set())
    data = _Strict({**_sample(said.shape), **({"seat": 1} if said.by_actor else {})}, allowed)
    with translation.override("en"):
        try:
            said(data, _names())
        except UndeclaredKey as exc:
            pytest.fail(f"{kind} reads {exc.args[0]!r}, which {said.shape.__name__} lacks")
        except (KeyError, TypeError, ValueError, AttributeError):
            pass  # a sample value the sentence cannot name: the keys it read were declared


def test_the_income_of_a_player_without_a_kingdom_is_named():
    """``kingdomless_income`` keeps the types chosen, one of each (§4.11); its sentence read
    them as amounts and fell back to "cannot describe"."""
    payload = {"seat": 2, "resources": ["POW", "MON", "FAI"]}
    with translation.override("en"):
        said = describe(Kind.KINGDOMLESS_INCOME, payload, _names())
    assert said.startswith("Bob takes 1 ")
    assert "cannot describe" not in said


def test_a_chest_changed_behind_the_screen_names_its_owner_and_what_it_paid():
    """``chest_changed`` is recorded with no actor (the Secrets), so its sentence named
    "nobody"; and a payment showed as "no change". The payload now says whose chest it is."""
    with translation.override("en"):
        paid = describe(Kind.CHEST_CHANGED, _as_logged({"seat": 2, "paid": {"MON": 2}}), _names())
        lost = describe(Kind.ASSET_LOST, _as_logged({"seat": 1, "asset": "a1"}), _names())
    assert paid.startswith("Bob's chest: pays 2 ") and "no change" not in paid
    assert lost.startswith("Alice loses ")


def _as_logged(payload: Mapping[str, Any], actor: int | None = None) -> dict[str, Any]:
    """What the logs give ``describe``: the payload, the event's actor as ``seat`` beneath it."""
    return {"seat": actor, **payload}
