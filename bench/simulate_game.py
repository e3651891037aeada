"""B4 (issue 14): one simulated game, 16 players, 10 turns, on the configured database.

    .venv/bin/python bench/simulate_game.py                      # SQLite, a fresh file in /tmp
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/test .venv/bin/python bench/simulate_game.py
    .venv/bin/python bench/simulate_game.py --profile            # and where the time goes
    .venv/bin/python bench/simulate_game.py --players 3 --turns 1   # a quick look

The floor is measured in the same run: every change's time in the store (locking the row,
reading and parsing the state, writing events, dice and state, the commit, the notices) is
added up, and the game less that time is the same game without the database: the rules, the
bots and the runner alone. It is printed with the ratio of the whole game to it.

The database is migrated first; the game is played through the same services the views use
(``consell.simulator``), commits and websocket notices included. The figures and the
machine they came from are printed for docs/performance.md.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import platform
import pstats
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def machine() -> dict[str, str]:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in Path("/proc/cpuinfo").read_text().splitlines()
            if line.startswith("model name")
        ),
        platform.processor() or "unknown",
    )
    import django

    return {
        "cpus (nproc)": str(os.cpu_count()),
        "cpu": cpu,
        "python": platform.python_version(),
        "django": django.get_version(),
    }


def time_the_store() -> list:
    """Add up each change's time outside its body (``store.change`` and ``store.dealt``, as
    every service module imported them, and ``together``'s batches less their hand-ins'
    rules): [seconds, changes]."""
    from contextlib import contextmanager

    from consell.game.services import (
        decisions,
        games,
        planning,
        repair,
        seats,
        store,
        together,
        turn,
    )

    spent = [0.0, 0]

    def timed(original):
        @contextmanager
        def timed_change(*args, **kwargs):
            began = time.perf_counter()
            with original(*args, **kwargs) as ch:
                body = time.perf_counter()
                spent[0] -= body - began
                try:
                    yield ch
                finally:
                    spent[0] -= time.perf_counter() - body
            spent[0] += time.perf_counter() - began
            spent[1] += 1

        return timed_change

    wrapped = {name: timed(getattr(store, name)) for name in ("change", "dealt")}
    for module in (decisions, games, planning, repair, seats, store, turn):
        for name, replacement in wrapped.items():
            if hasattr(module, name):
                setattr(module, name, replacement)

    apply_batch, handing_in = together._apply_batch, planning.handing_in

    def timed_batch(game_id, batch):
        began = time.perf_counter()
        apply_batch(game_id, batch)
        spent[0] += time.perf_counter() - began
        spent[1] += 1

    def timed_handing_in(seat, secret=None):
        step = handing_in(seat, secret)

        def timed_step(ch):
            began = time.perf_counter()
            try:
                step(ch)
            finally:
                spent[0] -= time.perf_counter() - began

        return timed_step

    together._apply_batch, planning.handing_in = timed_batch, timed_handing_in
    return spent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="print the 25 costliest calls")
    args = parser.parse_args()

    sys.path.insert(0, str(ROOT))
    if not os.environ.get("DATABASE_URL") and not os.environ.get("SQLITE_PATH"):
        os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "bench.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "consell.settings")
    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from consell.simulator import as_text, simulate, summarize

    call_command("migrate", verbosity=0)
    store_seconds = time_the_store()
    profiler = cProfile.Profile() if args.profile else None
    if profiler:
        profiler.enable()
    played = simulate(args.players, args.turns, args.seed)
    if profiler:
        profiler.disable()
    played.game.refresh_from_db()
    summary = summarize(played.game, played.elapsed)

    print(f"database: {connection.vendor} {connection.settings_dict['NAME']}")
    for key, value in machine().items():
        print(f"{key}: {value}")
    print(f"game: {args.players} players, {args.turns} turns, seed {args.seed}")
    print(f"elapsed: {played.elapsed:.2f} s")
    print(f"runner steps: {played.calls}, log entries: {played.game.seq}")
    print(f"ms per log entry: {1000 * played.elapsed / played.game.seq:.2f}")
    floor = played.elapsed - store_seconds[0]
    print(
        f"floor (the game less its {store_seconds[1]} changes' time in the store): {floor:.2f} s;"
        f" the game is {played.elapsed / floor:.1f}x its floor; target <= 10 s on SQLite"
    )
    print(f"load: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    print(as_text(summary))
    if profiler:
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).sort_stats("cumulative").print_stats("consell", 25)
        print(out.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
