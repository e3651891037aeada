"""Binding trades from the phones (rules §4.14, G14, G34)."""

from __future__ import annotations

import pytest

from consell.game.models import Event
from consell.game.services import planning
from consell.rules.errors import RuleError
from consell.rules.resources import Resource
from consell.rules.trades import Offer

from .helpers import start, state_of, to_planning

pytestmark = pytest.mark.django_db


@pytest.fixture
def planning_table(game):
    start(game)
    to_planning(game)
    return game


def _offer_id(game):
    return state_of(game).progress["trade_offers"][-1]["id"]


def test_4_14_an_accepted_trade_moves_both_sides_at_once(planning_table):
    """ "the two parties propose and accept a bundle, and the app transfers it atomically"."""
    game = planning_table
    before = {s: dict(state_of(game).player(s).resources) for s in (1, 2)}
    planning.propose_trade(game.pk, 1, 2, Offer(resources={"MON": 2}), Offer(resources={"FAI": 1}))
    planning.answer_trade(game.pk, 2, _offer_id(game), True)
    after = {s: state_of(game).player(s).resources for s in (1, 2)}
    assert after[1][Resource.MON] == before[1][Resource.MON] - 2
    assert after[1][Resource.FAI] == before[1][Resource.FAI] + 1
    assert after[2][Resource.MON] == before[2][Resource.MON] + 2
    assert after[2][Resource.FAI] == before[2][Resource.FAI] - 1
    trade = Event.objects.filter(game=game, kind="trade").get()
    assert trade.audience == [1, 2], "a trade is the two parties' secret"


def test_4_14_prestige_can_never_be_traded(planning_table):
    """ "Can never be traded (RULE): Prestige, house cards, objective cards"."""
    with pytest.raises(RuleError):
        planning.propose_trade(
            planning_table.pk, 1, 2, Offer(resources={"PRE": 1}), Offer(resources={"MON": 1})
        )
    assert "trade_offers" not in state_of(planning_table).progress


def test_g14_favor_cannot_be_asked_for_either(planning_table):
    with pytest.raises(RuleError):
        planning.propose_trade(
            planning_table.pk, 1, 2, Offer(resources={"MON": 1}), Offer(resources={"FAV": 1})
        )


def test_4_14_a_refused_offer_changes_nothing(planning_table):
    game = planning_table
    before = state_of(game)
    planning.propose_trade(game.pk, 1, 2, Offer(resources={"MON": 1}), Offer())
    planning.answer_trade(game.pk, 2, _offer_id(game), False)
    after = state_of(game)
    assert after.player(1).resources == before.player(1).resources
    assert after.player(2).resources == before.player(2).resources
    assert after.progress.get("trade_offers") == []


def test_4_14_an_offer_the_receiver_cannot_honour_fails_whole(planning_table):
    """Bob asks for more Faith than Alice holds: on acceptance nothing moves at all."""
    game = planning_table
    before = state_of(game)
    planning.propose_trade(game.pk, 2, 1, Offer(resources={"MON": 1}), Offer(resources={"FAI": 99}))
    with pytest.raises(RuleError):
        planning.answer_trade(game.pk, 1, _offer_id(game), True)
    after = state_of(game)
    assert after.player(1).resources == before.player(1).resources
    assert after.player(2).resources == before.player(2).resources


def test_g34_no_trade_after_handing_in(planning_table):
    game = planning_table
    planning.hand_in(game.pk, 2)
    with pytest.raises(RuleError):
        planning.propose_trade(game.pk, 1, 2, Offer(resources={"MON": 1}), Offer())


def test_only_the_receiver_accepts(planning_table):
    game = planning_table
    planning.propose_trade(game.pk, 1, 2, Offer(resources={"MON": 1}), Offer())
    with pytest.raises(RuleError):
        planning.answer_trade(game.pk, 3, _offer_id(game), True)
    with pytest.raises(RuleError):
        planning.answer_trade(game.pk, 1, _offer_id(game), True)
