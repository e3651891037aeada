"""A live vote (rules §4.7, G32): spends are public as they happen; the King breaks a tie."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from consell.game.audit_categories import VOTE
from consell.projection.decisions.base import DecisionForm, DecisionSpec, Seen, ideal_size
from consell.rules import decisions, votes
from consell.rules.decision_kinds import DecisionKind, VoteAnswer, VotePending, pending_data
from consell.rules.payment import funds
from consell.rules.resources import Resource

SIDES = [("for", "for"), ("against", "against")]


class VoteForm(DecisionForm):
    side = forms.ChoiceField(choices=SIDES, required=False)
    spend = forms.IntegerField(
        required=False,
        error_messages={"invalid": _("Spend a whole amount of Power for or against, or withdraw.")},
    )
    withdraw = forms.BooleanField(required=False)
    tie = forms.ChoiceField(choices=SIDES, required=False)

    def answer(self) -> VoteAnswer:
        data = self.cleaned_data
        out: VoteAnswer = {}
        if data["withdraw"]:
            out["withdraw"] = True
        if data["tie"]:
            out["tie"] = data["tie"]
        if data["side"]:
            out["side"] = data["side"]
            out["spend"] = data["spend"]
        return out


def project(v: Seen) -> dict[str, Any]:
    data, seat, names = pending_data(v.p, VotePending), v.seat, v.names
    ballot = decisions.ballot(v.p, v.state, v.ruleset)
    finished = votes.is_finished(ballot)
    law = data.get("motion") == "law"
    waits = decisions.held(v.state, v.p)  # reactions to its opening come first (§4.3)
    voter = votes.next_voter(ballot) if not finished else None
    my_turn = not finished and not waits and seat in (None, voter)
    chest = v.state.player(voter).resources if my_turn and voter else None
    return {
        "motion": data.get("motion"),
        "about": v.title(data["law"]) if law else names.get(data.get("applicant"), ""),
        "kingdom": v.kingdom(data.get("kingdom")),
        "for_total": ballot.total(votes.Side.FOR),
        "against_total": ballot.total(votes.Side.AGAINST),
        "record": [
            {"name": names.get(t.seat), "side": str(t.side) if t.side else None, "amount": t.amount}
            for t in ballot.record
        ],
        "held": waits,
        "my_turn": my_turn,
        # What the voter may spend, said before they choose: their own Power, with the Favor
        # that stands in for it (private: only on their phone and the director's screen, and
        # only on their turn).
        "power": funds(chest, Resource.POW) if chest is not None else None,
        "next": names.get(votes.next_voter(ballot)) if not finished else None,
        "tie_break": finished and seat in (None, ballot.tie_breaker),
        "my_side": str(ballot.side_of(seat)) if seat and ballot.side_of(seat) else None,
        "eligible": seat is None or seat in ballot.order,
    }


def stance(b, state, pending, seat: int) -> tuple[str, int]:
    """The side this voter wants and the most Power they would put into it (§4.7).

    A join request: members want newcomers while their kingdom is small, and care more the
    further it is from the size they like. A law: its proposer wants it; everyone else has
    an opinion of it, and a zealous voter backs a strong one."""
    data, me = pending.data, b.person(seat)
    if data.get("motion") == "join":
        size, ideal = len(state.members(data["kingdom"])), ideal_size(state)
        side = "for" if size < ideal else "against"
        return side, abs(ideal - size) + (1 if me.zeal > 0.6 else 0)
    if data.get("proposer") == seat:
        return "for", 1 + round(3 * me.zeal)
    opinion = b.opinion(seat, str(data.get("law")))
    side = "for" if opinion >= 0 else "against"
    return side, round(4 * abs(opinion) * me.zeal)


def bot(b, state, ruleset, pending, seat) -> VoteAnswer:
    """Spend only to lead, and only as far as the voter cares; else withdraw (§4.7)."""
    ballot = decisions.ballot(pending, state, ruleset)
    side, care = stance(b, state, pending, seat)
    if votes.is_finished(ballot):
        return {"tie": side}
    side = str(ballot.side_of(seat) or side)
    purse = funds(state.player(seat).resources, Resource.POW)
    mine = ballot.total(votes.Side(side))
    theirs = ballot.total(votes.Side("against" if side == "for" else "for"))
    breaker_agrees = ballot.tie_breaker == seat
    needed = theirs - mine + (0 if breaker_agrees else 1)
    budget = min(purse, care - ballot.spent_by(seat))
    if needed <= 0 or needed > budget:
        return {"withdraw": True}
    return {"side": side, "spend": needed}


SPEC = DecisionSpec(DecisionKind.VOTE, project, VoteForm, VOTE, bot=bot)
