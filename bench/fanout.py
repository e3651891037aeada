"""B1 and B2 (issue 14): one public change until the last of a table's 18 screens shows it.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/consell_bench \
      .venv/bin/python -m bench.fanout --tables 1             # B1, one table, one daphne
    ... -m bench.fanout --tables 20 --daphnes 2               # B1, 20 tables at once
    ... -m bench.fanout --layers                              # B2: in-memory layer vs Redis
    ... --changes 10 --players 8                              # quicker

A 16-player game is simulated to turn 3's Planning (and copied for more tables). Every
table's 16 phones, its public board and its director's dashboard are open as live.js keeps
them (``bench.live_pages``), spread over the daphnes. The change is the director's: a
correction of a kingdom's Stability (public, so every one of the 18 screens must show it),
posted as the dashboard's form does. Each change is timed from the post until the last of
the table's pages has loaded its parts at its new version. At several tables each table
changes once a second, the tables staggered. Then the floor (``bench.floor``): a raw
websockets server pushes the same bytes a page received per change to the same number of
clients, at the same rate. Every daphne, Redis and the floor's server are stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import time
import uuid
from collections.abc import Callable

from .floor import FloorClient, floor_server, push_and_wait
from .live_pages import LivePage, http
from .report import line, load, machine
from .stack import cpu_seconds, servers, setup_django
from .tables import Table, copy_game, pages_of, simulated_game, table_of

TARGETS = {1: 0.150, 20: 0.500}


def correction(table: Table, kingdom: int, value: int) -> tuple[str, dict]:
    token = secrets.token_hex(16)
    body = {
        "reason": "bench",
        f"ind_{kingdom}_stability": str(value),
        "nonce": uuid.uuid4().hex,
        "csrfmiddlewaretoken": token,
    }
    return f"{table.director_cookie}; csrftoken={token}", body


def versions_of(game_id: int) -> dict[str, int]:
    from django.db import connection

    from consell.game.models import Game

    try:
        return dict(Game.objects.get(pk=game_id).versions)
    finally:
        connection.close()


async def _until_current(pages: list[LivePage], targets: dict, bound: float) -> list[float]:
    deadline = time.monotonic() + bound
    while time.monotonic() < deadline:
        shown = [p.shown_at(targets.get(p.viewer, 0)) for p in pages]
        if all(t is not None for t in shown):
            return shown
        await asyncio.sleep(0.002)
    late = [
        (
            p.viewer,
            p.port,
            f"told {p.version}",
            f"shown {p.shown}",
            f"needs {targets.get(p.viewer)}",
        )
        + (f"failures {p.failures} (last {p.last_status})",)
        for p in pages
        if p.shown_at(targets.get(p.viewer, 0)) is None
    ]
    raise AssertionError(f"pages still behind after {bound} s: {late}")


# Per change, when the correction was answered and when the first page showed it (seconds from
# the post): where the time to the last page goes, before the fan-out or in it.
STAGES: list[tuple[float, float]] = []


async def one_change(table: Table, pages: list[LivePage], port: int, i: int) -> float:
    """Post one public change; seconds until the last page showed it."""
    from consell.game.models import Game

    state = await asyncio.to_thread(lambda: Game.objects.get(pk=table.game_id).state)
    kingdom = state["kingdoms"][0]
    value = 3 if kingdom["indicators"]["stability"] != 3 else 4
    cookies, body = correction(table, kingdom["id"], value)
    start = time.monotonic()
    status, _ = await http(port, "POST", f"/games/{table.game_id}/correct/", cookies, body)
    assert status == 302, f"the correction answered {status}"
    answered = time.monotonic() - start
    targets = await asyncio.to_thread(versions_of, table.game_id)
    shown = await _until_current(pages, targets, 30)
    STAGES.append((answered, min(shown) - start))
    return max(shown) - start


async def run_tables(tables, pages_by_table, ports, changes: int, period: float) -> list[float]:
    """Every table changes ``changes`` times, one every ``period`` seconds, tables staggered."""
    latencies: list[float] = []

    async def table_loop(index: int, table: Table) -> None:
        await asyncio.sleep(index * period / len(tables))
        for i in range(changes):
            began = time.monotonic()
            port = ports[index % len(ports)]
            latencies.append(await one_change(table, pages_by_table[index], port, i))
            await asyncio.sleep(max(0.0, period - (time.monotonic() - began)))

    await asyncio.gather(*(table_loop(i, t) for i, t in enumerate(tables)))
    return latencies


async def open_all(pages: list[LivePage]) -> list[asyncio.Task]:
    tasks = []
    for page in pages:
        tasks.append(asyncio.ensure_future(page.run()))
        await asyncio.sleep(0.005)
    deadline = time.monotonic() + 120
    while any(p.shown == 0 or p.shown < p.version for p in pages):
        if time.monotonic() > deadline:
            raise AssertionError("pages never loaded")
        for task in tasks:
            if task.done() and task.exception():
                raise task.exception()
        await asyncio.sleep(0.05)
    return tasks


async def measure(
    tables: list[Table], pages_by_table, ports, changes: int, period: float, cpu: Callable
):
    """B1 on the running daphnes: the latencies, lost notices, bytes a page got a change, and
    the daphnes' CPU (``cpu()``, user and system) over the changes alone, the pages' first
    loads left out."""
    pages = [p for group in pages_by_table for p in group]
    tasks = await open_all(pages)
    before = {id(p): p.version for p in pages}
    fetched = {id(p): (p.fetches, p.received, p.pushes) for p in pages}
    try:
        began = cpu()
        latencies = await run_tables(tables, pages_by_table, ports, changes, period)
        used = tuple(e - b for b, e in zip(began, cpu(), strict=True))
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    # A version is lost when no notice of it or of a later version reached the page (it was
    # caught up by a ping's pong, or never). Several changes queued for one socket while it
    # renders are answered by one notice of the newest, as the page would want.
    lost = sum(
        max(0, p.version - max((n for n in p.notices if n > before[id(p)]), default=before[id(p)]))
        for p in pages
    )
    fetches = sum(p.fetches - fetched[id(p)][0] for p in pages)
    pushes = sum(p.pushes - fetched[id(p)][2] for p in pages)
    received = sum(p.received - fetched[id(p)][1] for p in pages)
    failures = sum(p.failures for p in pages)
    caught = sum(p.caught for p in pages)
    failures = (
        f"{pushes} notices with their parts; {caught} caught up only by a ping; {failures} failed, "
        f"{sum(p.connects for p in pages) - len(pages)} reconnects"
    )
    return latencies, lost, received / max(fetches + pushes, 1), fetches, failures, used


async def floor(port: int, tables: int, per_table: int, size: int, changes: int, period: float):
    """The same pushes, at the same rate, from a raw websockets server."""
    import websockets

    groups = [[FloorClient(port, f"t{t}") for _ in range(per_table)] for t in range(tables)]
    readies, tasks = [], []
    for group in groups:
        for client in group:
            ready = asyncio.Event()
            readies.append(ready)
            tasks.append(asyncio.ensure_future(client.run(ready)))
    await asyncio.gather(*(r.wait() for r in readies))
    latencies: list[float] = []
    async with websockets.connect(f"ws://127.0.0.1:{port}/control") as control:

        async def loop(t: int) -> None:
            await asyncio.sleep(t * period / tables)
            for _ in range(changes):
                began = time.monotonic()
                latencies.append(await push_and_wait(control, groups[t], f"t{t}", size))
                await asyncio.sleep(max(0.0, period - (time.monotonic() - began)))

        await asyncio.gather(*(loop(t) for t in range(tables)))
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    return latencies


def make_tables(count: int, players: int, seed: int) -> list[Table]:
    game = simulated_game(players, 3, seed)
    return [table_of(game)] + [table_of(copy_game(game)) for _ in range(count - 1)]


def run(args, layer: str) -> list[float]:
    """One B1 run on ``layer`` ("redis" or "memory"); prints its figures."""
    tables = make_tables(args.tables, args.players, args.seed)
    STAGES.clear()
    ports = list(range(args.port, args.port + args.daphnes))
    redis_port = args.port + 20 if layer == "redis" else None
    pages_by_table = [pages_of(t, ports, i) for i, t in enumerate(tables)]
    with servers(ports, redis_port) as daphnes:
        latencies, lost, size, fetches, failures, used = asyncio.run(
            measure(
                tables,
                pages_by_table,
                ports,
                args.changes,
                args.period,
                lambda: cpu_seconds(daphnes),
            )
        )
        user, system = (seconds / len(latencies) for seconds in used)
        cpu = user + system
    per_table = 2 + args.players
    with floor_server(args.port + 30):
        anchor = asyncio.run(
            floor(args.port + 30, args.tables, per_table, int(size) + 60, args.changes, args.period)
        )
    what = f"{args.tables} table(s) x {per_table} screens, {args.daphnes} daphne(s), {layer}"
    print(line(f"B1 {what}", latencies, anchor))
    slow = sum(1 for latency in latencies if latency > 5)
    print(f"   slowest change {max(latencies):.1f} s; {slow} change(s) over 5 s")
    print(line("   floor (raw websockets, same clients and bytes)", anchor))
    print(line("   the correction answered", [answered for answered, _ in STAGES]))
    print(line("   the first page showed it", [first for _, first in STAGES]))
    print(
        f"   lost notices: {lost}; page requests: {fetches} ({failures}); "
        f"{size / 1000:.1f} kB a page a change; load {load()}"
    )
    print(
        f"   daphne CPU per change (all processes): {1000 * cpu:.0f} ms ({1000 * user:.0f} user, "
        f"{1000 * system:.0f} system), so one daphne "
        f"(one core) holds about {1 / cpu:.1f} changes a second"
    )
    target = TARGETS.get(args.tables)
    if target:
        print(f"   target: p95 <= {1000 * target:.0f} ms and within 10x the floor")
    return latencies


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--daphnes", type=int, default=None, help="1 at one table, else 2")
    parser.add_argument("--changes", type=int, default=30, help="changes per table")
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--period", type=float, default=1.0, help="seconds between changes")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--port", type=int, default=8610, help="first daphne; +20 Redis, +30 floor")
    parser.add_argument("--layers", action="store_true", help="B2: in-memory layer, then Redis")
    args = parser.parse_args()
    args.daphnes = args.daphnes or (1 if args.tables == 1 or args.layers else 2)
    setup_django()
    print(f"machine: {machine()}; load {load()}")
    if args.layers:
        args.daphnes = 1  # the in-memory layer lives in one process
        memory = run(args, "memory")
        redis = run(args, "redis")
        print(line("B2 channels-redis against the in-memory layer", redis, memory))
    else:
        run(args, "redis")


if __name__ == "__main__":
    main()
