"""The services a fault scenario starts and kills: its own redis-server and daphnes."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DAPHNE = Path(sys.executable).with_name("daphne")
START_SECONDS = 30


def _wait_for_port(port: int, proc: subprocess.Popen, what: str) -> None:
    deadline = time.monotonic() + START_SECONDS
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} exited with {proc.returncode} before listening")
        with socket.socket() as probe:
            probe.settimeout(0.2)
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError(f"{what} did not listen on port {port} within {START_SECONDS} s")


class RedisServer:
    """A redis-server of our own, in the foreground of a child process we can kill."""

    def __init__(self, port: int, folder: Path):
        self.port, self.folder = port, folder
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
            + ["--appendonly", "no", "--dir", str(self.folder)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_for_port(self.port, self.proc, "redis-server")

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()


class Daphne:
    """One daphne process serving the app on its own port."""

    def __init__(self, port: int, env: dict[str, str], log: Path):
        self.port, self.env, self.log = port, env, log
        self.proc: subprocess.Popen | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        with self.log.open("a") as log:
            self.proc = subprocess.Popen(
                [str(DAPHNE), "-b", "127.0.0.1", "-p", str(self.port), "consell.asgi:application"],
                cwd=ROOT,
                env=self.env,
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        _wait_for_port(self.port, self.proc, f"daphne on {self.port}")

    def kill9(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill9()


def _database_url() -> str:
    from django.db import connection

    db = connection.settings_dict
    if connection.vendor != "postgresql":
        raise RuntimeError("the fault scenarios need PostgreSQL (set DATABASE_URL)")
    password = f":{urllib.parse.quote(db['PASSWORD'])}" if db.get("PASSWORD") else ""
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    return f"postgres://{db['USER']}{password}@{host}:{port}/{db['NAME']}"


@dataclass
class Cluster:
    """One Redis and two daphne processes behind it, sharing this process's database."""

    redis: RedisServer
    daphnes: list[Daphne]
    folder: Path


@contextmanager
def cluster(redis_port: int, daphne_ports: tuple[int, int]) -> Iterator[Cluster]:
    from django.conf import settings

    folder = Path(tempfile.mkdtemp(prefix="consell-faults-"))
    redis = RedisServer(redis_port, folder)
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "REDIS_URL": redis.url,
        "SECRET_KEY": settings.SECRET_KEY,
        "DEBUG": "1",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "PYTHONUNBUFFERED": "1",
    }
    daphnes = [Daphne(port, env, folder / f"daphne-{port}.log") for port in daphne_ports]
    failed = True
    try:
        redis.start()
        for daphne in daphnes:
            daphne.start()
        yield Cluster(redis, daphnes, folder)
        failed = False
    finally:
        for daphne in daphnes:
            daphne.stop()
        redis.kill()
        if failed:
            print(f"faults: the daphne logs are kept in {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
