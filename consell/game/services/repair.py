"""Repairs of a stuck game from the admin: the usual services, logged with the repairer's reason.

A superuser reaches a game that its director cannot move on (a player gone home with a decision
open, a screen that missed its notices, a link lost). Every repair runs the service the
dashboard would run, marked as the director's, and records a ``repair`` event with the reason
in the same transaction: if the service refuses, nothing is written, the reason neither. The
audit shows the repair where it happened (rules G1: the director's interventions are logged).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, cast

from django.db import transaction
from django.utils.translation import gettext as _

from consell.game.models import Seat
from consell.game.services import decisions, seats, turn
from consell.game.services.store import change
from consell.rules import corrections
from consell.rules.errors import InvalidParameterError
from consell.rules.event_kinds import Kind
from consell.rules.events import director
from consell.rules.payloads import (
    Repair,
)

REASON_MAX = corrections.REASON_MAX

ADVANCE = "advance"
DECIDE = "decide"
PROCEDURE = "procedure"
CORRECT = "correct"
REISSUE = "reissue"
NOTIFY = "notify"
ACTIONS = (ADVANCE, DECIDE, PROCEDURE, CORRECT, REISSUE, NOTIFY)


def repair(
    game_id: int,
    action: str,
    reason: str,
    *,
    params: Mapping[str, Any] | None = None,
    nonce: str | None = None,
) -> None:
    """Run one repair ``action`` with its ``params`` and log it with ``reason``, or nothing."""
    reason = corrections.clean_reason(
        reason, _("Say why you repair the game; the reason is logged.")
    )
    run = _RUNNERS.get(action)
    if run is None:
        raise InvalidParameterError(_("Unknown repair %(action)s.") % {"action": action})
    params = dict(params or {})
    with transaction.atomic():
        run(game_id, reason, params, nonce)
        # Only a notice has no service of its own to hold the form's nonce (idempotency).
        with change(game_id, by_director=True, nonce=nonce if action == NOTIFY else None) as ch:
            if action == NOTIFY:
                seats_ = [p.seat for p in ch.state.players] if ch.state else []
                ch.touch(public=True, seats=seats_)
            ch.record(None, [director(Kind.REPAIR, _repair(action, reason, params), None)])


def _repair(action: str, reason: str, params: dict) -> Repair:
    """The payload: the repair's parameters flat, as its form sent them (the form's fields are
    the payload's optional keys)."""
    return cast(Repair, {"action": action, "reason": reason, **params})


def _advance(game_id: int, reason: str, params: dict, nonce: str | None) -> None:
    turn.advance(game_id, nonce=nonce)


def _decide(game_id: int, reason: str, params: dict, nonce: str | None) -> None:
    decision = params.get("decision")
    if not isinstance(decision, dict):
        raise InvalidParameterError(_("A decision is written as a JSON object."))
    decisions.decide(game_id, _pending(params), decision, seat=None, nonce=nonce)


def _procedure(game_id: int, reason: str, params: dict, nonce: str | None) -> None:
    decisions.run_procedure(game_id, _pending(params), nonce=nonce)


def _correct(game_id: int, reason: str, params: dict, nonce: str | None) -> None:
    resources = _keyed_by_int(params.get("resources"))
    indicators = _keyed_by_int(params.get("indicators"))
    decisions.correct(game_id, reason, resources=resources, indicators=indicators, nonce=nonce)


def _reissue(game_id: int, reason: str, params: dict, nonce: str | None) -> None:
    position = params.get("seat")
    if isinstance(position, bool) or not isinstance(position, int):
        raise InvalidParameterError(_("Say which seat's link to reissue."))
    try:
        seats.reissue_link(game_id, position, nonce=nonce)
    except Seat.DoesNotExist as exc:
        raise InvalidParameterError(_("There is no seat %(n)s.") % {"n": position}) from exc


def _notify(game_id: int, reason: str, params: dict, nonce: str | None) -> None:
    """Every screen fetches its view again: the ``touch`` is recorded with the repair itself."""


def _pending(params: Mapping[str, Any]) -> int:
    pending = params.get("pending")
    if isinstance(pending, bool) or not isinstance(pending, int):
        raise InvalidParameterError(_("Say which pending decision (its number)."))
    return pending


def _keyed_by_int(value: Any) -> dict[int, Any]:
    """JSON objects have string keys: ``{"3": {"MON": 2}}`` means seat (or kingdom) 3."""
    if value in (None, ""):
        return {}
    if not isinstance(value, dict):
        raise InvalidParameterError(_("Write the changes as a JSON object keyed by number."))
    try:
        return {int(key): changes for key, changes in value.items()}
    except (TypeError, ValueError) as exc:
        raise InvalidParameterError(
            _("Write the changes as a JSON object keyed by number.")
        ) from exc


_RUNNERS: dict[str, Callable[[int, str, dict, str | None], None]] = {
    ADVANCE: _advance,
    DECIDE: _decide,
    PROCEDURE: _procedure,
    CORRECT: _correct,
    REISSUE: _reissue,
    NOTIFY: _notify,
}
