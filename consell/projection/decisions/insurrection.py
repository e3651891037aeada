"""An insurrection, stage by stage (rules §4.5, G31): the director rolls, members pledge Force
for a reroll, the King picks the die, the director settles the outcome."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from consell.game.audit_categories import INSURRECTION
from consell.projection.decisions.base import Answer, DecisionForm, DecisionSpec, Seen
from consell.rules import insurrection_flow
from consell.rules.decision_kinds import (
    DecisionKind,
    InsurrectionAnswer,
    InsurrectionPending,
    pending_data,
)
from consell.rules.payment import funds
from consell.rules.resources import Resource


class InsurrectionForm(DecisionForm):
    pledge = forms.IntegerField(
        required=False, error_messages={"invalid": _("Pledge a whole amount of Force (0 to pass).")}
    )
    die = forms.IntegerField(
        required=False,
        error_messages={"invalid": _("Choose which die to roll again (1, 2 or 3).")},
    )
    indicator = forms.CharField(required=False)

    def answer(self) -> InsurrectionAnswer:
        data = self.cleaned_data
        out: InsurrectionAnswer = {}
        for key in ("pledge", "die"):
            if data[key] is not None:
                out[key] = data[key]
        if data["indicator"]:
            out["indicator"] = data["indicator"]
        return out


def project(v: Seen) -> dict[str, Any]:
    data = pending_data(v.p, InsurrectionPending)
    flow = data.get("flow", {})
    return {
        "can": _can_pledge(v, flow),
        "kingdom": v.kingdom(data["kingdom"]),
        "stage": flow.get("stage"),
        "dice": list(flow.get("dice", [])),
        "target": flow.get("target"),
        "pledges": [(v.names.get(p["seat"]), p["amount"]) for p in flow.get("pledges", [])],
        "indicator_choices": list(flow.get("indicator_choices", [])),
    }


def _can_pledge(v: Seen, flow: dict[str, Any]) -> int | None:
    """The most the member asked to pledge may pledge, told before they send it: what the
    reroll still needs, or what their own chest can pay (§4.5, G31); None for anyone else."""
    if flow.get("stage") != insurrection_flow.PLEDGING or v.seat not in v.p.waiting_for:
        return None
    left = v.ruleset.insurrection_reroll_cost - sum(p["amount"] for p in flow["pledges"])
    chest = v.state.player(v.seat).resources
    return min(left, funds(chest, v.ruleset.insurrection_reroll_resource))


def table(t, state, pending) -> Answer | None:
    """The director rolls, resumes and settles; members and the King answer the rest."""
    flow = pending.data.get("flow", {})
    stage = flow.get("stage")
    if stage in (None, insurrection_flow.DONE):
        return Answer(None, procedure=True)
    if stage == insurrection_flow.CHOOSING:
        ties = flow.get("indicator_choices") or [None]
        return Answer(None, {"indicator": t.bot.pick(ties)})
    return None


def bot(b, state, ruleset, pending, seat) -> InsurrectionAnswer:
    """A member pledges some of what is still needed; the King rerolls any die."""
    flow = pending.data.get("flow", {})
    if flow.get("stage") == insurrection_flow.PLEDGING:
        left = ruleset.insurrection_reroll_cost - sum(p["amount"] for p in flow["pledges"])
        chest = state.player(seat).resources
        have = chest[ruleset.insurrection_reroll_resource] + chest[Resource.FAV]
        return {"pledge": b.rng.randint(0, max(0, min(left, have)))}
    if flow.get("stage") == insurrection_flow.DIE_CHOICE:
        return {"die": b.rng.randint(1, 3)}
    return {}


SPEC = DecisionSpec(
    DecisionKind.INSURRECTION,
    project,
    InsurrectionForm,
    INSURRECTION,
    bot=bot,
    table=table,
)
