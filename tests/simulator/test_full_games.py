"""Whole games played by random bots through the services (issue 5 item 9; rules §3, §4.17).

One game of ten turns for every table size the rules allow, checked after every phase. Each
size is its own test so xdist spreads the sweep over the workers.
"""

from __future__ import annotations

import pytest

from consell.rules.state import Status
from consell.simulator import simulate

from .conftest import PhaseChecker, sequence_numbers

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("players", range(3, 17))
def test_a_ten_turn_game_ends_with_winners_and_sound_after_every_phase(pack, players):
    """ "El jugador amb el valor més alt guanya. En cas d'empat els jugadors comparteixen la
    victòria" (§4.17), after ten turns in which nothing the rules forbid ever happened."""
    checker = PhaseChecker()
    played = simulate(players, 10, seed=players, pack=pack, after_phase=checker)
    played.game.refresh_from_db()
    state = played.game.state
    assert state["status"] == Status.FINISHED
    assert state["turn"] == 10
    assert state["winners"], "a finished game names its winners"
    assert checker.phases >= 10 * 8
    assert checker.problems == []
    seqs = sequence_numbers(played.game)
    assert seqs == list(range(1, len(seqs) + 1)) and seqs[-1] == played.game.seq
