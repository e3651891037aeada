"""Plots (rules §4.6, §3.4, G29): success, detection, the Spymaster and the notes.

The table: the kingdom of Alba (King Alice, Bob, Carles the Spymaster), the kingdom of Bruma
(King Dídac, Elena) and Ferran, who belongs to no kingdom. Dice are fixed: each test takes a
success die then two detection dice, targets first, then the Spymaster tests.
"""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from consell.rules.dice import FixedDice, HmacDice
from consell.rules.errors import InvalidParameterError, InvalidStateError, RuleError
from consell.rules.plots import (
    Detection,
    KingdomTarget,
    NoteKind,
    NoteRole,
    PlayerTarget,
    Plot,
    PlotContext,
    detection_of,
    resolve_plot,
    threshold,
)
from consell.rules.ruleset import Ruleset

ALBA, BRUMA = 1, 2
ALICE, BOB, CARLES, DIDAC, ELENA, FERRAN = 1, 2, 3, 4, 5, 6
RULES = Ruleset.default()

# Dice of one test that give each detection outcome against a threshold of 4 or less.
DETECTED, PARTIAL, DISCREET = (5, 6), (1, 6), (1, 2)


def table(spymasters=None, exemptions=None, vigilance=None) -> PlotContext:
    return PlotContext(
        membership={ALICE: ALBA, BOB: ALBA, CARLES: ALBA, DIDAC: BRUMA, ELENA: BRUMA, FERRAN: None},
        kings={ALBA: ALICE, BRUMA: DIDAC},
        spymasters=spymasters or {},
        exemptions=exemptions or {},
        vigilance=vigilance or {},
    )


def player(seat: int) -> PlayerTarget:
    return PlayerTarget(seat)


def notes_for(result, seat):
    return [n for n in result.notes if n.recipient == seat]


# -- success threshold -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("intrigue", "vigilance", "expected"),
    [(1, 0, 4), (2, 0, 5), (6, 0, 5), (1, 1, 3), (1, 3, 1), (1, 9, 1), (4, 2, 5)],
)
def test_4_6_threshold_is_base_plus_intrigue_minus_vigilance_clamped(intrigue, vigilance, expected):
    """§4.6 RULE: "th = clamp(3 + I − V, 1, 5)"."""
    assert threshold(intrigue, vigilance, RULES) == expected


def test_4_6_success_when_the_die_equals_the_threshold():
    """§4.6 RULE: "A test succeeds if d6 ≤ th" (Bob watches with V=1: th = 3 + 1 - 1 = 3)."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB),), 1), table(vigilance={BOB: 1}), FixedDice([3, 1, 1]), RULES
    )
    assert result.outcomes[0].test.threshold == 3
    assert result.successful == (player(BOB),)


def test_4_6_failure_when_the_die_exceeds_the_threshold():
    """§4.6 RULE: "A test succeeds if d6 ≤ th"; a 4 against th 3 fails."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB),), 1), table(vigilance={BOB: 1}), FixedDice([4, 1, 1]), RULES
    )
    assert result.successful == ()
    assert result.outcomes[0].succeeded is False


def test_4_6_a_kingdom_target_has_no_vigilance():
    """§4.6 RULE: "V ... is subtracted only if the opponent is a player; for a kingdom target
    V = 0" - even if its King watches with 3 Intrigue."""
    result = resolve_plot(
        Plot(DIDAC, (KingdomTarget(ALBA),), 1),
        table(vigilance={ALICE: 3}),
        FixedDice([4, 1, 1]),
        RULES,
    )
    assert result.outcomes[0].vigilance == 0
    assert result.outcomes[0].test.threshold == 4
    assert result.successful == (KingdomTarget(ALBA),)


# -- detection ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("pair", "expected"),
    [(DETECTED, Detection.DETECTED), (PARTIAL, Detection.PARTIAL), (DISCREET, Detection.DISCREET)],
)
def test_4_6_detection_counts_dice_above_the_threshold(pair, expected):
    """§4.6 RULE: "both dice > th: detected; exactly one die > th: partially detected; neither
    die > th: discreet"."""
    result = resolve_plot(Plot(DIDAC, (player(BOB),), 1), table(), FixedDice([1, *pair]), RULES)
    assert result.outcomes[0].test.detection is expected


