"""Sentences for the log of what upsets a court: joining and seizing, orders, successions,
insurrections, executions (rules §4.4, §4.5, §4.8, §4.11, §4.12).

Part of ``describe.LINES``, read by whoever the event's audience lets read it. Kept apart so
``describe.py`` stays short; the same ``(payload, names)`` signature.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from consell.rules.event_kinds import Kind
from consell.rules.payloads import (
    AssetSeized,
    DuelVoid,
    ExecutionDiscards,
    ExpulsionDuelAnnounced,
    HeirTakesOver,
    HiddenAsset,
    IndicatorIgnored,
    InsurrectionOutcome,
    InsurrectionRerolled,
    KingdomJoined,
    Ordered,
    ResourcesChanged,
    SuccessionStruggle,
)
from consell.wording import words
from consell.wording.ruleset_labels import OUTCOME_LABELS
from consell.wording.sentences import Line, Names, line


def _joined(d: KingdomJoined, n: Names) -> str:
    values = {"who": n.seat(d["seat"]), "k": n.kingdom(d["kingdom"])}
    if d["left"] is not None:
        values["old"] = n.kingdom(d["left"])
        return _("%(who)s leaves %(old)s and joins %(k)s.") % values
    return _("%(who)s joins %(k)s.") % values


def _outcome(d: InsurrectionOutcome, n: Names) -> str:
    label = OUTCOME_LABELS.get(str(d["outcome"]), _("an unknown outcome"))
    said = _("Insurrection in %(k)s: %(outcome)s (%(s)s successes).") % {
        "k": n.kingdom(d["kingdom"]),
        "outcome": label,
        "s": d["successes"],
    }
    if d["dropped"]:
        said += " " + _("%(i)s drops by 1.") % {"i": words.indicator(d["dropped"])}
    if d["deposed"]:
        said += " " + _("The King is deposed.")
    return said


def _rerolled(d: InsurrectionRerolled, n: Names) -> str:
    return _(
        "A die of the insurrection is rolled again: %(old)s becomes %(new)s (%(s)s successes)."
    ) % {"old": d["old"], "new": d["new"], "s": d["successes"]}


UPHEAVAL_LINES: dict[str, Line[Any]] = {
    Kind.KINGDOM_JOINED: line(KingdomJoined, _joined),
    Kind.RESOURCES_PAID: line(
        ResourcesChanged,
        lambda d, n: (
            _("%(who)s pays %(what)s.")
            % {"who": n.seat(d["seat"]), "what": words.amounts(d["resources"])}
        ),
    ),
    Kind.INDICATOR_IGNORED: line(
        IndicatorIgnored,
        lambda d, n: _("No indicator moves: the group without a kingdom has none."),
    ),
    Kind.ASSET_SEIZED: line(
        AssetSeized,
        lambda d, n: (
            _("%(r)s seizes %(a)s from %(g)s.")
            % {
                "r": n.seat(d["receiver"]),
                "g": n.seat(d["giver"]),
                "a": n.card(d["asset"]) if d["asset"] else _("a hidden asset"),
            }
        ),
    ),
    Kind.HIDDEN_ASSET_SEIZED: line(
        HiddenAsset, lambda d, n: _("The hidden asset taken: %(a)s.") % {"a": n.card(d["asset"])}
    ),
    Kind.DUEL_VOID: line(
        DuelVoid, lambda d, n: _("The duel does not take place: it needs two duellists.")
    ),
    Kind.EXECUTION_ORDERED: line(
        Ordered, lambda d, n: _("Execution ordered: %(who)s.") % {"who": n.seats_of(d["seats"])}
    ),
    Kind.EXPEL_ORDERED: line(
        Ordered, lambda d, n: _("Expulsion ordered: %(who)s.") % {"who": n.seats_of(d["seats"])}
    ),
    Kind.EXPULSION_DUEL_ANNOUNCED: line(
        ExpulsionDuelAnnounced,
        lambda d, n: (
            _("%(x)s is expelled; %(who)s fight a duel for %(a)s.")
            % {
                "x": n.seat(d["expelled"]),
                "who": n.seats_of(d["participants"]),
                "a": n.card(d["asset"]) if d["asset"] else _("a hidden asset"),
            }
        ),
    ),
    Kind.SUCCESSION_STRUGGLE: line(
        SuccessionStruggle,
        lambda d, n: (
            _("The throne of %(k)s is contested: %(who)s fight a duel for it.")
            % {"k": n.kingdom(d["kingdom"]), "who": n.seats_of(d["participants"])}
        ),
    ),
    Kind.INSURRECTION_REROLLED: line(InsurrectionRerolled, _rerolled),
    Kind.INSURRECTION_OUTCOME: line(InsurrectionOutcome, _outcome),
    Kind.EXECUTION_DISCARDS: line(
        ExecutionDiscards,
        lambda d, n: (
            _("%(who)s is executed and discards %(c)s.")
            % {
                "who": n.seat(d["seat"]),
                "c": n.cards([*d["tactics"], *d["objectives"]]),
            }
        ),
    ),
    Kind.HEIR_TAKES_OVER: line(
        HeirTakesOver,
        lambda d, n: (
            _("Your heir takes over: you lose %(what)s; your new cards: %(c)s.")
            % {
                "what": words.amounts(d["lost"]),
                "c": n.cards([*d["tactics"], *d["objectives"]]),
            }
        ),
    ),
}
