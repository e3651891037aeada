"""The pydantic base of every mapping a pack holds, and its errors in the pack's own words.

A card, an ability, an op or pack.yaml is a ``PackModel``: a typed, frozen pydantic model that
refuses a field it does not know (a typo never passes silently) and reports **every** problem
it finds, not the first, each located by its field path. Pydantic's own wording is replaced by
the messages the pack format has always given (``must be a whole number >= 0``, ``unknown field
(expected one of: ...)``), so ``problems_of`` turns a ``ValidationError`` into ``(path,
message)`` pairs that ``consell.content.schema`` files under the card they belong to.

What a value may refer to (the ability's parameters, whether it is inside a crisis, the
offices and keywords of the pack) travels in the validation context (``Context``), which
abilities and crises narrow for the values inside them. Pure Python, no Django import.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, TypeVar, Union

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Discriminator,
    Tag,
    ValidationError,
    ValidationInfo,
    model_validator,
)
from pydantic.json_schema import GenerateJsonSchema
from pydantic_core import InitErrorDetails, PydanticCustomError, core_schema

from consell.rules.i18n import _, gettext_noop

from .formulas import PARAM_CAP

Path = tuple[str | int, ...]
Problem = tuple[Path, str]
"""A field path (``("abilities", 0, "cost", "POW")``) and what is wrong there."""

CONTEXT_KEY = "consell"
PACK_ERROR = "pack"


@dataclass(frozen=True)
class Scope:
    """What an effect may refer to: the ability's parameters (name -> type, ``None`` when the
    type is wrong) and the values its amount parameters can hold, and whether it is inside a
    crisis (where the contributor selectors mean something)."""

    params: dict[str, str | None] = field(default_factory=dict)
    crisis: bool = False
    ranges: dict[str, tuple[int, int]] = field(default_factory=dict)

    @property
    def amount_names(self) -> dict[str, tuple[int, int]]:
        """The amount parameters formulas may name, with the values they can hold."""
        return {
            name: self.ranges.get(name, (0, PARAM_CAP))
            for name, kind in self.params.items()
            if kind == "amount"
        }


@dataclass
class Context:
    """The validation context: the current ``Scope`` and the names the pack defines.

    ``defined`` maps ``office``, ``keyword`` and ``card`` to the names some card of the pack
    gives them; ``None`` (a card validated alone) skips the reference checks.
    """

    scope: Scope = field(default_factory=Scope)
    defined: dict[str, set[str]] | None = None

    def as_pydantic(self) -> dict[str, Context]:
        return {CONTEXT_KEY: self}


def context_of(info: ValidationInfo) -> Context:
    found = info.context.get(CONTEXT_KEY) if isinstance(info.context, dict) else None
    return found if isinstance(found, Context) else Context()


def problem(message: str) -> PydanticCustomError:
    """A pydantic error that carries a pack message as it is."""
    return PydanticCustomError(PACK_ERROR, "{message}", {"message": message})


def _details(error: Any) -> InitErrorDetails:
    """An error of an inner ``ValidationError``, to raise again with others."""
    context = dict(error.get("ctx") or {})
    context.setdefault("message", error["msg"])
    kind = PydanticCustomError(error["type"], "{message}", context)
    return InitErrorDetails(type=kind, loc=tuple(error["loc"]), input=error.get("input"))


def raise_problems(found: list[Problem], value: object, title: str = "value") -> None:
    """Raise ``found`` (paths relative to ``value``) as one pydantic error, if any."""
    if len(found) == 1 and found[0][0] == ():
        raise problem(found[0][1])
    if found:
        raise ValidationError.from_exception_data(
            title,
            [
                InitErrorDetails(type=problem(message), loc=path, input=value)
                for path, message in found
            ],
        )


class Check:
    """Annotation metadata for a leaf value (a number, an id, a formula...): ``problems``
    says what is wrong with the value, ``schema`` is its JSON Schema for editors.

    ``problems`` gets the ``Context`` (for formulas, ``$param`` and pack references) and
    yields ``(path, message)`` pairs, paths relative to the value; the value is kept as written.
    """

    def __init__(
        self, problems: Callable[[Any, Context], Iterable[Problem]], schema: dict[str, Any]
    ) -> None:
        self.problems = problems
        self.schema = schema

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> core_schema.CoreSchema:
        return core_schema.with_info_plain_validator_function(self._validate)

    def __get_pydantic_json_schema__(self, core: Any, handler: Any) -> dict[str, Any]:
        return dict(self.schema)

    def _validate(self, value: object, info: ValidationInfo) -> object:
        raise_problems(list(self.problems(value, context_of(info))), value)
        return value


class _Null:
    """What an explicit YAML ``null`` becomes in a field that may be left out but not null:
    no validator accepts it, so it is refused with the field's own message."""


