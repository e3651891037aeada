"""Events the rules emit, each stamped with who may see it (docs/principles.md, principle 3).

The engine decides the audience when it creates an event; views never guess. ``PUBLIC`` events
reach everyone, ``DIRECTOR`` events the director alone, and a tuple of seats those players (and
the director). ``reveal_at_end`` marks secrets everyone may read in the post-game audit: at the
end "all players reveal all their resources and hidden cards" (rules §4.17; original: "Els
jugadors revelen tots els seus recursos i cartes"). What the end does not reveal is created with
``never_revealed``: it stays with its audience (and the director) for good.

An event's kind is a ``Kind`` and its data the ``TypedDict`` of that kind
(``consell.rules.payloads``), so mypy checks what every emitter writes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from .event_kinds import Kind

PUBLIC = "public"
DIRECTOR = "director"


@dataclass(frozen=True)
class Event:
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    audience: str | tuple[int, ...] = DIRECTOR
    reveal_at_end: bool = True
    actor: int | None = None  # the seat whose ability or decision caused it, if any

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "data": self.data,
            "audience": self.audience if isinstance(self.audience, str) else list(self.audience),
            "reveal_at_end": self.reveal_at_end,
            "actor": self.actor,
        }


def public(kind: Kind, data: Mapping[str, Any], actor: int | None = None) -> Event:
    """An event everyone reads as it happens."""
    return Event(kind, dict(data), PUBLIC, True, actor)


def director(kind: Kind, data: Mapping[str, Any], actor: int | None = None) -> Event:
    """An event the director alone reads while the game runs (revealed at the end)."""
    return Event(kind, dict(data), DIRECTOR, True, actor)


def private(
    kind: Kind,
    seats: tuple[int, ...] | list[int],
    data: Mapping[str, Any],
    actor: int | None = None,
) -> Event:
    """An event for some players (and the director) alone."""
    return Event(kind, dict(data), tuple(sorted(set(seats))), True, actor)


def never_revealed(event: Event) -> Event:
    """The same event, kept from everyone outside its audience even after the end.

    For what the rules keep secret past the end: the objectives each player returned unseen
    (rules §2 step 5: "returns the other two to their decks without revealing them"), a
    player's plan as it was drafted before it was handed in, and the words players trade in
    private (information and promises, §4.14).
    """
    return replace(event, reveal_at_end=False)


@dataclass(frozen=True)
class Outcome:
    """What a procedure returns: the new state and the events that record the change."""

    state: Any  # GameState; typed loosely to keep this module free of imports
    events: tuple[Event, ...] = ()
