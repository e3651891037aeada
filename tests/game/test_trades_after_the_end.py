"""Nothing changes hands once the game is over (rules §4.14, §4.17).

A card that allowed trades in the last turn (``trades_allowed``) keeps its permit in the final
state: the simulator's game of seed 1 ends so. An offer made during the end-of-game turns is
still open when the winners are named.
"""

from __future__ import annotations

import pytest

from consell.content.models import Pack
from consell.game.models import Event, Game
from consell.game.services import planning
from consell.rules import endgame
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState, Status
from consell.rules.trades import Offer
from consell.simulator.runner import simulate

from .simulated import phone, refusals_of, state_of

pytestmark = pytest.mark.django_db

PROPOSER, PARTNER = 3, 1


def _offer_before_the_end(game: Game, state: GameState) -> None:
    """Seat 3 offers seat 1 something it holds while the winners are still to be named."""
    ready = any(p.kind == endgame.END_OF_GAME and not p.waiting_for for p in state.pending)
    if not ready or state.progress.get("trade_offers") or not state.trades_allowed:
        return
    held = state.player(PROPOSER).resources
    code = next(str(r) for r in tradeable(game) if held[r] > 0)
    planning.propose_trade(game.pk, PROPOSER, PARTNER, Offer(resources={code: 1}), Offer())


def tradeable(game: Game):
    return Ruleset.from_dict(game.ruleset).tradeable


@pytest.fixture(scope="module")
def finished(django_db_setup, django_db_blocker):
    """``simulate --players 3 --turns 2 --seed 1``, with seat 3's offer left open at the end;
    played once, outside the tests' transactions, and removed with its pack afterwards."""
    with django_db_blocker.unblock():
        packs = set(Pack.objects.values_list("pk", flat=True))
        played = simulate(3, 2, seed=1, before_step=_offer_before_the_end)
        yield played.game
        played.game.delete()
        Pack.objects.exclude(pk__in=packs).delete()


def _unchanged(game: Game, before: tuple[int, dict]) -> bool:
    game.refresh_from_db()
    return (Event.objects.filter(game=game).count(), game.state) == before


def _as_it_stands(game: Game) -> tuple[int, dict]:
    game.refresh_from_db()
    return Event.objects.filter(game=game).count(), game.state


def test_the_simulated_game_ends_with_a_trade_permit_and_an_open_offer(finished):
    state = state_of(finished)
    assert state.status is Status.FINISHED and state.trades_allowed
    assert [o["from"] for o in state.progress["trade_offers"]] == [PROPOSER]


def test_4_17_a_new_offer_after_the_end_is_refused_and_nothing_is_written(finished):
    before = _as_it_stands(finished)
    held = state_of(finished).player(PROPOSER).resources
    code = next(str(r) for r in tradeable(finished) if held[r] > 0)
    answer = phone(finished, PROPOSER).post(
        f"/play/{finished.pk}/trades/propose/",
        {"to": PARTNER, f"give_{code}": "1"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert answer.status_code == 302
    assert refusals_of(answer) == ["The game is over."]
    assert _unchanged(finished, before)


@pytest.mark.parametrize(
    ("seat", "answer"),
    [(PARTNER, "accept"), (PARTNER, "decline"), (PROPOSER, "withdraw")],
)
def test_4_17_an_offer_open_at_the_end_can_no_longer_be_answered(finished, seat, answer):
    """Accepted, refused or withdrawn: after the end the offer moves nothing, logs nothing."""
    before = _as_it_stands(finished)
    offer = state_of(finished).progress["trade_offers"][0]["id"]
    response = phone(finished, seat).post(
        f"/play/{finished.pk}/trades/answer/",
        {"offer": offer, "answer": answer},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 302
    assert refusals_of(response) == ["The game is over."]
    assert _unchanged(finished, before)
