"""A duel's hidden fists (rules §4.8): everyone follows who has committed; the fists stay
hidden until the reveal, and a hidden asset under dispute is never named."""

from __future__ import annotations

import math
from typing import Any

from django import forms

from consell.game.audit_categories import DUEL
from consell.projection.decisions.base import Boxes, DecisionForm, DecisionSpec, Seen
from consell.rules.decision_kinds import DecisionKind, DuelAnswer, DuelPending, pending_data
from consell.rules.kingdoms import SUCCESSION
from consell.rules.resources import Resource


class DuelForm(DecisionForm):
    fist = Boxes()
    seat = forms.IntegerField(required=False)  # the director commits for an absent player

    def answer(self) -> DuelAnswer:
        fist = self.cleaned_data["fist"] or {}
        out: DuelAnswer = {"fist": {code: n for code, n in fist.items() if n}}
        if self.cleaned_data["seat"] is not None:
            out["seat"] = self.cleaned_data["seat"]
        return out


def project(v: Seen) -> dict[str, Any]:
    data, names = pending_data(v.p, DuelPending), v.names
    participants = list(data["participants"])
    fists = data.get("fists", {})
    asset = data.get("asset")
    # A participant is told, box by box, the most they can commit: what their own chest holds.
    chest = v.state.player(v.seat).resources if v.seat in participants else None
    codes = list(dict.fromkeys([*data["resources"], "FAV"]))
    return {
        "participants": [names.get(s) for s in participants],
        "resources": list(data["resources"]),
        "boxes": [(code, chest[Resource(code)] if chest else None) for code in codes],
        "committed": [names.get(int(s)) for s in fists],
        "my_fist_in": v.seat is not None and str(v.seat) in fists,
        "to_commit": [(s, names.get(s)) for s in participants if str(s) not in fists],
        "purpose": data.get("purpose", "card"),
        "asset": None if not asset or data.get("hidden") else v.title(asset),
    }


def bot(b, state, ruleset, pending, seat) -> DuelAnswer:
    """A throne is worth fighting for; an expelled asset or a plain duel, a bold few (§4.8)."""
    data, me = pending.data, b.person(seat)
    chest = state.player(seat).resources
    share = 0.5 + me.boldness / 2 if data.get("purpose") == SUCCESSION else me.boldness / 2
    fist = {}
    for code in dict.fromkeys([*data["resources"], "FAV"]):
        have = chest[Resource(code)]
        most = math.ceil(have * share)
        if most:
            fist[code] = b.rng.randint(max(1, most // 2), most)
    return {"fist": fist}


SPEC = DecisionSpec(DecisionKind.DUEL, project, DuelForm, DUEL, bot=bot)
