"""The sentences of time and absence: deadlines, pauses and stand-ins (G60-G63), merged into
``consell.wording.describe.LINES``."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from consell.game.naming import when
from consell.rules.decision_kinds import DECLARED
from consell.rules.event_kinds import Kind
from consell.rules.payloads import (
    AnswerDefaulted,
    DeadlineChanged,
    DeadlinePassed,
    DeadlineSet,
    GamePaused,
    GameResumed,
    StandIn,
    StandInPlayed,
)
from consell.wording.sentences import Line, Names, line


def answer_name(kind: str) -> str:
    """What players call what was missing: their plan, or the decision's name."""
    if kind == "plan":
        return _("plan")
    declared = DECLARED.get(kind)
    return _(declared.name).lower() if declared else kind


def _changed(d: DeadlineChanged, n: Names) -> str:
    action = d["action"]
    if action == "paused":
        return _("The director stopped the deadline's clock.")
    if action == "resumed":
        return _("The deadline's clock runs again, until %(when)s.") % {"when": when(d["until"])}
    if action == "extended":
        return ngettext(
            "The director gave %(m)s more minute, until %(when)s.",
            "The director gave %(m)s more minutes, until %(when)s.",
            d["minutes"],
        ) % {"m": d["minutes"], "when": when(d["until"])}
    return _("The director ended the deadline now.")


def _paused(d: GamePaused, n: Names) -> str:
    if d["resumes"]:
        return _("The director paused the game; it resumes on %(when)s.") % {
            "when": when(d["resumes"])
        }
    return _("The director paused the game.")


ABSENCE_LINES: dict[str, Line[Any]] = {
    Kind.DEADLINE_SET: line(
        DeadlineSet,
        lambda d, n: (
            ngettext(
                "The director set a deadline: %(m)s minute, until %(when)s.",
                "The director set a deadline: %(m)s minutes, until %(when)s.",
                d["minutes"],
            )
            % {"m": d["minutes"], "when": when(d["until"])}
        ),
    ),
    Kind.DEADLINE_CHANGED: line(DeadlineChanged, _changed),
    Kind.DEADLINE_PASSED: line(
        DeadlinePassed,
        lambda d, n: (
            ngettext(
                "The deadline passed: %(n)s answer was missing.",
                "The deadline passed: %(n)s answers were missing.",
                d["waiting"],
            )
            % {"n": d["waiting"]}
            if d["waiting"]
            else _("The deadline passed with every answer in.")
        ),
    ),
    Kind.ANSWER_DEFAULTED: line(
        AnswerDefaulted,
        lambda d, n: (
            _("%(who)s did not answer in time: their %(what)s took the default.")
            % {"who": n.seat(d["seat"]), "what": answer_name(d["kind"])}
        ),
    ),
    Kind.GAME_PAUSED: line(GamePaused, _paused),
    Kind.GAME_RESUMED: line(GameResumed, lambda d, n: _("The game resumes.")),
    Kind.STAND_IN_ON: line(
        StandIn, lambda d, n: _("A stand-in plays for %(who)s.") % {"who": n.seat(d["seat"])}
    ),
    Kind.STAND_IN_OFF: line(
        StandIn,
        lambda d, n: _("%(who)s plays their own seat again.") % {"who": n.seat(d["seat"])},
    ),
    Kind.STAND_IN_PLAYED: line(
        StandInPlayed,
        lambda d, n: (
            _("The stand-in answered for %(who)s: %(what)s.")
            % {"who": n.seat(d["seat"]), "what": answer_name(d["kind"])}
        ),
    ),
}
