"""The eight phases of a turn as data, and the one state machine that moves between them
(rules §3, docs/principles.md, house style: "the phase flow is declared as data").

``PHASES`` says, for each phase, which phase follows, who may act in it and which director
*steps* must be done before leaving it. A step is recorded as a pending ``step`` decision when
the phase is entered and cleared by the procedure that does it (``complete_step``), so "what is
left to do" is always visible in the state. Other conditions for leaving a phase are read from
the state: every plan handed in (§3.2, G37), every actions and secrets pile empty (§3.3, §3.4;
resolution takes tiles off the piles), no crisis left in play (§3.6). Any pending decision
(vote, duel, distribution, reaction...) also blocks the way.

After End of turn the game wraps to the Destiny phase of the next turn, or, after the last
turn, to the end of the game (G44: "if the current turn is *not* the last, the game goes on").
"""

from __future__ import annotations

from dataclasses import dataclass

from .endgame_turns import begin_end_of_game
from .errors import IllegalTransitionError, InvalidParameterError
from .event_kinds import Kind
from .events import Event, Outcome, director, public
from .i18n import _, gettext_noop
from .names import pending_name, players_named
from .payloads import (
    PhaseStarted,
    StepDone,
    Trigger,
    TurnOrder,
    TurnStarted,
)
from .ruleset import Ruleset
from .state import GameState, Pending, Phase, Status
from .turn_order import turn_order_from_handins

STEP = "step"
# In ``state.progress``: the director let this phase run on, so the app resolves its steps that
# ask nobody anything as the answers come in (how the table is run, not a rule of the game).
# Cleared with the phase, as all progress is.
RUN_ON = "run_on"
TRIGGER = "trigger"
END_OF_TURN_TRIGGER = "end_of_turn"


@dataclass(frozen=True)
class PhaseRule:
    """One row of the turn sequence: what follows and which steps must be done."""

    next: Phase
    steps: tuple[str, ...] = ()


PHASES: dict[Phase, PhaseRule] = {
    Phase.DESTINY: PhaseRule(Phase.PLANNING, ("destiny",)),
    Phase.PLANNING: PhaseRule(Phase.ACTIONS),
    Phase.ACTIONS: PhaseRule(Phase.SECRETS),
    Phase.SECRETS: PhaseRule(Phase.ACQUISITION),
    Phase.ACQUISITION: PhaseRule(Phase.CRISIS, ("auction",)),
    Phase.CRISIS: PhaseRule(Phase.PRODUCTION),
    Phase.PRODUCTION: PhaseRule(Phase.END_OF_TURN, ("production",)),
    Phase.END_OF_TURN: PhaseRule(Phase.DESTINY, ("end_of_turn",)),
}

# The phases as the table names them (the same words as the app's phase labels).
PHASE_NAMES = {
    Phase.DESTINY: gettext_noop("Destiny"),
    Phase.PLANNING: gettext_noop("Planning"),
    Phase.ACTIONS: gettext_noop("Actions"),
    Phase.SECRETS: gettext_noop("Secrets"),
    Phase.ACQUISITION: gettext_noop("Acquisition"),
    Phase.CRISIS: gettext_noop("Crisis resolution"),
    Phase.PRODUCTION: gettext_noop("Production"),
    Phase.END_OF_TURN: gettext_noop("End of turn"),
}

# Marked for translation here, translated by ``can_advance`` when the reasons are asked for.
STEP_LABELS = {
    "destiny": gettext_noop("not every kingdom has its destiny card yet"),
    "auction": gettext_noop("the auction has not been resolved"),
    "production": gettext_noop("production has not been distributed"),
    "end_of_turn": gettext_noop("End of turn has not been done"),
}


