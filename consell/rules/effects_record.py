"""Who may see what an effect did (rules §1.9, §1.10, §3.4, G52; docs/principles.md, principle 3).

An action, a destiny card, a crisis outcome or a law is public: every change is a PUBLIC event.
A secret is seen by its owner and the director only; the rest of the table notices only its
material effects, as the director hands them out at the end of the Secrets phase (G52):

- a change to public state (an indicator, a visible asset's owner, a kingdom's members) becomes
  a PUBLIC event flagged ``batch: "end_of_secrets"``, with no actor and no cause;
- a change to another player's chest becomes an event for that player alone, flagged the same
  way, again without saying who or what caused it.

The caller holds flagged events back and publishes them at the end of the Secrets phase
(``effects.secrets_batch`` merges the public ones into one event).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .event_kinds import Kind
from .events import PUBLIC, Event, private

END_OF_SECRETS = "end_of_secrets"


@dataclass
class Recorder:
    """Collects the events of one effect with the audience its context calls for."""

    owner: int | None
    secret: bool
    events: list[Event] = field(default_factory=list)

    def effect(self, kind: Kind, data: Mapping[str, Any]) -> None:
        """The record of what happened: public, or the owner's (and the director's) alone.

        Built as an ``Event`` directly: the data may hold any key, ``seats`` included (an
        execution or an expulsion names the seats it orders).
        """
        audience = (self.owner,) if self.secret and self.owner is not None else PUBLIC
        self.events.append(Event(kind, dict(data), audience, True, self.owner))

    def public_change(self, kind: Kind, data: Mapping[str, Any]) -> None:
        """A change the whole table will see; held for the end-of-Secrets batch if secret."""
        if self.secret:
            self.events.append(Event(kind, {**data, "batch": END_OF_SECRETS}, PUBLIC, True, None))

    def chest_change(self, seat: int, kind: Kind, data: Mapping[str, Any]) -> None:
        """A change to another player's chest, which that player notices (§3.4)."""
        if self.secret and seat != self.owner:
            self.events.append(Event(kind, {**data, "batch": END_OF_SECRETS}, (seat,), True, None))

    def to_seats(self, seats: tuple[int, ...], kind: Kind, data: Mapping[str, Any]) -> None:
        """A private event for some players (and the director), e.g. a hidden asset's title."""
        self.events.append(private(kind, seats, data, self.owner))
