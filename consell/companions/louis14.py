"""End-of-play scorer for Louis XIV (companions spec §2.3–§2.5).

A player scores one point per coat of arms, one bonus coat for being (or tying for) the
most of each kind, and 5 per fulfilled mission card. More markers in the own supply wins a
tie (§2.5). Leftovers, when given, report how many coats each player draws in exchange
(§2.3); those coats are already in `coats`, so they are never added twice.
"""

from collections.abc import Mapping
from typing import Any

from .inputs import (
    ScoreInputError,
    as_count,
    as_object,
    as_text,
    check_game,
    join,
    player_list,
    required,
    winners_by,
)

KINDS = 6
COATS_PER_KIND = 10
MISSION_POINTS = 5
MARKERS_PER_COLOUR = 16
LEFTOVERS = ("influence_cards", "intrigue_cards", "mission_tokens", "markers_on_courtiers", "gold")


def exchange(leftover: Mapping[str, int]) -> int:
    """Coats drawn for leftovers: one per card, token and marker on a board, one per 3 gold."""
    return (
        leftover.get("influence_cards", 0)
        + leftover.get("intrigue_cards", 0)
        + leftover.get("mission_tokens", 0)
        + leftover.get("markers_on_courtiers", 0)
        + leftover.get("gold", 0) // 3
    )


def score(data: Mapping) -> dict:
    """Score a finished play of Louis XIV; see the module docstring for the rules."""
    data = as_object(data, "", {"game", "players"})
    check_game(data, "louis14")
    players = [_player(p, join("players", i)) for i, p in enumerate(player_list(data, 2, 4))]
    kinds = list(dict.fromkeys(kind for p in players for kind in p["coats"]))
    if len(kinds) > KINDS:
        raise ScoreInputError("players", f"the game has {KINDS} kinds of coats, not {len(kinds)}")

    breakdown: dict[str, dict[str, Any]] = {p["name"]: {} for p in players}
    for player in players:
        for kind, count in player["coats"].items():
            if count:
                breakdown[player["name"]][f"coats:{kind}"] = count
    for kind in kinds:
        counts = {p["name"]: p["coats"].get(kind, 0) for p in players}
        most = max(counts.values())
        if most >= 1:
            for name, count in counts.items():
                if count == most:
                    breakdown[name][f"bonus:{kind}"] = 1
    for player in players:
        if player["missions"]:
            breakdown[player["name"]]["missions"] = MISSION_POINTS * player["missions"]

    totals = {name: sum(parts.values()) for name, parts in breakdown.items()}
    result = {
        "totals": totals,
        "winners": winners_by(totals, _own_supply_of(players, totals)),
        "breakdown": breakdown,
    }
    exchanges = {p["name"]: exchange(p["leftover"]) for p in players if p["leftover"] is not None}
    if exchanges:
        result["exchange"] = exchanges
    return result


def _player(player: Mapping, path: str) -> dict:
    player = as_object(player, path, {"name", "coats", "missions", "own_supply", "leftover"})
    coats_path = join(path, "coats")
    coats = {}
    for kind, count in as_object(required(player, "coats", path), coats_path).items():
        kind_path = join(coats_path, kind)
        coats[as_text(kind, kind_path)] = as_count(count, kind_path, COATS_PER_KIND)
    missions = as_count(required(player, "missions", path), join(path, "missions"))
    own_supply = player.get("own_supply")
    if own_supply is not None:
        own_supply = as_count(own_supply, join(path, "own_supply"), MARKERS_PER_COLOUR)
    leftover = player.get("leftover")
    if leftover is not None:
        leftover_path = join(path, "leftover")
        leftover = {
            key: as_count(value, join(leftover_path, key))
            for key, value in as_object(leftover, leftover_path, set(LEFTOVERS)).items()
        }
    return {
        "name": player["name"].strip(),
        "coats": coats,
        "missions": missions,
        "own_supply": own_supply,
        "leftover": leftover,
        "path": path,
    }


def _own_supply_of(players: list[dict], totals: Mapping[str, int]):
    """Tie-break key (§2.5): markers in the own supply, needed only from tied leaders."""
    best = max(totals.values())
    for player in players:
        if totals[player["name"]] == best and player["own_supply"] is None:
            tied = [name for name, total in totals.items() if total == best]
            if len(tied) > 1:
                raise ScoreInputError(
                    join(player["path"], "own_supply"),
                    f"is needed to break the tie between {', '.join(tied)} (markers in the "
                    "own supply decide)",
                )
    supply = {player["name"]: player["own_supply"] for player in players}
    return lambda name: supply[name]
