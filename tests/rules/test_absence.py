"""Time and absence (G60, G61, docs/rulings.md): what the game waits for from the players,
and the answer a missing player gets."""

from __future__ import annotations

from consell.rules import absence, decisions, votes
from consell.rules.decision_kinds import DecisionKind
from consell.rules.state import Pending, Phase, Status
from tests.rules.test_effects import ALICE, BOB, CARLES, DIDAC, ELENA, RULES, table


def playing(phase=Phase.PLANNING):
    state = table()
    state.status, state.phase = Status.PLAYING, phase
    return state


def test_g60_planning_waits_for_every_plan_not_handed_in():
    """G60: "a phase that waits for players: plans during Planning"; a plan handed in is no
    longer waited for."""
    state = playing()
    state.player(BOB).plan.handed_in = True
    assert absence.awaited(state) == [absence.Wait(seat) for seat in (ALICE, CARLES, DIDAC, ELENA)]


def test_g60_a_decision_waits_for_the_seats_it_asks_but_not_while_held_or_the_directors():
    """G60: "any decision asked of a seat"; §4.3: a vote whose opening reactions are still
    asked is not open yet; a condition is the director's to rule."""
    state = playing(Phase.ACTIONS)
    state.pending = [
        Pending(1, DecisionKind.DUEL, {"participants": [BOB, DIDAC]}, [BOB, DIDAC]),
        Pending(2, DecisionKind.CONDITION, {}, []),
        Pending(3, "step", {"step": "destiny"}, []),
    ]
    assert absence.awaited(state) == [absence.Wait(BOB, 1), absence.Wait(DIDAC, 1)]
    state.status = Status.FINISHED
    state.pending = []
    assert absence.awaited(state) == []


def test_g60_a_deadline_is_for_what_waits_when_it_is_set():
    """G60: "every answer it was set for ... takes its default"; "a decision that opens later
    in the phase waits for its players"."""
    state = playing(Phase.ACTIONS)
    state.pending = [Pending(1, DecisionKind.DUEL, {"participants": [BOB, DIDAC]}, [BOB, DIDAC])]
    within = absence.scope(state)
    assert within == {"plans": False, "pendings": [1]}
    state.pending.append(Pending(2, DecisionKind.REACTION, {}, [ELENA]))
    assert absence.awaited_within(state, within) == [absence.Wait(BOB, 1), absence.Wait(DIDAC, 1)]
    assert absence.Wait(ELENA, 2) in absence.awaited(state)
    planning = playing()
    assert absence.awaited_within(planning, absence.scope(planning)) == absence.awaited(planning)
    # A deadline set before deadlines kept what they were for: everything that waits.
    assert absence.awaited_within(state, None) == absence.awaited(state)


def test_g61_the_least_commitment_answers():
    """G61: "a voter withdraws ... a duel gets an empty fist; a reaction is declined; no
    pledge ... joining a new kingdom is declined; the first law of the row ... a pass at the
    end of the game"."""
    state = playing(Phase.ACTIONS)

    def answer(kind, data, seat=BOB):
        return absence.least_commitment(state, RULES, Pending(9, kind, data, [seat]), seat)

    assert answer(DecisionKind.DUEL, {}) == {"seat": BOB, "fist": {}}
    assert answer(DecisionKind.REACTION, {}) == {"use": False}
    assert answer(DecisionKind.KINGDOM_JOINERS, {}) == {"join": False}
    assert answer(DecisionKind.LAW_CHOICE, {"row": ["llei-02", "llei-01"]}) == {"law": "llei-02"}
    assert answer(DecisionKind.INSURRECTION, {"flow": {"stage": "pledging"}}) == {"pledge": 0}
    assert answer(DecisionKind.END_OF_GAME, {}) == {"pass": True}
    assert answer(DecisionKind.KINGDOMLESS_INCOME, {"count": 2}) == {"resources": ["POW", "MON"]}
    state.player(BOB).tactics = ["tactica-01", "tactica-02", "tactica-03"]
    assert answer(DecisionKind.DISCARD_CHOICE, {"choices": {str(BOB): 2}}) == {
        "seat": BOB,
        "tactics": ["tactica-01", "tactica-02"],
    }
    assert answer(DecisionKind.DISTRIBUTION, {}) == {}


def test_g61_an_absent_voter_withdraws_and_an_absent_tie_breaker_passes_the_motion():
    """G61: "a voter withdraws, and a tie left to an absent King passes the motion as
    proposed"; §4.7: withdrawing spends nothing more."""
    state = playing(Phase.ACTIONS)
    data = {"motion": "law", "kingdom": 0, "eligible": [ALICE, BOB], "tie_breaker": ALICE}
    vote = Pending(4, DecisionKind.VOTE, data, [ALICE])
    assert absence.least_commitment(state, RULES, vote, ALICE) == {"withdraw": True}
    ballot = decisions.ballot(vote, state, RULES)
    while not votes.is_finished(ballot):
        voter = votes.next_voter(ballot)
        assert voter is not None
        ballot, _paid = votes.vote_step(
            ballot, voter, votes.Withdraw(), state.player(voter).resources
        )
    decisions._store_ballot(vote, ballot)
    assert absence.least_commitment(state, RULES, vote, ALICE) == {"tie": "for"}
