"""Faults, measured (issue 10, "Must deliver" 5): how long open pages take to catch up.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/consell_faults \
      .venv/bin/python bench/faults.py --repeat 3
    ... bench/faults.py --only kill                     # one scenario: kill, redis, two, hand-ins

Each scenario starts what it needs itself: its own redis-server and two daphne processes on
their own ports (``--redis-port``, ``--daphne-ports``), all serving one PostgreSQL database,
and stops them afterwards. The simulator plays a game (default pack) to turn 1's Planning;
every player's phone, the public board and the director's dashboard then keep a page open the
way ``static/js/live.js`` does (a websocket that reconnects with a jittered backoff and keeps
the newest version seen in a greeting, a notice or a pong; the page's fragments fetched again,
as htmx would, whenever a newer version is announced), half of them on each daphne. The
changes are real hand-ins posted by the phones over HTTP. Then the fault:

- ``kill``: kill -9 of one daphne; a hand-in through the other while it is down; restart it.
- ``redis``: Redis killed; a hand-in while it is down (it must still succeed); Redis restarted.
- ``two``: hand-ins through either daphne, one after another, pages on both.
- ``hand-ins``: 16 players hand in at the same moment, through both daphnes.

After each, every open page must show the version the database holds for its viewer (all its
fragments loaded at that version), the event log must have no gap, and each hand-in must be in
it exactly once. The figures are seconds from the moment the service was back (or the tap)
until the last page caught up, min / median / max over ``--repeat`` runs; docs/reliability.md
records them. ``tests/faults/`` runs the same scenarios under pytest (marker ``faults``) with
a generous bound.

The database the daphne processes use is the one Django is configured with here, so under
pytest they share the test database; run alone, the script creates and migrates the database
it is given, and the simulator loads the default content pack.
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DAPHNE = Path(sys.executable).with_name("daphne")
START_SECONDS = 30
# live.js's reconnect backoff and ping interval (static/js/live.js).
FIRST_DELAY, MAX_DELAY, PING_SECONDS = 0.25, 2.0, 20.0
TARGET_SECONDS = 3.0


# -- the services a scenario starts ----------------------------------------------------------


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


# -- the people at the table -------------------------------------------------------------------


class Browser:
    """A browser's cookies and forms, over plain HTTP (CSRF token included)."""

    def __init__(self, base: str, cookies: dict[str, str] | None = None):
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))
        self.opener.addheaders = [("Accept-Language", "en")]
        for name, value in (cookies or {}).items():
            self.jar.set_cookie(_cookie(name, value))

    def cookie(self, name: str) -> str | None:
        return next((c.value for c in self.jar if c.name == name), None)

    def get(self, path: str) -> tuple[int, str]:
        with self.opener.open(self.base + path, timeout=30) as response:
            return response.status, response.read().decode()

    def post(self, path: str, data: dict[str, str]) -> tuple[int, str]:
        assert self.cookie("csrftoken"), "open a page with a form first"
        body = urllib.parse.urlencode({**data, "csrfmiddlewaretoken": self.cookie("csrftoken")})
        request = urllib.request.Request(self.base + path, data=body.encode(), method="POST")
        with self.opener.open(request, timeout=30) as response:
            return response.status, response.read().decode()


def _cookie(name: str, value: str) -> http.cookiejar.Cookie:
    return http.cookiejar.Cookie(
        0, name, value, None, False, "127.0.0.1", False, False, "/", True, False, None, False,
        None, None, {},
    )  # fmt: skip