@pytest.mark.parametrize(
    ("pair", "expected"),
    [((4, 4), Detection.DISCREET), ((4, 5), Detection.PARTIAL), ((5, 5), Detection.DETECTED)],
)
def test_4_6_a_detection_die_equal_to_the_threshold_does_not_detect(pair, expected):
    """§4.6 RULE: detection counts dice "> th": with th = 4, a 4 stays below notice ("Si cap
    dels resultats supera el llindar ... sense que l'oponent el detecti")."""
    result = resolve_plot(Plot(DIDAC, (player(BOB),), 1), table(), FixedDice([1, *pair]), RULES)
    assert result.outcomes[0].test.threshold == 4
    assert result.outcomes[0].test.detection is expected


@pytest.mark.parametrize("th", range(1, 6))
def test_4_6_detection_of_counts_a_die_equal_to_the_threshold_as_unseen(th):
    """Original, Test de detecció: "Si els dos resultats són superiors al llindar, el complot és
    detectat"; "Si cap dels resultats supera el llindar", discreet. A die equal to the threshold
    is not "superior", at every threshold; checked on ``detection_of``, where the rule is."""
    assert detection_of((th, th), th) is Detection.DISCREET
    assert detection_of((th, th + 1), th) is Detection.PARTIAL
    assert detection_of((th + 1, th), th) is Detection.PARTIAL
    assert detection_of((th + 1, th + 1), th) is Detection.DETECTED


def test_4_6_full_detection_tells_the_target_who_the_conspirator_is():
    """§4.6: "det == 2 -> note to r: what the plot was, what it did, and WHO the conspirator is"."""
    result = resolve_plot(Plot(DIDAC, (player(BOB),), 1), table(), FixedDice([2, *DETECTED]), RULES)
    (note,) = notes_for(result, BOB)
    assert note.kind is NoteKind.DETECTED
    assert note.role is NoteRole.TARGET
    assert note.reveals_conspirator is True
    assert note.conspirator == DIDAC
    assert note.outcomes == ((player(BOB), True),)


def test_4_6_partial_detection_hides_the_conspirator():
    """§4.6: "det == 1 -> note to r: what the plot was and what it did, without the conspirator"."""
    result = resolve_plot(Plot(DIDAC, (player(BOB),), 1), table(), FixedDice([6, *PARTIAL]), RULES)
    (note,) = notes_for(result, BOB)
    assert note.kind is NoteKind.PARTIALLY_DETECTED
    assert note.reveals_conspirator is False
    assert note.conspirator is None
    assert note.outcomes == ((player(BOB), False),)


def test_4_6_a_discreet_plot_leaves_the_target_no_note():
    """§4.6: "det == 0 -> no note (r only notices material changes)"."""
    result = resolve_plot(Plot(DIDAC, (player(BOB),), 1), table(), FixedDice([1, *DISCREET]), RULES)
    assert notes_for(result, BOB) == []


def test_g29c_detection_of_a_kingdom_target_goes_to_its_king():
    """G29 (c): "Detection of a test against a kingdom target is reported to that kingdom's
    King"."""
    result = resolve_plot(
        Plot(DIDAC, (KingdomTarget(ALBA),), 1), table(), FixedDice([1, *DETECTED]), RULES
    )
    (note,) = notes_for(result, ALICE)
    assert note.role is NoteRole.KING
    assert note.conspirator == DIDAC
    assert note.outcomes == ((KingdomTarget(ALBA), True),)


def test_g29b_each_target_has_its_own_success_and_detection_test():
    """G29 (b) and §4.6: "one success test + one detection test per target"."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB), player(FERRAN)), 1),
        table(),
        FixedDice([1, *DETECTED, 1, *DISCREET]),
        RULES,
    )
    assert [o.test.detection for o in result.outcomes] == [Detection.DETECTED, Detection.DISCREET]
    assert len(result.rolls) == 6


def test_4_6_partial_success_against_several_targets():
    """§4.6 RULE: "if a plot targets several recipients it may succeed partially, achieving its
    aims against some players but failing against others"."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB), player(FERRAN), KingdomTarget(ALBA)), 1),
        table(),
        FixedDice([4, *DISCREET, 5, *DISCREET, 2, *DISCREET]),
        RULES,
    )
    assert result.successful == (player(BOB), KingdomTarget(ALBA))


