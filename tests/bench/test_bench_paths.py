"""The benchmarks' own code runs (issue 14); their timings live in bench/, never here."""

from __future__ import annotations

import asyncio
import importlib.util
import socket
from pathlib import Path

import pytest

from bench.floor import FloorClient, floor_server, push_and_wait
from bench.report import quantiles

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.django_db(transaction=True)
def test_b4_counts_every_change_in_the_store_and_leaves_a_positive_floor(monkeypatch):
    spec = importlib.util.spec_from_file_location("simulate_game", ROOT / "bench/simulate_game.py")
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    from consell.game.services import store
    from consell.simulator import simulate

    for name in ("decisions", "games", "planning", "repair", "seats", "store", "turn"):
        module = importlib.import_module(f"consell.game.services.{name}")
        for opener in ("change", "dealt"):  # undone after the test
            if hasattr(module, opener):
                monkeypatch.setattr(module, opener, getattr(store, opener))
    from consell.game.services import planning, together

    monkeypatch.setattr(together, "_apply_batch", together._apply_batch)
    monkeypatch.setattr(planning, "handing_in", planning.handing_in)
    spent = bench.time_the_store()
    played = simulate(3, 1, 1)
    assert spent[1] > 0 and 0 < spent[0] < played.elapsed


def test_the_floor_pushes_to_every_client_of_a_group():
    import websockets

    port = _free_port()

    async def run() -> tuple[list[FloorClient], float]:
        clients = [FloorClient(port, "t0") for _ in range(3)]
        readies = [asyncio.Event() for _ in clients]
        tasks = [asyncio.ensure_future(c.run(r)) for c, r in zip(clients, readies, strict=True)]
        await asyncio.gather(*(r.wait() for r in readies))
        async with websockets.connect(f"ws://127.0.0.1:{port}/control") as control:
            seconds = await asyncio.wait_for(push_and_wait(control, clients, "t0", 1000), 10)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        return clients, seconds

    with floor_server(port):
        clients, seconds = asyncio.run(run())
    assert [c.count for c in clients] == [1, 1, 1] and seconds >= 0


def test_p95_is_the_nearest_rank():
    assert quantiles([float(n) for n in range(1, 21)]) == (10.5, 19.0)


@pytest.mark.django_db(transaction=True)
def test_the_renderings_bench_renders_every_page_of_a_table_at_each_change():
    from bench.renderings import measure
    from bench.tables import simulated_game, table_of
    from consell.game.models import Game

    table = table_of(simulated_game(3, 3, 1))
    before = Game.objects.get(pk=table.game_id).versions["public"]
    totals, each = measure(table, 2)
    assert len(totals) == 2 and sorted(each) == ["board", "dashboard", "phone"]
    assert len(each["phone"]) == 2 * 3  # each change, each of the three phones
    # Three public changes (one before the timed two, as the pages load) each seen by the board.
    assert Game.objects.get(pk=table.game_id).versions["public"] == before + 3
