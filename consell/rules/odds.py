"""Exact plot odds for the director's dashboard (rules §4.6, G29).

Every probability is a ``Fraction`` obtained by enumeration: the six faces of a success die and
the 36 pairs of a detection test give each test's odds; the plot's odds are then enumerated over
the outcomes of the Spymaster tests, the only thing that couples targets. Given those outcomes
the targets' own tests are independent, so the enumeration is exact without rolling every die of
every target together. When a Spymaster is a target (G29 e) their own success test *is* the
Spymaster test, and conditioning on it makes the correlation exact.

The odds use the same threshold and coverage rules as ``plots.resolve_plot`` (they call the same
functions), so the dashboard cannot disagree with the resolution.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import product

from .plots import (
    Coverage,
    Detection,
    PlayerTarget,
    Plot,
    PlotContext,
    Target,
    coverages,
    detection_of,
    target_vigilance,
    threshold,
    validate_plot,
)
from .ruleset import Ruleset

FACES = range(1, 7)


@dataclass(frozen=True)
class RollOdds:
    """Odds of one success test and its detection test at a given threshold."""

    threshold: int
    success: Fraction
    detected: Fraction
    partial: Fraction
    discreet: Fraction


@dataclass(frozen=True)
class TargetOdds:
    """A target's own test, and the chance the plot finally succeeds against it."""

    target: Target
    test: RollOdds
    success: Fraction  # after the Spymaster test, if one covers this target
    spymaster_kingdom: int | None


@dataclass(frozen=True)
class SpymasterOdds:
    """A Spymaster test; ``test`` is None when the Spymaster's own target test stands in."""

    coverage: Coverage
    test: RollOdds | None
    success: Fraction


@dataclass(frozen=True)
class PlotOdds:
    """All the odds of one plot, given intrigue, vigilance and Spymasters."""

    targets: tuple[TargetOdds, ...]
    spymasters: tuple[SpymasterOdds, ...]
    any_success: Fraction  # P(the plot succeeds against at least one target)


def roll_odds(th: int) -> RollOdds:
    """Enumerate one d6 for success and the 36 pairs of 2d6 for detection."""
    success = Fraction(sum(1 for d in FACES if d <= th), 6)
    counts = {d: 0 for d in Detection}
    for pair in product(FACES, FACES):
        counts[detection_of(pair, th)] += 1
    return RollOdds(
        threshold=th,
        success=success,
        detected=Fraction(counts[Detection.DETECTED], 36),
        partial=Fraction(counts[Detection.PARTIAL], 36),
        discreet=Fraction(counts[Detection.DISCREET], 36),
    )


def plot_odds(plot: Plot, context: PlotContext, ruleset: Ruleset) -> PlotOdds:
    """Exact odds of a plot: per target, per Spymaster test, and of at least one success."""
    validate_plot(plot, context, ruleset)
    own = {
        t: roll_odds(threshold(plot.intrigue, target_vigilance(t, context), ruleset))
        for t in plot.targets
    }
    covers = coverages(plot, context)
    spy_tests = tuple(
        None
        if c.doubled
        else roll_odds(threshold(plot.intrigue, context.vigilance.get(c.spymaster, 0), ruleset))
        for c in covers
    )
    spy_success = tuple(
        own[PlayerTarget(c.spymaster)].success if t is None else t.success
        for c, t in zip(covers, spy_tests, strict=True)
    )
    covered_by = {t: i for i, c in enumerate(covers) for t in c.covered}
    doubled = {PlayerTarget(c.spymaster): i for i, c in enumerate(covers) if c.doubled}

    marginal = {t: Fraction(0) for t in plot.targets}
    none_succeeds = Fraction(0)
    for spy_ok in product((True, False), repeat=len(covers)):
        weight = Fraction(1)
        for ok, p in zip(spy_ok, spy_success, strict=True):
            weight *= p if ok else 1 - p
        if weight == 0:
            continue
        all_fail = Fraction(1)
        for t in plot.targets:
            if t in doubled:
                p_final = Fraction(spy_ok[doubled[t]])
            else:
                p_final = own[t].success
                if t in covered_by and not spy_ok[covered_by[t]]:
                    p_final = Fraction(0)
            marginal[t] += weight * p_final
            all_fail *= 1 - p_final
        none_succeeds += weight * all_fail

    return PlotOdds(
        targets=tuple(
            TargetOdds(
                t, own[t], marginal[t], covers[covered_by[t]].kingdom if t in covered_by else None
            )
            for t in plot.targets
        ),
        spymasters=tuple(
            SpymasterOdds(c, test, p)
            for c, test, p in zip(covers, spy_tests, spy_success, strict=True)
        ),
        any_success=1 - none_succeeds,
    )
