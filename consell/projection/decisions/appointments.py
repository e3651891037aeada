"""A new King appoints the offices of their kingdom, then closes the appointments (G24)."""

from __future__ import annotations

from typing import Any

from consell.game.audit_categories import OTHER
from consell.projection.decisions.base import Answer, DecisionSpec, Seen
from consell.projection.decisions.manual import DoneForm
from consell.rules.decision_kinds import DecisionKind


def project(v: Seen) -> dict[str, Any]:
    return {}


def table(t, state, pending) -> Answer:
    """The King fills the vacant offices at random, then closes them."""
    t.appointments(state, pending.data["kingdom"])
    return Answer(pending.data["king"], {})


SPEC = DecisionSpec(DecisionKind.APPOINTMENTS, project, DoneForm, OTHER, table=table)
