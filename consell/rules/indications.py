"""Reading a player's indications pile (Indicacions; rules §1.9, §3.2, §4.2).

"Read by the director at the point it modifies": vigilance and the Spymaster's exemptions at the
start of Secrets, bids at Acquisition, crisis contributions at Crisis resolution. An indication
is found by the ``indication`` kind of its ability (``vigilance``, ``bids``,
``crisis_contribution``, ``exemptions``), never by card id, so a pack may give the same
indication to any card; if a player planned two of one kind, the first in the pile counts.

Like any planned ability, an indication is validated when it is used (§4.2, G47): a source the
player no longer holds, or a box that is invalid now, makes it void. The owner is told why,
privately, with a note in their chest (§3.4), and the indication counts as not written.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from . import cards, params
from .effects import source_card
from .errors import RuleError
from .event_kinds import Kind
from .events import Event, private
from .i18n import as_words
from .payloads import (
    Aborted,
)
from .state import GameState, Note, PlannedAbility


@dataclass(frozen=True)
class Reading:
    """One player's indication of one kind: its boxes, or why it is void."""

    seat: int
    planned: PlannedAbility | None = None
    values: Mapping[str, Any] = field(default_factory=dict)
    void: RuleError | None = None

    @property
    def written(self) -> bool:
        return self.planned is not None and self.void is None


def read(state: GameState, catalog: cards.Catalog, seat: int, kind: str) -> Reading:
    """The player's indication of ``kind``, checked now; an empty reading if none was planned."""
    for planned in state.player(seat).plan.indications:
        try:
            instance = source_card(state, catalog, seat, planned.source)
            ability = cards.ability(catalog, instance, planned.ability)
        except RuleError as exc:
            if _kind_in_pack(catalog, planned, kind):
                return Reading(seat, planned, void=exc)
            continue
        if ability.get("type") != "indication" or ability.get("indication") != kind:
            continue
        try:
            params.check_at_execution(state, catalog, seat, ability, planned.params)
        except RuleError as exc:
            return Reading(seat, planned, void=exc)
        return Reading(seat, planned, dict(planned.params))
    return Reading(seat)


def void_note(state: GameState, reading: Reading) -> Event:
    """Tell the owner privately why their indication was not used (mutates ``state``; §4.2)."""
    planned, void = reading.planned, reading.void
    if planned is None or void is None:
        raise ValueError("Only a void reading of a planned indication has a note to give.")
    data = Aborted(
        source=planned.source,
        ability=planned.ability,
        code=void.code,
        reason=void.message,
        reason_words=as_words(void.message),
    )
    state.player(reading.seat).notes.append(Note(state.turn, Kind.ABORTED, dict(data)))
    return private(Kind.ABORTED, (reading.seat,), data, reading.seat)


def _kind_in_pack(catalog: cards.Catalog, planned: PlannedAbility, kind: str) -> bool:
    """Whether a tile whose source is gone was an indication of ``kind`` (looked up in the pack)."""
    name = planned.source.partition(":")[2]
    try:
        ability = cards.ability(catalog, name, planned.ability)
    except RuleError:
        return False
    return ability.get("indication") == kind
