"""A player's own part of their view is kept from one version to the next while nothing it
reads changed.

``visibility.own_part`` (a phone's chest with its planner, and its decisions) is kept under
``own_key``, made of the seat's ``read_keys.read_key``: the state less what no player's own
part reads, the other players' hidden holdings and plans and the kingdoms' gauges
(``UNREAD_OF_OTHERS``, ``UNREAD_OF_KINGDOMS``). A game the engine plays holds it to that at
every step, seat by seat: changing all of those changes no player's own part. And through
the pages: a Stability correction makes no phone's own part again, a tile added makes its
player's alone.
"""

from __future__ import annotations

import copy
from collections import Counter

import pytest

from consell.game.access import with_state
from consell.game.services import decisions, planning
from consell.projection import read_keys, visibility
from consell.projection.visibility import table_view, view_for
from consell.rules.audience import Viewer
from consell.rules.state import GameState, Phase, Status
from consell.simulator.runner import Runner, default_pack

from .simulated import play_until

pytestmark = pytest.mark.django_db


def _everything_unread_changed(stored: dict, seat: int) -> dict:
    """``stored`` with the other players' hidden holdings and plans, and every kingdom's
    gauges, changed: each other player gets the next player's, and more of each resource."""
    out = copy.deepcopy(stored)
    others = [p for p in out["players"] if p["seat"] != seat]
    rotated = others[1:] + others[:1]
    for player, donor in zip(others, rotated, strict=True):
        original = next(p for p in stored["players"] if p["seat"] == donor["seat"])
        for field in read_keys.UNREAD_OF_OTHERS - {"resources"}:
            player[field] = copy.deepcopy(original[field])
        player["plan"]["handed_in"] = not player["plan"]["handed_in"]
        player["resources"] = {code: amount + 3 for code, amount in player["resources"].items()}
    for kingdom in out["kingdoms"]:
        kingdom["indicators"] = {name: (v + 2) % 6 for name, v in kingdom["indicators"].items()}
    return out


def _own_parts(game, stored: dict) -> dict[int, object]:
    """Each seat's own part of its view, made from ``stored`` as ``game``'s state."""
    kept = game.state
    game.state = stored
    try:
        table = table_view(game, False, "ca")
        return {
            p.seat: visibility._own_made(table, p.seat, "ca", False) for p in table.state.players
        }
    finally:
        game.state = kept


@pytest.mark.parametrize(("players", "seed"), [(5, 1), (9, 3), (16, 1)])
def test_no_own_part_reads_what_its_key_leaves_out(players, seed):
    """At every step of a whole game (every fourth at 16 players), each seat's own part is
    the same whatever the others hide and whatever the gauges read."""
    seen: Counter[str] = Counter()
    every = 4 if players == 16 else 1
    steps = iter(range(10**6))

    def check(game, state: GameState) -> None:
        if state.status is not Status.PLAYING or next(steps) % every:
            return
        game = with_state(game)
        as_it_is = _own_parts(game, game.state)
        for seat, own in as_it_is.items():
            changed = _own_parts(game, _everything_unread_changed(game.state, seat))
            assert changed[seat] == own, (seat, state.turn, str(state.phase))
        seen.update({str(state.phase)} | {p.kind for p in state.pending})

    Runner(players, 3, seed, default_pack(), None, before_step=check).play()
    assert seen[str(Phase.PLANNING)] and seen["vote"] and seen["reaction"], seen


def _planning(players: int, seed: int, turn: int):
    return play_until(players, 10, seed, lambda s: s.turn == turn and s.phase is Phase.PLANNING)


def test_a_kept_own_part_is_the_one_made_now():
    game = _planning(9, 3, 3)
    table = table_view(game, False, "ca")
    for p in table.state.players:
        kept = visibility.own_part(game, Viewer.for_seat(p.seat), "ca", table)
        assert kept == visibility._own_made(table, p.seat, "ca", False)
        assert visibility.own_part(game, Viewer.for_seat(p.seat), "ca", table) == kept


def test_a_correction_makes_no_own_part_again_and_a_tile_makes_its_own_alone(monkeypatch):
    game = _planning(9, 3, 3)
    made = []
    original = visibility._own_chest

    def counted(table, catalog, seat, language):
        made.append(seat)
        return original(table, catalog, seat, language)

    monkeypatch.setattr(visibility, "_own_chest", counted)

    def phones():
        game.refresh_from_db()
        return {
            seat: view_for(game, Viewer.for_seat(seat), "ca")["me"]
            for seat in sorted(p["seat"] for p in game.state["players"])
        }

    before = phones()
    assert len(made) == 9
    kingdom = game.state["kingdoms"][0]
    stability = kingdom["indicators"]["stability"]
    decisions.correct(
        game.pk, "test", indicators={kingdom["id"]: {"stability": (stability + 1) % 6}}
    )
    after = phones()
    assert len(made) == 9  # none made again
    assert after == before

    seat = next(p["seat"] for p in game.state["players"] if not p["plan"]["handed_in"])
    tile = next(a for a in before[seat]["plannable"] if not a["planned"] and not a["fields"])
    planning.add(game.pk, seat, tile["source"], tile["ability"], {})
    again = phones()
    assert made[9:] == [seat]  # its own part alone
    assert again[seat]["plan"] != before[seat]["plan"]


def test_each_seats_key_changes_with_what_its_own_part_reads_and_nothing_else():
    """The keys of one version, made from digests of its parts (``read_keys.ReadKeys``): each
    seat's is the same whatever its own part leaves out, and changes with its own player,
    with another player's name, or with the table; no two seats share one."""
    game = _planning(9, 3, 3)
    stored = game.state
    keys = read_keys.ReadKeys(stored)
    seats = [p["seat"] for p in stored["players"]]
    assert len({keys.of(seat) for seat in seats}) == len(seats)
    for index, seat in enumerate(seats):
        key = keys.of(seat)
        assert read_keys.read_key(stored, seat) == key
        assert read_keys.read_key(_everything_unread_changed(stored, seat), seat) == key
        richer = copy.deepcopy(stored)
        richer["players"][index]["resources"]["MON"] += 1
        assert read_keys.read_key(richer, seat) != key
        assert read_keys.read_key(richer, seats[index - 1]) == keys.of(seats[index - 1])
        renamed = copy.deepcopy(stored)
        renamed["players"][index - 1]["name"] += "!"
        assert read_keys.read_key(renamed, seat) != key
        later = copy.deepcopy(stored)
        later["market"] = {row: list(reversed(cards)) for row, cards in stored["market"].items()}
        later["turn"] += 1
        assert read_keys.read_key(later, seat) != key
