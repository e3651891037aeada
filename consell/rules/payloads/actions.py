"""Payloads of what abilities do (rules §1.9, §3.3, §3.4, §4.6; G52)."""

from typing import Any, NotRequired, TypedDict

from .common import Amounts, Batched, Said, Words


class AbilityExecuted(TypedDict):
    """A tile as the table sees it: its text, never a hidden card's title (G21)."""

    card: str | None
    ability: str
    title: Words
    text: Words
    params: dict[str, Any]
    paid: Amounts


class Aborted(TypedDict):
    """An aborted ability (§4.2): the public record names it; its owner's says why."""

    source: str
    ability: str
    code: NotRequired[str]
    reason: NotRequired[str]
    reason_words: NotRequired[Said | str]


class ResourcesChanged(TypedDict):
    """``resources_gained``, ``resources_lost`` or ``resources_paid``."""

    seat: int
    resources: Amounts


class ChestChanged(Batched):
    """Another player's chest changed behind the screen (§3.4): whose, what it gained or lost."""

    seat: int
    gained: NotRequired[Amounts]
    lost: NotRequired[Amounts]
    paid: NotRequired[Amounts]


class TokensMoved(TypedDict):
    giver: int
    receiver: int
    resource: str
    amount: int


class IndicatorMoved(Batched):
    kingdom: int
    indicator: str
    before: int
    after: int


class IndicatorIgnored(TypedDict):
    reason: str


class CardsDrawn(TypedDict):
    seat: int
    deck: str
    count: int


class CardsHeld(TypedDict):
    """Cards that reached or left a chest (``cards_received``, ``tactics_lost``)."""

    cards: list[str]


class TacticsDiscarded(TypedDict):
    seat: int
    count: int


class AssetSeized(TypedDict):
    giver: int
    receiver: int
    asset: str | None  # None for a hidden asset (its title stays hidden)


class HiddenAsset(TypedDict):
    """``hidden_asset_seized``: the hidden asset, named to the two players concerned."""

    asset: str


class AssetLost(Batched):
    """A player's asset taken behind the screen (§3.4): whose, and which."""

    seat: int
    asset: str


class AssetOwnerChanged(Batched):
    asset: str
    owner: int


class LastingForbade(TypedDict):
    card: str
    what: str
    seat: NotRequired[int]


class TacticSacrificed(TypedDict):
    tactic: str
    bonus: Amounts


class ObjectiveRevealed(TypedDict):
    seat: int
    objective: str


class SecretsPublicChanges(TypedDict):
    """The public changes of the Secrets, as one batch (G52)."""

    changes: list[dict[str, Any]]


class SecretsChestChanges(TypedDict):
    changes: list[dict[str, Any]]


class VigilanceCommitted(TypedDict):
    vigilance: dict[str, int]
    exemptions: dict[str, list[int | str]]


class VigilancePaid(TypedDict):
    wanted: int
    vigilance: int
    paid: Amounts


class PlotOutcomeRow(TypedDict):
    target: str
    succeeded: bool


class PlotAbout(TypedDict):
    """What a plot was (§4.6): the ability's words, never its source card's title (G21)."""

    source: str
    ability: str
    title: Words
    text: Words


class PlotNote(PlotAbout):
    """A paper note after a plot (§3.4, §4.6): ``plot_outcome``, ``plot_detected`` or
    ``plot_partially_detected``."""

    role: str
    conspirator: int | None
    detection: str | None
    outcomes: list[PlotOutcomeRow]


class PlotTestRow(TypedDict):
    """A plot's test of one target or one Spymaster (§4.6): its dice and what they said."""

    threshold: int
    success_die: int
    detection_dice: list[int]
    succeeded: bool
    detection: str


class PlotTargetRow(TypedDict):
    """One target of a resolved plot: ``"seat:2"`` or ``"kingdom:1"``, its test and result."""

    target: str
    vigilance: int
    test: PlotTestRow | None
    succeeded: bool
    spymaster_kingdom: int | None


class SpymasterTestRow(TypedDict):
    """A Spymaster's test of a plot against their kingdom's members (§4.6)."""

    kingdom: int
    spymaster: int
    covered: list[str]
    own_test_stands_in: bool
    vigilance: int
    test: PlotTestRow | None
    succeeded: bool


class PlotRecord(TypedDict):
    """Every test, die and chance of a resolved plot (§4.6), for the audit."""

    conspirator: int
    intrigue: int
    vigilance: dict[str, int]
    targets: list[PlotTargetRow]
    spymaster_tests: list[SpymasterTestRow]
    successful: list[str]
    rolls: list[dict[str, Any]]
    odds: dict[str, Any]


class PlotResolved(PlotAbout, PlotRecord):
    """The director's record of a plot (§4.6)."""


class ReactionOffered(TypedDict):
    pending: int
    source: str
    ability: str
    trigger: str
    mandatory: bool


class ReactionDeclined(TypedDict):
    source: str
    ability: str
