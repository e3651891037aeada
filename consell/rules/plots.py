"""Plots (complots), resolved by the director in the Secrets phase (rules §4.6, §3.4, G27-G30).

A plot is tested once per target: a d6 success test and a 2d6 detection test against the same
threshold th = clamp(3 + I - V, 1, 5). Each kingdom's Spymaster (Mestre d'espies) adds one more
test for the targets of their own kingdom that they did not exempt; when it fails, the plot fails
against all of them (RULE: "també fracassa contra tota la resta de destinataris"). The defaults of
G29 decide the corner cases:

(a) I is the Intrigue invested in this plot; (b) every test has its own detection roll;
(c) a kingdom target is tested with V = 0 and its detection is reported to that kingdom's King;
(d) a Spymaster who is the conspirator makes no test; (e) a Spymaster who is a target uses their
own target test as the Spymaster test; (f) no test when every covered target is exempt;
(g) a Spymaster covers only targets in their own kingdom; (h) the conspirator learns success or
failure per target, never whether they were detected.

Choices made here where the rulebook and §5 are silent:

- A conspirator cannot be one of their own targets (InvalidParameterError, as an invalid box).
- No note is addressed to the conspirator about their own plot's detection (a King who plots
  against his own kingdom already knows).
- An exemption naming a target outside the Spymaster's kingdom has no effect: membership can
  change between Planning, when the exemptions are written, and the Secrets phase.
- Spymaster tests are made after every target test, kingdom by kingdom in the order in which
  each kingdom's first covered target appears in the plot.
- A detection note reports the final result (after the Spymaster test) against the targets the
  test was about: "what the plot was and what it did" (§3.4). A Spymaster whose own target test
  doubled as the Spymaster test (G29 e) gets one note, as Spymaster, about themselves first and
  then every other target they covered.

Paying the invested Intrigue is the caller's job (G30: part of the plot's cost, paid at
execution, aborted if unaffordable).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from .dice import Dice, Roll
from .errors import InvalidParameterError, InvalidStateError
from .i18n import _
from .ruleset import Ruleset


@dataclass(frozen=True)
class PlayerTarget:
    """A player chosen in a plot's target box."""

    seat: int

    def __str__(self) -> str:
        return f"seat:{self.seat}"


@dataclass(frozen=True)
class KingdomTarget:
    """A kingdom as a whole chosen as the target (G28 cardinality "kingdom")."""

    kingdom: int

    def __str__(self) -> str:
        return f"kingdom:{self.kingdom}"


Target = PlayerTarget | KingdomTarget


class Detection(StrEnum):
    """Outcome of a detection test: how many of the two dice exceed the threshold."""

    DISCREET = "discreet"  # discreció: neither die
    PARTIAL = "partial"  # detecció parcial: exactly one die
    DETECTED = "detected"  # detecció: both dice


class NoteKind(StrEnum):
    """The paper notes of §3.4 put into a chest after a plot."""

    OUTCOME = "plot_outcome"  # to the conspirator: success or failure per target (G29 h)
    DETECTED = "plot_detected"  # details of the plot and who the conspirator is
    PARTIALLY_DETECTED = "plot_partially_detected"  # details, without the conspirator


class NoteRole(StrEnum):
    """Why the recipient receives the note."""

    CONSPIRATOR = "conspirator"
    TARGET = "target"
    KING = "king"  # King of a kingdom target (G29 c)
    SPYMASTER = "spymaster"


@dataclass(frozen=True)
class Plot:
    """A declared plot: who plots, against whom, with how much Intrigue invested (I)."""

    conspirator: int
    targets: tuple[Target, ...]
    intrigue: int


