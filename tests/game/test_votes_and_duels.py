"""Votes and duels on the phones (rules §4.7, §4.8), through the services the views call."""

from __future__ import annotations

import pytest

from consell.game.models import Event
from consell.game.services import decisions, planning
from consell.game.services import turn as turn_services
from consell.rules.errors import RuleError
from consell.rules.resources import Resource
from consell.rules.state import Phase

from .helpers import SEATS, arrange, hand_in_all, start, state_of, to_planning

pytestmark = pytest.mark.django_db


@pytest.fixture
def law_vote(game):
    """Turn 1: the first player in turn order proposes a law; every member votes on it."""
    start(game)
    to_planning(game)
    proposer = state_of(game).turn_order[0]
    planning.add(game.pk, proposer, "common:proposar-llei", "proposar-llei", {})
    hand_in_all(game, state_of(game).turn_order)
    turn_services.advance(game.pk)
    assert state_of(game).phase is Phase.ACTIONS
    turn_services.resolve_next_action(game.pk)
    state = state_of(game)
    choice = next(p for p in state.pending if p.kind == "law_choice")
    law = state.law_row[0]
    decisions.decide(game.pk, choice.id, {"law": law}, seat=proposer)
    vote = next(p for p in state_of(game).pending if p.kind == "vote")
    return game, vote.id, law


def _next_voter(game, pending_id):
    pending = next(p for p in state_of(game).pending if p.id == pending_id)
    return pending.waiting_for[0]


def test_4_7_voters_go_in_reverse_turn_order(law_vote):
    """ "votes run in reverse turn order" (§4.15)."""
    game, vote, _ = law_vote
    order = state_of(game).turn_order
    assert _next_voter(game, vote) == order[-1]


def test_4_7_a_spend_is_paid_at_once_and_public(law_vote):
    """ "spends n >= 1 POW ... paid immediately; public" (§4.7)."""
    game, vote, _ = law_vote
    voter = _next_voter(game, vote)
    before = state_of(game).player(voter).resources[Resource.POW]
    decisions.decide(game.pk, vote, {"spend": 2, "side": "for"}, seat=voter)
    assert state_of(game).player(voter).resources[Resource.POW] == before - 2
    spend = Event.objects.filter(game=game, kind="vote_spend").get()
    assert spend.audience == "public" and spend.payload["for_total"] == 2


def test_4_7_out_of_turn_votes_are_refused(law_vote):
    game, vote, _ = law_vote
    voter = _next_voter(game, vote)
    other = next(s for s in SEATS if s != voter)
    with pytest.raises(RuleError):
        decisions.decide(game.pk, vote, {"spend": 1, "side": "for"}, seat=other)


def test_4_7_withdrawals_end_the_vote_and_the_law_passes(law_vote):
    """ "If for_pile > against_pile: PASSED ... move the card to laws in force" (§4.7)."""
    game, vote, law = law_vote
    first = _next_voter(game, vote)
    decisions.decide(game.pk, vote, {"spend": 1, "side": "for"}, seat=first)
    while any(p.id == vote for p in state_of(game).pending):
        decisions.decide(game.pk, vote, {"withdraw": True}, seat=_next_voter(game, vote))
    state = state_of(game)
    kingdom = state.kingdoms[0]
    assert law in kingdom.laws
    assert law not in state.law_row and len(state.law_row) == 3
    result = Event.objects.filter(game=game, kind="vote_result").get()
    assert result.payload["passed"] is True


def test_4_7_a_tie_is_broken_by_the_king(law_vote):
    """ "else: the tie-breaker chooses" (§4.7), the King of the kingdom."""
    game, vote, law = law_vote
    for _ in SEATS:  # everyone withdraws without spending: 0 for, 0 against
        decisions.decide(game.pk, vote, {"withdraw": True}, seat=_next_voter(game, vote))
    king = state_of(game).kingdoms[0].king
    with pytest.raises(RuleError):
        decisions.decide(game.pk, vote, {"tie": "for"}, seat=next(s for s in SEATS if s != king))
    decisions.decide(game.pk, vote, {"tie": "against"}, seat=king)
    assert law not in state_of(game).kingdoms[0].laws
    result = Event.objects.filter(game=game, kind="vote_result").get()
    assert result.payload["tie_broken_by"] == king and result.payload["passed"] is False


def test_4_8_a_duel_keeps_fists_hidden_until_all_are_in_and_a_tie_has_no_winner(game):
    """ "each participant secretly commits ... reveal all at once ... tie -> no effect" (§4.8)."""
    start(game)

    def open_duel(state):
        from consell.rules.state import Pending

        state.pending.append(
            Pending(
                state.next_pending_id,
                "duel",
                {
                    "participants": [1, 2],
                    "resources": ["FOR"],
                    "on_win": [{"op": "gain", "who": "self", "resource": "PRE", "amount": 5}],
                    "on_tie": [],
                    "frame": {"ops": [], "index": 0, "self_seat": None, "bound": {}},
                    "continuation": {
                        "context": {"owner": None, "kingdom": None},
                        "frames": [],
                    },
                },
                [1, 2],
            )
        )
        state.next_pending_id += 1

    arrange(game, open_duel)
    duel = state_of(game).pending[-1].id
    before = {s: state_of(game).player(s).resources for s in (1, 2)}
    decisions.decide(game.pk, duel, {"fist": {"FOR": 2}}, seat=1)
    seen = Event.objects.filter(game=game, kind="fist_committed").get()
    assert seen.audience == [1], "a fist is its owner's secret until the reveal"
    decisions.decide(game.pk, duel, {"fist": {"FOR": 2}}, seat=2)
    revealed = Event.objects.filter(game=game, kind="duel_revealed").get()
    assert revealed.audience == "public" and revealed.payload["winner"] is None
    for s in (1, 2):
        after = state_of(game).player(s).resources
        assert after[Resource.FOR] == before[s][Resource.FOR] - 2, "everything committed is lost"
        assert after[Resource.PRE] == before[s][Resource.PRE], "a tie has no effect"
