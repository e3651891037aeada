"""Kingdom indicators and friction (rules §1.6, §4.4, G16–G19).

Every indicator (Stability, Wealth, Army, Grace) is a whole number from 1 (disaster) to 5
(excellence) and starts at 3. A player-activated ability that moves an indicator away from the
centre pays friction (fricció) for each step, in the indicator's linked resource. A step above
the maximum is ignored; a step below the minimum leaves the value where it is and triggers an
insurrection instead (§4.5), which the caller resolves with ``consell.rules.insurrection``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .errors import InvalidParameterError, InvalidStateError
from .i18n import _
from .resources import INDICATORS, LINKED_RESOURCE, Indicator, Resource
from .ruleset import Ruleset

Indicators = Mapping[Indicator, int]


@dataclass(frozen=True)
class IndicatorChange:
    """What moving one indicator does: new values, friction owed and insurrections to resolve.

    ``friction`` is the extra cost in the linked resource (empty when friction does not apply);
    ``insurrections`` holds the indicator once per step that tried to go below the minimum, in
    the order they happened; ``ignored_steps`` counts steps above the maximum (G19).
    """

    indicator: Indicator
    before: int
    after: int
    indicators: Mapping[Indicator, int]
    friction: Mapping[Resource, int]
    insurrections: tuple[Indicator, ...]
    ignored_steps: int


def starting_indicators(ruleset: Ruleset) -> dict[Indicator, int]:
    """All four indicators at the start value, also for kingdoms founded mid-game (§1.6)."""
    return {i: ruleset.indicator_start for i in INDICATORS}


def checked_indicators(indicators: Indicators, ruleset: Ruleset) -> dict[Indicator, int]:
    """The four indicators as a dict; a missing one or a value outside the range is refused."""
    out: dict[Indicator, int] = {}
    for ind in INDICATORS:
        if ind not in indicators:
            raise InvalidStateError(
                _("The kingdom has no %(indicator)s indicator.") % {"indicator": ind},
                indicator=str(ind),
            )
        value = indicators[ind]
        if not ruleset.indicator_min <= value <= ruleset.indicator_max:
            raise InvalidStateError(
                _("%(indicator)s is %(value)s, outside %(indicator_min)s..%(indicator_max)s.")
                % {
                    "indicator": ind.capitalize(),
                    "value": value,
                    "indicator_min": ruleset.indicator_min,
                    "indicator_max": ruleset.indicator_max,
                },
                indicator=str(ind),
                value=value,
            )
        out[ind] = value
    return out


def change_indicator(
    indicators: Indicators,
    indicator: Indicator,
    delta: int,
    ruleset: Ruleset,
    *,
    friction: bool,
) -> IndicatorChange:
    """Move ``indicator`` by ``delta``, one step at a time (rules §4.4).

    "An effect that moves an indicator several steps adds up the friction of each step."
    A step costs friction only if it moves away from the centre; the step that would go below
    the minimum costs the insurrection-step friction (key ``indicator_min - 1`` of the friction
    table). Friction is owed only when ``friction`` is true: player-activated abilities flagged
    for it (G18); destiny cards, crises, laws and insurrections pass ``False``.
    """
    if isinstance(delta, bool) or not isinstance(delta, int):
        raise InvalidParameterError(
            _("An indicator moves by a whole number, not %(delta)s.") % {"delta": repr(delta)}
        )
    values = checked_indicators(indicators, ruleset)
    if indicator not in values:
        raise InvalidParameterError(
            _("Unknown indicator %(indicator)s.") % {"indicator": repr(indicator)},
            indicator=str(indicator),
        )
    centre = ruleset.indicator_start
    step = 1 if delta > 0 else -1
    value = before = values[indicator]
    cost = 0
    ignored = 0
    insurrections: list[Indicator] = []
    for _n in range(abs(delta)):
        target = value + step
        if target > ruleset.indicator_max:
            ignored += 1
            continue
        if abs(target - centre) > abs(value - centre):
            cost += ruleset.friction_for_step(target)
        if target < ruleset.indicator_min:
            insurrections.append(indicator)
            continue
        value = target
    values[indicator] = value
    owed = {LINKED_RESOURCE[indicator]: cost} if friction and cost else {}
    return IndicatorChange(
        indicator=indicator,
        before=before,
        after=value,
        indicators=values,
        friction=owed,
        insurrections=tuple(insurrections),
        ignored_steps=ignored,
    )


def lowest_value(indicators: Indicators) -> int:
    """The lowest of the four indicators (Favor production, §4.11)."""
    return min(indicators[i] for i in INDICATORS)


def highest_above_minimum(indicators: Indicators, ruleset: Ruleset) -> tuple[Indicator, ...]:
    """The indicators tied for highest among those above the minimum (§4.5, uprising).

    Empty when every indicator is at the minimum; more than one means the King chooses.
    """
    above = {i: indicators[i] for i in INDICATORS if indicators[i] > ruleset.indicator_min}
    if not above:
        return ()
    top = max(above.values())
    return tuple(i for i in INDICATORS if above.get(i) == top)
