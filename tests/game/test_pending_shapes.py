"""What each decision kind's pending keeps is declared once, with the kind (issue 11 item 2).

``consell.rules.decision_kinds.DECLARED`` gives every kind the ``TypedDict`` of its
``Pending.data``; these simulated games check what the engine really keeps there at every step:
no key a shape lacks or does not declare.
"""

from __future__ import annotations

import pytest

from consell.rules.decision_kinds import (
    DECLARED,
    DecisionKind,
    VoteAnswer,
    VotePending,
    pending_data,
    pending_problems,
)

from .simulated import play_until

pytestmark = pytest.mark.django_db


def test_every_kind_declares_what_its_pending_keeps():
    assert set(DECLARED) == set(DecisionKind)
    assert all(getattr(d.pending, "__annotations__", None) for d in DECLARED.values())


@pytest.mark.parametrize(("players", "seed"), [(5, 1), (9, 2)])
def test_every_pending_a_real_game_keeps_fits_its_kinds_shape(players, seed):
    found: set[str] = set()
    kinds: set[str] = set()

    def look(state) -> bool:
        for p in state.pending:
            if p.kind in DECLARED:
                kinds.add(p.kind)
                found.update(pending_problems(p.kind, p.data))
        return False  # never stop: play the whole game

    with pytest.raises(AssertionError, match="ended before"):
        play_until(players, 10, seed, look)
    assert sorted(found) == []
    assert {"vote", "duel", "reaction", "distribution", "end_of_game"} <= kinds


def test_a_reader_narrows_a_pending_to_its_kinds_shape():
    class Vote:
        kind, data = "vote", {"motion": "law", "kingdom": 1, "eligible": [1, 2], "tie_breaker": 1}

    assert pending_data(Vote(), VotePending)["motion"] == "law"
    with pytest.raises(TypeError):
        pending_data(Vote(), VoteAnswer)
