"""Who the bots are: a temperament per seat, and what a table of people would want.

A person at the table is not a dice roll per choice: some are bold, some thrifty, some keen on
a crown. Each seat gets a ``Person`` drawn once from the simulation's seed (the same seed, the
same table of people), and the bots weigh their choices with it. The wants a whole table shares
are written once: the size of kingdom people like (big enough to produce, small enough to
share, rules §4.11: ``decisions.base.ideal_size``, where the kinds' bot moves read it too) and
what a player cares about in a vote (§4.7).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from consell.projection.decisions.base import ideal_size
from consell.rules.resources import Resource
from consell.rules.state import GameState


@dataclass(frozen=True)
class Person:
    """How one player plays, each weight between 0 and 1."""

    boldness: float  # plots, duels and seizures: how much they dare and commit
    thrift: float  # how much of the chest they keep back from bids and crises
    ambition: float  # founding a kingdom of their own rather than joining one
    zeal: float  # how much Power they put into the votes they care about
    reactive: float  # how often they use a paid reaction their cards offer

    @classmethod
    def drawn(cls, rng: random.Random) -> Person:
        return cls(*(round(rng.uniform(0.2, 0.9), 3) for _ in range(5)))


def would_take(state: GameState, kingdom: int) -> bool:
    """Whether a kingdom's members would vote a newcomer in (the bots' rule for join votes)."""
    return len(state.members(kingdom)) < ideal_size(state)


def leader(state: GameState, seat: int) -> int | None:
    """Another player with the most Prestige: whom a plotter aims at first."""
    others = [p for p in state.players if p.seat != seat]
    if not others:
        return None
    return max(others, key=lambda p: (p.resources[Resource.PRE], -p.seat)).seat
