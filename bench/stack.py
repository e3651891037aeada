"""What the live benchmarks start, and stop again: a database, redis-server, daphne processes.

Each benchmark run migrates the database it is given, collects the static files into a
temporary folder (the daphnes run with DEBUG off, as a game night does), starts its own
redis-server and daphne processes on the ports it is told, and stops every one of them on
the way out, failure or not (``bench.faults.services`` does the starting and stopping).
"""

from __future__ import annotations

import os
import shutil
import signal
import sys
import tempfile
import urllib.parse
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

from bench.faults.services import ROOT, Daphne, RedisServer, _database_url

DEFAULT_DATABASE = "postgres://postgres@127.0.0.1:5432/consell_bench"


def _exit_on_terminate(signum, frame) -> None:
    raise SystemExit(128 + signum)


def setup_django(database: str | None = None) -> Path:
    """Django on ``database`` (a PostgreSQL URL, or "sqlite" for a fresh file), migrated, with
    the static files collected; returns the folder they were collected into.

    A benchmark stopped with ``kill`` (SIGTERM) exits as from an error, so the servers it
    started are stopped on the way out: left running, they kept its ports, and the next run
    measured a daphne that was not its own."""
    signal.signal(signal.SIGTERM, _exit_on_terminate)
    database = database or os.environ.get("DATABASE_URL") or DEFAULT_DATABASE
    folder = Path(tempfile.mkdtemp(prefix="consell-bench-"))
    if database == "sqlite":
        os.environ.pop("DATABASE_URL", None)
        os.environ["SQLITE_PATH"] = str(folder / "bench.sqlite3")
    else:
        os.environ["DATABASE_URL"] = database
        _create_database(database)
    os.environ["STATIC_ROOT"] = str(folder / "static")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "consell.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", verbosity=0, interactive=False)
    return folder


def _create_database(url: str) -> None:
    import psycopg

    name = urllib.parse.urlparse(url).path.lstrip("/")
    with psycopg.connect(url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as admin:
        if not admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            admin.execute(f'CREATE DATABASE "{name}"')


@contextmanager
def servers(daphne_ports: list[int], redis_port: int | None) -> Iterator[list[Daphne]]:
    """Daphne processes on ``daphne_ports`` sharing this process's database, behind a Redis of
    their own on ``redis_port`` (None: the in-memory layer, so only one daphne makes sense)."""
    from django.conf import settings

    folder = Path(tempfile.mkdtemp(prefix="consell-bench-run-"))
    env = {
        **os.environ,
        "SECRET_KEY": settings.SECRET_KEY,
        "DEBUG": "0",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("REDIS_URL", None)
    if settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
        env["DATABASE_URL"] = _database_url()
    with ExitStack() as stack:
        stack.callback(shutil.rmtree, folder, ignore_errors=True)
        if redis_port is not None:
            redis = RedisServer(redis_port, folder)
            stack.callback(redis.kill)
            redis.start()
            env["REDIS_URL"] = redis.url
        daphnes = [Daphne(port, env, folder / f"daphne-{port}.log") for port in daphne_ports]
        for daphne in daphnes:
            stack.callback(daphne.stop)
            daphne.start()
        yield daphnes


def cpu_seconds(daphnes) -> tuple[float, float]:
    """CPU time the daphne processes have used (user, system), from /proc: unlike wall time
    it hardly depends on what else the machine is running."""
    user = system = 0
    for daphne in daphnes:
        fields = Path(f"/proc/{daphne.proc.pid}/stat").read_text().rsplit(")", 1)[1].split()
        user += int(fields[11])
        system += int(fields[12])
    return user / os.sysconf("SC_CLK_TCK"), system / os.sysconf("SC_CLK_TCK")
