"""The post-game timeline: every event of the game, secret ones included, in order.

Works on events as plain dicts, in the shape of the exported log (``docs/audit-log.md``), so
the page, the printable report and a third party reading the JSON see the same thing. Each
event is sorted into one of the kinds the audit filters by (``consell.game.audit_categories``),
by its ``kind`` as the rules named it; an event of a kind the audit does not know is still shown,
as "other". Corrections and everything the director did in a player's place are flagged so
they stand out (the director "may correct anything by hand, visibly in the log").
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypedDict, Unpack

from consell.game.audit_categories import (
    ABORTED_ABILITY,
    AUCTION_RESULT,
    BID,
    CORRECTION,
    CRISIS,
    DUEL,
    INSURRECTION,
    OTHER,
    PLOT,
    PRODUCTION,
    SECRET_ABILITY,
    TRADE,
    VOTE,
)
from consell.rules.event_kinds import Kind
from consell.rules.payloads import (
    AuctionBid,
    AuctionResolved,
    BallotLine,
    BidsSettled,
    PlotResolved,
    SettledBid,
    StandInPlayed,
    VoteResult,
    payload,
)

from .plot_detail import plot_detail

# Words in an event's kind that place it, checked in this order (the first that matches wins).
_KIND_WORDS: tuple[tuple[str, tuple[str, ...]], ...] = (
    (CORRECTION, ("correction", "manual")),
    (ABORTED_ABILITY, ("aborted",)),
    (PLOT, ("plot",)),
    (BID, ("bid",)),
    (AUCTION_RESULT, ("auction", "asset_sold", "market_refreshed")),
    (VOTE, ("vote", "law_passed", "law_rejected")),
    (DUEL, ("duel", "succession")),
    (CRISIS, ("crisis",)),
    (INSURRECTION, ("insurrection", "revolution", "uprising", "unrest", "crushed")),
    (PRODUCTION, ("production", "distribution", "income", "favor_handed")),
    (TRADE, ("trade",)),
    (SECRET_ABILITY, ("secrets_", "secret_")),
)

# Payload keys whose values name seats (an int, a list of ints, or "seat:N"): the payloads'
# own (``consell.rules.payloads``) and the parameters an ability was planned or run with
# (``params``, named by the content pack), where a target is a bare seat number.
SEAT_KEYS = frozenset(
    {
        "seat", "seats", "winner", "winners", "loser", "participants", "applicant", "founder",
        "joiners", "proposer", "conspirator", "target", "targets", "successful", "recipient",
        "from", "to", "giver", "receiver", "members", "expelled", "king", "tied", "bidder",
        "spymaster", "owner", "heir", "contributors", "top_contributors", "voter",
    }
)  # fmt: skip
# Payload keys holding a dict keyed by seat number.
SEAT_MAP_KEYS = frozenset({"prestige", "scores", "commitments", "chests", "fists", "spent"})
# Keys of SEAT_KEYS a kind's payload uses for something else: an insurrection's ``target`` is
# T, the number its dice must beat (``InsurrectionRolled``), never a seat.
NOT_SEATS: dict[str, frozenset[str]] = {Kind.INSURRECTION_ROLLED: frozenset({"target"})}

_SEAT_REF = re.compile(r"^seat:(\d+)$")


@dataclass(frozen=True)
class Entry:
    """One event of the log as the audit shows it."""

    seq: int
    turn: int
    phase: str
    kind: str
    category: str
    actor: int | None
    by_director: bool
    audience: str | tuple[int, ...]
    payload: Mapping[str, Any]
    seats: frozenset[int]
    detail: Mapping[str, Any] | None = None

    @property
    def secret(self) -> bool:
        """Hidden from the table while the game ran (only the director or some seats saw it)."""
        return self.audience != "public"

    @property
    def correction(self) -> bool:
        return self.category == CORRECTION

    @property
    def for_player(self) -> bool:
        """The director acted in a player's place (an absent player's decision, for instance)."""
        return self.by_director and self.actor is not None and not self.correction


@dataclass(frozen=True)
class Summary:
    """The counts shown at the top of the audit, corrections first (issue: they stand out)."""

    events: int
    secret: int
    corrections: int
    for_player: int
    for_player_by_seat: Mapping[int, int]
    by_category: Mapping[str, int] = field(default_factory=dict)
    # The turns a stand-in played for each seat (G62), and the answers a passed deadline
    # gave by default (G61): absences the audit names.
    stand_in_turns: Mapping[int, tuple[int, ...]] = field(default_factory=dict)
    defaulted: int = 0


def category_of(kind: str, audience: Any) -> str:
    """The audit kind of an event; an ability's record is a secret ability when it was private."""
    if kind == Kind.ABILITY_EXECUTED:
        return OTHER if audience == "public" else SECRET_ABILITY
    for category, words in _KIND_WORDS:
        if any(word in kind for word in words):
            return category
    return OTHER


