"""The timeline in pages a phone can read (issue 34 item 6): one page a turn and phase, a long
one cut into numbered parts, narrowed by one of the table's filters.

Works on the viewer's own entries (``timeline.timeline`` of the viewer's export document), so a
page holds nothing its reader may not read. The query is read here and answered with
``Refused`` (its status and a message in the reader's words) when it names no page of the game:
a turn that is not a number (400), a turn the game never reached (404), an unknown filter
(400)...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import ceil

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from consell.game.audit_categories import AUCTION_RESULT, BID, CATEGORIES, CRISIS, PLOT, VOTE
from consell.rules.state import Phase

from .timeline import Entry

# At most this many entries a page, so that one is about three screens of a 360 px phone (an
# entry is a line of heading and one to three of text, its tables folded): docs/performance.md.
PART_SIZE = 8

# The filters the table asked for: each keeps the entries it names ("mine": the reader's own).
SHOWS: dict[str, frozenset[str] | None] = {
    "all": None,
    "mine": None,
    "plots": frozenset({PLOT}),
    "votes": frozenset({VOTE}),
    "auction": frozenset({BID, AUCTION_RESULT}),
    "crises": frozenset({CRISIS}),
}
SHOW_LABELS = {
    "all": gettext_lazy("Everything"),
    "mine": gettext_lazy("Mine"),
    "plots": gettext_lazy("Plots"),
    "votes": gettext_lazy("Votes"),
    "auction": gettext_lazy("The auction"),
    "crises": gettext_lazy("Crises"),
}
# The events logged before the first turn (the game created, the seed committed) have no phase.
START = "start"
PHASES = (START, *(str(p) for p in Phase))


class Refused(Exception):
    """A query that names no page: its HTTP status and what to tell the reader."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Key:
    """A page of the timeline: a turn and one of its phases."""

    turn: int
    phase: str  # a ``Phase``, or START

    @staticmethod
    def of(entry: Entry) -> Key:
        return Key(entry.turn, entry.phase or START)


@dataclass(frozen=True)
class Place:
    """One page: a turn and phase, and which part of it (1 to ``parts``)."""

    key: Key
    part: int
    parts: int


@dataclass(frozen=True)
class Paged:
    """What the page shows, where it stands, and where its links go."""

    show: str
    seat: int | None  # "player": only what is about that seat (the director's choice)
    kind: str | None  # "kind": one category of the log
    place: Place
    entries: Sequence[Entry]
    previous: Place | None
    next: Place | None
    index: Sequence[tuple[int, Sequence[tuple[Key, int]]]]  # each turn, its pages and counts
    turns: Sequence[int]
    phases: Sequence[str]


# What a number of the query that is not one is told, by the query's name.
NOT_A_NUMBER = {
    "turn": gettext_lazy("The turn must be a number, not “%(value)s”."),
    "part": gettext_lazy("The part must be a number, not “%(value)s”."),
    "player": gettext_lazy("The player must be a seat's number, not “%(value)s”."),
    "event": gettext_lazy("The event must be a number, not “%(value)s”."),
}


def number(value: str | None, name: str) -> int | None:
    """``value`` of the query's ``name`` as a number, None when absent, or ``Refused``."""
    if value is None or value == "":
        return None
    try:
        return int(value)
    except ValueError:
        raise Refused(400, str(NOT_A_NUMBER[name]) % {"value": value}) from None


def _matcher(
    show: str, seat: int | None, kind: str | None, reader: int | None
) -> Callable[[Entry], bool]:
    categories = SHOWS[show]
    mine = reader if show == "mine" else None

    def matches(entry: Entry) -> bool:
        return (
            (categories is None or entry.category in categories)
            and (mine is None or mine in entry.seats)
            and (seat is None or seat in entry.seats)
            and (kind is None or entry.category == kind)
        )

    return matches


