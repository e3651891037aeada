"""Per-turn snapshots of every chest and every kingdom, for the audit's charts.

The snapshot is an event the rules make from a state, so the write path records it without
reading the audit: the audit reads the log and is never read. The turn runner emits
``snapshot_event(state)`` at each End of turn (rules §3.8) and once at the end of the game. The
snapshot is the director's alone while the game runs, since chests are hidden behind the
screens (rules §1.10), and revealed with everything else at the end (§4.17).
"""

from __future__ import annotations

from .event_kinds import Kind
from .events import DIRECTOR, Event
from .resources import INDICATORS, RESOURCES
from .state import GameState


def snapshot_event(state: GameState) -> Event:
    """A ``turn_snapshot`` event: each player's resources and each kingdom's indicators."""
    data = {
        "turn": state.turn,
        "status": str(state.status),
        "players": [
            {
                "seat": p.seat,
                "name": p.name,
                "kingdom": p.kingdom,
                "resources": {str(r): p.resources[r] for r in RESOURCES},
            }
            for p in state.players
        ],
        "kingdoms": [
            {
                "id": k.id,
                "name": k.name,
                "indicators": {str(i): k.indicators[i] for i in INDICATORS},
            }
            for k in state.kingdoms
        ],
    }
    return Event(Kind.TURN_SNAPSHOT, data, DIRECTOR, reveal_at_end=True)