def test_g29h_the_conspirator_learns_each_result_but_not_detection():
    """G29 (h): "The conspirator learns success or failure per target, but not whether they were
    detected"."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB), player(FERRAN)), 1),
        table(),
        FixedDice([1, *DETECTED, 6, *PARTIAL]),
        RULES,
    )
    (note,) = notes_for(result, DIDAC)
    assert note.kind is NoteKind.OUTCOME
    assert note.role is NoteRole.CONSPIRATOR
    assert note.outcomes == ((player(BOB), True), (player(FERRAN), False))
    assert note.detection is None


def test_4_6_the_king_plotting_against_his_own_kingdom_gets_no_detection_note():
    """Choice (plots.py): nobody is told about detecting their own plot; Alice, King of Alba,
    plots against Alba and only receives the outcome note."""
    result = resolve_plot(
        Plot(ALICE, (KingdomTarget(ALBA),), 1), table(), FixedDice([1, *DETECTED]), RULES
    )
    assert [n.kind for n in notes_for(result, ALICE)] == [NoteKind.OUTCOME]


# -- the Spymaster -----------------------------------------------------------------------------


def test_4_6_a_failed_spymaster_test_protects_every_non_exempt_target():
    """§4.6 RULE: "a failed Spymaster test makes the plot fail against all non-exempt targets".
    Dídac plots against Bob and Alice; both own tests succeed, Carles's test (V=2, th 2) fails."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB), player(ALICE)), 1),
        table(spymasters={ALBA: CARLES}, vigilance={CARLES: 2}),
        FixedDice([1, *DISCREET, 1, *DISCREET, 3, 1, 1]),
        RULES,
    )
    (spy,) = result.spymaster_tests
    assert spy.test.threshold == 2
    assert spy.succeeded is False
    assert [o.test.succeeded for o in result.outcomes] == [True, True]
    assert result.successful == ()


def test_4_6_an_exempt_target_is_not_protected_by_the_spymaster():
    """§4.6: "The Spymaster may list recipients ... who are exempt from this protection"; Carles
    exempted Bob, so the failed Spymaster test protects only Alice."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB), player(ALICE)), 1),
        table(spymasters={ALBA: CARLES}, exemptions={ALBA: frozenset({player(BOB)})}),
        FixedDice([1, *DISCREET, 1, *DISCREET, 6, 1, 1]),
        RULES,
    )
    assert result.spymaster_tests[0].coverage.covered == (player(ALICE),)
    assert result.successful == (player(BOB),)


def test_4_6_a_passed_spymaster_test_leaves_each_target_to_its_own_test():
    """§4.6: only a failed Spymaster test overrides the targets' own results."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB), player(ALICE)), 1),
        table(spymasters={ALBA: CARLES}),
        FixedDice([1, *DISCREET, 6, *DISCREET, 1, 1, 1]),
        RULES,
    )
    assert result.spymaster_tests[0].succeeded is True
    assert result.successful == (player(BOB),)


def test_3_4_the_spymaster_is_told_about_plots_they_detected():
    """§3.4: "the Spymaster is told about the plots they detected, in the same way" - with the
    conspirator's name when fully detected, about the targets they covered."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB), KingdomTarget(ALBA)), 1),
        table(spymasters={ALBA: CARLES}),
        FixedDice([1, *DISCREET, 1, *DISCREET, 2, *DETECTED]),
        RULES,
    )
    (note,) = notes_for(result, CARLES)
    assert note.role is NoteRole.SPYMASTER
    assert note.conspirator == DIDAC
    assert note.outcomes == ((player(BOB), True), (KingdomTarget(ALBA), True))


def test_g29d_a_spymaster_plotting_makes_no_spymaster_test():
    """G29 (d): "If the Spymaster is the conspirator, no Spymaster test is made"."""
    result = resolve_plot(
        Plot(CARLES, (player(BOB),), 1),
        table(spymasters={ALBA: CARLES}),
        FixedDice([1, *DISCREET]),
        RULES,
    )
    assert result.spymaster_tests == ()
    assert len(result.rolls) == 3


def test_g29e_the_spymasters_own_target_test_is_the_spymaster_test():
    """G29 (e): "If the Spymaster is one of the targets, their own target test also serves as the
    Spymaster test". Carles's own test fails, so Bob is protected too; no extra dice are rolled."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB), player(CARLES)), 1),
        table(spymasters={ALBA: CARLES}),
        FixedDice([1, *DISCREET, 6, *DETECTED]),
        RULES,
    )
    (spy,) = result.spymaster_tests
    assert spy.test is None
    assert spy.coverage.doubled is True
    assert result.successful == ()
    assert len(result.rolls) == 6


