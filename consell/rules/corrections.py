"""The director's corrections (rules G1): amounts added to chests, indicators set, with a reason.

G1: "The director may correct any state, with an audit log." A correction keeps the game's
invariants as every rule does: a chest never goes below 0 (G53: "Holdings never go below 0"),
what a chest gains or loses comes from or goes back to the reserve, and an indicator stays
within the ruleset's bounds (G19: "the range is explicitly 1–5", the ruleset's default). A
correction that would break one is refused whole.
Private changes are told to the player concerned; indicator changes to everyone.
"""

from __future__ import annotations

from collections.abc import Mapping

from .errors import IllegalTransitionError, InvalidParameterError
from .event_kinds import Kind
from .events import Event, Outcome, director, private, public
from .i18n import _
from .payloads import (
    Correction,
    CorrectionReason,
)
from .resources import INDICATORS, Indicator, Resource
from .ruleset import Ruleset
from .state import GameState

REASON_MAX = 300
DELTA_MAX = 999


def correct(
    state: GameState | None,
    ruleset: Ruleset,
    reason: str,
    *,
    resources: Mapping[int, Mapping[str, int]] | None = None,
    indicators: Mapping[int, Mapping[str, int]] | None = None,
) -> Outcome:
    """Apply a correction: ``resources`` adds (negative: removes) amounts to players' chests;
    ``indicators`` sets kingdom indicators to new values."""
    reason = clean_reason(reason)
    if state is None:
        raise IllegalTransitionError(_("The cards have not been dealt yet."))
    new = state.clone()
    events: list[Event] = []
    for seat, changes in (resources or {}).items():
        events += _correct_chest(new, seat, changes, reason)
    for kingdom_id, values in (indicators or {}).items():
        events += _correct_indicators(new, ruleset, kingdom_id, values, reason)
    if not events:
        raise InvalidParameterError(_("The correction changes nothing."))
    events.append(director(Kind.CORRECTION_REASON, CorrectionReason(reason=reason), None))
    return Outcome(new, tuple(events))


def clean_reason(reason: str | None, missing: str | None = None) -> str:
    """A correction says why, briefly: the reason is logged (G1). ``missing``: what to say
    when there is none (a repair words it its own way)."""
    reason = (reason or "").strip()
    if not reason:
        raise InvalidParameterError(
            missing or _("Say why you correct the game; the reason is logged.")
        )
    if len(reason) > REASON_MAX:
        raise InvalidParameterError(_("Say why in at most %(n)s characters.") % {"n": REASON_MAX})
    return reason


def _correct_chest(
    state: GameState, seat: int, changes: Mapping[str, int], reason: str
) -> list[Event]:
    player = state.player(seat)
    applied: dict[str, int] = {}
    for code, delta in changes.items():
        if code not in Resource.__members__ or isinstance(delta, bool):
            raise InvalidParameterError(_("Unknown resource %(key)s.") % {"key": code})
        if abs(delta) > DELTA_MAX:
            raise InvalidParameterError(
                _("A correction adds or removes at most %(n)s of a resource.") % {"n": DELTA_MAX}
            )
        resource = Resource(code)
        if player.resources[resource] + delta < 0:
            raise InvalidParameterError(
                _("%(name)s holds %(amount)s %(resource)s; cannot take %(taken)s.")
                % {
                    "name": player.name,
                    "amount": player.resources[resource],
                    "resource": code,
                    "taken": -delta,
                }
            )
        player.resources[resource] += delta
        state.reserve[resource] -= delta
        if delta:
            applied[code] = delta
    if not applied:
        return []
    return [
        private(
            Kind.CORRECTION, (seat,), Correction(reason=reason, seat=seat, resources=applied), None
        )
    ]


def _correct_indicators(
    state: GameState, ruleset: Ruleset, kingdom_id: int, values: Mapping[str, int], reason: str
) -> list[Event]:
    kingdom = state.kingdom(kingdom_id)
    applied: dict[str, int] = {}
    for name, value in values.items():
        if name not in [str(i) for i in INDICATORS] or isinstance(value, bool):
            raise InvalidParameterError(_("Unknown indicator %(name)s.") % {"name": name})
        if not ruleset.indicator_min <= value <= ruleset.indicator_max:
            raise InvalidParameterError(
                _("Indicators go from %(low)s to %(high)s.")
                % {"low": ruleset.indicator_min, "high": ruleset.indicator_max}
            )
        if kingdom.indicators[Indicator(name)] != value:
            kingdom.indicators[Indicator(name)] = value
            applied[name] = value
    if not applied:
        return []
    return [
        public(
            Kind.CORRECTION, Correction(reason=reason, kingdom=kingdom_id, indicators=applied), None
        )
    ]
