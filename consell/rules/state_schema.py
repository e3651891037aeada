"""The stored shape of ``GameState`` and its explicit migrations (docs/principles.md, principle 2).

A game's state is saved as JSON at every change and read back at every request, so a change of
its shape must never silently alter a game in progress. ``to_dict`` stamps the document with
``SCHEMA``; ``readable`` brings an older document up to date through one named migration per
version, then checks that the document has exactly the keys this version writes. A document
from a newer version, or of a shape no migration produced, is refused with ``StateShapeError``
rather than filled with defaults.

Versions:

1. the first stored shape (no ``schema`` key).
2. each player remembers the turn each asset last acted (``assets_used``; Actius, "un cop cada
   torn").
3. each kingdom remembers who was expelled from it (``expelled``; Amnistia general: "els
   jugadors expulsats d'aquest regne hi poden tornar a entrar sense votació").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

SCHEMA = 3

TOP = frozenset(
    {
        "schema",
        "players",
        "kingdoms",
        "turn",
        "phase",
        "status",
        "turn_order",
        "decks",
        "market",
        "law_row",
        "in_play",
        "reserve",
        "next_kingdom_id",
        "trades_allowed",
        "winners",
        "pending",
        "next_pending_id",
        "progress",
    }
)
PLAYER = frozenset(
    {
        "seat",
        "name",
        "house",
        "kingdom",
        "resources",
        "tactics",
        "assets",
        "objectives",
        "objective_offer",
        "notes",
        "plan",
        "kingdom_changed_turn",
        "expelled_turn",
        "assets_used",
    }
)
PLAN = frozenset(
    {"indications", "actions", "secrets", "handed_in", "handed_in_rank", "closed_by_director"}
)
KINGDOM = frozenset({"id", "name", "king", "indicators", "offices", "laws", "expelled"})
PENDING = frozenset({"id", "kind", "data", "waiting_for"})
IN_PLAY = frozenset({"card", "kind", "kingdom", "remaining"})
NOTE = frozenset({"turn", "kind", "data"})


class StateShapeError(ValueError):
    """A stored game state this version of the app cannot read (newer, or malformed)."""


def _v1_to_v2(data: dict[str, Any]) -> dict[str, Any]:
    """Players gain ``assets_used``: no asset has acted yet in a game stored before it."""
    players = [{**p, "assets_used": {}} for p in data.get("players", [])]
    return {**data, "players": players, "schema": 2}


def _v2_to_v3(data: dict[str, Any]) -> dict[str, Any]:
    """Kingdoms gain ``expelled``. A game stored before it kept no record of who was expelled
    from where, so nobody is on record (the director can still rule an amnesty by hand)."""
    kingdoms = [{**k, "expelled": []} for k in data.get("kingdoms", [])]
    return {**data, "kingdoms": kingdoms, "schema": 3}


MIGRATIONS: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {1: _v1_to_v2, 2: _v2_to_v3}


def readable(data: Any) -> dict[str, Any]:
    """``data`` brought up to ``SCHEMA`` and checked, or ``StateShapeError`` saying why not."""
    if not isinstance(data, dict):
        raise StateShapeError("A stored game state is a JSON object.")
    state: dict[str, Any] = data
    version = state.get("schema", 1)
    if isinstance(version, bool) or not isinstance(version, int) or version < 1:
        raise StateShapeError(f"Unknown game state schema {version!r}.")
    if version > SCHEMA:
        raise StateShapeError(
            f"This game was saved by a newer version of the app (state schema {version}; "
            f"this one reads up to {SCHEMA})."
        )
    while version < SCHEMA:
        state = MIGRATIONS[version](state)
        version = state["schema"]
    _check(state)
    return state


def _check(data: dict[str, Any]) -> None:
    _keys("the game state", data, TOP)
    for player in _list(data, "players"):
        _keys(f"player {player.get('seat')!r}", player, PLAYER)
        _keys(f"player {player.get('seat')!r}'s plan", player["plan"], PLAN)
        for note in _list(player, "notes"):
            _keys(f"a note of player {player.get('seat')!r}", note, NOTE)
    for kingdom in _list(data, "kingdoms"):
        _keys(f"kingdom {kingdom.get('id')!r}", kingdom, KINGDOM)
    for pending in _list(data, "pending"):
        _keys(f"pending decision {pending.get('id')!r}", pending, PENDING)
    for card in _list(data, "in_play"):
        _keys("a destiny card in play", card, IN_PLAY)


def _list(data: dict[str, Any], key: str) -> list[dict[str, Any]]:
    value = data[key]
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise StateShapeError(f"The game state's {key} is not a list of objects.")
    return value


def _keys(what: str, value: Any, expected: frozenset[str]) -> None:
    if not isinstance(value, dict):
        raise StateShapeError(f"In the stored game state, {what} is not an object.")
    missing, unknown = expected - value.keys(), value.keys() - expected
    if missing or unknown:
        raise StateShapeError(
            f"In the stored game state, {what} does not have the shape of schema {SCHEMA}"
            + (f"; missing {sorted(missing)}" if missing else "")
            + (f"; unknown {sorted(unknown)}" if unknown else "")
            + "."
        )
