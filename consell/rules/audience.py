"""Who may read an event, and when, and who may know a pending exists: the one rule
(docs/principles.md, principle 3).

Every reader of the log asks here: a viewer's page and its log (``consell.projection.visibility``),
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

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from .decision_kinds import DecisionKind
from .event_kinds import Kind
from .events import DIRECTOR, PUBLIC
from .state import Pending

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
class Viewer:
    """Who is looking: the director, one seat, or the public board."""

    kind: str  # "director" | "seat" | "public"
    seat: int | None = None

    @classmethod
    def director(cls) -> Viewer:
        return cls("director")

    @classmethod
    def public(cls) -> Viewer:
        return cls("public")

    @classmethod
    def for_seat(cls, position: int) -> Viewer:
        return cls("seat", position)

    @property
    def key(self) -> str:
        return f"seat:{self.seat}" if self.kind == "seat" else self.kind


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
        Kind.RUN_ON,
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


# -- who may know a pending exists -------------------------------------------------------------
#
# A pending is the game waiting on someone. Its existence can itself be a secret (a reaction
# tells its owner that a hidden card touched them, G52), so each kind says who, besides the
# director, may know of it; a pending of no decision kind (a procedure) is known to the seats it
# waits on.


def everyone(pending: Pending, seat: int) -> bool:
    """Decided in front of the table: every seat follows it."""
    return True


def asked(pending: Pending, seat: int) -> bool:
    """Only the seats it waits on."""
    return seat in pending.waiting_for


def director_only(pending: Pending, seat: int) -> bool:
    """The director's alone (a condition, a manual effect)."""
    return False


def owner(pending: Pending, seat: int) -> bool:
    """Its owner's alone (a reaction: its trigger can tell when a secret touched someone, G52)."""
    return bool(seat == pending.data.get("seat"))


PENDING_AUDIENCE: dict[str, Callable[[Pending, int], bool]] = {
    DecisionKind.APPOINTMENTS: asked,
    DecisionKind.CONDITION: director_only,
    DecisionKind.DISCARD_CHOICE: asked,
    DecisionKind.DISTRIBUTION: everyone,
    DecisionKind.DUEL: everyone,
    DecisionKind.END_OF_GAME: everyone,
    DecisionKind.INSURRECTION: everyone,
    DecisionKind.KINGDOM_JOINERS: everyone,
    DecisionKind.KINGDOMLESS_INCOME: everyone,
    DecisionKind.LAW_CHOICE: asked,
    DecisionKind.MANUAL: director_only,
    DecisionKind.REACTION: owner,
    DecisionKind.VOTE: everyone,
}

# Director steps are driven from the director's turn panel, not asked of anyone.
TURN_PANEL = ("step",)


def knows_of(pending: Pending, seat: int | None) -> bool:
    """May this viewer (``None``: the director) know the pending exists?"""
    if seat is None:
        return True
    if pending.kind in TURN_PANEL:
        return False
    return PENDING_AUDIENCE.get(pending.kind, asked)(pending, seat)