def seats_in(event: Mapping[str, Any]) -> frozenset[int]:
    """Every seat an event is about: its actor, its private audience and the seats it names."""
    found: set[int] = set()
    if isinstance(event.get("actor"), int):
        found.add(event["actor"])
    audience = event.get("audience")
    if isinstance(audience, list | tuple):
        found.update(s for s in audience if isinstance(s, int))
    data = event.get("payload") or {}
    skipped = NOT_SEATS.get(str(event.get("kind")), frozenset())
    _scan({k: v for k, v in data.items() if k not in skipped}, found)
    return frozenset(found)


def _scan(value: Any, found: set[int]) -> None:
    if isinstance(value, Mapping):
        for key, item in value.items():
            if key in SEAT_KEYS:
                found.update(_seat_values(item))
            if key in SEAT_MAP_KEYS and isinstance(item, Mapping):
                found.update(int(k) for k in item if str(k).isdigit())
            if isinstance(item, Mapping | list | tuple):
                _scan(item, found)
    elif isinstance(value, list | tuple):
        for item in value:
            if isinstance(item, str):
                found.update(_seat_values(item))
            else:
                _scan(item, found)


def _seat_values(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, str):
        match = _SEAT_REF.match(value)
        return [int(match.group(1))] if match else []
    if isinstance(value, list | tuple):
        return [s for item in value for s in _seat_values(item)]
    return []


def entry_of(event: Mapping[str, Any]) -> Entry:
    """An exported event dict as a timeline entry, with the details of its kind worked out."""
    audience = event.get("audience", "director")
    audience = tuple(audience) if isinstance(audience, list | tuple) else str(audience)
    category = category_of(event["kind"], audience)
    data = event.get("payload") or {}
    return Entry(
        seq=event["seq"],
        turn=event.get("turn", 0),
        phase=event.get("phase", ""),
        kind=event["kind"],
        category=category,
        actor=event.get("actor"),
        by_director=bool(event.get("by_director")),
        audience=audience,
        payload=data,
        seats=seats_in(event),
        detail=_detail(event, event.get("actor")),
    )


def _detail(event: Mapping[str, Any], actor: int | None) -> dict[str, Any] | None:
    """The tables of a plot, an auction's bids or a vote, read from its kind's payload."""
    kind = event["kind"]
    if kind == Kind.PLOT_RESOLVED:
        return plot_detail(payload(event, PlotResolved), actor)
    if kind == Kind.AUCTION_RESOLVED:
        bids = auction_bids(payload(event, AuctionResolved)["bids"])
    elif kind == Kind.BIDS_SETTLED:
        bids = [_settled(b, actor) for b in payload(event, BidsSettled)["bids"]]
    elif kind == Kind.VOTE_RESULT:
        record = payload(event, VoteResult)["record"]
        return {"spends": vote_spends(record)} if record else None
    else:
        return None
    return {"bids": bids} if bids else None


def auction_bids(records: Sequence[AuctionBid]) -> list[dict[str, Any]]:
    """Every bid with its amount capped to the bidder's funds (rules §4.9)."""
    return [
        {
            "seat": r["seat"],
            "round": r["round"],
            "asset": r["asset"],
            "amount": r["amount"],
            "capped": r["capped"],
            "status": r["status"],
        }
        for r in records
    ]


