"""Names for the few statements written out by hand instead of built by the ORM at every use
(``access._seat_sql``, ``game_rows``, ``log_cache._rows``): each table and column is
named from the models, quoted by the database in use, so a renamed field or another backend
still fits."""

from __future__ import annotations

import functools
from typing import Any

from django.db import connection, models


def quoted(name: str | None) -> str:
    assert name is not None  # every column named here is a concrete one
    return connection.ops.quote_name(name)


def concrete(model: type[models.Model], name: str) -> models.Field:
    """``model``'s field ``name``, a column of its table."""
    field = model._meta.get_field(name)
    assert isinstance(field, models.Field)  # every name here is a concrete column
    return field


def column(model: type[models.Model], name: str) -> str:
    """The quoted column of ``model``'s field ``name``."""
    return quoted(concrete(model, name).column)


def table(model: type[models.Model]) -> str:
    return quoted(model._meta.db_table)


def from_db(field: models.Field, value: Any) -> Any:
    """``value`` as the ORM hands it over: the backend's converters, then the field's."""
    column, converters = _converters(field)
    for convert in converters:
        value = convert(value, column, connection)
    return value


@functools.cache
def _converters(field: models.Field) -> tuple[Any, tuple[Any, ...]]:
    column = field.get_col(field.model._meta.db_table)
    backend = connection.ops.get_db_converters(column)
    return column, (*backend, *field.get_db_converters(connection))