def read_query(
    entries: Sequence[Entry], query: Mapping[str, str], reader: int | None, seats: Sequence[int]
) -> Paged:
    """The page ``query`` asks for (``turn``, ``phase``, ``part``, ``show``, and the director's
    ``player`` and ``kind``), or ``Refused``. Without a turn or a phase, the first page holding
    what the filter keeps."""
    show = query.get("show") or "all"
    if show not in SHOWS:
        raise Refused(400, _("There is no filter “%(name)s”.") % {"name": show})
    if show == "mine" and reader is None:
        raise Refused(400, _("“Mine” is a player's own: the director chooses a player instead."))
    kind = query.get("kind") or None
    if kind is not None and kind not in CATEGORIES:
        raise Refused(400, _("There is no kind of event “%(name)s”.") % {"name": kind})
    seat = number(query.get("player"), "player")
    if seat is not None and seat not in seats:
        raise Refused(404, _("There is no player %(seat)s in this game.") % {"seat": seat})
    turn = number(query.get("turn"), "turn")
    phase = query.get("phase") or None
    if phase is not None and phase not in PHASES:
        raise Refused(400, _("There is no phase “%(name)s”.") % {"name": phase})
    part = number(query.get("part"), "part")
    if part is not None and part < 1:
        raise Refused(400, _("The parts of a page are numbered from 1."))

    order = list(dict.fromkeys(Key.of(e) for e in entries))  # in the order they happened
    turns = sorted({k.turn for k in order})
    if turn is not None and turn not in turns:
        raise Refused(404, _("This game has no turn %(turn)s.") % {"turn": turn})
    matches = _matcher(show, seat, kind, reader)
    kept: dict[Key, list[Entry]] = {}
    for entry in entries:
        if matches(entry):
            kept.setdefault(Key.of(entry), []).append(entry)

    def fits(key: Key) -> bool:
        return (turn is None or key.turn == turn) and (phase is None or key.phase == phase)

    key = next((k for k in order if k in kept and fits(k)), None) or next(
        (k for k in order if fits(k)), None
    )
    if key is None:
        if turn is None and phase is None:  # a game with no event at all
            key = Key(0, START)
        else:
            raise Refused(404, _("This game has no such turn and phase."))
    shown = kept.get(key, [])
    parts = max(1, ceil(len(shown) / PART_SIZE))
    part = part or 1
    if part > parts:
        raise Refused(404, _("This page has %(parts)s parts.") % {"parts": parts})

    places = [
        Place(k, n, ceil(len(kept[k]) / PART_SIZE))
        for k in order
        if k in kept
        for n in range(1, ceil(len(kept[k]) / PART_SIZE) + 1)
    ]
    rank = {k: i for i, k in enumerate(order)}
    here = (rank.get(key, -1), part)
    before = [p for p in places if (rank[p.key], p.part) < here]
    after = [p for p in places if (rank[p.key], p.part) > here]
    index: dict[int, list[tuple[Key, int]]] = {}
    for k in order:
        if k in kept:
            index.setdefault(k.turn, []).append((k, len(kept[k])))
    return Paged(
        show=show,
        seat=seat,
        kind=kind,
        place=Place(key, part, parts),
        entries=shown[(part - 1) * PART_SIZE : part * PART_SIZE],
        previous=before[-1] if before else None,
        next=after[0] if after else None,
        index=sorted(index.items()),
        turns=turns,
        phases=[p for p in PHASES if any(k.phase == p for k in order)],
    )


def where(seq: int, entries: Sequence[Entry]) -> Place:
    """The unfiltered page that holds entry ``seq`` (the stories link an event by its number)."""
    for entry in entries:
        if entry.seq == seq:
            key = Key.of(entry)
            same = [e for e in entries if Key.of(e) == key]
            at = next(i for i, e in enumerate(same) if e.seq == seq)
            return Place(key, at // PART_SIZE + 1, ceil(len(same) / PART_SIZE))
    raise Refused(404, _("This game has no event %(seq)s.") % {"seq": seq})