def _not_null(value: object) -> object:
    return _Null() if value is None else value


NOT_NULL = BeforeValidator(_not_null)
T = TypeVar("T")
Maybe = Annotated[T | None, NOT_NULL]
"""An optional field (``None`` when left out) that may not be written ``null``; its JSON
Schema (``JsonSchema``) leaves ``null`` out."""


class JsonSchema(GenerateJsonSchema):
    """Pydantic's JSON Schema, without ``null`` for the ``Maybe`` fields."""

    def function_before_schema(self, schema: Any) -> Any:
        inner = schema["schema"]
        if schema["function"]["function"] is _not_null and inner["type"] == "nullable":
            return self.generate_inner(inner["schema"])
        return super().function_before_schema(schema)

    def tagged_union_schema(self, schema: Any) -> Any:
        """A ``tagged`` union as ``if key is X then model X``: an editor then reports the
        problems of the one model the key names, not that the value matches no alternative."""
        key = getattr(schema["discriminator"], "key", None)
        name = getattr(schema["discriminator"], "union", None)
        if key is None:
            return super().tagged_union_schema(schema)
        names = [tag[1:] for tag in schema["choices"]]
        branches = [
            {
                "if": {"properties": {key: {"const": tag[1:]}}, "required": [key]},
                "then": self.generate_inner(choice),
            }
            for tag, choice in schema["choices"].items()
        ]
        return {
            UNION_NAME: name,
            "type": "object",
            "properties": {key: {"enum": names}},
            "required": [key],
            "allOf": branches,
        }


UNION_NAME = "x-union"
"""Marks a ``tagged`` union in a generated JSON Schema, which ``hoist_unions`` moves to the
schema's ``$defs`` (pydantic inlines a union wherever it is used)."""


def hoist_unions(schema: dict[str, Any]) -> dict[str, Any]:
    """``schema`` with each marked union written once in ``$defs`` and referred to."""
    definitions: dict[str, Any] = {}

    def walk(node: Any) -> Any:
        if isinstance(node, list):
            return [walk(item) for item in node]
        if not isinstance(node, dict):
            return node
        node = {key: walk(value) for key, value in node.items()}
        if UNION_NAME in node:
            name = node.pop(UNION_NAME)
            field = {key: node.pop(key) for key in ("title", "description") if key in node}
            assert definitions.get(name, node) == node, f"two unions are called {name}"
            definitions[name] = node
            return {"$ref": f"#/$defs/{name}", **field}
        return node

    top = dict(schema)
    inner = walk(top.pop("$defs", {}))
    top = {key: walk(value) for key, value in top.items()}
    top.pop(UNION_NAME, None)
    clashes = set(inner) & set(definitions)
    assert not clashes, f"a union has the name of a model: {clashes}"
    return {**top, "$defs": {**inner, **definitions}}


TAG_MESSAGES: dict[str, Callable[[object], Problem]] = {}
"""Pydantic error type of a union's unknown tag -> its message, from the value written."""


def tagged(
    name: str,
    key: str,
    models: dict[str, type[BaseModel]],
    message: Callable[[object], Problem],
) -> Any:
    """A union of ``models`` chosen by the value of ``key`` (``op``, ``test``, ``rule``...),
    called ``name`` in the JSON Schema.

    Its tags are written ``@name`` in pydantic's error locations (``problems_of`` drops them);
    a value with no known tag is reported by ``message(value)``.
    """
    error_type = f"union_{name}"
    TAG_MESSAGES[error_type] = message

    def choose(value: object) -> str | None:
        head = value.get(key) if isinstance(value, dict) else None
        return f"@{head}" if isinstance(head, str) and head in models else None

    choose.key, choose.union = key, name  # type: ignore[attr-defined]  # read by JsonSchema

    members = tuple(Annotated[model, Tag(f"@{tag}")] for tag, model in models.items())
    return Annotated[
        members if len(members) == 1 else Union[members],  # noqa: UP007 (from a tuple)
        Discriminator(choose, custom_error_type=error_type, custom_error_message=error_type),
    ]


