"""A kingdom's production handed out by its distributor (rules §4.11, G15, G50): keep the
privilege, then who gets the leftover units; Favor is given freely, never to the King."""

from __future__ import annotations

from typing import Any

from django import forms

from consell.game.audit_categories import PRODUCTION
from consell.projection.decisions.base import (
    Boxes,
    DecisionForm,
    DecisionSpec,
    Seen,
    Whole,
)
from consell.rules.decision_kinds import (
    DecisionKind,
    DistributionAnswer,
    DistributionPending,
    pending_data,
)


class DistributionForm(DecisionForm):
    keep = forms.IntegerField(required=False)  # the ticked box's value wins over the hidden 0
    extra = Whole(required=False)
    gift = Boxes()  # Favor per seat, posted as gift_<seat>

    def answer(self) -> DistributionAnswer:
        data = self.cleaned_data
        out: DistributionAnswer = {}
        if data["keep"] is not None:
            out["keep"], out["extra"] = data["keep"], data["extra"]
        if data["gift"] is not None:
            out["gifts"] = data["gift"]
        return out


def project(v: Seen) -> dict[str, Any]:
    data = pending_data(v.p, DistributionPending)
    favor = data["resource"] == "FAV"
    keep = min(data.get("keep_limit", v.ruleset.distributor_keep), data["amount"])
    members = len(data["members"]) or 1
    return {
        "resource": data["resource"],
        "amount": data["amount"],
        "kingdom": v.kingdom(data["kingdom"]),
        "distributor": v.names.get(data["distributor"]),
        "favor": favor,
        "members": [
            (s, v.names.get(s)) for s in data["members"] if not (favor and s == data["king"])
        ],
        "keep": keep,
        # The units the even split leaves over, one each to as many members (§4.11): the
        # form says how many to tick before it is sent, keeping the privilege or not.
        "leftover": data["amount"] % members,
        "leftover_kept": (data["amount"] - keep) % members,
    }


def bot(b, state, ruleset, pending, seat) -> DistributionAnswer:
    """Favor to random members but the King; else keep some privilege, leftovers at random."""
    data = pending.data
    members, amount = list(data["members"]), data["amount"]
    if data["resource"] == "FAV":
        receivers = [s for s in members if s != data["king"]]
        gifts = {str(s): 0 for s in receivers}
        for _ in range(amount if receivers else 0):
            gifts[str(b.rng.choice(receivers))] += 1
        return {"gifts": gifts}
    limit = data.get("keep_limit", ruleset.distributor_keep)  # a law may change it
    keep = b.rng.randint(0, min(limit, amount))
    extra = b.rng.sample(members, (amount - keep) % len(members))
    return {"keep": keep, "extra": extra}


SPEC = DecisionSpec(DecisionKind.DISTRIBUTION, project, DistributionForm, PRODUCTION, bot=bot)