@dataclass(frozen=True)
class PlotContext:
    """What the director knows when the plot resolves.

    ``membership`` maps every seat to its kingdom (None: kingdomless); ``kings`` and
    ``spymasters`` map a kingdom to the seat holding that office (a kingdom missing from
    ``spymasters`` has no Spymaster); ``exemptions`` maps a kingdom to the targets its Spymaster
    exempted this turn; ``vigilance`` is each player's V, already capped and paid (G30; missing
    means 0).
    """

    membership: Mapping[int, int | None]
    kings: Mapping[int, int]
    spymasters: Mapping[int, int] = field(default_factory=dict)
    exemptions: Mapping[int, frozenset[Target]] = field(default_factory=dict)
    vigilance: Mapping[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class PlotTest:
    """One success test (d6 <= threshold) with its detection test (2d6 against the threshold)."""

    threshold: int
    success_die: int
    detection_dice: tuple[int, int]

    @property
    def succeeded(self) -> bool:
        return self.success_die <= self.threshold

    @property
    def detection(self) -> Detection:
        return detection_of(self.detection_dice, self.threshold)


@dataclass(frozen=True)
class TargetOutcome:
    """The test against one target and the final result after the Spymaster tests."""

    target: Target
    vigilance: int
    test: PlotTest
    succeeded: bool
    spymaster_kingdom: int | None  # the kingdom whose Spymaster covered this target, if any


@dataclass(frozen=True)
class Coverage:
    """Which targets a kingdom's Spymaster protects in one plot (§4.6 Counter-espionage)."""

    kingdom: int
    spymaster: int
    covered: tuple[Target, ...]
    doubled: bool  # G29 (e): the Spymaster is a target, so their own test is the Spymaster test


@dataclass(frozen=True)
class SpymasterTest:
    """A Spymaster test; ``test`` is None when the Spymaster's own target test stood in."""

    coverage: Coverage
    vigilance: int
    test: PlotTest | None
    succeeded: bool


@dataclass(frozen=True)
class Note:
    """A private note for one player's chest.

    ``outcomes`` lists (target, succeeded) for the targets the note is about. ``conspirator``
    is set exactly when ``reveals_conspirator`` is true.
    """

    recipient: int
    kind: NoteKind
    role: NoteRole
    reveals_conspirator: bool
    conspirator: int | None
    outcomes: tuple[tuple[Target, bool], ...]
    detection: Detection | None = None


@dataclass(frozen=True)
class PlotResult:
    """Everything a plot's resolution produced, for the event log and the director."""

    plot: Plot
    outcomes: tuple[TargetOutcome, ...]
    spymaster_tests: tuple[SpymasterTest, ...]
    successful: tuple[Target, ...]
    notes: tuple[Note, ...]
    rolls: tuple[Roll, ...]


def threshold(intrigue: int, vigilance: int, ruleset: Ruleset) -> int:
    """Success threshold (RULE §4.6): th = clamp(base + I - V, low, high)."""
    return ruleset.clamp_threshold(ruleset.plot_base + intrigue - vigilance)


def detection_of(dice: tuple[int, int], th: int) -> Detection:
    """Both dice above th: detected; exactly one: partially detected; none: discreet."""
    above = sum(1 for d in dice if d > th)
    return (Detection.DISCREET, Detection.PARTIAL, Detection.DETECTED)[above]


def target_vigilance(target: Target, context: PlotContext) -> int:
    """V of a target: the player's vigilance, or 0 for a kingdom (RULE, G29 c, G30)."""
    if isinstance(target, KingdomTarget):
        return 0
    return context.vigilance.get(target.seat, 0)


def validate_plot(plot: Plot, context: PlotContext, ruleset: Ruleset) -> None:
    """Refuse a plot whose boxes are invalid now (§4.2, G47) or a context that breaks invariants."""
    if plot.intrigue < ruleset.plot_min_intrigue:
        raise InvalidParameterError(
            _("A plot needs at least %(minimum)s Intrigue invested; %(intrigue)s was written.")
            % {"minimum": ruleset.plot_min_intrigue, "intrigue": plot.intrigue},
            intrigue=plot.intrigue,
        )
    if not plot.targets:
        raise InvalidParameterError(_("A plot needs at least one target."))
    if len(set(plot.targets)) != len(plot.targets):
        raise InvalidParameterError(_("A plot names the same target twice."))
    if plot.conspirator not in context.membership:
        raise InvalidStateError(
            _("Unknown conspirator seat %(conspirator)s.") % {"conspirator": plot.conspirator}
        )
    for target in plot.targets:
        if isinstance(target, KingdomTarget):
            if target.kingdom not in context.kings:
                raise InvalidParameterError(
                    _("Kingdom %(kingdom)s does not exist.") % {"kingdom": target.kingdom}
                )
        elif target.seat == plot.conspirator:
            raise InvalidParameterError(_("A conspirator cannot plot against themselves."))
        elif target.seat not in context.membership:
            raise InvalidParameterError(
                _("Seat %(seat)s is not a player of this game.") % {"seat": target.seat}
            )
    for kingdom, spymaster in context.spymasters.items():
        if context.membership.get(spymaster) != kingdom:
            raise InvalidStateError(
                _("The Spymaster of kingdom %(kingdom)s is not one of its members.")
                % {"kingdom": kingdom}
            )
    if any(v < 0 for v in context.vigilance.values()):
        raise InvalidStateError(_("Vigilance cannot be negative."))


def kingdom_of(target: Target, context: PlotContext) -> int | None:
    """The kingdom a target belongs to (a kingdom target is its own kingdom)."""
    if isinstance(target, KingdomTarget):
        return target.kingdom
    return context.membership.get(target.seat)


def coverages(plot: Plot, context: PlotContext) -> tuple[Coverage, ...]:
    """The Spymaster tests this plot calls for (G29 d, e, f, g), in order of first target."""
    out: list[Coverage] = []
    seen: set[int] = set()
    for first in plot.targets:
        kingdom = kingdom_of(first, context)
        if kingdom is None or kingdom in seen or kingdom not in context.spymasters:
            continue
        seen.add(kingdom)
        spymaster = context.spymasters[kingdom]
        if spymaster == plot.conspirator:
            continue
        exempt = context.exemptions.get(kingdom, frozenset())
        covered = tuple(
            t for t in plot.targets if kingdom_of(t, context) == kingdom and t not in exempt
        )
        if covered:
            doubled = PlayerTarget(spymaster) in plot.targets
            out.append(Coverage(kingdom, spymaster, covered, doubled))
    return tuple(out)


def resolve_plot(plot: Plot, context: PlotContext, dice: Dice, ruleset: Ruleset) -> PlotResult:
    """Roll every test of a plot and write the notes of §3.4 (rules §4.6, G29)."""
    validate_plot(plot, context, ruleset)
    first_roll = len(dice.rolls)
    tests: dict[Target, PlotTest] = {}
    for target in plot.targets:
        th = threshold(plot.intrigue, target_vigilance(target, context), ruleset)
        tests[target] = _roll_test(dice, th, f"target={target}")

    ok = {t: test.succeeded for t, test in tests.items()}
    covered_by: dict[Target, int] = {}
    spy_tests: list[SpymasterTest] = []
    for coverage in coverages(plot, context):
        v = context.vigilance.get(coverage.spymaster, 0)
        if coverage.doubled:
            test = None
            spy_ok = tests[PlayerTarget(coverage.spymaster)].succeeded
        else:
            th = threshold(plot.intrigue, v, ruleset)
            label = f"spymaster={coverage.spymaster} kingdom={coverage.kingdom}"
            test = _roll_test(dice, th, label)
            spy_ok = test.succeeded
        spy_tests.append(SpymasterTest(coverage, v, test, spy_ok))
        for target in coverage.covered:
            covered_by[target] = coverage.kingdom
            ok[target] = ok[target] and spy_ok

    outcomes = tuple(
        TargetOutcome(t, target_vigilance(t, context), tests[t], ok[t], covered_by.get(t))
        for t in plot.targets
    )
    return PlotResult(
        plot=plot,
        outcomes=outcomes,
        spymaster_tests=tuple(spy_tests),
        successful=tuple(t for t in plot.targets if ok[t]),
        notes=_notes(plot, context, outcomes, spy_tests),
        rolls=tuple(dice.rolls[first_roll:]),
    )


def _roll_test(dice: Dice, th: int, label: str) -> PlotTest:
    with dice.purpose(f"plot success {label} th={th}"):
        success = dice.d6()
    with dice.purpose(f"plot detection {label} th={th}"):
        pair = (dice.d6(), dice.d6())
    return PlotTest(th, success, pair)


def _notes(
    plot: Plot,
    context: PlotContext,
    outcomes: Sequence[TargetOutcome],
    spy_tests: Sequence[SpymasterTest],
) -> tuple[Note, ...]:
    """Detection notes in test order, then the conspirator's outcome note (§3.4, G29 c, h)."""
    notes: list[Note] = []
    final = {o.target: o.succeeded for o in outcomes}
    doubled = {PlayerTarget(s.coverage.spymaster): s.coverage for s in spy_tests if s.test is None}
    for outcome in outcomes:
        about: tuple[tuple[Target, bool], ...] = ((outcome.target, outcome.succeeded),)
        if isinstance(outcome.target, KingdomTarget):
            recipient, role = context.kings[outcome.target.kingdom], NoteRole.KING
        elif outcome.target in doubled:
            recipient, role = outcome.target.seat, NoteRole.SPYMASTER
            others = doubled[outcome.target].covered
            about += tuple((t, final[t]) for t in others if t != outcome.target)
        else:
            recipient, role = outcome.target.seat, NoteRole.TARGET
        _add_detection_note(notes, plot, recipient, role, outcome.test.detection, about)
    for spy in spy_tests:
        if spy.test is not None:
            about = tuple((t, final[t]) for t in spy.coverage.covered)
            _add_detection_note(
                notes, plot, spy.coverage.spymaster, NoteRole.SPYMASTER, spy.test.detection, about
            )
    notes.append(
        Note(
            recipient=plot.conspirator,
            kind=NoteKind.OUTCOME,
            role=NoteRole.CONSPIRATOR,
            reveals_conspirator=False,
            conspirator=None,
            outcomes=tuple((o.target, o.succeeded) for o in outcomes),
        )
    )
    return tuple(notes)


def _add_detection_note(
    notes: list[Note],
    plot: Plot,
    recipient: int,
    role: NoteRole,
    detection: Detection,
    about: tuple[tuple[Target, bool], ...],
) -> None:
    """notify_detection of §4.6: a note when detected or partially detected, none if discreet."""
    if detection is Detection.DISCREET or recipient == plot.conspirator:
        return
    full = detection is Detection.DETECTED
    notes.append(
        Note(
            recipient=recipient,
            kind=NoteKind.DETECTED if full else NoteKind.PARTIALLY_DETECTED,
            role=role,
            reveals_conspirator=full,
            conspirator=plot.conspirator if full else None,
            outcomes=about,
            detection=detection,
        )
    )
