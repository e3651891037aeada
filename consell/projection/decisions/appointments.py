"""A new King appoints the offices of their kingdom, then closes the appointments (G24)."""

from __future__ import annotations

from typing import Any

from consell.game.audit_categories import OTHER
from consell.projection.decisions.base import Answer, DecisionSpec, Seen
from consell.projection.decisions.manual import DoneForm
from consell.rules.decision_kinds import DecisionKind


def project(v: Seen) -> dict[str, Any]:
    """The new kingdom's offices and members, as its board shows them (offices are public,
    §1.10): what the King, or the director for them, appoints from."""
    kingdom = v.state.kingdom(v.data["kingdom"])
    king = v.data["king"]
    return {
        "kingdom": v.kingdom(kingdom.id),
        "king": king,
        "king_name": v.names.get(king),
        "offices": [
            {"id": office, "title": v.title(office), "holder": v.names.get(holder)}
            for office, holder in sorted(kingdom.offices.items())
            if holder != king
        ],
        "members": [
            {"seat": seat, "name": v.names.get(seat)}
            for seat in v.state.members(kingdom.id)
            if seat != king
        ],
    }


def table(t, state, pending) -> Answer:
    """The King fills the vacant offices at random, then closes them."""
    t.appointments(state, pending.data["kingdom"])
    return Answer(pending.data["king"], {})


SPEC = DecisionSpec(DecisionKind.APPOINTMENTS, project, DoneForm, OTHER, table=table)
