"""The game as it stood when each phase closed, for the replays (docs/audit-log.md, "Replays").

``store.save`` keeps a ``PhaseRecord`` as each phase closes: the state the table was shown
until then, the Secrets snapshot if one was kept, and the log's last entry. ``steps`` lists
them, with the game as it ended last; ``as_of`` gives a step as a stand-in for the game's row:
a copy carrying that state, that snapshot, the log cut at that entry and the seals published by
then, which nothing can save. The one gate (``projection.visibility.view_for``) reads it as it
reads the row, at the moment it then was (the phase's own, or behind the Secrets screen), so a
step shows what each viewer's screen showed then, and nothing revealed later.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from consell.game.models import Game, PhaseRecord


@dataclass(frozen=True)
class Step:
    """One step of a replay: a phase as it closed, or the game as it ended (``record`` None)."""

    number: int  # 1, 2, 3...
    turn: int
    phase: str
    status: str
    record: int | None  # the PhaseRecord's key


def steps(game: Game) -> list[Step]:
    """The game's steps in order: each phase kept as it closed, then, once the game is over,
    the game as it ended."""
    rows = (
        PhaseRecord.objects.filter(game_id=game.pk)
        .order_by("number")
        .values_list("pk", "turn", "phase", "status")
    )
    out = [
        Step(number, turn, phase, status, pk)
        for number, (pk, turn, phase, status) in enumerate(rows, 1)
    ]
    if game.finished and game.state is not None:
        state = game.state
        out.append(Step(len(out) + 1, state.get("turn", 0), "", "finished", None))
    return out


def _refuse(*args: Any, **kwargs: Any) -> None:
    raise TypeError("a past moment of a game is read, never saved")


def as_of(game: Game, step: Step) -> Game:
    """``game`` as it stood at ``step``: a copy of its row carrying that moment's state,
    snapshot, log and published seals, for ``view_for`` to read. Never saved."""
    if step.record is None:
        return game
    record = PhaseRecord.objects.get(pk=step.record, game_id=game.pk)
    past = copy.copy(game)
    past.state, past.snapshot = record.state, record.snapshot
    past.seq = record.seq  # the log is read up to here (``log_cache.entries``)
    past.links = record.links
    past.heads = [h for h in game.heads or [] if h["link"] <= record.links]
    past.chain_head = past.heads[-1]["head"] if past.heads else ""
    past.versions = {}
    past.state_tag = 0  # no stored version's: nothing kept for the row is taken for it
    past.save = _refuse  # type: ignore[method-assign]
    past.delete = _refuse  # type: ignore[method-assign, assignment]
    return past
