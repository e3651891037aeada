"""Names for the few statements written out by hand instead of built by the ORM at every use
(``access._seat_sql``, ``services.game_rows``): each table and column is named from the
models, quoted by the database in use, so a renamed field or another backend still fits."""

from __future__ import annotations

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
