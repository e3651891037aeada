"""The tactics a player discards when a card asks them to choose."""

from __future__ import annotations

from typing import Any

from django import forms

from consell.game.audit_categories import OTHER
from consell.projection.decisions.base import DecisionForm, DecisionSpec, Seen, Strings
from consell.rules.decision_kinds import DecisionKind, DiscardAnswer, DiscardPending, pending_data


class DiscardForm(DecisionForm):
    tactics = Strings(required=False)
    seat = forms.IntegerField(required=False)  # the director chooses for an absent player

    def answer(self) -> DiscardAnswer:
        out: DiscardAnswer = {}
        if self.cleaned_data["tactics"]:
            out["tactics"] = self.cleaned_data["tactics"]
        if self.cleaned_data["seat"] is not None:
            out["seat"] = self.cleaned_data["seat"]
        return out


def project(v: Seen) -> dict[str, Any]:
    seat = v.seat
    count = (
        pending_data(v.p, DiscardPending)["choices"].get(str(seat), 0) if seat is not None else 0
    )
    hand = v.state.player(seat).tactics if seat is not None else []
    return {"count": count, "hand": [(t, v.title(t)) for t in hand]}


def bot(b, state, ruleset, pending, seat) -> DiscardAnswer:
    count = pending.data["choices"].get(str(seat), 0)
    hand = list(state.player(seat).tactics)
    return {"tactics": b.rng.sample(hand, min(count, len(hand)))}


SPEC = DecisionSpec(DecisionKind.DISCARD_CHOICE, project, DiscardForm, OTHER, bot=bot)
