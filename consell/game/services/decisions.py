"""Decisions on pending effects, from the phones or from the director for an absent player.

Every decision a pending waits on (``consell.rules.decision_kinds``) goes through
``consell.rules.decisions.decide``, a posted form read first by its kind's own form
(``consell.projection.decisions``); procedures the director runs (expulsion, execution, founding or
joining a kingdom, insurrections) through ``consell.rules.procedures``. Whatever the decision
fires (a reaction's trigger) is answered here too, so no trigger is ever left unasked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol, runtime_checkable

from django.utils.translation import gettext as _

from consell.game.services.store import DealtChange, change, dealt
from consell.rules import (
    corrections,
    decisions,
    execution,
    kingdoms,
    procedures,
    resolution,
)
from consell.rules.audience import knows_of
from consell.rules.errors import InvalidParameterError
from consell.rules.event_kinds import Kind
from consell.rules.events import public
from consell.rules.payloads import (
    Correction,
)


@runtime_checkable
class Posted(Protocol):
    """A decision form as posted (``consell.projection.decisions.Posted``), read by the kind of
    the pending it answers once the poster is known to be asked."""

    def read(self, kind: str) -> Mapping[str, Any]: ...


def record(ch: DealtChange, outcome, *, actor: int | None = None) -> None:
    """Record an outcome and ask for the reactions its triggers fire (§4.3)."""
    ch.record(outcome.state, outcome.events, actor=actor)
    answer_triggers(ch, outcome.events)


def answer_triggers(ch: DealtChange, events) -> None:
    """Offer (or apply, when free and mandatory) the reactions these events trigger.

    Behind the screen of the Secrets phase the triggers wait for the batch (G52,
    ``resolution.hold_triggers``); ``turn.advance`` answers them when the next phase begins.
    """
    if not any(ev.kind == "trigger" for ev in events):
        return
    if resolution.behind_screen(ch.state):
        ch.state = resolution.hold_triggers(ch.state, events)
        return
    asked = decisions.open_reactions(
        ch.state, ch.catalog, ch.ruleset, ch.dice, events, secret=False
    )
    ch.record(asked.state, asked.events)


def decide(
    game_id: int,
    pending_id: int,
    decision: Mapping[str, Any] | Posted,
    *,
    seat: int | None,
    nonce: str | None = None,
) -> None:
    """A player's decision (``seat``), or the director's for them (``seat`` None): a typed
    answer, or a form as ``Posted``, read by the pending's kind."""
    with dealt(game_id, nonce=nonce, by_director=seat is None) as ch:
        pending = next((p for p in ch.state.pending if p.id == pending_id), None)
        if seat is not None and (
            pending is None or not knows_of(pending, seat) or seat not in pending.waiting_for
        ):
            # A phone is told the same whether the decision is another seat's or does not
            # exist: pending ids are sequential, and "it is seat 7's" would tell who was asked
            # what, and when.
            raise InvalidParameterError(
                _("Nothing is waiting on you for decision %(pending_id)s.")
                % {"pending_id": pending_id}
            )
        if isinstance(decision, Posted):
            decision = decision.read(decisions.find(ch.state, pending_id).kind)
        deciding(ch, pending_id, decision, seat)


def deciding(ch: DealtChange, pending_id: int, decision: Mapping[str, Any], seat: int | None):
    """The typed ``decision`` on ``pending_id`` by ``seat`` (None: for them), within the open
    change ``ch``: a phone's, the director's, or a passed deadline's (``clock``)."""
    waited = decisions.a_vote_waits(ch.state)
    outcome = decisions.decide(
        ch.state, ch.catalog, ch.ruleset, ch.dice, pending_id, seat, decision
    )
    record(ch, outcome, actor=seat)
    if waited and not decisions.a_vote_waits(outcome.state):
        # The last reaction to a vote's opening was answered (privately, maybe): the vote
        # now opens on every page that shows it (§4.3).
        ch.touch(public=True)


def run_procedure(game_id: int, pending_id: int, *, nonce=None, expected_seq=None) -> None:
    """The director runs a procedure pending (expel, execution, kingdoms, insurrection roll)."""
    with dealt(game_id, nonce=nonce, expected_seq=expected_seq) as ch:
        outcome = procedures.run(ch.state, ch.catalog, ch.ruleset, ch.dice, pending_id)
        record(ch, outcome)


REASON_MAX = corrections.REASON_MAX


def correct(
    game_id: int,
    reason: str,
    *,
    resources: Mapping[int, Mapping[str, int]] | None = None,
    indicators: Mapping[int, Mapping[str, int]] | None = None,
    nonce: str | None = None,
    expected_seq: int | None = None,
) -> None:
    """A manual correction by the director, with their reason (``consell.rules.corrections``)."""
    reason = corrections.clean_reason(reason)
    with change(game_id, nonce=nonce, expected_seq=expected_seq, by_director=True) as ch:
        outcome = corrections.correct(
            ch.state, ch.ruleset, reason, resources=resources, indicators=indicators
        )
        ch.record(outcome.state, outcome.events)


KINGDOM_ACTIONS = ("expel", "execute", "found", "join")


def kingdom_action(
    game_id: int,
    action: str,
    seat: int,
    reason: str,
    *,
    kingdom: int | None = None,
    joiners: list[int] | None = None,
    nonce: str | None = None,
    expected_seq: int | None = None,
) -> None:
    """The director expels, executes, founds a kingdom for, or moves a player (rules §4.12,
    §4.13), as a card or the table's ruling demands; logged as the director's, with the reason.

    The procedures are the rules' own: an expulsion still runs its asset duels and succession,
    an execution its succession, a founding its price.
    """
    reason = (reason or "").strip()
    if not reason:
        raise InvalidParameterError(_("Say why; the reason is logged."))
    if len(reason) > REASON_MAX:
        raise InvalidParameterError(_("Say why in at most %(n)s characters.") % {"n": REASON_MAX})
    if action not in KINGDOM_ACTIONS:
        raise InvalidParameterError(
            _("Unknown kingdom action %(action)s.") % {"action": repr(action)}
        )
    with dealt(game_id, nonce=nonce, expected_seq=expected_seq, by_director=True) as ch:
        state, catalog, ruleset = ch.state, ch.catalog, ch.ruleset
        if action == "expel":
            outcome = kingdoms.expel(state, seat, catalog, ruleset)
        elif action == "execute":
            outcome = execution.execute(state, seat, catalog, ruleset, ch.dice)
        elif action == "found":
            outcome = kingdoms.create_kingdom(state, seat, joiners or [], catalog, ruleset)
        else:
            if kingdom is None:
                raise InvalidParameterError(_("Choose the kingdom to join."))
            outcome = kingdoms.join(state, seat, kingdom)
        ch.record(
            outcome.state,
            [
                *outcome.events,
                public(Kind.CORRECTION, Correction(reason=reason, action=action, seat=seat), None),
            ],
        )
        answer_triggers(ch, outcome.events)  # "when you are expelled" reactions (§4.3)
