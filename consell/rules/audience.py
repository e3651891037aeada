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

from .event_kinds import Kind
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


# The game's machinery (dealing, costs paid, triggers, the auction's settling, snapshots,
# corrections' reasons...): the director's log and the audit after the end show these kinds,
# but a player's log and the board's during the game do not, whoever their audience names, so
# those logs read as the table's story. Declared here by kind, so where a kind's sentence is
# written changes nothing about who reads it.
MACHINERY: frozenset[str] = frozenset(
    {
        Kind.APPOINTMENTS_CLOSED,
        Kind.ASSET_BOUGHT,
        Kind.ASSET_LOST,
        Kind.AUCTION_RESOLVED,
        Kind.BID_VOID,
        Kind.BIDS_SETTLED,
        Kind.CARDS_DRAWN,
        Kind.CARDS_RECEIVED,
        Kind.CHEST_CHANGED,
        Kind.CORRECTION_REASON,
        Kind.COST_PAID,
        Kind.CRISIS_CONTRIBUTION_PAID,
        Kind.CRISIS_PAYMENTS,
        Kind.DECKS_PREPARED,
        Kind.DESTINY_BATCH,
        Kind.DESTINY_EXHAUSTED,
        Kind.DISCARDS_CHOSEN,
        Kind.EXPEL_VOID,
        Kind.EXPULSION_DUEL_WON,
        Kind.FIST_COMMITTED,
        Kind.HIDDEN_ASSET_DUEL,
        Kind.INSURRECTION_LOSSES,
        Kind.INSURRECTION_PLEDGES_SHORT,
        Kind.JOINER_ANSWERED,
        Kind.KINGDOM_FOUNDING_PAID,
        Kind.MANUAL_DONE,
        Kind.MANUAL_EFFECT,
        Kind.OBJECTIVE_DECKS_SHUFFLED,
        Kind.OBJECTIVES_RETURNED,
        Kind.OBJECTIVES_SET_ASIDE,
        Kind.PENDING_OPENED,
        Kind.PLOT_RESOLVED,
        Kind.REACTION_DECLINED,
        Kind.REACTION_OFFERED,
        Kind.SEAT_LINK_REISSUED,
        Kind.STEP_DONE,
        Kind.TACTICS_DISCARDED,
        Kind.TACTICS_EXHAUSTED,
        Kind.TACTICS_LOST,
        Kind.TOKENS_MOVED,
        Kind.TRADE_OFFERS_LAPSED,
        Kind.TRADE_REFUSED,
        Kind.TRADE_WITHDRAWN,
        Kind.TRADES_ALLOWED,
        Kind.TRIGGER,
        Kind.TURN_SNAPSHOT,
        Kind.VIGILANCE_COMMITTED,
        Kind.VOTE_DECIDED,
    }
)


def may_read_in_log(event: Readable, reader: Reader, moment: Moment = LIVE) -> bool:
    """Whether ``event`` stands in ``reader``'s log at ``moment``: what ``may_read`` allows,
    less the machinery during the game (the director reads everything)."""
    if not may_read(event, reader, moment):
        return False
    if reader.kind == DIRECTOR or moment.revealed:
        return True
    return getattr(event, "kind", None) not in MACHINERY
