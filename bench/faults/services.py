"""The services a fault scenario starts and kills: its own redis-server, two daphnes and the
nginx in front of them, through which every phone and page connects."""

from __future__ import annotations

import os
import pwd
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
# The response header the suite's nginx names the daphne that answered with, and the request
# header a scenario sends to go through one chosen daphne (still through nginx).
UPSTREAM_HEADER = "X-Consell-Upstream"
THROUGH_HEADER = "X-Consell-Daphne"


def nginx_binary() -> str | None:
    """Debian installs nginx in /usr/sbin, which is not on every user's PATH."""
    return shutil.which("nginx") or shutil.which("nginx", path="/usr/sbin:/usr/local/sbin")


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
                [str(DAPHNE), "--proxy-headers", "-b", "127.0.0.1", "-p", str(self.port)]
                + ["consell.asgi:application"],
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


NGINX_CONF = """\
daemon off;
{user}worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/logs/error.log warn;
events {{ worker_connections 1024; }}
http {{
    log_format upstream '$remote_addr "$request" $status $upstream_addr $request_time';
    access_log {prefix}/logs/access.log upstream;
    client_body_temp_path {prefix}/temp/client_body;
    proxy_temp_path {prefix}/temp/proxy;
    fastcgi_temp_path {prefix}/temp/fastcgi;
    uwsgi_temp_path {prefix}/temp/uwsgi;
    scgi_temp_path {prefix}/temp/scgi;

    # As docker/nginx.conf: both daphnes, websockets spread by their open connections; a
    # daphne that refuses a connection is skipped for a second, the request tried on the other.
    upstream consell {{
        least_conn;
{servers}
    }}
{pinned}
    map $http_{through} $consell_upstream {{
        default consell;
{routes}
    }}

    server {{
        listen 127.0.0.1:{port};
        proxy_http_version 1.1;
        add_header {upstream} $upstream_addr always;

        location /ws/ {{
            proxy_pass http://$consell_upstream;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection "upgrade";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_read_timeout 300s;
        }}

        location / {{
            proxy_pass http://$consell_upstream;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        }}
    }}
}}
"""


class Nginx:
    """Debian's nginx in front of the daphnes, on its own port, with a config, pid file, logs
    and temporary files of its own under ``folder`` (``nginx -p folder -c nginx.conf``)."""

    def __init__(self, port: int, daphne_ports: list[int], folder: Path):
        self.port, self.daphne_ports, self.folder = port, daphne_ports, folder
        self.proc: subprocess.Popen | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def config(self) -> str:
        servers = [f"server 127.0.0.1:{p} max_fails=1 fail_timeout=1s;" for p in self.daphne_ports]
        pinned = [f"upstream daphne_{p} {{ server 127.0.0.1:{p}; }}" for p in self.daphne_ports]
        routes = [f"{p} daphne_{p};" for p in self.daphne_ports]
        # Started as root, nginx would run its worker as nobody, which may not enter our folder.
        user = f"user {pwd.getpwuid(os.geteuid()).pw_name};\n" if os.geteuid() == 0 else ""
        return NGINX_CONF.format(
            user=user,
            prefix=self.folder,
            servers="\n".join(" " * 8 + line for line in servers),
            pinned="".join(f"    {line}\n" for line in pinned),
            through=THROUGH_HEADER.lower().replace("-", "_"),
            routes="\n".join(" " * 8 + line for line in routes),
            port=self.port,
            upstream=UPSTREAM_HEADER,
        )

    def start(self) -> None:
        binary = nginx_binary()
        if binary is None:
            raise RuntimeError("the fault suite needs nginx (apt-get install nginx-light)")
        for sub in ("logs", "temp"):
            (self.folder / sub).mkdir(parents=True, exist_ok=True)
        conf = self.folder / "nginx.conf"
        conf.write_text(self.config())
        error_log = str(self.folder / "logs" / "error.log")
        with (self.folder / "logs" / "stderr.log").open("a") as log:
            self.proc = subprocess.Popen(
                [binary, "-p", str(self.folder), "-c", str(conf), "-e", error_log],
                stdout=log,
                stderr=subprocess.STDOUT,
            )
        _wait_for_port(self.port, self.proc, f"nginx on {self.port}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()  # fast shutdown: closes the open websockets
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()


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
    """One Redis, two daphne processes sharing it and this process's database, and the nginx
    every phone and page goes through."""

    redis: RedisServer
    daphnes: list[Daphne]
    proxy: Nginx
    folder: Path

    @property
    def http(self) -> str:
        return self.proxy.http

    def daphne_at(self, upstream: str | None) -> Daphne | None:
        """The daphne nginx names as the one that answered (``127.0.0.1:port``)."""
        return next((d for d in self.daphnes if upstream == f"127.0.0.1:{d.port}"), None)


@contextmanager
def cluster(redis_port: int, daphne_ports: tuple[int, int], proxy_port: int) -> Iterator[Cluster]:
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
        "SECURE_PROXY_SSL_HEADER": "1",
        "PYTHONUNBUFFERED": "1",
    }
    daphnes = [Daphne(port, env, folder / f"daphne-{port}.log") for port in daphne_ports]
    proxy = Nginx(proxy_port, list(daphne_ports), folder / "nginx")
    failed = True
    try:
        redis.start()
        for daphne in daphnes:
            daphne.start()
        proxy.start()
        yield Cluster(redis, daphnes, proxy, folder)
        failed = False
    finally:
        proxy.stop()
        for daphne in daphnes:
            daphne.stop()
        redis.kill()
        if failed:
            print(f"faults: the daphne and nginx logs are kept in {folder}", file=sys.stderr)
        else:
            shutil.rmtree(folder, ignore_errors=True)
