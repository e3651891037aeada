"""Changes of one game asked for at the same moment, applied in one transaction.

When a table's 16 phones hand in within the same second, each hand-in locked the game row,
applied its rules, wrote the whole state and committed, one after the other: the last phone
waited for fifteen commits (B3, docs/performance.md). Here a change that reaches a process
while another change of its game is being applied there waits in the game's queue, and the
next one to get the game takes the whole queue: it locks the row once, applies each change in
the order they arrived, each on the state the one before left, and writes the state, the
events and the versions once, in one commit.

Each change is still its own: its nonce is claimed for it alone, its rules run alone, a
refusal refuses it alone (the state and the log are as if it had not been asked, and its
form can be sent again), its events are its own in the log with its seat as their actor, and
its request gets its own answer. Only the transaction is shared: if writing it fails, every
change in it fails, as a change whose write fails fails today.

A step given here must build its new state and record it (``Change.record``), never change
``ch.state`` in place: a refused step is undone by putting back the state it started from.
``apply`` must not be called inside a transaction that holds the game's row (a request's or
a change's): the queue's turn and the row's lock would then wait for each other. Its callers
are a request's view and the simulator's runner, neither inside one.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from django.db import transaction

from consell.game import game_rows
from consell.game.services import store
from consell.rules.state import GameState

Step = Callable[[store.DealtChange], None]


@dataclass(eq=False)
class _Asked:
    step: Step
    nonce: str | None
    done: threading.Event = field(default_factory=threading.Event)
    error: BaseException | None = None


@dataclass(eq=False)
class _Queue:
    waiting: list[_Asked] = field(default_factory=list)
    guard: threading.Lock = field(default_factory=threading.Lock)  # guards ``waiting``
    turn: threading.Lock = field(default_factory=threading.Lock)  # one batch at a time


_queues: dict[int, _Queue] = {}
_queues_guard = threading.Lock()


def apply(game_id: int, step: Step, *, nonce: str | None = None) -> None:
    """Apply ``step`` to the dealt game ``game_id``, together with the changes of the same
    game asked for in this process meanwhile; raise what refused it (``AlreadyApplied``, a
    rule's refusal) or what failed the transaction."""
    queue = _queue(game_id)
    asked = _Asked(step, nonce)
    with queue.guard:
        queue.waiting.append(asked)
    with queue.turn:
        # Whoever had the turn before may have applied this change with its own.
        if not asked.done.is_set():
            with queue.guard:
                batch, queue.waiting = queue.waiting, []
            _apply_batch(game_id, batch)
    if asked.error is not None:
        raise asked.error


def _queue(game_id: int) -> _Queue:
    with _queues_guard:
        return _queues.setdefault(game_id, _Queue())


def _apply_batch(game_id: int, batch: list[_Asked]) -> None:
    try:
        with transaction.atomic():
            ch = store.open_dealt(game_id, {})
            claimed = game_rows.claim_all(game_id, [a.nonce for a in batch if a.nonce])
            applied = sum(_apply_one(game_id, ch, asked, claimed) for asked in batch)
            if applied:
                store.save(ch)
            else:
                transaction.set_rollback(True)
    except Exception as exc:  # the lock, the read, the write or the commit failed
        for asked in batch:
            if asked.error is None:
                asked.error = exc
    finally:
        for asked in batch:
            asked.done.set()


def _apply_one(game_id: int, ch: store.DealtChange, asked: _Asked, claimed: set[str]) -> bool:
    """Apply one change of the batch; on refusal put ``ch`` back as it was and keep why.

    ``claimed`` holds the batch's nonces its one insert claimed (``claim_all``); the first
    change with one of them holds its claim. Any other nonce is claimed here on its own: one
    applied before (claimed by no one now), or the same form sent twice within the batch,
    which is already applied if the first was, and is applied if the first was refused (and
    its claim taken back), as if the two had come one after the other."""
    key = asked.nonce[:64] if asked.nonce else None
    if key in claimed:
        claimed.discard(key)
    elif asked.nonce and not game_rows.claim(game_id, asked.nonce):
        asked.error = store.AlreadyApplied()
        return False
    before = _Mark.of(ch)
    try:
        asked.step(ch)
    except Exception as exc:
        before.restore(ch)
        if asked.nonce:
            game_rows.unclaim(game_id, asked.nonce)
        asked.error = exc
        return False
    return True


@dataclass(frozen=True)
class _Mark:
    """What a step may change in an open change, to put back when the step is refused."""

    state: GameState
    events: int
    seq: int
    touched: bool
    touched_public: bool
    touched_seats: frozenset[int]
    dice_counter: int
    rolls: int

    @classmethod
    def of(cls, ch: store.DealtChange) -> _Mark:
        return cls(
            ch.state,
            len(ch.events),
            ch.game.seq,
            ch.touched,
            ch.touched_public,
            frozenset(ch.touched_seats),
            ch.dice.counter,
            len(ch.dice.rolls),
        )

    def restore(self, ch: store.DealtChange) -> None:
        ch.state = self.state
        del ch.events[self.events :]
        ch.game.seq = self.seq
        ch.touched, ch.touched_public = self.touched, self.touched_public
        ch.touched_seats = set(self.touched_seats)
        ch.dice.counter = self.dice_counter
        del ch.dice.rolls[self.rolls :]
