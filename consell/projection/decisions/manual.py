"""A manual effect the director applies by hand, with a correction, then marks done
(docs/principles.md, principle 6)."""

from __future__ import annotations

from typing import Any

from django import forms

from consell.game.audit_categories import CORRECTION
from consell.projection import manual_view
from consell.projection.decisions.base import (
    Answer,
    DecisionForm,
    DecisionSpec,
    Seen,
)
from consell.rules.decision_kinds import DecisionKind, DoneAnswer, ManualPending, pending_data


class DoneForm(DecisionForm):
    """One button: done (a manual effect applied, the new King's appointments closed)."""

    done = forms.BooleanField(required=False)

    def answer(self) -> DoneAnswer:
        return {"done": True} if self.cleaned_data["done"] else {}


def project(v: Seen) -> dict[str, Any]:
    return manual_view.project(
        v.state, v.catalog, pending_data(v.p, ManualPending), v.names, v.language, v.text
    )


def table(t, state, pending) -> Answer:
    return Answer(None, {"done": True})


SPEC = DecisionSpec(DecisionKind.MANUAL, project, DoneForm, CORRECTION, table=table)
