"""Hand-ins that reach a process together are applied in one transaction
(consell/game/services/together.py), each still its own: rules §3.2, "the order in which
players hand in their chests becomes the turn order" (G58), and a repeated or refused
request changes nothing (docs/reliability.md)."""

from __future__ import annotations

import pytest
from django.db import DatabaseError, connection
from django.test.utils import CaptureQueriesContext

from consell.game.models import ProcessedRequest
from consell.game.services import planning, store, together
from consell.rules.errors import IllegalTransitionError
from consell.rules.state import GameState
from tests.game.conftest import PLAYERS
from tests.game.test_concurrent_hand_in import _reload, _started_in_planning, hand_in_at_once


def _asked(seat: int, nonce: str) -> together._Asked:
    return together._Asked(planning.handing_in(seat), nonce)


def _hand_ins(game) -> list[tuple[int, int]]:
    """(actor, rank) of each hand-in in the log, in log order."""
    events = game.events.filter(kind="plan_handed_in").order_by("seq")
    return [(e.actor, e.payload["rank"]) for e in events]


def _claimed(game) -> set[str]:
    return set(ProcessedRequest.objects.filter(game=game).values_list("nonce", flat=True))


@pytest.mark.django_db
def test_one_batch_keeps_each_hand_in_its_own(game):
    _started_in_planning(game)
    before = _reload(game).seq
    batch = [
        _asked(1, "first"),
        _asked(1, "again"),  # seat 1 handed in just before, in the same batch
        _asked(2, "first"),  # the same form as the first: already done
        _asked(3, "third"),
    ]
    together._apply_batch(game.pk, batch)

    assert all(asked.done.is_set() for asked in batch)
    assert batch[0].error is None and batch[3].error is None
    assert isinstance(batch[1].error, IllegalTransitionError)
    assert isinstance(batch[2].error, store.AlreadyApplied)
    state = GameState.from_dict(_reload(game).state)
    assert state.player(1).plan.handed_in_rank == 0
    assert state.player(3).plan.handed_in_rank == 1
    assert not state.player(2).plan.handed_in
    assert _hand_ins(game) == [(1, 0), (3, 1)]
    seqs = list(game.events.filter(seq__gt=before).values_list("seq", flat=True))
    assert seqs == list(range(before + 1, game.seq + 1)), "one gap-free run of the log"
    # The refused request's form may be sent again; the applied ones may not.
    assert _claimed(game) == {"first", "third"}
    planning.hand_in(game.pk, 2, nonce="again")
    assert _hand_ins(_reload(game))[-1] == (2, 2)


@pytest.mark.django_db
def test_a_step_refused_after_it_recorded_leaves_no_trace(game):
    _started_in_planning(game)
    rolls, counter = game.rolls.count(), _reload(game).dice_counter

    def recorded_then_refused(ch):
        planning.handing_in(2)(ch)
        ch.dice.d6()  # a die the refused step drew
        raise IllegalTransitionError("refused after recording")

    batch = [together._Asked(recorded_then_refused, "x"), _asked(3, "y")]
    together._apply_batch(game.pk, batch)
    assert isinstance(batch[0].error, IllegalTransitionError) and batch[1].error is None
    assert _hand_ins(_reload(game)) == [(3, 0)], "seat 2's event and rank were taken back"
    state = GameState.from_dict(game.state)
    assert not state.player(2).plan.handed_in
    assert (game.rolls.count(), game.dice_counter) == (rolls, counter)
    assert _claimed(game) == {"y"}


@pytest.mark.django_db
def test_a_failed_write_fails_every_hand_in_of_the_batch(game, monkeypatch):
    _started_in_planning(game)
    seq = _reload(game).seq

    def failing_save(ch):
        raise DatabaseError("disk full")

    monkeypatch.setattr(store, "save", failing_save)
    batch = [_asked(1, "one"), _asked(2, "two")]
    together._apply_batch(game.pk, batch)
    assert all(isinstance(asked.error, DatabaseError) for asked in batch)
    monkeypatch.undo()
    assert _reload(game).seq == seq and _hand_ins(game) == []
    assert _claimed(game) == set(), "rolled back with the rest"
    planning.hand_in(game.pk, 1, nonce="one")
    assert _hand_ins(_reload(game)) == [(1, 0)]


@pytest.mark.django_db
def test_a_batch_of_refusals_changes_nothing(game):
    _started_in_planning(game)
    planning.hand_in(game.pk, 4, nonce="done")
    seq = _reload(game).seq
    batch = [_asked(4, "later"), _asked(5, "done")]
    together._apply_batch(game.pk, batch)
    assert isinstance(batch[0].error, IllegalTransitionError)
    assert isinstance(batch[1].error, store.AlreadyApplied)
    assert _reload(game).seq == seq and _claimed(game) == {"done"}


@pytest.mark.django_db
def test_a_form_sent_twice_in_one_batch_is_applied_once_or_after_its_refusal(game):
    """The batch's nonces are claimed by one statement, yet a form sent twice within a batch
    is treated as if the two came one after the other: the second is already done when the
    first was applied, and is applied when the first was refused."""
    _started_in_planning(game)
    refused_once = []

    def refused_the_first_time(ch):
        if not refused_once:
            refused_once.append(True)
            raise IllegalTransitionError("not yet")
        planning.handing_in(2)(ch)

    batch = [
        _asked(1, "tap"),
        _asked(1, "tap"),  # a double tap: the first was applied
        together._Asked(refused_the_first_time, "retry"),
        together._Asked(refused_the_first_time, "retry"),  # sent again after its refusal
    ]
    with CaptureQueriesContext(connection) as queries:
        together._apply_batch(game.pk, batch)
    assert batch[0].error is None and batch[3].error is None
    assert isinstance(batch[1].error, store.AlreadyApplied)
    assert isinstance(batch[2].error, IllegalTransitionError)
    assert _hand_ins(_reload(game)) == [(1, 0), (2, 1)]
    assert _claimed(game) == {"tap", "retry"}
    inserts = [q for q in queries if "processedrequest" in q["sql"].lower()]
    # One insert for the batch; the two repeats each claim on their own, and the refusal
    # takes its claim back.
    assert len([q for q in inserts if q["sql"].lstrip().upper().startswith("INSERT")]) == 3


@pytest.mark.django_db(transaction=True)
def test_the_whole_table_handing_in_at_once_counts_each_once(game):
    _started_in_planning(game)
    seats = range(1, len(PLAYERS) + 1)
    assert hand_in_at_once(game, seats, nonce="n") == []
    hand_ins = _hand_ins(_reload(game))
    assert sorted(actor for actor, _ in hand_ins) == list(seats)
    assert [rank for _, rank in hand_ins] == list(range(len(PLAYERS))), "ranked in log order"
    state = GameState.from_dict(game.state)
    assert {state.player(s).plan.handed_in_rank for s in seats} == set(range(len(PLAYERS)))
    seqs = list(game.events.order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_the_whole_table_at_once_on_postgresql(game):
    assert connection.vendor == "postgresql"
    test_the_whole_table_handing_in_at_once_counts_each_once(game)