def _settled(bid: SettledBid, bidder: int | None) -> dict[str, Any]:
    """A bidder's own bid as their note settled it (§4.9): the note is the bidder's (its
    actor) and says whether the bid won, nothing more; the cap is in the director's record."""
    row = {"seat": bidder, "round": bid["round"], "asset": bid["asset"], "amount": bid["amount"]}
    return {**row, "capped": None, "status": "won" if bid["won"] else "not_won"}


def vote_spends(record: Sequence[BallotLine]) -> list[dict[str, Any]]:
    """Every spend of a vote numbered by round: a voter's n-th turn is round n (rules §4.7)."""
    turns: Counter[int] = Counter()
    out = []
    for line in record:
        seat: int = line["seat"]  # every line of a vote's record is a seat's turn
        turns[seat] += 1
        out.append(
            {
                "round": turns[seat],
                "seat": seat,
                "side": line["side"],
                "amount": line["amount"],
            }
        )
    return out


def timeline(events: Iterable[Mapping[str, Any]]) -> list[Entry]:
    """All events as entries, in the order they happened."""
    return sorted((entry_of(e) for e in events), key=lambda e: e.seq)


class Filters(TypedDict, total=False):
    """The timeline's filters, as the page reads them from its query (None: not filtered)."""

    turn: int | None
    phase: str | None
    seat: int | None
    category: str | None


def filter_entries(entries: Iterable[Entry], **filters: Unpack[Filters]) -> list[Entry]:
    """The entries matching every filter given (None: not filtered)."""
    turn, phase = filters.get("turn"), filters.get("phase")
    seat, category = filters.get("seat"), filters.get("category")
    return [
        e
        for e in entries
        if (turn is None or e.turn == turn)
        and (not phase or e.phase == phase)
        and (seat is None or seat in e.seats)
        and (not category or e.category == category)
    ]


# What the PDF keeps of a game (issue 34 item 6): how each plot, auction, vote, crisis, duel and
# insurrection ended, who won, and whatever the director did by hand or for a player.
OUTCOME_KINDS = frozenset(
    {
        Kind.PLOT_RESOLVED, Kind.AUCTION_RESOLVED, Kind.VOTE_RESULT, Kind.CRISIS_RESOLVED,
        Kind.DUEL_REVEALED, Kind.EXPULSION_DUEL_WON, Kind.SUCCESSION_STRUGGLE, Kind.KING_CROWNED,
        Kind.EXPELLED, Kind.EXECUTED, Kind.FINAL_PRESTIGE, Kind.GAME_WON,
    }
)  # fmt: skip


def highlights(entries: Iterable[Entry]) -> list[Entry]:
    """The outcomes of a game's entries, and every correction and decision for a player."""
    return [
        e
        for e in entries
        if e.kind in OUTCOME_KINDS or e.category in (CORRECTION, INSURRECTION) or e.for_player
    ]


def summarise(entries: Sequence[Entry]) -> Summary:
    for_player = Counter(e.actor for e in entries if e.for_player and e.actor is not None)
    return Summary(
        events=len(entries),
        secret=sum(1 for e in entries if e.secret),
        corrections=sum(1 for e in entries if e.correction),
        for_player=sum(for_player.values()),
        for_player_by_seat=dict(sorted(for_player.items())),
        by_category=dict(Counter(e.category for e in entries)),
        stand_in_turns=_stand_in_turns(entries),
        defaulted=sum(1 for e in entries if e.kind == Kind.ANSWER_DEFAULTED),
    )


def _stand_in_turns(entries: Sequence[Entry]) -> dict[int, tuple[int, ...]]:
    turns: dict[int, set[int]] = {}
    for e in entries:
        if e.kind == Kind.STAND_IN_PLAYED:
            played = payload(e, StandInPlayed)
            turns.setdefault(played["seat"], set()).add(played["turn"])
    return {seat: tuple(sorted(t)) for seat, t in sorted(turns.items())}
