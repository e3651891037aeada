"""Charts over turns (issue 6.3): "Each player's Prestige and resources, each kingdom's four
indicators, readable on a phone (server-rendered SVG ...)". Numbers come from the snapshot the
turn runner records at each End of turn (rules §3.8).
"""

from __future__ import annotations

import re

import pytest

from consell.audit.charts import build_charts
from consell.content.catalog import load_catalog
from consell.content.loader import load_pack
from consell.content.schema import validate_pack
from consell.game.models import Event, Game, Seat
from consell.game.services.store import change
from consell.rules.event_kinds import Kind
from consell.rules.events import DIRECTOR
from consell.rules.resources import INDICATORS, RESOURCES, Indicator, Resource
from consell.rules.snapshots import snapshot_event
from consell.rules.state import GameState, Kingdom, Player, Status
from consell.wording.describe import Names, describe
from tests.game.conftest import seat_client, unique_pack

pytestmark = pytest.mark.django_db

NAMES = ["Alice", "Bob", "Carles", "Dídac", "Elena", "Ferran", "Gemma", "Hug", "Irene", "Joan",
         "Laia", "Marc", "Núria", "Oriol", "Pau", "Queralt"]  # fmt: skip


def _table(n: int) -> GameState:
    players = [Player(seat=i, name=NAMES[i - 1], kingdom=i % 2) for i in range(1, n + 1)]
    kingdoms = [Kingdom(0, "Aragó", king=2), Kingdom(1, "Castella", king=1)]
    return GameState(players=players, kingdoms=kingdoms, status=Status.PLAYING)


@pytest.fixture
def pack_fixture(db):
    """The game tests' pack (as ``tests.game.conftest.pack``), for tables built by snapshots."""
    files = unique_pack()
    meta = files.pop("pack.yaml")
    loaded, _ = load_pack(validate_pack(meta, files))
    return loaded


def _finished_game(director, pack, n: int) -> Game:
    """A game of ``n`` players with ten End-of-turn snapshots, then the end."""
    game = Game.objects.create(director=director, name=f"Taula de {n}", pack=pack)
    Seat.objects.bulk_create(
        Seat(game=game, position=i, name=NAMES[i - 1]) for i in range(1, n + 1)
    )
    state = _table(n)
    for turn in range(1, 11):
        state.turn = turn
        for p in state.players:
            p.resources[Resource.PRE] = turn + p.seat
            p.resources[Resource.POW] = (turn * p.seat) % 7
        state.kingdoms[0].indicators[Indicator.ARMY] = 1 + turn % 5
        with change(game.pk) as ch:
            ch.record(state.clone(), [snapshot_event(state)])
    state.status = Status.FINISHED
    with change(game.pk) as ch:
        ch.record(state.clone(), [snapshot_event(state)])
    game.refresh_from_db()
    return game


def test_the_snapshot_is_the_directors_until_the_end():
    event = snapshot_event(_table(3))
    assert (event.kind, event.audience, event.reveal_at_end) == (Kind.TURN_SNAPSHOT, DIRECTOR, True)
    alice = event.data["players"][0]
    assert alice["name"] == "Alice" and set(alice["resources"]) == {str(r) for r in RESOURCES}
    assert set(event.data["kingdoms"][0]["indicators"]) == {str(i) for i in INDICATORS}


def test_one_chart_per_resource_and_per_kingdom():
    state = _table(3)
    snaps = []
    for turn in (1, 2, 3):
        state.turn = turn
        state.players[0].resources[Resource.PRE] = turn * 2
        snaps.append(snapshot_event(state).data)
    charts = build_charts(snaps)
    assert [c.subject for c in charts] == [str(r) for r in RESOURCES] + ["kingdom", "kingdom"]
    prestige = charts[0]
    assert prestige.turns == (1, 2, 3)
    assert [p.value for p in prestige.series[0].points] == [2, 4, 6]
    ys = [p.y for p in prestige.series[0].points]
    assert ys[0] > ys[1] > ys[2]
    assert prestige.rows()[0] == ("Alice", [2, 4, 6])


def test_the_game_end_replaces_the_last_turns_snapshot():
    state = _table(3)
    state.turn = 10
    before = snapshot_event(state).data
    state.players[0].resources[Resource.PRE] = 9
    after = snapshot_event(state).data
    (prestige, *_) = build_charts([before, after])
    assert [p.value for p in prestige.series[0].points] == [9]


def test_a_kingdom_founded_late_starts_its_line_late():
    state = _table(3)
    state.turn = 1
    first = snapshot_event(state).data
    state.turn = 2
    state.kingdoms.append(Kingdom(2, "Navarra", king=3))
    second = snapshot_event(state).data
    navarra = build_charts([first, second])[-1]
    assert navarra.name == "Navarra"
    assert all(p.turn == 2 for s in navarra.series for p in s.points)


@pytest.mark.parametrize("players", [3, 16])
def test_the_charts_render_on_a_seats_phone(director, pack_fixture, players):
    game = _finished_game(director, pack_fixture, players)
    page = seat_client(game, players).get(f"/audit/{game.pk}/charts/").content.decode()
    assert page.count('class="card audit-chart"') == len(RESOURCES) + 2
    assert page.count('class="audit-series"') == len(RESOURCES) * players + 2 * len(INDICATORS)
    assert 'viewBox="0 0 360 200"' in page
    assert NAMES[players - 1] in page and "Castella" in page


def test_sixteen_lines_are_told_apart():
    charts = build_charts([snapshot_event(_table(16)).data])
    styles = {(s.color, s.dash) for s in charts[0].series}
    assert len(styles) == 16


@pytest.mark.catalan
def test_the_charts_draw_in_catalan_where_numbers_take_a_decimal_comma(finished):
    """The browser check found "y1="176,0"" on a Catalan screen: SVG coordinates must not be
    localised, or every line and point of the charts collapses."""
    from tests.audit.conftest import director_client

    for page in ("charts/", "report/"):
        body = director_client(finished).get(f"/audit/{finished.pk}/{page}").content.decode()
        assert 'class="audit-series"' in body
        assert not re.search(r'\b(?:x1|x2|y1|y2|cx|cy|x|y)="-?\d+,\d', body), page
        assert re.search(r'\bcy="\d+(?:\.\d+)?"', body), page


def test_a_visible_assets_buyer_is_named_in_the_log(finished):
    """§4.9: "Only visible assets end up visibly owned": the table's log names their buyer (the
    engine's asset_acquired event carries the buyer as ``owner``)."""
    acquired = Event.objects.filter(game=finished, kind="asset_acquired").first()
    assert acquired is not None, "the simulated game bought no visible asset"
    buyer = finished.seats.get(position=acquired.payload["owner"]).name
    names = Names(finished.state, load_catalog(finished.pack), "en")
    line = describe(acquired.kind, {"seat": acquired.actor, **acquired.payload}, names)
    assert line.startswith(f"{buyer} acquires ")
