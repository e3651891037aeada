"""Binding trades from the phones (rules §4.14, G14, G34)."""

from __future__ import annotations

import pytest

from consell.content.loader import load_pack
from consell.content.schema import validate_pack
from consell.game.models import Event
from consell.game.services import games as game_services
from consell.game.services import planning
from consell.game.services import turn as turn_services
from consell.rules.errors import RuleError
from consell.rules.resources import Resource
from consell.rules.state import Phase
from consell.rules.trades import Offer

from .conftest import PLAYERS, seat_client, unique_pack
from .helpers import arrange, hand_in_all, start, state_of, to_planning

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


@pytest.fixture
def free_trade_table(director):
    """The test pack whose law lets its kingdom's members trade in the Actions phase, as
    Llibertat de comerç does, played up to the Actions phase of turn 1."""
    files = unique_pack()
    files["pack.yaml"]["id"] = "taula-comerc"
    for law in files["laws.yaml"]["cards"]:
        law["lasting"] = [{"rule": "trade", "during": "actions"}]
    meta = files.pop("pack.yaml")
    pack, _ = load_pack(validate_pack(meta, files))
    game = game_services.create_game(director, "Fira", pack, PLAYERS)
    game_services.deal(game.pk)
    start(game)
    to_planning(game)
    hand_in_all(game)
    turn_services.advance(game.pk)
    assert state_of(game).phase is Phase.ACTIONS
    return game


def test_freedom_of_trade_lets_members_trade_in_the_actions_phase_from_their_phones(
    free_trade_table,
):
    """Llibertat de comerç: "els membres d'aquest regne poden intercanviar entre ells durant la
    fase d'accions": the phones show the trades then, and the trade is carried out."""
    game = free_trade_table
    home = state_of(game).player(1).kingdom
    law = state_of(game).law_row[0]

    def freedom_of_trade(state):
        state.player(2).kingdom = home
        state.kingdom(home).laws.append(law)

    phone = seat_client(game, 2)
    assert "/trades/propose/" not in phone.get(f"/play/{game.pk}/").content.decode()
    with pytest.raises(RuleError):
        planning.propose_trade(game.pk, 1, 2, Offer(resources={"MON": 1}), Offer())
    arrange(game, freedom_of_trade)
    assert "/trades/propose/" in phone.get(f"/play/{game.pk}/").content.decode()
    planning.propose_trade(game.pk, 1, 2, Offer(resources={"MON": 1}), Offer())
    planning.answer_trade(game.pk, 2, _offer_id(game), True)
    assert Event.objects.filter(game=game, kind="trade").exists()
    planning.propose_trade(game.pk, 2, 1, Offer(resources={"MON": 1}), Offer())
    turn_services.advance(game.pk)  # the Actions phase ends: the offer lapses with it
    assert state_of(game).phase is Phase.SECRETS
    assert state_of(game).progress.get("trade_offers", []) == []
