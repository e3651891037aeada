"""A plot as the audit tells it: who, against whom, every die and what came of it (rules §4.6).

Built from the director's ``plot_resolved`` event. The dice of a plot carry their purpose, as
``plots.resolve_plot`` labels them ("plot success target=seat:2 th=4", "plot detection
spymaster=3 kingdom=1 th=4"), so each test's threshold, its three dice and its odds can be read
back from the rolls themselves; the intrigue invested, the targets' vigilance and the Spymasters
are shown when the event carries them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Any

from consell.rules.odds import roll_odds
from consell.rules.payloads import PlotRecord, PlotResolved
from consell.rules.plots import Detection, detection_of

_PURPOSE = re.compile(
    r"^plot (?P<test>success|detection) "
    r"(?:target=(?P<target>\S+)|spymaster=(?P<spymaster>\d+) kingdom=(?P<kingdom>\d+)) "
    r"th=(?P<th>\d+)$"
)

DISCREET = str(Detection.DISCREET)


def target_refs(payload: PlotRecord) -> list[str]:
    """The plot's targets as ``"seat:N"`` / ``"kingdom:K"``, in the order the rules tested them
    (``effects.plot_record``)."""
    return [t["target"] for t in payload["targets"]]


def plot_detail(payload: PlotResolved, conspirator: int | None) -> dict[str, Any]:
    """Conspirator, targets, intrigue, vigilance, Spymaster tests, thresholds, odds and dice."""
    tests = _tests(payload["rolls"])
    targets = [
        {"target": t["target"], "succeeded": t["succeeded"], "vigilance": t["vigilance"]}
        for t in payload["targets"]
    ]
    return {
        "conspirator": conspirator,
        "targets": targets,
        "intrigue": payload["intrigue"],
        "tests": tests,
        "spymaster_involved": any(t["spymaster"] is not None for t in tests),
        "source": payload["source"],
        "ability": payload["ability"],
    }


def detection_for(payload: PlotRecord, target: str) -> str | None:
    """How the target's own detection test fell: discreet, partial or detected (§4.6)."""
    for test in _tests(payload["rolls"]):
        if test["target"] == target and test["detection"] is not None:
            return test["detection"]
    return None


def _tests(rolls: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Group the plot's dice into tests: one success die then two detection dice each."""
    tests: dict[tuple, dict[str, Any]] = {}
    for roll in rolls:
        match = _PURPOSE.match(str(roll.get("purpose", "")))
        if not match:
            continue
        key = (match["target"], match["spymaster"], match["kingdom"])
        th = int(match["th"])
        test = tests.setdefault(key, _empty_test(match, th))
        die = {"counter": roll.get("counter"), "value": roll.get("value")}
        if match["test"] == "success":
            test["success_die"] = die
            test["succeeded"] = int(roll.get("value", 0)) <= th
        else:
            test["detection_dice"].append(die)
    for test in tests.values():
        pair = [d["value"] for d in test["detection_dice"]]
        if len(pair) == 2:
            test["detection"] = str(detection_of((int(pair[0]), int(pair[1])), test["threshold"]))
    return list(tests.values())


def _empty_test(match: re.Match, th: int) -> dict[str, Any]:
    odds = roll_odds(th)
    return {
        "target": match["target"],
        "spymaster": int(match["spymaster"]) if match["spymaster"] else None,
        "kingdom": int(match["kingdom"]) if match["kingdom"] else None,
        "threshold": th,
        "odds": {
            "success": _percent(odds.success),
            "detected": _percent(odds.detected),
            "partial": _percent(odds.partial),
            "discreet": _percent(odds.discreet),
        },
        "success_die": None,
        "succeeded": None,
        "detection_dice": [],
        "detection": None,
    }


def _percent(p: Fraction) -> int:
    return round(p * 100)
