"""A chest is kept from one version to the next while nothing it reads changed.

``visibility._chest_kept`` keys each seat's chest by the planner's key of its seat
(``planner.read_key``): the state less the other players' hidden holdings and plans and the
kingdoms' gauges. A chest reads its own player whole and, of the rest, only names, kings,
offices and cards. These games, played by the engine to Planning and to Secrets (chests with
plans written and handed in), hold ``_chest`` to that, seat by seat. Through the services: a
Stability correction keeps every chest, on the phones and on the dashboard alike, and a tile
added changes its player's chest alone.
"""

from __future__ import annotations

import pytest

from consell.content.catalog import load_catalog
from consell.game import visibility
from consell.game.models import Game
from consell.game.services import decisions, planning
from consell.game.views.common import viewer_view
from consell.game.visibility import Viewer
from consell.game.words import content_language as language
from consell.rules.state import GameState, Phase

from .simulated import play_until
from .test_planner_kept import _everything_unread_changed

pytestmark = pytest.mark.django_db

PLANNER_ADDS = {"plannable", "offers", "may_trade"}


@pytest.mark.parametrize(
    ("players", "seed", "turn", "phase"),
    [(5, 1, 2, Phase.PLANNING), (9, 3, 3, Phase.PLANNING), (16, 1, 2, Phase.SECRETS)],
)
def test_no_chest_reads_what_its_key_leaves_out(players, seed, turn, phase):
    game = play_until(players, 10, seed, lambda s: s.turn == turn and s.phase is phase)
    catalog = load_catalog(game.pack)
    state = GameState.from_dict(game.state)
    for p in state.players:
        changed = GameState.from_dict(_everything_unread_changed(game.state, p.seat))
        mine = visibility._chest(state, catalog, p.seat, "ca")
        assert mine["resources"], p.seat
        assert visibility._chest(changed, catalog, p.seat, "ca") == mine, p.seat


def _views(game_id: int, seats: list[int]) -> tuple[dict[int, dict], list[dict]]:
    """Each phone's chest and the dashboard's chests, as the pages' views hold them now."""
    game = Game.objects.select_related("pack").get(pk=game_id)
    phones = {seat: viewer_view(game, Viewer.for_seat(seat))["me"] for seat in seats}
    return phones, viewer_view(game, Viewer.director())["chests"]


def test_a_correction_keeps_every_chest_and_a_tile_changes_its_own_alone():
    game = play_until(9, 10, 3, lambda s: s.turn == 3 and s.phase is Phase.PLANNING)
    catalog = load_catalog(game.pack)
    seats = [p["seat"] for p in game.state["players"]]
    phones, dashboard = _views(game.pk, seats)
    for chest in dashboard:  # a kept chest is the chest built now, on both sides
        state = GameState.from_dict(game.state)
        built = visibility._chest(state, catalog, chest["seat"], language())
        assert chest == built
        mine = phones[chest["seat"]]
        assert {k: v for k, v in mine.items() if k not in PLANNER_ADDS} == built

    kingdom = game.state["kingdoms"][0]
    stability = kingdom["indicators"]["stability"]
    decisions.correct(
        game.pk, "test", indicators={kingdom["id"]: {"stability": (stability + 1) % 6}}
    )
    after, dashboard_after = _views(game.pk, seats)
    assert all(a is b for a, b in zip(dashboard_after, dashboard, strict=True))
    for seat in seats:  # the phone's copy holds the very same holdings
        assert after[seat] is not phones[seat]
        assert after[seat]["resources"] is phones[seat]["resources"]

    seat = next(p["seat"] for p in game.state["players"] if not p["plan"]["handed_in"])
    tile = next(a for a in phones[seat]["plannable"] if not a["planned"] and not a["fields"])
    planning.add(game.pk, seat, tile["source"], tile["ability"], {})
    again, dashboard_again = _views(game.pk, seats)
    changed = [c["seat"] for c, b in zip(dashboard_again, dashboard, strict=True) if c is not b]
    assert changed == [seat]
    assert again[seat]["plan"] != phones[seat]["plan"]
    assert all(again[s]["plan"] is phones[s]["plan"] for s in seats if s != seat)
