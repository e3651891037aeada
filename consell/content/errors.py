"""Errors found in a content pack (rules §6: the pack is data, so it is checked like data).

A pack is refused as a whole: the validator collects every ``PackError`` it can find
(file, card, field, message) instead of stopping at the first, so a pack writer can fix
them all in one pass. Pure Python, no Django import.
"""

from __future__ import annotations

from dataclasses import dataclass

from consell.rules.i18n import _


@dataclass(frozen=True)
class PackError:
    """One problem, located by file, card id and field path (``abilities[0].cost.POW``)."""

    file: str
    card: str
    field: str
    message: str

    def __str__(self) -> str:
        place = ": ".join(part for part in (self.file, self.card, self.field) if part)
        return f"{place}: {self.message}" if place else self.message


class PackInvalid(ValueError):
    """A pack that cannot be loaded; ``errors`` lists every problem found."""

    def __init__(self, errors: list[PackError]) -> None:
        self.errors = list(errors)
        lines = "\n".join(f"  {error}" for error in self.errors)
        header = _("The content pack has %(count)s error(s):") % {"count": len(self.errors)}
        super().__init__(f"{header}\n{lines}")
