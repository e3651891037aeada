"""Plot odds (rules §4.6, G29), checked against exhaustive enumeration and a seeded simulation.

The exhaustive checks roll every possible sequence of dice through ``resolve_plot`` itself and
count, so the odds are compared with the resolution, not with a second copy of the formula.
"""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from consell.rules.dice import FixedDice, HmacDice
from consell.rules.errors import InvalidParameterError
from consell.rules.odds import plot_odds, roll_odds
from consell.rules.plots import KingdomTarget, PlayerTarget, Plot, PlotContext, resolve_plot
from consell.rules.ruleset import Ruleset

ALBA, BRUMA = 1, 2
ALICE, BOB, CARLES, DIDAC, ELENA, FERRAN = 1, 2, 3, 4, 5, 6
RULES = Ruleset.default()


def table(spymasters=None, exemptions=None, vigilance=None) -> PlotContext:
    return PlotContext(
        membership={ALICE: ALBA, BOB: ALBA, CARLES: ALBA, DIDAC: BRUMA, ELENA: BRUMA, FERRAN: None},
        kings={ALBA: ALICE, BRUMA: DIDAC},
        spymasters=spymasters or {},
        exemptions=exemptions or {},
        vigilance=vigilance or {},
    )


def enumerate_plot(plot, context, dice_count, fixed_tail=()):
    """Resolve the plot once for every sequence of ``dice_count`` dice; count what happened."""
    counts = Counter()
    runs = 0
    for values in itertools.product(range(1, 7), repeat=dice_count):
        result = resolve_plot(plot, context, FixedDice([*values, *fixed_tail]), RULES)
        runs += 1
        for outcome in result.outcomes:
            counts[("success", outcome.target)] += outcome.succeeded
            counts[(outcome.test.detection, outcome.target)] += 1
        counts["any"] += bool(result.successful)
    return {key: Fraction(n, runs) for key, n in counts.items()}


@pytest.mark.parametrize("th", [1, 2, 3, 4, 5])
def test_4_6_odds_of_one_test(th):
    """§4.6 RULE: success "d6 ≤ th"; detection: both of 2d6 > th, exactly one, or neither."""
    odds = roll_odds(th)
    above = Fraction(6 - th, 6)
    assert odds.success == Fraction(th, 6)
    assert odds.detected == above**2
    assert odds.partial == 2 * above * (1 - above)
    assert odds.discreet == (1 - above) ** 2
    assert odds.detected + odds.partial + odds.discreet == 1


def test_4_6_odds_of_a_plot_on_one_player_with_a_spymaster_match_every_roll():
    """§4.6: Dídac invests 2 against Bob (V=1); Carles, Spymaster of Alba (V=3), tests too.
    All 6^6 rolls of the two tests give exactly the computed odds."""
    plot = Plot(DIDAC, (PlayerTarget(BOB),), 2)
    context = table(spymasters={ALBA: CARLES}, vigilance={BOB: 1, CARLES: 3})
    odds = plot_odds(plot, context, RULES)
    counted = enumerate_plot(plot, context, 6)
    (bob,) = odds.targets
    assert bob.success == counted[("success", PlayerTarget(BOB))] == Fraction(4, 6) * Fraction(2, 6)
    assert bob.test.detected == counted[("detected", PlayerTarget(BOB))]
    assert bob.test.partial == counted[("partial", PlayerTarget(BOB))]
    assert bob.test.discreet == counted[("discreet", PlayerTarget(BOB))]
    assert odds.any_success == counted["any"]
    assert odds.spymasters[0].success == Fraction(2, 6)


def test_g29e_odds_when_the_spymaster_is_a_target_are_correlated():
    """G29 (e): Carles's own test is also the Spymaster test, so Bob's success needs both tests
    and "the plot succeeds against someone" equals "it succeeds against Carles"."""
    plot = Plot(DIDAC, (PlayerTarget(BOB), PlayerTarget(CARLES)), 1)
    context = table(spymasters={ALBA: CARLES}, vigilance={CARLES: 1})
    odds = plot_odds(plot, context, RULES)
    counted = enumerate_plot(plot, context, 6)
    bob, carles = odds.targets
    assert bob.success == counted[("success", PlayerTarget(BOB))] == Fraction(4, 6) * Fraction(3, 6)
    assert carles.success == counted[("success", PlayerTarget(CARLES))] == Fraction(3, 6)
    assert odds.any_success == counted["any"] == Fraction(3, 6)
    assert odds.spymasters[0].test is None