@dataclass
class Page:
    """One open page, behaving as live.js does: its websocket, and its fragments fetched again
    (as htmx would) whenever a newer version is announced or a greeting finds the page stale.

    ``version`` is the newest version the page was told of; ``shown`` the one its fragments
    were last fetched at, all of them successfully.
    """

    viewer: str
    url: str
    origin: str
    fragments: list[str]
    cookies: str = ""
    version: int = 0
    shown: int = 0
    stale: bool = False
    went_back: int = 0
    connects: int = 0
    refused: int | None = None
    stopped: bool = False
    history: list[tuple[float, int]] = field(default_factory=list)  # (monotonic, shown)
    _fetching: asyncio.Task | None = None

    async def run(self) -> None:
        import websockets

        delay = FIRST_DELAY
        headers = {"Cookie": self.cookies} if self.cookies else {}
        while not self.stopped:
            try:
                async with websockets.connect(
                    self.url, origin=self.origin, additional_headers=headers, open_timeout=5
                ) as ws:
                    self.connects += 1
                    pinger = asyncio.ensure_future(self._ping(ws))
                    try:
                        async for frame in ws:
                            message = json.loads(frame)
                            if message.get("type") == "hello":
                                delay = FIRST_DELAY
                            self._seen(message)
                    finally:
                        pinger.cancel()
                    if ws.close_code in (4403, 4404):
                        self.refused = ws.close_code
                        return
            except (OSError, TimeoutError, websockets.WebSocketException):
                pass
            if self.stopped:
                return
            await asyncio.sleep(delay * (0.5 + random.random() / 2))
            delay = min(delay * 2, MAX_DELAY)

    async def _ping(self, ws) -> None:
        while True:
            await asyncio.sleep(PING_SECONDS)
            await ws.send('{"type":"ping"}')

    def _seen(self, message: dict) -> None:
        version = message.get("version")
        if not isinstance(version, int):
            return
        if version <= self.version and message.get("type") == "changed":
            self.went_back += 1
        greeting = message.get("type") in ("hello", "pong")
        if version > self.version or (greeting and self.stale):
            self.version = max(self.version, version)
            if self._fetching is None or self._fetching.done():
                self._fetching = asyncio.ensure_future(self._refresh())

    async def _refresh(self) -> None:
        """Fetch every fragment (in parallel, as htmx does) until the page is at its version."""
        while self.shown < self.version and not self.stopped:
            target = self.version
            try:
                await asyncio.gather(*(asyncio.to_thread(self._get, url) for url in self.fragments))
            except OSError:  # the server went away mid-request: the next greeting retries
                self.stale = True
                return
            self.stale = False
            self.shown = target
            self.history.append((time.monotonic(), target))

    def _get(self, url: str) -> None:
        request = urllib.request.Request(
            url, headers={"HX-Request": "true", "Cookie": self.cookies}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            response.read()

    def shown_at(self, version: int) -> float:
        """When this page first showed ``version`` or a later one."""
        return next(t for t, v in self.history if v >= version)


class Pages:
    """Every open page of a table, their sockets run by an event loop in a thread of its own
    (Django refuses database calls from a thread that runs a loop)."""

    def __init__(self, pages: list[Page]):
        self.pages = pages
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.tasks: list[asyncio.Future] = []

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.set_default_executor(ThreadPoolExecutor(max_workers=4 * len(self.pages)))
        self.loop.run_forever()

    def __enter__(self) -> Pages:
        self.thread.start()
        self.tasks = [asyncio.run_coroutine_threadsafe(p.run(), self.loop) for p in self.pages]
        return self

    def __exit__(self, *exc) -> None:
        for page in self.pages:
            page.stopped = True
        asyncio.run_coroutine_threadsafe(self._cancel_all(), self.loop).result(10)
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()

    async def _cancel_all(self) -> None:
        current = asyncio.current_task()
        tasks = [t for t in asyncio.all_tasks() if t is not current]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


# -- the game ----------------------------------------------------------------------------------


@dataclass
class Table:
    """A game in Planning, played there by the simulator, and the links to its pages."""

    game_id: int
    seats: dict[int, str]  # position -> seat link token
    board_token: str
    director_session: str
    handed_in: list[int] = field(default_factory=list)


class _InPlanning(Exception):
    """Stops the simulator when its game reaches Planning."""


def table_in_planning(players: int, seed: int) -> Table:
    """A game of ``players`` played by the simulator (default pack) until turn 1's Planning."""
    from django.test import Client

    from consell.game.simulator.runner import simulate
    from consell.rules.state import Phase

    def stop_at_planning(game, state) -> None:
        if state.phase is Phase.PLANNING:
            raise _InPlanning(game)

    try:
        simulate(players, 10, seed, after_phase=stop_at_planning)
    except _InPlanning as stopped:
        game = stopped.args[0]
    else:
        raise RuntimeError("the simulated game ended without a Planning phase")
    game.refresh_from_db()
    dora = Client()
    dora.force_login(game.director)
    return Table(
        game.pk,
        {s.position: s.token for s in game.seats.all()},
        game.board_token,
        dora.cookies["sessionid"].value,
    )


def open_pages(table: Table, cl: Cluster) -> tuple[list[Page], dict[int, Browser]]:
    """Each phone opens its link (on alternating daphnes), then its page's socket; the board
    and the dashboard too. Returns the pages and each seat's browser."""
    pages, phones = [], {}
    for i, (position, token) in enumerate(sorted(table.seats.items())):
        daphne = cl.daphnes[i % len(cl.daphnes)]
        phone = Browser(daphne.http)
        status, _ = phone.get(f"/s/{token}/")
        assert status == 200, f"seat {position}'s link answered {status}"
        phones[position] = phone
        play = f"/play/{table.game_id}/?fragment="
        fragments = [play + name for name in ("decisions", "chest", "board")]
        pages.append(
            _page(f"seat:{position}", daphne, f"/ws/play/{table.game_id}/", fragments, phone)
        )
    a, b = cl.daphnes[0], cl.daphnes[-1]
    board = f"/board/{table.board_token}/"
    pages.append(_page("public", b, f"/ws{board}", [f"{board}?fragment=board"], None))
    dora = Browser(a.http, {"sessionid": table.director_session})
    dashboard = f"/games/{table.game_id}/"
    pages.append(
        _page("director", a, f"/ws{dashboard}director/", [f"{dashboard}?fragment=live"], dora)
    )
    return pages, phones


def _page(
    viewer: str, daphne: Daphne, ws_path: str, fragments: list[str], browser: Browser | None
) -> Page:
    cookies = "; ".join(f"{c.name}={c.value}" for c in browser.jar) if browser else ""
    return Page(
        viewer,
        f"ws://127.0.0.1:{daphne.port}{ws_path}",
        daphne.http,
        [daphne.http + f for f in fragments],
        cookies,
    )


def hand_in(table: Table, phone: Browser, position: int) -> None:
    """The phone taps "hand in" (rules §3.2) and is told it worked."""
    status, body = phone.post(
        f"/play/{table.game_id}/plan/hand-in/", {"nonce": f"hand-in-{position}"}
    )
    assert status == 200 and "Your chest is handed in." in body, (status, body[-2000:])
    table.handed_in.append(position)


def current_versions(table: Table) -> dict[str, int]:
    from consell.game.models import Game

    return dict(Game.objects.get(pk=table.game_id).versions or {})


def behind(table: Table, pages: list[Page]) -> list[str]:
    """The pages that do not show their viewer's current version yet."""
    versions = current_versions(table)
    return [p.viewer for p in pages if p.shown < versions.get(p.viewer, 0)]


def until_current(table: Table, pages: list[Page], bound: float, since: float) -> float:
    """Seconds from ``since`` until every page shows its current version (fails after bound)."""
    while True:
        late = behind(table, pages)
        if not late:
            return time.monotonic() - since
        if time.monotonic() - since > bound:
            raise AssertionError(f"pages still behind after {bound} s: {late}")
        time.sleep(0.02)


def check_log(table: Table) -> None:
    """No gap in the log, and each hand-in in it exactly once, in distinct ranks (§3.2)."""
    from consell.game.models import Event

    events = Event.objects.filter(game_id=table.game_id).order_by("seq")
    seqs = list(events.values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1)), "the event log has a gap or a duplicate"
    handed = [e.payload["seat"] for e in events.filter(kind="plan_handed_in")]
    assert sorted(handed) == sorted(table.handed_in), (handed, table.handed_in)
    ranks = [e.payload["rank"] for e in events.filter(kind="plan_handed_in")]
    assert sorted(ranks) == list(range(len(ranks))), ranks


