"""A headless table: bots play whole games through the services (the benchmarks' workload)."""

from .runner import Played, SimulationStuck, simulate
from .summary import as_text, summarize

__all__ = ["Played", "SimulationStuck", "as_text", "simulate", "summarize"]
