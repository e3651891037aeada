"""What every benchmark prints: the machine, its load, and percentiles."""

from __future__ import annotations

import os
import platform
import statistics
from pathlib import Path


def machine() -> str:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor() or "unknown",
    )
    return f"{os.cpu_count()} cpus ({cpu}), Python {platform.python_version()}"


def load() -> str:
    """The load average now: the machine may be shared, and the figures say so."""
    return " ".join(Path("/proc/loadavg").read_text().split()[:3])


def quantiles(values: list[float]) -> tuple[float, float]:
    """p50 and p95 (nearest rank) of ``values``."""
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, max(0, round(0.95 * len(ordered)) - 1))]
    return statistics.median(ordered), p95


def line(name: str, values: list[float], anchor: list[float] | None = None) -> str:
    """``name: p50 x ms, p95 y ms (n)``, and the ratio of each to the anchor's."""
    p50, p95 = quantiles(values)
    text = f"{name}: p50 {1000 * p50:.0f} ms, p95 {1000 * p95:.0f} ms ({len(values)} samples)"
    if anchor:
        a50, a95 = quantiles(anchor)
        text += f"; {p50 / a50:.1f}x / {p95 / a95:.1f}x the anchor"
    return text
