"""Who may read an event, and when: the one rule (docs/principles.md, principle 3).

Every reader of the log asks here: a viewer's page and its log (``consell.game.visibility``),
the notice that wakes a viewer (``services.store``), and the audit and its export. The audience
itself is stamped by the rules when they create the event (``consell.rules.events``):

- the director reads everything, as it happens;
- a ``public`` event is read by everyone, a seat's event by that seat;
- while the Secrets are resolved behind the screen, nobody but the director reads what they
  record, not even the seat they concern: it comes back with the batch that closes the phase
  (G52: "the phones and the board show the game as it stood when Secrets began");
- at the end "all players reveal all their resources and hidden cards" (§4.17): once the end's
  reveal is open (the audit of a finished game), a seat reads every event stamped
  ``reveal_at_end``; what the rules created with ``never_revealed`` stays with its audience.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from .events import DIRECTOR, PUBLIC

SECRETS_PHASE = "secrets"


class Readable(Protocol):
    """An event as the log keeps it: the rules' ``Event`` or a stored row."""

    @property
    def audience(self) -> str | Sequence[int]: ...

    @property
    def reveal_at_end(self) -> bool: ...


class Reader(Protocol):
    """Who reads: ``kind`` is "director", "seat" or "public" (the board, a visitor)."""

    @property
    def kind(self) -> str: ...

    @property
    def seat(self) -> int | None: ...


@dataclass(frozen=True)
class Moment:
    """When an event is read.

    ``behind_screen_turn``: the turn whose Secrets are being resolved behind the screen, if any
    (G52). ``revealed``: the end's reveal is open to the reader (§4.17).
    """

    behind_screen_turn: int | None = None
    revealed: bool = False


LIVE = Moment()
AFTER_THE_END = Moment(revealed=True)


def behind_screen(turn: int | None) -> Moment:
    """The moment while the Secrets of ``turn`` are resolved and not yet published."""
    return Moment(behind_screen_turn=turn)


def may_read(event: Readable, reader: Reader, moment: Moment = LIVE) -> bool:
    """Whether ``reader`` may read ``event`` at ``moment``."""
    if reader.kind == DIRECTOR:
        return True
    if _held_behind_screen(event, moment):
        return False
    audience = event.audience
    if audience == PUBLIC:
        return True
    if reader.kind == "seat" and not isinstance(audience, str) and reader.seat in audience:
        return True
    return moment.revealed and reader.kind == "seat" and event.reveal_at_end


def _held_behind_screen(event: Readable, moment: Moment) -> bool:
    if moment.behind_screen_turn is None:
        return False
    phase = getattr(event, "phase", SECRETS_PHASE)
    turn = getattr(event, "turn", moment.behind_screen_turn)
    return phase == SECRETS_PHASE and turn == moment.behind_screen_turn
