"""Time and absence: what the game waits for from the players, and the answer a player who
does not give one gets (G60-G63, docs/rulings.md).

The rulebook assumes everyone is at the table. A phase that waits for players waits for two
things: a plan not yet handed in (Planning, §3.2) and a decision asked of a seat (a pending's
``waiting_for``: votes, duels, distributions, reactions, pledges, the end-of-game turns). When a
deadline passes, or the director decides for an absent player, each of them gets the answer
that commits the player to least (``least_commitment``): the plan as it stands (G37), a
withdrawal from a vote, an empty fist, a declined reaction, no pledge, a pass.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from . import decisions, votes
from .decision_kinds import DecisionKind
from .resources import PRODUCED
from .ruleset import Ruleset
from .state import GameState, Pending, Phase, Status

# A pending whose kind the director, not a seat, settles: it waits for no player's phone.
TABLE_KINDS = frozenset({DecisionKind.CONDITION, DecisionKind.MANUAL})


@dataclass(frozen=True, order=True)
class Wait:
    """One answer the game waits for: ``seat``'s plan (``pending`` None) or its decision on
    pending ``pending``."""

    seat: int
    pending: int | None = None


def moment(state: GameState | None) -> str:
    """The status, turn and phase: a deadline belongs to one moment and lapses when the game
    moves on (G60)."""
    if state is None:
        return "setup"
    return f"{state.status}:{state.turn}:{state.phase}"


def awaited(state: GameState | None) -> list[Wait]:
    """Every answer the game waits for from a player now, plans first, in seat order."""
    if state is None or state.status is not Status.PLAYING and not state.pending:
        return []
    out: list[Wait] = []
    if state.status is Status.PLAYING and state.phase is Phase.PLANNING:
        out += [Wait(p.seat) for p in state.players if not p.plan.handed_in]
    for p in state.pending:
        if p.kind in TABLE_KINDS or p.kind not in DecisionKind.__members__.values():
            continue
        if decisions.held(state, p):
            continue  # its reactions come first (§4.3); it is not asked yet
        out += [Wait(seat, p.id) for seat in p.waiting_for]
    return out


def scope(state: GameState | None) -> dict[str, Any]:
    """What a deadline set now is for (G60): during Planning, the plans; and each decision the
    game holds for the players now, a vote that its reactions still hold included (its voters
    are asked later, one after another, and are its own). A decision that opens later in the
    phase is not: it waits for its players until the director sets a deadline on it. Written
    as plain data, for the game's row."""
    if state is None:
        return {"plans": False, "pendings": []}
    return {
        "plans": state.status is Status.PLAYING and state.phase is Phase.PLANNING,
        "pendings": sorted(p.id for p in state.pending if p.kind not in TABLE_KINDS),
    }


def awaited_within(state: GameState | None, within: Mapping[str, Any] | None) -> list[Wait]:
    """What ``awaited`` lists that the deadline set for ``within`` (``scope``) is for; all of
    it for a deadline that kept no scope."""
    waits = awaited(state)
    if within is None:
        return waits
    pendings = set(within.get("pendings", ()))
    plans = bool(within.get("plans"))
    return [w for w in waits if (w.pending in pendings if w.pending is not None else plans)]


def least_commitment(
    state: GameState, ruleset: Ruleset, pending: Pending, seat: int
) -> Mapping[str, Any]:
    """The answer that commits ``seat`` to least on ``pending`` (G61): what the director gives
    for a player who cannot answer, and what a passed deadline gives."""
    kind = pending.kind
    if kind == DecisionKind.VOTE:
        if votes.is_finished(decisions.ballot(pending, state, ruleset)):
            return {"tie": "for"}  # the tie-breaker's absence leaves the motion as proposed
        return {"withdraw": True}
    if kind == DecisionKind.DUEL:
        return {"seat": seat, "fist": {}}
    if kind == DecisionKind.INSURRECTION:
        return {"pledge": 0} if pending.data["flow"]["stage"] == "pledging" else {"die": 1}
    if kind == DecisionKind.KINGDOM_JOINERS:
        return {"join": False}
    if kind == DecisionKind.LAW_CHOICE:
        return {"law": pending.data["row"][0]}
    if kind == DecisionKind.REACTION:
        return {"use": False}
    if kind == DecisionKind.DISCARD_CHOICE:
        count = pending.data["choices"].get(str(seat), 0)
        return {"seat": seat, "tactics": state.player(seat).tactics[:count]}
    if kind == DecisionKind.KINGDOMLESS_INCOME:
        return {"resources": [str(r) for r in PRODUCED][: pending.data["count"]]}
    if kind == DecisionKind.END_OF_GAME:
        return {"pass": True}
    return {}  # a distribution, the appointments: the rules' own default
