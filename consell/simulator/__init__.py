"""A headless table: bots play whole games through the services (the benchmarks' workload).

The names below load on first use: the decision kinds (``consell.projection.decisions``) hold their
bot moves and read ``people``, and the runner reaches them through the services, so importing
the runner here eagerly would close a loop.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from consell.simulator.runner import Played, SimulationStuck, simulate
    from consell.simulator.summary import as_text, summarize

__all__ = ["Played", "SimulationStuck", "as_text", "simulate", "summarize"]
_HOME = {
    "Played": "runner",
    "SimulationStuck": "runner",
    "simulate": "runner",
    "as_text": "summary",
    "summarize": "summary",
}


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(name)
    return getattr(importlib.import_module(f".{_HOME[name]}", __name__), name)