# -- the scenarios -----------------------------------------------------------------------------


@dataclass
class Figures:
    scenario: str
    seconds: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)


def _ready(table: Table, pages: list[Page], bound: float) -> None:
    until_current(table, pages, bound, time.monotonic())
    assert all(p.refused is None for p in pages), [(p.viewer, p.refused) for p in pages]


def kill_daphne(cl: Cluster, table: Table, bound: float) -> Figures:
    """kill -9 of daphne A mid-game; a hand-in through B meanwhile; A restarted."""
    figures = Figures("kill -9 of a daphne")
    pages, phones = open_pages(table, cl)
    a, b = cl.daphnes
    with Pages(pages):
        _ready(table, pages, bound)
        a.kill9()
        killed = time.monotonic()
        hand_in(table, Browser(b.http, _jar(phones[2])), 2)
        a.start()
        back = time.monotonic()
        figures.seconds["restart (kill -9 to listening)"] = back - killed
        figures.seconds["pages current after restart"] = until_current(table, pages, bound, back)
        tap = time.monotonic()
        hand_in(table, Browser(a.http, _jar(phones[3])), 3)
        figures.seconds["next change, tap to every page"] = until_current(table, pages, bound, tap)
        figures.notes.append(f"{len(pages)} pages, {sum(p.connects for p in pages)} connects")
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
        worst = 0.0
        for position in range(1, changes + 1):
            through = cl.daphnes[position % 2]
            tap = time.monotonic()
            hand_in(table, Browser(through.http, _jar(phones[position])), position)
            worst = max(worst, until_current(table, pages, bound, tap))
        figures.seconds[f"slowest of {changes} changes, tap to every page"] = worst
        figures.notes.append(f"{len(pages)} pages on 2 daphnes")
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
        figures.notes.append(f"{len(pages)} pages on 2 daphnes")
        _no_page_went_back(pages)
    check_log(table)
    return figures


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


