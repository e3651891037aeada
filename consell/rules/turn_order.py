"""Turn order (ordre de joc) and kingdom order (rules §4.15, G37, G58).

"Els jugadors determinen la seva posició a l'ordre de joc segons quant s'afanyin a entregar el
seu cofre": the order in which players hand in their plan becomes the new turn order. Players
who never handed in (the director closed Planning, G37) come after everyone who did, keeping
their previous relative order.

Kingdom order: "s'utilitzarà el jugador amb la millor posició a l'Ordre de joc de qualsevol dels
membres de cada regne", and kingdomless players count as one anonymous joint kingdom (regne
anònim conjunt), written ``None`` here.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from .errors import InvalidStateError
from .i18n import _, gettext_noop


def turn_order_from_handins(
    previous_order: Sequence[int],
    handed_in_in_order: Sequence[int],
    not_handed_in: Collection[int],
) -> tuple[int, ...]:
    """The new turn order after Planning (RULE §3.2; G37, G58).

    Every player of ``previous_order`` must appear exactly once, either among those who handed
    in (in the order the server received their plans) or among those who did not.
    """
    _check_unique(previous_order, "previous turn order")
    _check_unique(handed_in_in_order, "hand-in order")
    both = set(handed_in_in_order) & set(not_handed_in)
    if both:
        raise InvalidStateError(
            _("Seats %(both)s both handed in and did not.") % {"both": sorted(both)}
        )
    listed = set(handed_in_in_order) | set(not_handed_in)
    if listed != set(previous_order):
        unknown = sorted(listed - set(previous_order))
        forgotten = sorted(set(previous_order) - listed)
        raise InvalidStateError(
            _(
                "The hand-ins must cover exactly the players; "
                "unknown %(unknown)s, missing %(forgotten)s."
            )
            % {"unknown": unknown, "forgotten": forgotten},
            unknown=unknown,
            missing=forgotten,
        )
    late = [seat for seat in previous_order if seat in set(not_handed_in)]
    return (*handed_in_in_order, *late)


def kingdom_order(
    turn_order: Sequence[int], membership: Mapping[int, int | None]
) -> tuple[int | None, ...]:
    """Kingdoms ordered by their best-placed member (RULE §4.15); ``None`` is the kingdomless
    group. A kingdom with no member in the turn order does not appear."""
    _check_unique(turn_order, "turn order")
    unplaced = sorted(set(turn_order) - set(membership))
    if unplaced:
        raise InvalidStateError(
            _("Seats %(unplaced)s have no kingdom membership recorded.") % {"unplaced": unplaced}
        )
    order: list[int | None] = []
    for seat in turn_order:
        kingdom = membership[seat]
        if kingdom not in order:
            order.append(kingdom)
    return tuple(order)


_TWICE = {
    "previous turn order": gettext_noop("A seat appears twice in the previous turn order."),
    "hand-in order": gettext_noop("A seat appears twice in the hand-in order."),
    "turn order": gettext_noop("A seat appears twice in the turn order."),
}


def _check_unique(seats: Sequence[int], what: str) -> None:
    if len(set(seats)) != len(seats):
        raise InvalidStateError(_(_TWICE[what]))
