"""B3 (issue 14): 16 phones tap "hand in" at the same moment, against a trivial view.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/consell_bench \
      .venv/bin/python -m bench.hand_ins                      # 5 rounds of 16
    ... -m bench.hand_ins --rounds 2 --players 8              # quicker
    ... -m bench.hand_ins --unanswered                        # answered by a redirect

A 16-player game is simulated to turn 1's Planning, and each round hands in on a fresh copy
of it. In a round, the 16 phones post "hand in" at once (each its own connection, as 16
phones are), and each answer is timed from that moment; then 16 requests to ``/healthz``
(Django's request path and nothing else) are sent the same way, as the anchor. A first
round, on a copy of its own, is played and not counted: a new daphne's first requests
import and compile what every later one reuses (about 300 ms for the first hand-ins), which
a game night pays once, when the server starts, not when the table hands in. After every
round the log must hold each hand-in exactly once, ranked 0..15 (rules §3.2), so nothing
was lost or counted twice. One daphne behind its own Redis, stopped at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import time
import uuid

from .live_pages import http
from .report import line, load, machine, quantiles
from .stack import cpu_seconds, servers, setup_django
from .tables import Table, copy_game, seat_cookie, simulated_game, table_of

TARGET_RATIO = 3.0


async def together(requests) -> list[float]:
    """Start every request at the same moment; each one's seconds until its answer."""
    start = asyncio.Event()

    async def timed(request) -> float:
        await start.wait()
        began = time.monotonic()
        status, _ = await request()
        assert status in (200, 302), f"answered {status}"
        return time.monotonic() - began

    tasks = [asyncio.ensure_future(timed(r)) for r in requests]
    await asyncio.sleep(0.05)
    start.set()
    return list(await asyncio.gather(*tasks))


def hand_in_requests(table: Table, port: int, cookies: dict[int, str], htmx: bool = True):
    def post(position: int):
        token = secrets.token_hex(16)
        body = {"nonce": uuid.uuid4().hex, "csrfmiddlewaretoken": token}
        cookie = f"{cookies[position]}; csrftoken={token}"
        path = f"/play/{table.game_id}/plan/hand-in/"
        return lambda: http(port, "POST", path, cookie, body, htmx=htmx)

    return [post(position) for position in sorted(table.seats)]


def check_log(table: Table) -> tuple[int, int]:
    """Hand-ins lost and counted twice in the table's log (both must be 0)."""
    from consell.game.models import Event

    events = Event.objects.filter(game_id=table.game_id, kind="plan_handed_in")
    seats = [e.payload["seat"] for e in events]
    ranks = sorted(e.payload["rank"] for e in events)
    assert ranks == list(range(len(ranks))), f"hand-in ranks {ranks}"
    return len(set(table.seats) - set(seats)), len(seats) - len(set(seats))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--unanswered",
        action="store_true",
        help="post as a browser without JavaScript (answered by a redirect, no planner): "
        "what the hand-in costs without its answer",
    )
    parser.add_argument("--port", type=int, default=8615, help="daphne; +20 for Redis")
    args = parser.parse_args()
    setup_django()
    print(f"machine: {machine()}; load {load()}")
    game = simulated_game(args.players, 1, args.seed)
    tables = [table_of(copy_game(game)) for _ in range(args.rounds + 1)]
    cookies = [{p: seat_cookie(t, p) for p in t.seats} for t in tables]
    hand_ins, trivial, lost, twice = [], [], 0, 0
    cpu = {"hand-in": 0.0, "/healthz": 0.0}  # the daphne's CPU seconds, counted rounds
    healthz = [lambda: http(args.port, "GET", "/healthz")] * args.players
    with servers([args.port], args.port + 20) as daphnes:
        for n, (table, jar) in enumerate(zip(tables, cookies, strict=True)):
            posts = hand_in_requests(table, args.port, jar, htmx=not args.unanswered)
            began = sum(cpu_seconds(daphnes))
            answers = asyncio.run(together(posts))
            between = sum(cpu_seconds(daphnes))
            lost_now, twice_now = check_log(table)
            lost, twice = lost + lost_now, twice + twice_now
            checked = sum(cpu_seconds(daphnes))
            anchor = asyncio.run(together(healthz))
            ended = sum(cpu_seconds(daphnes))
            if n:  # the first round warms the daphne up (above)
                hand_ins, trivial = hand_ins + answers, trivial + anchor
                cpu["hand-in"] += between - began
                cpu["/healthz"] += ended - checked
    print(line(f"B3 {args.players} simultaneous hand-ins", hand_ins, trivial))
    print(line("   trivial view (/healthz), same 16-way load", trivial))
    each = {what: 1000 * seconds / max(len(hand_ins), 1) for what, seconds in cpu.items()}
    print(
        f"   daphne CPU per request: {each['hand-in']:.1f} ms a hand-in, "
        f"{each['/healthz']:.1f} ms a /healthz"
    )
    print(f"   lost: {lost}, counted twice: {twice}; load {load()}")
    ratio = quantiles(hand_ins)[1] / quantiles(trivial)[1]
    print(f"   target: p95 <= {TARGET_RATIO:.0f}x the trivial view's (now {ratio:.1f}x)")


if __name__ == "__main__":
    main()
