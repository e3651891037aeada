"""The "at the end of each turn" and "when you are expelled" reactions fire (rules §4.3, §3.8,
§4.12), with the default pack's own cards.

§4.3: "Cada reacció indica les condicions necessàries per la seva activació"; free reactions are
mandatory, a reaction with a cost is optional (§1.9).
"""

from __future__ import annotations

import pytest

from consell.content.catalog import load_catalog
from consell.game.services import decisions as decision_services
from consell.game.services import games as game_services
from consell.game.services import turn as turn_services
from consell.rules.cards import card as card_of
from consell.rules.errors import IllegalTransitionError
from consell.rules.resources import Resource
from consell.rules.state import Phase
from consell.simulator.runner import default_pack

from .conftest import PLAYERS
from .helpers import arrange, start, state_of

pytestmark = pytest.mark.django_db

ALICE, BOB, CARLES = 1, 2, 3


@pytest.fixture
def table(director):
    game = game_services.create_game(director, "Nit de reaccions", default_pack(), PLAYERS)
    game_services.deal(game.pk)
    start(game)
    return game


def _give(state, seat: int, card: str, hand: str) -> None:
    """Move ``card`` from wherever it lies into the player's assets or tactics."""
    for pile in (*state.decks.values(), *state.market.values()):
        if card in pile:
            pile.remove(card)
    for player in state.players:
        for held in (player.assets, player.tactics):
            if card in held:
                held.remove(card)
    getattr(state.player(seat), hand).append(card)


def _to_end_of_turn(game) -> None:
    """Production is done; the director moves on to End of turn."""

    def finished_production(state):
        state.phase = Phase.PRODUCTION
        state.pending = []
        state.progress = {}

    arrange(game, finished_production)
    turn_services.advance(game.pk)


def test_s38_a_free_end_of_turn_reaction_applies_as_the_turn_ends(table):
    """*Rebost ocult*: "Al final de cada torn, guanyes 1 Diner" (free, so mandatory, §1.9)."""
    arrange(table, lambda s: _give(s, BOB, "rebost-ocult", "assets"))
    money = state_of(table).player(BOB).resources[Resource.MON]
    _to_end_of_turn(table)
    after = state_of(table)
    assert after.phase is Phase.END_OF_TURN
    assert after.player(BOB).resources[Resource.MON] == money + 1


def test_s38_a_paid_end_of_turn_reaction_is_asked_before_the_turn_ends(table):
    """*Recompte nocturn*: "Al final d'un torn, pots pagar 1 Intriga per agafar 2 tàctiques";
    the turn waits for Carles's answer (a pending decision blocks the way, rules §3)."""
    arrange(table, lambda s: _give(s, CARLES, "recompte-nocturn", "tactics"))
    _to_end_of_turn(table)
    state = state_of(table)
    [asked] = [p for p in state.pending if p.kind == "reaction"]
    assert asked.waiting_for == [CARLES]
    with pytest.raises(IllegalTransitionError):
        turn_services.end_turn(table.pk)

    before = state_of(table).player(CARLES)
    decision_services.decide(table.pk, asked.id, {"use": True, "params": {}}, seat=CARLES)
    after = state_of(table).player(CARLES)
    assert after.resources[Resource.INT] == before.resources[Resource.INT] - 1
    # The tactic itself is used up (G23) and two new ones are drawn.
    assert len(after.tactics) == len(before.tactics) - 1 + 2
    turn_services.end_turn(table.pk)
    assert state_of(table).turn == 2


def _reacts_to_expulsion(table, seat: int) -> bool:
    """Whether something the seat holds already answers its expulsion: its house (casa-llop,
    casa-lluna...), or a tactic or an asset the deal gave it."""
    catalog, player = load_catalog(table.pack), state_of(table).player(seat)
    held = [player.house, *player.tactics, *player.assets]
    return any(
        a.get("trigger") == "expelled"
        for card in held
        for a in card_of(catalog, card).get("abilities", [])
    )


def test_s412_an_expelled_players_reaction_fires(table, client_dora):
    """*Cavall de posta*: "Quan et expulsen d'un regne, guanyes 2 Poder i 2 Diners"."""
    state = state_of(table)
    # A member whose house does not react too: the deal is random, and two reactions add up.
    member = next(
        s
        for k in state.kingdoms
        for s in state.members(k.id)
        if s != k.king and not _reacts_to_expulsion(table, s)
    )
    arrange(table, lambda s: _give(s, member, "cavall-de-posta", "assets"))
    before = state_of(table).player(member).resources
    client_dora.post(
        f"/games/{table.pk}/kingdoms/",
        {"nonce": "expel-1", "action": "expel", "seat": member, "reason": "Desterrament"},
    )
    after = state_of(table).player(member)
    assert after.kingdom is None
    assert after.resources[Resource.POW] == before[Resource.POW] + 2
    assert after.resources[Resource.MON] == before[Resource.MON] + 2


def test_s412_a_bystander_of_an_expulsion_does_not_react(table, client_dora):
    """§4.3: the trigger is about the expelled player; another holder of the card stays put."""
    state = state_of(table)
    kingdom = next(k for k in state.kingdoms if len(state.members(k.id)) > 1)
    member = next(s for s in state.members(kingdom.id) if s != kingdom.king)
    bystander = next(p.seat for p in state.players if p.seat != member)
    arrange(table, lambda s: _give(s, bystander, "cavall-de-posta", "assets"))
    before = state_of(table).player(bystander).resources
    client_dora.post(
        f"/games/{table.pk}/kingdoms/",
        {"nonce": "expel-2", "action": "expel", "seat": member, "reason": "Desterrament"},
    )
    assert state_of(table).player(bystander).resources == before
