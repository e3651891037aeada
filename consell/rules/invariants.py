"""What must hold in every game state (rules §1, §2, G53), for tests and the simulator.

``all_card_places`` says where each card instance lies: a deck or discard, a player's hand,
a market row, the law row, a kingdom's laws in force, or in play. Offices and common actions are
not listed: every kingdom and player has its own set (G54).
"""

from __future__ import annotations

from collections import defaultdict

from .cards import Catalog, instances
from .ruleset import Ruleset
from .state import GameState

PLACED_KINDS = ("house", "objective", "tactic", "asset", "law", "crisis", "event")


def all_card_places(state: GameState) -> dict[str, list[str]]:
    """Card instance -> every place it is found (exactly one in a sound state)."""
    places: dict[str, list[str]] = defaultdict(list)
    for deck, cards in state.decks.items():
        for c in cards:
            places[c].append(f"deck:{deck}")
    for p in state.players:
        if p.house:
            places[p.house].append(f"house:{p.seat}")
        for where in ("tactics", "assets", "objectives", "objective_offer"):
            for c in getattr(p, where):
                places[c].append(f"{where}:{p.seat}")
    for row, cards in state.market.items():
        for c in cards:
            places[c].append(f"market:{row}")
    for c in state.law_row:
        places[c].append("law_row")
    for k in state.kingdoms:
        for c in k.laws:
            places[c].append(f"laws:{k.id}")
    for dc in state.in_play:
        places[dc.card].append(f"in_play:{dc.kingdom}")
    return dict(places)


def problems(state: GameState, catalog: Catalog, ruleset: Ruleset) -> list[str]:
    """Every broken invariant, in words; empty for a sound state."""
    out = []
    places = all_card_places(state)
    for kind in PLACED_KINDS:
        for c in instances(catalog, kind):
            found = places.pop(c, [])
            if len(found) != 1:
                out.append(f"card {c} is in {len(found)} places: {found}")
    out += [f"unknown card {c} in {found}" for c, found in places.items()]
    seats = sorted(p.seat for p in state.players)
    if sorted(state.turn_order) != seats:
        out.append(f"turn order {state.turn_order} does not seat every player once")
    kingdom_ids = {k.id for k in state.kingdoms}
    for p in state.players:
        out += [f"seat {p.seat} holds {v} {r}" for r, v in p.resources.items() if v < 0]
        if p.kingdom is not None and p.kingdom not in kingdom_ids:
            out.append(f"seat {p.seat} belongs to missing kingdom {p.kingdom}")
    for k in state.kingdoms:
        members = set(state.members(k.id))
        out += [
            f"kingdom {k.id} {i} is {v}"
            for i, v in k.indicators.items()
            if not ruleset.indicator_min <= v <= ruleset.indicator_max
        ]
        for office, holder in k.offices.items():
            if holder is not None and holder not in members:
                out.append(f"office {office} of kingdom {k.id} is held by non-member {holder}")
        if k.king is not None:
            if k.king not in members:
                out.append(f"the King of kingdom {k.id} is not a member")
            held = [o for o, h in k.offices.items() if h == k.king]
            if len(held) != 1:
                out.append(f"the King of kingdom {k.id} holds {held}")
    return out
