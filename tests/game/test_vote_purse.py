"""A voter is told what they may spend before they choose (rules §4.7: "spend n >= 1 Power",
Favor standing in for it, G13), on the first open vote of the simulator's 5-player game."""

from __future__ import annotations

import re

import pytest

from consell.game.services import decisions
from tests.game.simulated import phone, play_until, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def vote():
    game = play_until(
        5, 10, 1,
        lambda s: any(p.kind == "vote" for p in s.pending)
        and not any(p.kind == "reaction" for p in s.pending),  # open: no reaction first
    )  # fmt: skip
    state = state_of(game)
    pending = next(p for p in state.pending if p.kind == "vote")
    return game, pending.waiting_for[0], state


def _vote_section(page: str) -> str:
    found = re.search(r'<section class="card decision decision-vote.*?</section>', page, re.S)
    assert found, "the voter's phone shows the vote"
    return found.group(0)


def test_the_voter_sees_how_much_they_may_spend(vote):
    game, voter, state = vote
    chest = state.player(voter).resources
    purse = chest["POW"] + chest["FAV"]
    section = _vote_section(phone(game, voter).get(f"/play/{game.pk}/").content.decode())
    assert f'max="{purse}"' in section and f"up to {purse}" in section


def test_a_voter_with_nothing_to_spend_is_offered_only_to_withdraw(vote):
    game, voter, state = vote
    chest = state.player(voter).resources
    taken = {code: -chest[code] for code in ("POW", "FAV") if chest[code]}
    if taken:  # the director's correction takes what the voter holds (it adds amounts)
        decisions.correct(game.pk, "spent out", resources={voter: taken})
    section = _vote_section(phone(game, voter).get(f"/play/{game.pk}/").content.decode())
    assert 'name="side"' not in section and 'name="withdraw"' in section
    assert "No Power or Favor left to spend" in section


def test_another_player_does_not_see_the_voters_purse(vote):
    game, voter, state = vote
    other = next(p.seat for p in state.players if p.seat != voter)
    section = _vote_section(phone(game, other).get(f"/play/{game.pk}/").content.decode())
    assert "up to" not in section and 'name="spend"' not in section
