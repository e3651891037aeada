"""One player's story: everything done by them and to them (rules §4.17, the reveal at the end).

At the end "all players reveal all their resources and hidden cards", so the story may tell a
player what stayed behind the screen: above all the plots against them they never detected,
and who was behind each one. It is built for one seat at a time; a seat's page only ever asks
for its own.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from consell.rules.event_kinds import Kind
from consell.rules.payloads import PlotResolved, payload

from .plot_detail import DISCREET, detection_for, target_refs
from .timeline import Entry


@dataclass(frozen=True)
class PlotAgainst:
    """A plot that named this player as a target, as the director resolved it."""

    seq: int
    turn: int
    conspirator: int | None
    succeeded: bool
    detection: str | None  # the target's own detection test: discreet, partial or detected

    @property
    def undetected(self) -> bool:
        """The player never got a note about it (a discreet detection test, rules §3.4)."""
        return self.detection in (None, DISCREET)


@dataclass(frozen=True)
class Story:
    seat: int
    by_them: list[Entry]
    to_them: list[Entry]
    plots_against: list[PlotAgainst]

    @property
    def undetected_plots(self) -> list[PlotAgainst]:
        return [p for p in self.plots_against if p.undetected]


def story_for(entries: Sequence[Entry], seat: int) -> Story:
    """The story of the player in ``seat``, from the whole timeline (snapshots left out)."""
    entries = [e for e in entries if e.kind != Kind.TURN_SNAPSHOT]
    by_them = [e for e in entries if e.actor == seat]
    to_them = [e for e in entries if e.actor != seat and seat in e.seats]
    return Story(seat, by_them, to_them, _plots_against(entries, seat))


def _plots_against(entries: Sequence[Entry], seat: int) -> list[PlotAgainst]:
    me = f"seat:{seat}"
    out = []
    for e in entries:
        if e.kind != Kind.PLOT_RESOLVED:
            continue
        plot = payload(e, PlotResolved)
        if me not in target_refs(plot):
            continue
        out.append(
            PlotAgainst(
                seq=e.seq,
                turn=e.turn,
                conspirator=e.actor,
                succeeded=me in plot["successful"],
                detection=detection_for(plot, me),
            )
        )
    return out
