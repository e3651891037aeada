"""A condition the app cannot judge, ruled by the director (``{test: manual, text}``)."""

from __future__ import annotations

from typing import Any

from consell.game.audit_categories import OTHER
from consell.projection.decisions.base import (
    Answer,
    DecisionForm,
    DecisionSpec,
    Seen,
    yes_no,
)
from consell.rules.decision_kinds import (
    ConditionAnswer,
    ConditionPending,
    DecisionKind,
    pending_data,
)


class ConditionForm(DecisionForm):
    holds = yes_no()

    def answer(self) -> ConditionAnswer:
        holds = self.cleaned_data["holds"]
        return {"holds": holds == "yes"} if holds else {}


def project(v: Seen) -> dict[str, Any]:
    words = (pending_data(v.p, ConditionPending).get("condition") or {}).get("text")
    return {"text": v.text(words, v.language) if isinstance(words, dict) else ""}


def table(t, state, pending) -> Answer:
    """The director rules it, now one way, now the other."""
    return Answer(None, {"holds": t.bot.accepts()})


SPEC = DecisionSpec(DecisionKind.CONDITION, project, ConditionForm, OTHER, table=table)
