"""Two phones handing in at the same moment (rules §3.2, G58): both count, in one order.

The game row is locked for every change (SQLite write transactions start IMMEDIATE,
PostgreSQL takes SELECT ... FOR UPDATE), so simultaneous hand-ins queue instead of failing or
both taking the same place in the turn order.
"""

from __future__ import annotations

import threading

import pytest
from django.db import connection

from consell.game.services import games as game_services
from consell.game.services import planning
from consell.game.services import turn as turn_services
from consell.rules.state import GameState, Phase
from tests.game.conftest import PLAYERS

pytestmark = pytest.mark.django_db(transaction=True)


def _started_in_planning(game):
    for seat in range(1, len(PLAYERS) + 1):
        game.refresh_from_db()
        offer = GameState.from_dict(game.state).player(seat).objective_offer
        game_services.keep_objectives(game.pk, seat, offer[0], offer[2])
    game_services.start(game.pk)
    while GameState.from_dict(_reload(game).state).phase is Phase.DESTINY:
        state = GameState.from_dict(_reload(game).state)
        if any(p.kind == "step" and p.data.get("step") == "destiny" for p in state.pending):
            turn_services.reveal_destiny(game.pk)
        else:
            turn_services.advance(game.pk)


def _reload(game):
    game.refresh_from_db()
    return game


def hand_in_at_once(game, seats, nonce: str | None = None) -> list[BaseException]:
    """Each of ``seats`` hands in on a thread of its own, all released at the same moment;
    what any of them raised (``nonce``: each form's nonce is it with the seat's number)."""
    barrier = threading.Barrier(len(seats))
    errors: list[BaseException] = []

    def hand_in(seat: int) -> None:
        try:
            barrier.wait(timeout=5)
            planning.hand_in(game.pk, seat, nonce=f"{nonce}{seat}" if nonce else None)
        except BaseException as exc:  # reported by the caller
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=hand_in, args=(s,)) for s in seats]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=30)
    return errors


def test_two_hand_ins_at_once_both_count_with_distinct_ranks(game):
    _started_in_planning(game)
    errors = hand_in_at_once(game, (2, 4))
    assert not errors, errors
    state = GameState.from_dict(_reload(game).state)
    ranks = sorted(state.player(s).plan.handed_in_rank for s in (2, 4))
    assert ranks == [0, 1]
    seqs = list(game.events.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1)), "the event log stays gap-free"


@pytest.mark.postgres
def test_two_hand_ins_at_once_on_postgresql(game):
    assert connection.vendor == "postgresql"
    test_two_hand_ins_at_once_both_count_with_distinct_ranks(game)