def test_4_6_odds_of_a_kingdom_and_a_kingdomless_target_match_every_roll():
    """§4.6: a kingdom target has V = 0; without a Spymaster the targets are independent."""
    plot = Plot(DIDAC, (KingdomTarget(ALBA), PlayerTarget(FERRAN)), 1)
    context = table(vigilance={ALICE: 4, FERRAN: 2})
    odds = plot_odds(plot, context, RULES)
    counted = enumerate_plot(plot, context, 6)
    for target in odds.targets:
        assert target.success == counted[("success", target.target)]
        assert target.test.partial == counted[("partial", target.target)]
    assert odds.any_success == counted["any"] == 1 - Fraction(2, 6) * Fraction(4, 6)


def test_4_6_odds_of_two_members_under_one_spymaster_match_every_success_roll():
    """§4.6: one Spymaster test couples Alice and Bob. Every success die (target, target,
    Spymaster) is enumerated; detection dice cannot change success and are held at 1."""
    plot = Plot(DIDAC, (PlayerTarget(ALICE), PlayerTarget(BOB)), 1)
    context = table(spymasters={ALBA: CARLES}, vigilance={BOB: 2, CARLES: 1})
    odds = plot_odds(plot, context, RULES)
    counts = Counter()
    for a, b, s in itertools.product(range(1, 7), repeat=3):
        result = resolve_plot(plot, context, FixedDice([a, 1, 1, b, 1, 1, s, 1, 1]), RULES)
        counts["any"] += bool(result.successful)
        for target in result.successful:
            counts[target] += 1
    assert odds.targets[0].success == Fraction(counts[PlayerTarget(ALICE)], 216)
    assert odds.targets[1].success == Fraction(counts[PlayerTarget(BOB)], 216)
    assert odds.any_success == Fraction(counts["any"], 216)


def test_4_6_odds_agree_with_a_seeded_simulation_across_two_kingdoms():
    """§4.6, G29 (e, g): Ferran plots against Alice, Carles (Spymaster of Alba) and Dídac (Bruma,
    Spymaster Elena). 4000 seeded resolutions land within 0.03 of every computed probability."""
    plot = Plot(FERRAN, (PlayerTarget(ALICE), PlayerTarget(CARLES), PlayerTarget(DIDAC)), 2)
    context = table(
        spymasters={ALBA: CARLES, BRUMA: ELENA}, vigilance={ALICE: 1, CARLES: 2, ELENA: 1}
    )
    odds = plot_odds(plot, context, RULES)
    dice = HmacDice(b"dora's table")
    runs = 4000
    counts = Counter()
    for _ in range(runs):
        result = resolve_plot(plot, context, dice, RULES)
        counts["any"] += bool(result.successful)
        for outcome in result.outcomes:
            counts[outcome.target] += outcome.succeeded
            counts[(outcome.target, outcome.test.detection)] += 1
    for target in odds.targets:
        assert abs(counts[target.target] / runs - target.success) < 0.03
        assert abs(counts[(target.target, "detected")] / runs - target.test.detected) < 0.03
        assert abs(counts[(target.target, "partial")] / runs - target.test.partial) < 0.03
    assert abs(counts["any"] / runs - odds.any_success) < 0.03


def test_4_6_every_exempt_target_leaves_its_own_odds():
    """G29 (f): with every target exempt there is no Spymaster test to lower the odds."""
    plot = Plot(DIDAC, (PlayerTarget(BOB),), 1)
    context = table(spymasters={ALBA: CARLES}, exemptions={ALBA: frozenset({PlayerTarget(BOB)})})
    odds = plot_odds(plot, context, RULES)
    assert odds.spymasters == ()
    assert odds.targets[0].success == Fraction(4, 6)


def test_4_6_odds_refuse_an_invalid_plot():
    """§4.6: "Intrigue invested, I ≥ 1"; the dashboard shows no odds for an invalid plot."""
    with pytest.raises(InvalidParameterError):
        plot_odds(Plot(DIDAC, (PlayerTarget(BOB),), 0), table(), RULES)