def test_g29e_the_spymaster_target_hears_of_every_target_they_covered():
    """G29 (e) with §3.4: one note to Carles, as Spymaster, about himself and Bob."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB), player(CARLES)), 1),
        table(spymasters={ALBA: CARLES}),
        FixedDice([1, *DISCREET, 2, *PARTIAL]),
        RULES,
    )
    (note,) = notes_for(result, CARLES)
    assert note.role is NoteRole.SPYMASTER
    assert note.outcomes == ((player(CARLES), True), (player(BOB), True))


def test_g29f_no_spymaster_test_when_every_target_is_exempt():
    """G29 (f): "If every target is exempt, no Spymaster test is made"."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB), KingdomTarget(ALBA)), 1),
        table(
            spymasters={ALBA: CARLES},
            exemptions={ALBA: frozenset({player(BOB), KingdomTarget(ALBA)})},
        ),
        FixedDice([1, *DISCREET, 1, *DISCREET]),
        RULES,
    )
    assert result.spymaster_tests == ()
    assert result.successful == (player(BOB), KingdomTarget(ALBA))


def test_g29g_each_spymaster_covers_only_their_own_kingdom():
    """G29 (g): "Each kingdom's Spymaster covers only targets in their own kingdom". Elena,
    Spymaster of Bruma, fails her test: only Dídac is protected; Bob of Alba is not."""
    result = resolve_plot(
        Plot(FERRAN, (player(BOB), player(DIDAC)), 1),
        table(spymasters={BRUMA: ELENA}),
        FixedDice([1, *DISCREET, 1, *DISCREET, 6, 1, 1]),
        RULES,
    )
    assert result.spymaster_tests[0].coverage.covered == (player(DIDAC),)
    assert result.successful == (player(BOB),)


def test_g29g_two_kingdoms_two_spymaster_tests_in_order_of_first_target():
    """G29 (g): one Spymaster test per kingdom, Bruma's first because Dídac is named first."""
    result = resolve_plot(
        Plot(FERRAN, (player(DIDAC), player(BOB)), 1),
        table(spymasters={ALBA: CARLES, BRUMA: ELENA}),
        FixedDice([1, *DISCREET, 1, *DISCREET, 1, 1, 1, 6, 1, 1]),
        RULES,
    )
    assert [s.coverage.kingdom for s in result.spymaster_tests] == [BRUMA, ALBA]
    assert result.successful == (player(DIDAC),)


def test_4_6_a_kingdomless_target_has_no_spymaster():
    """§4.6: the Spymaster protects recipients "in their kingdom"; Ferran belongs to none."""
    result = resolve_plot(
        Plot(DIDAC, (player(FERRAN),), 1),
        table(spymasters={ALBA: CARLES, BRUMA: ELENA}),
        FixedDice([1, *DISCREET]),
        RULES,
    )
    assert result.spymaster_tests == ()


# -- every combination -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("own_die", "pair", "spy_die"),
    list(itertools.product([4, 5], [DETECTED, PARTIAL, DISCREET], [None, 3, 4])),
)
def test_4_6_every_combination_of_success_detection_and_spymaster(own_die, pair, spy_die):
    """§4.6: success and detection are separate, and a failed Spymaster test overrides success.
    Dídac invests 1 against Bob (th 4); Carles, when he is Spymaster, watches with V=1 (th 3)."""
    spymasters = {} if spy_die is None else {ALBA: CARLES}
    dice = [own_die, *pair] + ([] if spy_die is None else [spy_die, 1, 1])
    result = resolve_plot(
        Plot(DIDAC, (player(BOB),), 1),
        table(spymasters=spymasters, vigilance={CARLES: 1}),
        FixedDice(dice),
        RULES,
    )
    succeeded = own_die <= 4 and (spy_die is None or spy_die <= 3)
    assert result.successful == ((player(BOB),) if succeeded else ())
    assert notes_for(result, DIDAC)[0].outcomes == ((player(BOB), succeeded),)
    bob_notes = notes_for(result, BOB)
    if pair == DISCREET:
        assert bob_notes == []
    else:
        (note,) = bob_notes
        assert note.reveals_conspirator is (pair == DETECTED)
        assert note.outcomes == ((player(BOB), succeeded),)
    assert notes_for(result, CARLES) == []


# -- records and refusals ----------------------------------------------------------------------


