"""A law to put to the vote, chosen by its proposer from the law row (rules §4.7)."""

from __future__ import annotations

from typing import Any

from django import forms

from consell.game.audit_categories import VOTE
from consell.projection.decisions.base import DecisionForm, DecisionSpec, Seen
from consell.rules.decision_kinds import (
    DecisionKind,
    LawChoiceAnswer,
    LawChoicePending,
    pending_data,
)


class LawChoiceForm(DecisionForm):
    law = forms.CharField(required=False)

    def answer(self) -> LawChoiceAnswer:
        return {"law": self.cleaned_data["law"] or None}


def project(v: Seen) -> dict[str, Any]:
    return {"laws": [(law, v.title(law)) for law in pending_data(v.p, LawChoicePending)["row"]]}


def bot(b, state, ruleset, pending, seat) -> LawChoiceAnswer:
    """The law the proposer likes best."""
    row = pending.data.get("row")
    if not row:
        return {"law": None}
    return {"law": max(row, key=lambda law: b.opinion(seat, law))}


SPEC = DecisionSpec(DecisionKind.LAW_CHOICE, project, LawChoiceForm, VOTE, bot=bot)