# -- run alone -------------------------------------------------------------------------------


def _setup_django() -> None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        sys.exit("bench/faults.py needs DATABASE_URL=postgres://... (a database it may fill)")
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
    parser.add_argument("--seed", type=int, default=1, help="the first simulated game's seed")
    parser.add_argument("--bound", type=float, default=15.0, help="give up after (seconds)")
    args = parser.parse_args()
    _setup_django()
    print(f"target: every open page back to its current version within {TARGET_SECONDS} s")
    print(f"{args.repeat} run(s) of each; seconds as min / median / max; load {_load()}")
    for name in args.only or list(SCENARIOS):
        scenario, players = SCENARIOS[name]
        runs = []
        for run in range(args.repeat):
            table = table_in_planning(players, args.seed + run)
            with cluster(args.redis_port, tuple(args.daphne_ports)) as cl:
                runs.append(scenario(cl, table, args.bound))
        print(f"\n{runs[0].scenario} ({players} players; {'; '.join(runs[0].notes)})")
        for what in runs[0].seconds:
            values = sorted(r.seconds[what] for r in runs)
            low, mid, high = values[0], statistics.median(values), values[-1]
            print(f"  {what:<40} {low:6.2f} / {mid:6.2f} / {high:6.2f}")


def _load() -> str:
    return " ".join(Path("/proc/loadavg").read_text().split()[:3]) + f" on {os.cpu_count()} cpus"


if __name__ == "__main__":
    main()
