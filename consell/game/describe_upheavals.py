"""Sentences for the log of what upsets a court: joining and seizing, orders, successions,
insurrections, executions (rules §4.4, §4.5, §4.8, §4.11, §4.12).

Part of ``describe.LINES``, read by whoever the event's audience lets read it. Kept apart so
``describe.py`` stays short; the same ``(payload, names)`` signature.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from consell.rules.event_kinds import Kind

from . import words
from .ruleset_labels import OUTCOME_LABELS


def _joined(d: Mapping[str, Any], n: Any) -> str:
    values = {"who": n.seat(d.get("seat")), "k": n.kingdom(d.get("kingdom"))}
    if d.get("left") is not None:
        values["old"] = n.kingdom(d.get("left"))
        return _("%(who)s leaves %(old)s and joins %(k)s.") % values
    return _("%(who)s joins %(k)s.") % values


def _outcome(d: Mapping[str, Any], n: Any) -> str:
    label = OUTCOME_LABELS.get(str(d.get("outcome")), _("an unknown outcome"))
    line = _("Insurrection in %(k)s: %(outcome)s (%(s)s successes).") % {
        "k": n.kingdom(d.get("kingdom")),
        "outcome": label,
        "s": d.get("successes", 0),
    }
    if d.get("dropped"):
        line += " " + _("%(i)s drops by 1.") % {"i": words.indicator(d.get("dropped"))}
    if d.get("deposed"):
        line += " " + _("The King is deposed.")
    return line


UPHEAVAL_LINES: dict[str, Callable[[Mapping[str, Any], Any], str]] = {
    Kind.KINGDOM_JOINED: _joined,
    Kind.RESOURCES_PAID: lambda d, n: (
        _("%(who)s pays %(what)s.")
        % {"who": n.seat(d.get("seat")), "what": words.amounts(d.get("resources"))}
    ),
    Kind.INDICATOR_IGNORED: lambda d, n: _(
        "No indicator moves: the group without a kingdom has none."
    ),
    Kind.ASSET_SEIZED: lambda d, n: (
        _("%(r)s seizes %(a)s from %(g)s.")
        % {
            "r": n.seat(d.get("receiver")),
            "g": n.seat(d.get("giver")),
            "a": n.card(d.get("asset")) if d.get("asset") else _("a hidden asset"),
        }
    ),
    Kind.HIDDEN_ASSET_SEIZED: lambda d, n: (
        _("The hidden asset taken: %(a)s.") % {"a": n.card(d.get("asset"))}
    ),
    Kind.DUEL_VOID: lambda d, n: _("The duel does not take place: it needs two duellists."),
    Kind.EXECUTION_ORDERED: lambda d, n: (
        _("Execution ordered: %(who)s.") % {"who": n.seats_of(d.get("seats"))}
    ),
    Kind.EXPEL_ORDERED: lambda d, n: (
        _("Expulsion ordered: %(who)s.") % {"who": n.seats_of(d.get("seats"))}
    ),
    Kind.EXPULSION_DUEL_ANNOUNCED: lambda d, n: (
        _("%(x)s is expelled; %(who)s fight a duel for %(a)s.")
        % {
            "x": n.seat(d.get("expelled")),
            "who": n.seats_of(d.get("participants")),
            "a": n.card(d.get("asset")) if d.get("asset") else _("a hidden asset"),
        }
    ),
    Kind.SUCCESSION_STRUGGLE: lambda d, n: (
        _("The throne of %(k)s is contested: %(who)s fight a duel for it.")
        % {"k": n.kingdom(d.get("kingdom")), "who": n.seats_of(d.get("participants"))}
    ),
    Kind.INSURRECTION_REROLLED: lambda d, n: (
        _("A die of the insurrection is rolled again: %(old)s becomes %(new)s (%(s)s successes).")
        % {"old": d.get("old"), "new": d.get("new"), "s": d.get("successes", 0)}
    ),
    Kind.INSURRECTION_OUTCOME: _outcome,
    Kind.EXECUTION_DISCARDS: lambda d, n: (
        _("%(who)s is executed and discards %(c)s.")
        % {
            "who": n.seat(d.get("seat")),
            "c": n.cards([*d.get("tactics", []), *d.get("objectives", [])]),
        }
    ),
    Kind.HEIR_TAKES_OVER: lambda d, n: (
        _("Your heir takes over: you lose %(what)s; your new cards: %(c)s.")
        % {
            "what": words.amounts(d.get("lost")),
            "c": n.cards([*d.get("tactics", []), *d.get("objectives", [])]),
        }
    ),
}