def test_4_6_every_die_is_recorded_with_what_it_was_for():
    """docs/principles.md, principle 5: every roll is stored with its purpose."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB),), 1),
        table(spymasters={ALBA: CARLES}),
        FixedDice([1, 2, 3, 4, 5, 6]),
        RULES,
    )
    purposes = [r.purpose for r in result.rolls]
    assert purposes[0].startswith("plot success target=seat:2")
    assert purposes[1].startswith("plot detection target=seat:2")
    assert purposes[3].startswith("plot success spymaster=3 kingdom=1")
    assert [r.value for r in result.rolls] == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(
    "plot",
    [
        Plot(DIDAC, (player(BOB),), 0),
        Plot(DIDAC, (), 1),
        Plot(DIDAC, (player(BOB), player(BOB)), 1),
        Plot(DIDAC, (player(DIDAC),), 1),
        Plot(DIDAC, (KingdomTarget(9),), 1),
        Plot(DIDAC, (player(99),), 1),
    ],
    ids=["no-intrigue", "no-target", "twice", "self", "no-kingdom", "no-player"],
)
def test_4_2_an_invalid_plot_is_refused_before_any_die(plot):
    """§4.6 "Intrigue invested, I ≥ 1" and §4.2: invalid boxes abort; no die is rolled."""
    dice = FixedDice([1, 1, 1])
    with pytest.raises(InvalidParameterError) as caught:
        resolve_plot(plot, table(), dice, RULES)
    assert caught.value.code == "invalid_parameter"
    assert dice.rolls == []


def test_4_6_a_spymaster_outside_their_kingdom_is_an_invalid_state():
    """§1.4: "Offices can only be given to members of the King's own kingdom"."""
    with pytest.raises(InvalidStateError):
        resolve_plot(
            Plot(DIDAC, (player(BOB),), 1), table(spymasters={ALBA: ELENA}), FixedDice([1]), RULES
        )


def test_4_6_running_out_of_entered_dice_is_reported():
    """A director entering physical dice must enter all three per test."""
    with pytest.raises(RuleError) as caught:
        resolve_plot(Plot(DIDAC, (player(BOB),), 1), table(), FixedDice([1, 2]), RULES)
    assert caught.value.code == "dice_exhausted"


def test_4_6_a_higher_plot_base_in_the_ruleset_raises_the_threshold():
    """§7: ``plot_base`` and ``plot_clamp`` are ruleset values, not constants."""
    rules = Ruleset(plot_base=2, plot_clamp=(2, 4))
    assert threshold(1, 0, rules) == 3
    assert threshold(1, 5, rules) == 2
    assert threshold(9, 0, rules) == 4


def test_4_6_resolving_a_plot_changes_none_of_its_inputs():
    """Rules are pure (docs/principles.md, principle 1): the director's records are read, never
    written."""
    context = table(
        spymasters={ALBA: CARLES},
        exemptions={ALBA: frozenset({player(ALICE)})},
        vigilance={BOB: 1, CARLES: 2},
    )
    before = (
        dict(context.membership),
        dict(context.spymasters),
        dict(context.exemptions),
        dict(context.vigilance),
    )
    resolve_plot(Plot(DIDAC, (player(BOB), player(ALICE)), 2), context, FixedDice([1] * 9), RULES)
    after = (
        dict(context.membership),
        dict(context.spymasters),
        dict(context.exemptions),
        dict(context.vigilance),
    )
    assert after == before


# -- properties --------------------------------------------------------------------------------

SEATS = (ALICE, BOB, CARLES, DIDAC, ELENA, FERRAN)
TARGETS = [player(s) for s in SEATS] + [KingdomTarget(ALBA), KingdomTarget(BRUMA)]


@st.composite
def plots_at_the_table(draw):
    conspirator = draw(st.sampled_from(SEATS))
    candidates = [t for t in TARGETS if t != player(conspirator)]
    targets = draw(st.lists(st.sampled_from(candidates), min_size=1, max_size=4, unique=True))
    spymasters = draw(
        st.fixed_dictionaries(
            {},
            optional={ALBA: st.sampled_from([BOB, CARLES]), BRUMA: st.sampled_from([ELENA])},
        )
    )
    exemptions = {
        k: frozenset(draw(st.lists(st.sampled_from(TARGETS), max_size=3))) for k in spymasters
    }
    vigilance = draw(st.dictionaries(st.sampled_from(SEATS), st.integers(0, 6)))
    plot = Plot(conspirator, tuple(targets), draw(st.integers(1, 6)))
    return plot, table(spymasters, exemptions, vigilance)


@settings(max_examples=200, deadline=None)
@given(plots_at_the_table(), st.binary(min_size=1, max_size=8))
def test_4_6_the_same_seed_gives_the_same_plot_result(case, seed):
    """docs/principles.md, principle 5: dice are derived from the seed, so a plot replays
    exactly."""
    plot, context = case
    first = resolve_plot(plot, context, HmacDice(seed), RULES)
    again = resolve_plot(plot, context, HmacDice(seed), RULES)
    assert first == again


@settings(max_examples=300, deadline=None)
@given(plots_at_the_table(), st.binary(min_size=1, max_size=8))
def test_3_4_notes_never_name_the_conspirator_unless_fully_detected(case, seed):
    """§3.4: a target or Spymaster learns who plotted only on full detection, and the
    conspirator is never told about detection (G29 h)."""
    plot, context = case
    result = resolve_plot(plot, context, HmacDice(seed), RULES)
    for note in result.notes:
        assert (note.conspirator is not None) is note.reveals_conspirator
        assert note.reveals_conspirator is (note.detection is Detection.DETECTED)
        if note.recipient == plot.conspirator:
            assert note.kind is NoteKind.OUTCOME
    assert sum(n.kind is NoteKind.OUTCOME for n in result.notes) == 1


@settings(max_examples=300, deadline=None)
@given(plots_at_the_table(), st.binary(min_size=1, max_size=8))
def test_4_6_a_plot_succeeds_only_where_its_own_test_succeeded(case, seed):
    """§4.6: the Spymaster can only take success away; "partial success is allowed"."""
    plot, context = case
    result = resolve_plot(plot, context, HmacDice(seed), RULES)
    for outcome in result.outcomes:
        assert outcome.succeeded <= outcome.test.succeeded
    assert set(result.successful) == {o.target for o in result.outcomes if o.succeeded}
    assert len(result.rolls) == 3 * (
        len(plot.targets) + sum(1 for s in result.spymaster_tests if s.test is not None)
    )


def test_4_6_too_little_intrigue_is_refused_naming_what_was_written():
    """§4.6: "Intrigue invested, I ≥ 1"; the refusal names the amount written, for the phone to
    point at that box."""
    with pytest.raises(InvalidParameterError) as caught:
        resolve_plot(Plot(DIDAC, (player(BOB),), 0), table(), FixedDice([]), RULES)
    assert caught.value.details["intrigue"] == 0


def test_4_6_a_plot_records_only_its_own_dice():
    """docs/principles.md, principle 5: a plot's record lists the dice it rolled, not those the
    game rolled before it."""
    dice = FixedDice([6, 1, 2, 3])
    with dice.purpose("an earlier roll"):
        dice.d6()
    result = resolve_plot(Plot(DIDAC, (player(BOB),), 1), table(), dice, RULES)
    assert [r.value for r in result.rolls] == [1, 2, 3]


def test_g30_a_spymaster_who_paid_no_vigilance_watches_with_none():
    """G30: vigilance is what was paid ("missing means 0"): Carles paid none, so his test
    against Dídac's 1 Intrigue has th = 3 + 1 - 0 = 4, and his 4 passes. The director sees
    which kingdom's Spymaster covered each target: Alba's covered Bob, nobody covered Ferran."""
    result = resolve_plot(
        Plot(DIDAC, (player(BOB), player(FERRAN)), 1),
        table(spymasters={ALBA: CARLES}),
        FixedDice([1, *DISCREET, 1, *DISCREET, 4, 1, 1]),
        RULES,
    )
    (spy,) = result.spymaster_tests
    assert (spy.vigilance, spy.test.threshold, spy.succeeded) == (0, 4, True)
    assert result.successful == (player(BOB), player(FERRAN))
    assert [o.spymaster_kingdom for o in result.outcomes] == [ALBA, None]


def test_g29d_a_plotting_spymaster_does_not_spare_the_other_kingdoms_spymaster_test():
    """G29 (d) "If the Spymaster is the conspirator, no Spymaster test is made" is about their
    own kingdom; (g) each Spymaster covers their own kingdom: Carles, Alba's Spymaster, plots
    against Bob and Bruma, so Elena, Bruma's Spymaster, still makes her test."""
    result = resolve_plot(
        Plot(CARLES, (player(BOB), KingdomTarget(BRUMA)), 1),
        table(spymasters={ALBA: CARLES, BRUMA: ELENA}),
        FixedDice([1, *DISCREET, 1, *DISCREET, 6, 1, 1]),
        RULES,
    )
    assert [(s.coverage.kingdom, s.coverage.spymaster) for s in result.spymaster_tests] == [
        (BRUMA, ELENA)
    ]
    assert result.successful == (player(BOB),)
