"""Pending procedures the director runs without asking anyone, and who every pending waits on
(rules §4.5, §4.12, §4.13, G40).

An effect that expels, executes, founds a kingdom or admits a new member stops at a pending of
that kind (``effects_interactive.PROCEDURES``). ``run`` applies it with the kingdoms, execution
or insurrection modules and then resumes the effect (``effects.resume(..., {})``). An
insurrection is run in stages by ``insurrection_flow``; ``run`` rolls it, or resumes the effect
once its outcome is applied.

``waiting_on`` lists, for every pending, who must decide: seats (their phones ask them) or the
director (their dashboard does), and what they are asked, as a short code the views translate.

Choices made here where the rulebook is silent: expelling a player who already belongs to no
kingdom does nothing (the card found nobody to expel).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import cards, effects, execution, insurrection_flow, kingdoms
from .decision_kinds import DECLARED
from .dice import Dice
from .errors import IllegalTransitionError, InvalidParameterError
from .event_kinds import Kind
from .events import Event, Outcome, public
from .i18n import _
from .payloads import (
    ExpelVoid,
)
from .ruleset import Ruleset
from .state import GameState, Pending

AUTOMATIC = ("expel", "execution", "found_kingdom", "join_kingdom", "insurrection")

ASKED = {"step": "step", **{kind: declared.asked for kind, declared in DECLARED.items()}}
INSURRECTION_ASKED = {
    None: "roll",
    insurrection_flow.PLEDGING: "pledge",
    insurrection_flow.DIE_CHOICE: "choose_die",
    insurrection_flow.CHOOSING: "settle_outcome",
    insurrection_flow.DONE: "resume",
}


@dataclass(frozen=True)
class Waiting:
    """One pending decision: who is asked (seats, or the director) and what (a code)."""

    pending: int
    kind: str
    seats: tuple[int, ...]
    director: bool
    asked: str


def waiting_on(state: GameState) -> list[Waiting]:
    """Every pending decision and who must make it, oldest first."""
    out = []
    for p in state.pending:
        if p.kind == "insurrection":
            asked = INSURRECTION_ASKED[p.data.get("flow", {}).get("stage")]
        elif p.kind in AUTOMATIC:
            asked = "run"
        else:
            asked = ASKED.get(p.kind, p.kind)
        seats = tuple(p.waiting_for)
        out.append(Waiting(p.id, p.kind, seats, director=not seats, asked=asked))
    return out


def run(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset, dice: Dice, pending_id: int
) -> Outcome:
    """Apply a procedure pending and resume its effect; roll or close an insurrection."""
    pending = next((p for p in state.pending if p.id == pending_id), None)
    if pending is None or pending.kind not in AUTOMATIC:
        raise InvalidParameterError(
            _("Pending %(pending_id)s is not a procedure the director runs.")
            % {"pending_id": pending_id}
        )
    if pending.kind == "insurrection":
        return _insurrection(state, catalog, ruleset, dice, pending)
    applied = _apply(state, catalog, ruleset, dice, pending)
    resumed = effects.resume(applied.state, catalog, ruleset, dice, pending_id, {})
    return Outcome(resumed.state, (*applied.events, *resumed.events))


def _insurrection(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset, dice: Dice, pending: Pending
) -> Outcome:
    stage = pending.data.get("flow", {}).get("stage")
    if stage is None:
        return insurrection_flow.start(state, ruleset, dice, pending.id)
    if stage == insurrection_flow.DONE:
        return effects.resume(state, catalog, ruleset, dice, pending.id, {})
    raise IllegalTransitionError(
        _("The insurrection waits for its members (%(step)s).")
        % {"step": INSURRECTION_ASKED[stage]}
    )


def _apply(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset, dice: Dice, pending: Pending
) -> Outcome:
    data = pending.data
    if pending.kind == "join_kingdom":
        return kingdoms.join(state, data["seat"], data["kingdom"])
    if pending.kind == "found_kingdom":
        return _found(state, catalog, ruleset, data["founder"], list(data["joiners"]))
    events: list[Event] = []
    for seat in data["seats"]:
        if pending.kind == "execution":
            done = execution.execute(state, seat, catalog, ruleset, dice)
        elif state.player(seat).kingdom is None:
            done = Outcome(state, (public(Kind.EXPEL_VOID, ExpelVoid(seat=seat), None),))
        else:
            done = kingdoms.expel(state, seat, catalog, ruleset)
        state, events = done.state, [*events, *done.events]
    return Outcome(state, tuple(events))


def _found(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset, founder: int, joiners: list[int]
) -> Outcome:
    """Found the kingdom the effect already paid for (G40)."""
    return kingdoms.create_kingdom(state, founder, joiners, catalog, ruleset, paid=True)
