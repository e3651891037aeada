"""A vote waits for the reactions to its opening (rules §4.3).

§4.3: "on game event E: R = reactions whose trigger matches E … for r in R: … apply r". The
reactions to a vote's start land before the vote goes on: a player who may pay 1 Intrigue
"quan comença una votació" for 2 Power must have that Power before anyone spends in the vote.
"""

from __future__ import annotations

import pytest

from consell.rules import decisions, effects
from consell.rules.dice import FixedDice
from consell.rules.errors import NotEligibleError
from consell.rules.resources import Resource
from consell.rules.state import PlannedAbility
from tests.rules.test_every_trigger import ALICE, BOB, CATALOG, RULES, give, table


def _vote_with_a_reaction_offered():
    """Alice puts a law to the vote; Bob's house may answer it (casa-rosa, "A cau d'orella":
    "Quan comença una votació, pots pagar 1 Intriga per guanyar 2 Poder")."""
    state = table()
    give(state, BOB, "casa-rosa")
    state.player(BOB).resources[Resource.INT] = 1
    give(state, ALICE, "llei-d-urgencia")
    planned = PlannedAbility("tactic:llei-d-urgencia", "tramit", {"law": state.law_row[0]})
    out = effects.execute(state, CATALOG, RULES, FixedDice([]), ALICE, planned, secret=False)
    dice = FixedDice([])
    out = decisions.open_reactions(out.state, CATALOG, RULES, dice, out.events, secret=False)
    vote = next(p for p in out.state.pending if p.kind == "vote")
    reaction = next(p for p in out.state.pending if p.kind == "reaction")
    return out.state, vote, reaction


def test_4_3_nobody_votes_until_the_reactions_to_the_vote_opening_are_answered():
    state, vote, reaction = _vote_with_a_reaction_offered()
    assert reaction.data["trigger"] == "vote_started" and reaction.waiting_for == [BOB]
    assert decisions.held(state, vote)
    voter = vote.waiting_for[0]
    for who in (voter, None):  # the voter on the phone, or the director for them
        with pytest.raises(NotEligibleError, match="reactions"):
            decisions.decide(
                state, CATALOG, RULES, FixedDice([]), vote.id, who, {"side": "for", "spend": 1}
            )


def test_4_3_the_vote_goes_on_once_the_reaction_is_answered_and_its_power_is_there():
    state, vote, reaction = _vote_with_a_reaction_offered()
    power = state.player(BOB).resources[Resource.POW]
    used = decisions.decide(state, CATALOG, RULES, FixedDice([]), reaction.id, BOB, {"use": "yes"})
    assert used.state.player(BOB).resources[Resource.POW] == power + 2
    vote = next(p for p in used.state.pending if p.kind == "vote")
    assert not decisions.held(used.state, vote)
    voter = vote.waiting_for[0]
    voted = decisions.decide(
        used.state, CATALOG, RULES, FixedDice([]), vote.id, voter, {"withdraw": 1}
    )
    assert any(e.actor == voter for e in voted.events)
