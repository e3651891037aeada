"""The four faults, each measured: kill -9 of a daphne, a Redis restart, two daphnes,
sixteen simultaneous hand-ins (docs/reliability.md)."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from .pages import Browser, Page, Pages
from .services import Cluster
from .table import Table, check_log, current_versions, hand_in, open_pages, until_current

TARGET_SECONDS = 3.0


@dataclass
class Figures:
    scenario: str
    seconds: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _ready(table: Table, pages: list[Page], bound: float) -> None:
    until_current(table, pages, bound, time.monotonic())
    assert all(p.refused is None for p in pages), [(p.viewer, p.refused) for p in pages]


def kill_daphne(cl: Cluster, table: Table, bound: float) -> Figures:
    """kill -9 of daphne A mid-game: its pages reconnect through nginx to B, where a hand-in
    made meanwhile reaches every page; A restarted, then a change through A."""
    figures = Figures("kill -9 of a daphne")
    pages, phones = open_pages(table, cl)
    a, b = cl.daphnes
    with Pages(pages):
        _ready(table, pages, bound)
        on_a = _spread(pages, cl)[a.port]
        a.kill9()
        killed = time.monotonic()
        phone = Browser(cl.http, _jar(phones[2]))
        hand_in(table, phone, 2)
        assert cl.daphne_at(phone.answered_by[-1]) is b, phone.answered_by
        figures.seconds["kill to every page current (hand-in via B)"] = until_current(
            table, pages, bound, killed
        )
        stayed = [p.viewer for p in on_a if cl.daphne_at(p.sockets[-1]) is not b]
        assert not stayed, f"pages of the killed daphne not moved to the other: {stayed}"
        started = time.monotonic()
        a.start()
        figures.seconds["restart (start to listening)"] = time.monotonic() - started
        tap = time.monotonic()
        phone = Browser(cl.http, _jar(phones[3]), through=a.port)
        hand_in(table, phone, 3)
        assert cl.daphne_at(phone.answered_by[-1]) is a, phone.answered_by
        caught_up = until_current(table, pages, bound, tap)
        figures.seconds["next change through the restarted one, tap to every page"] = caught_up
        figures.notes.append(
            f"{len(pages)} pages, {len(on_a)} moved to the other daphne, "
            f"{sum(p.connects for p in pages)} connects"
        )
        _no_page_went_back(pages)
    check_log(table)
    return figures


def restart_redis(cl: Cluster, table: Table, bound: float) -> Figures:
    """Redis killed mid-game; a hand-in while it is down; Redis restarted."""
    figures = Figures("Redis restart")
    pages, phones = open_pages(table, cl)
    with Pages(pages):
        _ready(table, pages, bound)
        cl.redis.kill()
        down = time.monotonic()
        hand_in(table, phones[1], 1)  # answered as a success although no notice can go out
        figures.seconds["hand-in answered while Redis is down"] = time.monotonic() - down
        cl.redis.start()
        back = time.monotonic()
        figures.seconds["pages current after Redis is back"] = until_current(
            table, pages, bound, back
        )
        tap = time.monotonic()
        hand_in(table, phones[2], 2)
        figures.seconds["next change, tap to every page"] = until_current(table, pages, bound, tap)
        figures.notes.append(f"{len(pages)} pages, {sum(p.connects for p in pages)} connects")
        _no_page_went_back(pages)
    check_log(table)
    return figures


def two_daphnes(cl: Cluster, table: Table, bound: float, changes: int = 4) -> Figures:
    """Pages on both daphnes; hand-ins through either, one after another."""
    figures = Figures("two daphne processes behind one Redis")
    pages, phones = open_pages(table, cl)
    with Pages(pages):
        _ready(table, pages, bound)
        spread = _spread(pages, cl)
        worst = 0.0
        for position in range(1, changes + 1):
            through = cl.daphnes[position % 2]
            tap = time.monotonic()
            phone = Browser(cl.http, _jar(phones[position]), through=through.port)
            hand_in(table, phone, position)
            assert cl.daphne_at(phone.answered_by[-1]) is through, phone.answered_by
            worst = max(worst, until_current(table, pages, bound, tap))
        figures.seconds[f"slowest of {changes} changes, tap to every page"] = worst
        figures.notes.append(f"{len(pages)} pages, {_counts(spread)} per daphne")
        _no_page_went_back(pages)
    check_log(table)
    return figures


def simultaneous_hand_ins(cl: Cluster, table: Table, bound: float) -> Figures:
    """Every player hands in at the same moment, half through each daphne (PostgreSQL)."""
    figures = Figures(f"{len(table.seats)} simultaneous hand-ins")
    pages, phones = open_pages(table, cl)
    barrier = threading.Barrier(len(phones))
    errors: list[BaseException] = []

    def tap(position: int) -> None:
        try:
            barrier.wait(timeout=30)
            hand_in(table, phones[position], position)
        except BaseException as error:  # reported below
            errors.append(error)

    with Pages(pages):
        _ready(table, pages, bound)
        threads = [threading.Thread(target=tap, args=(p,)) for p in phones]
        start = time.monotonic()
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(bound * 4)
        figures.seconds["all hand-ins answered"] = time.monotonic() - start
        assert not errors, errors
        answered = time.monotonic()
        figures.seconds["last answer to every page current"] = until_current(
            table, pages, bound, answered
        )
        final = current_versions(table)
        caught_up = max(p.shown_at(final[p.viewer]) for p in pages)
        figures.seconds["first tap to every page current"] = caught_up - start
        answered = [cl.daphne_at(phone.answered_by[-1]) for phone in phones.values()]
        per_daphne = "/".join(str(answered.count(d)) for d in cl.daphnes)
        # Only reported here: what this scenario holds is the log and the pages above. Under a
        # loaded CI machine one handshake in a run came back without nginx's upstream header.
        placed = [cl.daphne_at(p.sockets[-1] if p.sockets else None) for p in pages]
        unnamed = f", {placed.count(None)} not named by nginx" if None in placed else ""
        figures.notes.append(
            f"{len(pages)} pages, {'/'.join(str(placed.count(d)) for d in cl.daphnes)} per "
            f"daphne{unnamed}; hand-ins answered {per_daphne}"
        )
        _no_page_went_back(pages)
    check_log(table)
    return figures


def _spread(pages: list[Page], cl: Cluster) -> dict[int, list[Page]]:
    """The pages whose socket nginx passed to each daphne; every daphne must hold some."""
    spread: dict[int, list[Page]] = {d.port: [] for d in cl.daphnes}
    for page in pages:
        daphne = cl.daphne_at(page.sockets[-1] if page.sockets else None)
        assert daphne is not None, (page.viewer, page.sockets)
        spread[daphne.port].append(page)
    assert all(spread.values()), f"nginx left a daphne without pages: {_counts(spread)}"
    return spread


def _counts(spread: dict[int, list[Page]]) -> str:
    return "/".join(str(len(held)) for held in spread.values())


def _jar(browser: Browser) -> dict[str, str]:
    return {c.name: c.value for c in browser.jar}


def _no_page_went_back(pages: list[Page]) -> None:
    back = [(p.viewer, p.went_back) for p in pages if p.went_back]
    assert not back, f"notices that were not newer reached pages: {back}"


SCENARIOS: dict[str, tuple[Callable[..., Figures], int]] = {
    "kill": (kill_daphne, 8),
    "redis": (restart_redis, 8),
    "two": (two_daphnes, 8),
    "hand-ins": (simultaneous_hand_ins, 16),
}
