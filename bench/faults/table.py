"""A game for a fault scenario, the pages open on it, and what must hold after a fault."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from .pages import Browser, Page
from .services import Cluster


@dataclass
class Table:
    """A game in Planning, played there by the simulator, and the links to its pages."""

    game_id: int
    seats: dict[int, str]  # position -> seat link token
    board_token: str
    director_session: str
    handed_in: list[int] = field(default_factory=list)


class _InPlanning(Exception):
    """Stops the simulator when its game reaches Planning."""


def table_in_planning(players: int, seed: int) -> Table:
    """A game of ``players`` played by the simulator (default pack) until turn 1's Planning."""
    from django.test import Client

    from consell.rules.state import Phase
    from consell.simulator.runner import simulate

    def stop_at_planning(game, state) -> None:
        if state.phase is Phase.PLANNING:
            raise _InPlanning(game)

    try:
        simulate(players, 10, seed, after_phase=stop_at_planning)
    except _InPlanning as stopped:
        game = stopped.args[0]
    else:
        raise RuntimeError("the simulated game ended without a Planning phase")
    game.refresh_from_db()
    dora = Client()
    dora.force_login(game.director)
    return Table(
        game.pk,
        {s.position: s.token for s in game.seats.all()},
        game.board_token,
        dora.cookies["sessionid"].value,
    )


def open_pages(table: Table, cl: Cluster) -> tuple[list[Page], dict[int, Browser]]:
    """Each phone opens its link, then its page's socket; the board and the dashboard too, all
    through nginx, which spreads them over the daphnes. Returns the pages and each seat's
    browser."""
    pages, phones = [], {}
    for position, token in sorted(table.seats.items()):
        phone = Browser(cl.http)
        status, _ = phone.get(f"/s/{token}/")
        assert status == 200, f"seat {position}'s link answered {status}"
        phones[position] = phone
        # One request for all the page's live parts, as live.js asks after a notice.
        parts = "&".join(f"fragment={name}" for name in ("decisions", "plan", "chest", "board"))
        fragments = [f"/play/{table.game_id}/?{parts}"]
        pages.append(_page(f"seat:{position}", cl, f"/ws/play/{table.game_id}/", fragments, phone))
    board = f"/board/{table.board_token}/"
    pages.append(_page("public", cl, f"/ws{board}", [f"{board}?fragment=board"], None))
    dora = Browser(cl.http, {"sessionid": table.director_session})
    dashboard = f"/games/{table.game_id}/"
    pages.append(
        _page("director", cl, f"/ws{dashboard}director/", [f"{dashboard}?fragment=live"], dora)
    )
    return pages, phones


def _page(
    viewer: str, cl: Cluster, ws_path: str, fragments: list[str], browser: Browser | None
) -> Page:
    cookies = "; ".join(f"{c.name}={c.value}" for c in browser.jar) if browser else ""
    return Page(
        viewer,
        f"ws://127.0.0.1:{cl.proxy.port}{ws_path}",
        cl.http,
        [cl.http + f for f in fragments],
        cookies,
    )


def hand_in(table: Table, phone: Browser, position: int) -> None:
    """The phone taps "hand in" (rules §3.2) and is told it worked."""
    status, body = phone.post(
        f"/play/{table.game_id}/plan/hand-in/", {"nonce": f"hand-in-{position}"}
    )
    assert status == 200 and "Your chest is handed in." in body, (status, body[-2000:])
    table.handed_in.append(position)


def current_versions(table: Table) -> dict[str, int]:
    from consell.game.models import Game

    return dict(Game.objects.get(pk=table.game_id).versions or {})


def behind(table: Table, pages: list[Page]) -> list[str]:
    """The pages that do not show their viewer's current version yet."""
    versions = current_versions(table)
    return [p.viewer for p in pages if p.shown < versions.get(p.viewer, 0)]


def until_current(table: Table, pages: list[Page], bound: float, since: float) -> float:
    """Seconds from ``since`` until every page shows its current version (fails after bound)."""
    while True:
        late = behind(table, pages)
        if not late:
            return time.monotonic() - since
        if time.monotonic() - since > bound:
            raise AssertionError(f"pages still behind after {bound} s: {late}")
        time.sleep(0.02)


def check_log(table: Table) -> None:
    """No gap in the log, and each hand-in in it exactly once, in distinct ranks (§3.2)."""
    from consell.game.models import Event

    events = Event.objects.filter(game_id=table.game_id).order_by("seq")
    seqs = list(events.values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1)), "the event log has a gap or a duplicate"
    handed = [e.payload["seat"] for e in events.filter(kind="plan_handed_in")]
    assert sorted(handed) == sorted(table.handed_in), (handed, table.handed_in)
    ranks = [e.payload["rank"] for e in events.filter(kind="plan_handed_in")]
    assert sorted(ranks) == list(range(len(ranks))), ranks
