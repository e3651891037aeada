"""The floor under B1: a raw ``websockets`` server pushing a payload to a group of clients.

No Django, no channel layer, no database: a client joins the group named by its path, a
control client asks ``{"group": g, "size": n}``, and every client of that group is sent ``n``
bytes at once (``websockets.broadcast``). What the app does per change (notices, a request per
page, each page's parts rendered from its viewer's view) cannot be quicker than this on the
same machine, with the same clients, so B1's figures are also given as a multiple of it.

    python -m bench.floor --serve 8640        # the server alone (the benchmark starts it)
"""

from __future__ import annotations

import argparse
import asyncio
import json
import subprocess
import sys
import time
from collections import defaultdict
from contextlib import contextmanager

from bench.faults.services import ROOT, _wait_for_port


async def serve(port: int) -> None:
    import websockets

    groups: dict[str, set] = defaultdict(set)

    async def handler(ws) -> None:
        path = ws.request.path.strip("/")
        if path == "control":
            async for frame in ws:
                ask = json.loads(frame)
                payload = "x" * max(int(ask["size"]), 1)
                websockets.broadcast(groups[str(ask["group"])], payload)
            return
        groups[path].add(ws)
        try:
            await ws.wait_closed()
        finally:
            groups[path].discard(ws)

    async with websockets.serve(handler, "127.0.0.1", port, max_size=None):
        await asyncio.Future()


@contextmanager
def floor_server(port: int):
    """The floor's server in a process of its own, as daphne is; stopped on the way out."""
    proc = subprocess.Popen([sys.executable, "-m", "bench.floor", "--serve", str(port)], cwd=ROOT)
    try:
        _wait_for_port(port, proc, "the floor's websockets server")
        yield
    finally:
        proc.terminate()
        proc.wait(10)


class FloorClient:
    """One client of a group: when it last received a push."""

    def __init__(self, port: int, group: str):
        self.url, self.last = f"ws://127.0.0.1:{port}/{group}", 0.0
        self.count = 0

    async def run(self, ready: asyncio.Event) -> None:
        import websockets

        async with websockets.connect(self.url, max_size=None, max_queue=None) as ws:
            ready.set()
            async for _frame in ws:
                self.last, self.count = time.monotonic(), self.count + 1


async def push_and_wait(control, clients: list[FloorClient], group: str, size: int) -> float:
    """Seconds from the push asked until the last client of the group received it."""
    counts = [c.count for c in clients]
    start = time.monotonic()
    await control.send(json.dumps({"group": group, "size": size}))
    while any(c.count == n for c, n in zip(clients, counts, strict=True)):
        await asyncio.sleep(0.001)
    return max(c.last for c in clients) - start


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--serve", type=int, required=True)
    asyncio.run(serve(parser.parse_args().serve))


if __name__ == "__main__":
    main()
