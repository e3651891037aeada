"""A kingdomless player's income: different resources of their choice (rules §4.11), public
like the rest of production."""

from __future__ import annotations

from typing import Any

from consell.game.audit_categories import PRODUCTION
from consell.projection.decisions.base import DecisionForm, DecisionSpec, Seen, Strings
from consell.rules.decision_kinds import DecisionKind, IncomeAnswer
from consell.rules.resources import PRODUCED


class IncomeForm(DecisionForm):
    income = Strings(required=False)

    def answer(self) -> IncomeAnswer:
        income = self.cleaned_data["income"]
        return {"resources": income} if income else {}


def project(v: Seen) -> dict[str, Any]:
    return {"income": v.ruleset.kingdomless_income, "choices": ["POW", "MON", "INT", "FOR", "FAI"]}


def bot(b, state, ruleset, pending, seat) -> IncomeAnswer:
    return {"resources": b.rng.sample([str(r) for r in PRODUCED], pending.data["count"])}


SPEC = DecisionSpec(DecisionKind.KINGDOMLESS_INCOME, project, IncomeForm, PRODUCTION, bot=bot)
