"""A phone's planner is kept from one version to the next while nothing it reads changed.

``planner.plannable_kept`` keys each seat's planner by the state less what a planner never
reads: the other players' hidden holdings and plans, and the kingdoms' gauges
(``UNREAD_OF_OTHERS``, ``UNREAD_OF_KINGDOMS``). These games, played by the engine to
Planning, hold ``plannable`` to that: changing all of those, seat by seat, changes no planner.
And through the pages: a Stability correction keeps every phone's planner, a tile added
changes its planner alone.
"""

from __future__ import annotations

import copy

import pytest

from consell.content.catalog import load_catalog
from consell.game.naming import text
from consell.game.services import decisions, planning
from consell.projection import planner
from consell.projection.frozen import freeze
from consell.rules.state import GameState, Phase

from .simulated import play_until

pytestmark = pytest.mark.django_db


def _planning(players: int, seed: int, turn: int):
    return play_until(players, 10, seed, lambda s: s.turn == turn and s.phase is Phase.PLANNING)


def _everything_unread_changed(stored: dict, seat: int) -> dict:
    """``stored`` with the other players' hidden holdings and plans, and every kingdom's
    gauges, changed: each other player gets the next player's, and more of each resource."""
    out = copy.deepcopy(stored)
    others = [p for p in out["players"] if p["seat"] != seat]
    rotated = others[1:] + others[:1]
    for player, donor in zip(others, rotated, strict=True):
        original = next(p for p in stored["players"] if p["seat"] == donor["seat"])
        for field in planner.UNREAD_OF_OTHERS - {"resources"}:
            player[field] = copy.deepcopy(original[field])
        player["plan"]["handed_in"] = not player["plan"]["handed_in"]
        player["resources"] = {code: amount + 3 for code, amount in player["resources"].items()}
    for kingdom in out["kingdoms"]:
        kingdom["indicators"] = {name: (v + 2) % 6 for name, v in kingdom["indicators"].items()}
    assert out != stored
    return out


@pytest.mark.parametrize(("players", "seed", "turn"), [(5, 1, 2), (9, 3, 3), (16, 1, 3)])
def test_no_planner_reads_what_its_key_leaves_out(players, seed, turn):
    game = _planning(players, seed, turn)
    catalog = load_catalog(game.pack)
    state = GameState.from_dict(game.state)
    for p in state.players:
        changed = GameState.from_dict(_everything_unread_changed(game.state, p.seat))
        mine = planner.plannable(state, catalog, p.seat, "ca", text)
        assert mine, p.seat
        assert planner.plannable(changed, catalog, p.seat, "ca", text) == mine, p.seat


def test_a_kept_planner_is_the_planner_built_now():
    game = _planning(9, 3, 3)
    catalog = load_catalog(game.pack)
    state = GameState.from_dict(game.state)
    for p in state.players:
        kept = planner.plannable_kept(
            planner.read_key(game.state, p.seat), "pack", state, catalog, p.seat, "ca", text
        )
        assert kept == freeze(planner.plannable(state, catalog, p.seat, "ca", text))


def test_a_correction_keeps_every_planner_and_a_tile_changes_its_own_alone(monkeypatch):
    game = _planning(9, 3, 3)
    catalog = load_catalog(game.pack)
    built = []
    original = planner.plannable

    def counted(state, catalog, seat, language, text):
        built.append(seat)
        return original(state, catalog, seat, language, text)

    monkeypatch.setattr(planner, "plannable", counted)

    def planners():
        game.refresh_from_db()
        state = GameState.from_dict(game.state)
        return {
            p.seat: planner.plannable_kept(
                planner.read_key(game.state, p.seat), "pack", state, catalog, p.seat, "ca", text
            )
            for p in state.players
        }

    before = planners()
    assert len(built) == 9
    kingdom = game.state["kingdoms"][0]
    stability = kingdom["indicators"]["stability"]
    decisions.correct(
        game.pk, "test", indicators={kingdom["id"]: {"stability": (stability + 1) % 6}}
    )
    after = planners()
    assert len(built) == 9  # none built again
    assert after == before

    seat = next(p["seat"] for p in game.state["players"] if not p["plan"]["handed_in"])
    tile = next(a for a in before[seat] if not a["planned"] and not a["fields"])
    planning.add(game.pk, seat, tile["source"], tile["ability"], {})
    again = planners()
    assert built[9:] == [seat]  # its own planner alone
    assert again[seat] != before[seat]


def test_each_seats_key_changes_with_what_its_planner_reads_and_nothing_else():
    """The keys of one version, made from digests of its parts (``planner.ReadKeys``): each
    seat's is the same whatever its planner leaves out, and changes with its own player, with
    another player's name, or with the table; no two seats share one."""
    game = _planning(9, 3, 3)
    stored = game.state
    keys = planner.ReadKeys(stored)
    seats = [p["seat"] for p in stored["players"]]
    assert len({keys.of(seat) for seat in seats}) == len(seats)
    for index, seat in enumerate(seats):
        key = keys.of(seat)
        assert planner.read_key(stored, seat) == key
        assert planner.read_key(_everything_unread_changed(stored, seat), seat) == key
        richer = copy.deepcopy(stored)
        richer["players"][index]["resources"]["MON"] += 1
        assert planner.read_key(richer, seat) != key
        assert planner.read_key(richer, seats[index - 1]) == keys.of(seats[index - 1])
        renamed = copy.deepcopy(stored)
        renamed["players"][index - 1]["name"] += "!"
        assert planner.read_key(renamed, seat) != key
        later = copy.deepcopy(stored)
        later["market"] = {row: list(reversed(cards)) for row, cards in stored["market"].items()}
        later["turn"] += 1
        assert planner.read_key(later, seat) != key