def problems_of(exc: ValidationError, data: object) -> list[Problem]:
    """``exc`` as pack problems: path within ``data`` (union tags dropped) and message."""
    found = []
    for error in exc.errors():
        path = _path(error["loc"], data)
        kind = error["type"]
        if kind in TAG_MESSAGES:
            where, message = TAG_MESSAGES[kind](error.get("input"))
            found.append(((*path, *where), message))
        else:
            found.append((path, _message(kind, error)))
    return found


def _message(kind: str, error: Any) -> str:
    if kind == PACK_ERROR:
        return str((error.get("ctx") or {}).get("message", error["msg"]))
    message = {
        "missing": gettext_noop("is required"),
        "list_type": gettext_noop("must be a list"),
        "too_short": gettext_noop("must not be empty"),
    }.get(kind)
    return _(message) if message is not None else str(error["msg"])


def _path(loc: tuple[str | int, ...], data: object) -> Path:
    path: list[str | int] = []
    node = data
    for item in loc:
        if isinstance(node, dict) and item in node:
            node = node[item]
        elif isinstance(node, list) and isinstance(item, int) and 0 <= item < len(node):
            node = node[item]
        elif isinstance(item, str) and item.startswith("@"):
            continue
        else:
            node = None
        path.append(item)
    return tuple(path)


_LAYOUTS: dict[type[BaseModel], tuple[tuple[str, ...], tuple[str, ...]]] = {}


def _layout(model: type[BaseModel]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A model's fields as written in YAML (required ones first) and its required fields."""
    if model not in _LAYOUTS:
        fields = [(f.alias or name, f.is_required()) for name, f in model.model_fields.items()]
        names = tuple(name for name, _ in sorted(fields, key=lambda item: not item[1]))
        _LAYOUTS[model] = names, tuple(name for name, required in fields if required)
    return _LAYOUTS[model]


class PackModel(BaseModel):
    """A mapping of a pack file: known fields only, every problem reported by its path.

    Subclasses may name a message for a missing field (``MISSING``), narrow the scope of the
    values inside them (``scope_for``) and check what one field alone cannot say (``checks``,
    on the mapping as written, so it runs even when a field is wrong).
    """

    model_config = ConfigDict(extra="forbid", frozen=True, validate_by_name=False)
    MISSING: ClassVar[dict[str, str]] = {}

    @classmethod
    def field_names(cls) -> tuple[str, ...]:
        """The fields as written in YAML, required ones first."""
        return _layout(cls)[0]

    @classmethod
    def scope_for(cls, data: dict, scope: Scope) -> Scope | None:
        return None

    @classmethod
    def checks(cls, data: dict, context: Context) -> Iterable[Problem]:
        return ()

    @model_validator(mode="wrap")
    @classmethod
    def _as_written(cls, data: object, handler: Any, info: ValidationInfo) -> Any:
        names, required = _layout(cls)
        if not isinstance(data, dict):
            message = _("must be a mapping with the fields %(fields)s")
            raise problem(message % {"fields": ", ".join(names)})
        found: list[Problem] = [
            (
                (str(key),),
                _("unknown field (expected one of: %(fields)s)") % {"fields": ", ".join(names)},
            )
            for key in data
            if key not in names
        ]
        found += [
            ((name,), _(cls.MISSING.get(name, "is required")))
            for name in required
            if name not in data
        ]
        errors = [InitErrorDetails(type=problem(m), loc=p, input=data) for p, m in found]
        known = {key: value for key, value in data.items() if key in names} if found else data
        context = context_of(info)
        scope, saved = cls.scope_for(data, context.scope), context.scope
        context.scope = scope or saved
        model = None
        try:
            model = handler(known)
        except ValidationError as exc:
            errors += [
                _details(error)
                for error in exc.errors()
                if not (error["type"] == "missing" and len(error["loc"]) == 1)
            ]
        finally:
            context.scope = saved
        errors += [
            InitErrorDetails(type=problem(m), loc=p, input=data)
            for p, m in cls.checks(data, context)
        ]
        if errors:
            raise ValidationError.from_exception_data(cls.__name__, errors)
        return model