def can_advance(state: GameState) -> list[str]:
    """Every reason the game cannot leave its current phase now; empty when it can."""
    if state.status is Status.SETUP:
        return [_("the game has not started")]
    if state.status is Status.FINISHED:
        return [_("the game is over")]
    reasons: list[str] = []
    for p in state.pending:
        step = p.data.get("step") if p.kind == STEP else None
        if p.kind == STEP and step in STEP_LABELS:
            reasons.append(_(STEP_LABELS[step]))
        elif p.kind == STEP:
            reasons.append(_("step %(step)s is not done") % {"step": step})
        elif p.waiting_for:
            reasons.append(
                _("%(decision)s must be decided first (waiting for %(players)s)")
                % {"decision": pending_name(p.kind), "players": players_named(state, p.waiting_for)}
            )
        else:
            reasons.append(
                _("%(decision)s must be decided first") % {"decision": pending_name(p.kind)}
            )
    if state.phase is Phase.PLANNING:
        late = [
            p.seat for p in state.players if not (p.plan.handed_in or p.plan.closed_by_director)
        ]
        if late:
            reasons.append(
                _("%(players)s have not handed in their plan (the director may close)")
                % {"players": players_named(state, late)}
            )
    if state.phase is Phase.ACTIONS:
        busy = [p.seat for p in state.players if p.plan.actions]
        if busy:
            reasons.append(
                _("actions of %(players)s are still to be resolved")
                % {"players": players_named(state, busy)}
            )
    if state.phase is Phase.SECRETS:
        busy = [p.seat for p in state.players if p.plan.secrets]
        if busy:
            reasons.append(
                _("secrets of %(players)s are still to be resolved")
                % {"players": players_named(state, busy)}
            )
    if state.phase is Phase.CRISIS:
        crises = [c.card for c in state.in_play if c.kind == "crisis"]
        if crises:
            reasons.append(
                _("crises are still to be resolved (%(count)s)") % {"count": len(crises)}
            )
    return reasons


def advance(state: GameState, ruleset: Ruleset) -> Outcome:
    """Leave the current phase for the next one, or refuse with the reasons (rules §3)."""
    reasons = can_advance(state)
    if reasons:
        raise IllegalTransitionError(
            _("Cannot leave %(phase)s: %(reasons)s.")
            % {"phase": _(PHASE_NAMES[state.phase]), "reasons": "; ".join(reasons)},
            reasons=reasons,
        )
    new = state.clone()
    events: list[Event] = []
    if new.phase is Phase.PLANNING:
        events.append(_apply_handin_order(new))
    if new.phase is Phase.END_OF_TURN:
        if new.turn >= ruleset.turns:
            return begin_end_of_game(new)
        new.turn += 1
        events.append(
            public(Kind.TURN_STARTED, TurnStarted(turn=new.turn, peril=ruleset.peril(new.turn)))
        )
    new.progress = {}  # where the phase stood belongs to that phase (state.progress)
    new.phase = PHASES[new.phase].next
    events.extend(enter_phase(new))
    if new.phase is Phase.END_OF_TURN:
        # "Al final de cada torn": reactions to the end of the turn fire as its last phase
        # begins, so a paid one is settled before the chests go back (§3.8, §4.3).
        events.append(director(Kind.TRIGGER, Trigger(trigger=END_OF_TURN_TRIGGER)))
    return Outcome(new, tuple(events))


def enter_phase(state: GameState) -> list[Event]:
    """Record the steps of the phase just entered (mutates ``state``)."""
    for step in PHASES[state.phase].steps:
        state.pending.append(Pending(state.next_pending_id, STEP, {"step": step}))
        state.next_pending_id += 1
    return [public(Kind.PHASE_STARTED, PhaseStarted(turn=state.turn, phase=state.phase.value))]


def find_step(state: GameState, step: str) -> Pending | None:
    """The pending director step of that name, or None once it is done."""
    return next((p for p in state.pending if p.kind == STEP and p.data.get("step") == step), None)


def complete_step(state: GameState, step: str) -> Outcome:
    """Mark a director step of the current phase as done (the auction, production...)."""
    found = find_step(state, step)
    if found is None:
        raise InvalidParameterError(
            _("There is no step %(step)s left to do.") % {"step": repr(step)}, step=step
        )
    new = state.clone()
    new.pending = [p for p in new.pending if p.id != found.id]
    return Outcome(
        new, (public(Kind.STEP_DONE, StepDone(turn=new.turn, phase=new.phase.value, step=step)),)
    )


def _apply_handin_order(state: GameState) -> Event:
    """The submission order becomes the turn order as Planning closes (§3.2, G37, G58)."""
    ranked = sorted(
        (
            (rank, p.seat)
            for p in state.players
            if p.plan.handed_in and (rank := p.plan.handed_in_rank) is not None
        ),
        key=lambda ranked_seat: ranked_seat[0],
    )
    first = [seat for _rank, seat in ranked]
    late = [p.seat for p in state.players if p.seat not in first]
    state.turn_order = list(turn_order_from_handins(state.turn_order, first, late))
    return public(Kind.TURN_ORDER, TurnOrder(order=list(state.turn_order)))
