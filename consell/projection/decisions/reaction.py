"""A paid reaction its owner may use, filling its boxes, or let pass (rules §4.3, G21)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from consell.game.audit_categories import OTHER
from consell.projection.decisions.base import Boxes, DecisionForm, DecisionSpec, Seen, yes_no
from consell.projection.planner import _field
from consell.rules.cards import card as card_of
from consell.rules.decision_kinds import DecisionKind, ReactionAnswer, ReactionPending, pending_data
from consell.rules.state import GameState


class ReactionForm(DecisionForm):
    use = yes_no()
    param = Boxes(numbers_only=False)  # the ability's boxes, posted as param_<name>

    def answer(self) -> ReactionAnswer:
        use = self.cleaned_data["use"]
        if not use:
            return {}
        return {"use": use == "yes", "params": self.cleaned_data["param"] or {}}


def project(v: Seen) -> dict[str, Any]:
    data = pending_data(v.p, ReactionPending)
    instance = _source_instance(v.state, data)
    abilities = card_of(v.catalog, instance).get("abilities", []) if instance else []
    ability: Mapping[str, Any] = next((a for a in abilities if a["id"] == data["ability"]), {})
    return {
        "owner": v.names.get(data["seat"]),
        "title": v.text(ability.get("title"), v.language),
        "text": v.text(ability.get("text"), v.language),
        "cost": dict(ability.get("cost") or {}),
        "trigger": data["trigger"],
        "fields": [_field(pp, {}, v.language, v.text) for pp in ability.get("params", [])],
    }


def _source_instance(state: GameState, data) -> str | None:
    kind, _, name = data["source"].partition(":")
    if kind == "house":
        return state.player(data["seat"]).house
    return name or None


def bot(b, state, ruleset, pending, seat) -> ReactionAnswer:
    return {"use": b.rng.random() < b.person(seat).reactive, "params": {}}


SPEC = DecisionSpec(DecisionKind.REACTION, project, ReactionForm, OTHER, bot=bot)
