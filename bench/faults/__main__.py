"""Run the fault scenarios alone and print their figures: ``python -m bench.faults``."""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import urllib.parse
from pathlib import Path

from .scenarios import SCENARIOS, TARGET_SECONDS
from .services import ROOT, cluster, nginx_binary
from .table import table_in_planning


def _setup_django() -> None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        sys.exit("bench.faults needs DATABASE_URL=postgres://... (a database it may fill)")
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "consell.settings")
    import psycopg

    name = urllib.parse.urlparse(url).path.lstrip("/")
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            admin.execute(f'CREATE DATABASE "{name}"')
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", choices=sorted(SCENARIOS), action="append")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each scenario")
    parser.add_argument("--redis-port", type=int, default=6392)
    parser.add_argument("--daphne-ports", type=int, nargs=2, default=(8211, 8212))
    parser.add_argument("--proxy-port", type=int, default=8210, help="nginx's port")
    parser.add_argument("--seed", type=int, default=1, help="the first simulated game's seed")
    parser.add_argument("--bound", type=float, default=15.0, help="give up after (seconds)")
    args = parser.parse_args()
    if nginx_binary() is None:
        sys.exit("bench.faults needs nginx (apt-get install nginx-light)")
    _setup_django()
    print(f"target: every open page back to its current version within {TARGET_SECONDS} s")
    print(f"{args.repeat} run(s) of each; seconds as min / median / max; load {_load()}")
    for name in args.only or list(SCENARIOS):
        scenario, players = SCENARIOS[name]
        runs = []
        for run in range(args.repeat):
            table = table_in_planning(players, args.seed + run)
            with cluster(args.redis_port, tuple(args.daphne_ports), args.proxy_port) as cl:
                runs.append(scenario(cl, table, args.bound))
        print(f"\n{runs[0].scenario} ({players} players; {'; '.join(runs[0].notes)})")
        for what in runs[0].seconds:
            values = sorted(r.seconds[what] for r in runs)
            low, mid, high = values[0], statistics.median(values), values[-1]
            print(f"  {what:<58} {low:6.2f} / {mid:6.2f} / {high:6.2f}")


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3]) + f" on {os.cpu_count()} cpus"


if __name__ == "__main__":
    main()
