"""Whether each eligible player joins a kingdom just founded, in turn order (G40)."""

from __future__ import annotations

from typing import Any

from consell.game.audit_categories import OTHER
from consell.projection.decisions.base import (
    DecisionForm,
    DecisionSpec,
    Seen,
    ideal_size,
    yes_no,
)
from consell.rules.decision_kinds import DecisionKind, JoinersAnswer, JoinersPending, pending_data


class JoinersForm(DecisionForm):
    join = yes_no()

    def answer(self) -> JoinersAnswer:
        join = self.cleaned_data["join"]
        return {"join": join == "yes"} if join else {}


def project(v: Seen) -> dict[str, Any]:
    data = pending_data(v.p, JoinersPending)
    answers = data.get("answers", {})
    waiting = [s for s in data["eligible"] if str(s) not in answers]
    return {
        "founder": v.names.get(data["founder"]),
        "my_turn": v.seat is None or (bool(waiting) and waiting[0] == v.seat),
    }


def bot(b, state, ruleset, pending, seat) -> JoinersAnswer:
    """The kingdomless and the lonely join; members of a crowded kingdom now and then."""
    player = state.player(seat)
    mine = len(state.members(player.kingdom)) if player.kingdom is not None else 0
    keen = 0.9 if mine <= 1 else (0.3 if mine > ideal_size(state) else 0.05)
    return {"join": b.rng.random() < keen}


SPEC = DecisionSpec(DecisionKind.KINGDOM_JOINERS, project, JoinersForm, OTHER, bot=bot)
