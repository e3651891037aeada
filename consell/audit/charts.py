"""Charts over turns, drawn as SVG by the server (issue: readable on a phone, no canvas code).

The numbers come from the ``turn_snapshot`` events (``snapshots.snapshot_event``): one chart of
Prestige, one per other resource with a line per player, and one per kingdom with its four
indicators (rules §1.5, §1.6). This module only computes geometry; the template
``audit/_chart.html`` writes the SVG, so every label is escaped by Django.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from consell.rules.payloads import TurnSnapshot
from consell.rules.resources import INDICATORS, RESOURCES

WIDTH, HEIGHT = 360, 200
LEFT, RIGHT, TOP, BOTTOM = 30, 10, 10, 24

# Sixteen colours told apart on a phone (Okabe-Ito first, then Tol's muted set); beyond eight
# lines the dash pattern changes too, so colour is never the only difference.
PALETTE = (
    "#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000", "#f0e442",
    "#332288", "#882255", "#117733", "#aa4499", "#44aa99", "#999933", "#661100", "#888888",
)  # fmt: skip
DASHES = ("", "6 3", "2 3", "8 3 2 3")


@dataclass(frozen=True)
class Point:
    x: float
    y: float
    turn: int
    value: int


@dataclass(frozen=True)
class Series:
    label: str
    color: str
    dash: str
    path: str
    points: tuple[Point, ...]


@dataclass(frozen=True)
class Chart:
    """One line chart: ``subject`` is a resource code, or ``kingdom`` with the kingdom's name."""

    key: str
    subject: str
    name: str
    turns: tuple[int, ...]
    x_ticks: tuple[tuple[float, int], ...]
    y_ticks: tuple[tuple[float, int], ...]
    series: tuple[Series, ...]
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    top: int = TOP
    bottom: int = HEIGHT - BOTTOM

    def rows(self) -> list[tuple[str, list[int | None]]]:
        """The same numbers as a table, turn by turn (for print and screen readers)."""
        out = []
        for s in self.series:
            by_turn = {p.turn: p.value for p in s.points}
            out.append((s.label, [by_turn.get(t) for t in self.turns]))
        return out


def per_turn(snapshots: Iterable[TurnSnapshot]) -> list[TurnSnapshot]:
    """One snapshot per turn, the last one recorded for it (the game's end follows turn 10's)."""
    by_turn: dict[int, TurnSnapshot] = {}
    for snap in snapshots:
        by_turn[int(snap["turn"])] = snap
    return [by_turn[t] for t in sorted(by_turn)]


def build_charts(
    snapshots: Iterable[TurnSnapshot], kingdom_name: Callable[[str], str] = str
) -> list[Chart]:
    """Prestige and every resource per player, then each kingdom's indicators; a kingdom is
    titled by ``kingdom_name`` (its house's title in the reader's language, not its id)."""
    snaps = per_turn(snapshots)
    if not snaps:
        return []
    turns = tuple(int(s["turn"]) for s in snaps)
    players: dict[int, str] = {}
    for snap in snaps:
        for p in snap["players"]:
            players.setdefault(p["seat"], p["name"])
    charts = []
    for resource in RESOURCES:
        lines = {
            name: {
                int(s["turn"]): p["resources"].get(str(resource))
                for s in snaps
                for p in s["players"]
                if p["seat"] == seat
            }
            for seat, name in players.items()
        }
        charts.append(_chart(f"resource-{resource}", str(resource), "", turns, lines))
    kingdoms: dict[int, str] = {}
    for snap in snaps:
        for k in snap["kingdoms"]:
            kingdoms[k["id"]] = kingdom_name(k["name"])
    for kid, name in kingdoms.items():
        lines = {
            str(indicator): {
                int(s["turn"]): k["indicators"].get(str(indicator))
                for s in snaps
                for k in s["kingdoms"]
                if k["id"] == kid
            }
            for indicator in INDICATORS
        }
        charts.append(_chart(f"kingdom-{kid}", "kingdom", name, turns, lines, floor_max=5))
    return charts


def _chart(
    key: str,
    subject: str,
    name: str,
    turns: Sequence[int],
    lines: Mapping[str, Mapping[int, int | None]],
    floor_max: int = 1,
) -> Chart:
    values = [v for line in lines.values() for v in line.values() if v is not None]
    low = min([0, *values])
    high = max([floor_max, *values])
    step = _step(high - low)
    high = low + step * -(-(high - low) // step)

    def x_of(turn: int) -> float:
        if len(turns) == 1:
            return (LEFT + WIDTH - RIGHT) / 2
        i = turns.index(turn)
        return round(LEFT + i * (WIDTH - RIGHT - LEFT) / (len(turns) - 1), 1)

    def y_of(value: int) -> float:
        return round(HEIGHT - BOTTOM - (value - low) * (HEIGHT - BOTTOM - TOP) / (high - low), 1)

    series = []
    for i, (label, line) in enumerate(lines.items()):
        points = tuple(
            Point(x_of(t), y_of(v), t, v) for t in turns if (v := line.get(t)) is not None
        )
        series.append(
            Series(
                label=label,
                color=PALETTE[i % len(PALETTE)],
                dash=DASHES[(i // 8) % len(DASHES)],
                path=_path(points, turns),
                points=points,
            )
        )
    return Chart(
        key=key,
        subject=subject,
        name=name,
        turns=tuple(turns),
        x_ticks=tuple((x_of(t), t) for t in turns),
        y_ticks=tuple((y_of(v), v) for v in range(low, high + 1, step)),
        series=tuple(series),
    )


def _step(span: int) -> int:
    """A tick step giving at most about six gridlines."""
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if span / step <= 6:
            return step
    return -(-span // 6)


def _path(points: Sequence[Point], turns: Sequence[int]) -> str:
    """An SVG path through the points, lifting the pen over turns with no value."""
    parts = []
    previous: int | None = None
    for p in points:
        index = turns.index(p.turn)
        parts.append(f"{'L' if previous == index - 1 else 'M'}{p.x},{p.y}")
        previous = index
    return " ".join(parts)
