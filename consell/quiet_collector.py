"""The garbage collector's full passes, run when the server is quiet (B1, docs/performance.md).

A full pass walks every object the process keeps that startup did not freeze
(``consell.asgi``): at a 16-player table, 45,000-50,000 of them (the catalogs, the compiled
templates, the games' states and logs, the views of the last versions). Measured in B1's
daphne: 17-35 ms a pass, four in a 45-change run, each landing inside some change's renderings
and holding all 18 screens back. Yet almost nothing the pages make is cyclic garbage that lives
long enough to need one: 467 objects in 40 changes, found by a single pass.

So the server turns the automatic full passes off (``install``) and runs one itself:

- **when it is quiet** (``quiet_soon``): ``QUIET`` seconds after a request or a change's
  renderings end, if nothing began meanwhile and the last full pass is ``SPACING`` seconds old.
  At a table a change comes every few seconds, so the pass falls between two;
- **when one is overdue**: a process that is never quiet (many tables at once) gets its
  automatic full passes back ``LONGEST`` seconds after the last one, until one has run, so the
  cyclic garbage it holds stays bounded.

The young generations are collected as before.
"""

from __future__ import annotations

import asyncio
import gc
import threading
from time import monotonic

QUIET = 0.3  # seconds without a request or a rendering
SPACING = 20.0  # seconds between two quiet passes, at least
LONGEST = 120.0  # seconds a process goes without a full pass, at most

# A threshold the oldest generation never reaches: its automatic passes are off.
NEVER = 1_000_000_000


class _Watch:
    """When the last full pass ran and the last work began or ended; one per process."""

    def __init__(self) -> None:
        self.installed = False
        self.automatic = gc.get_threshold()
        self.last_full = monotonic()
        self.last_busy = monotonic()
        self.lock = threading.Lock()


_watch = _Watch()


def install() -> None:
    """Turn the automatic full passes off in this process (the server's, at start-up)."""
    with _watch.lock:
        if _watch.installed:
            return
        _watch.installed = True
        _watch.automatic = gc.get_threshold()
        _watch.last_full = monotonic()
        young, middle, _oldest = _watch.automatic
        gc.set_threshold(young, middle, NEVER)
        gc.callbacks.append(_after_collection)


def uninstall() -> None:
    """Give the process its automatic full passes back (for tests)."""
    with _watch.lock:
        if not _watch.installed:
            return
        _watch.installed = False
        gc.set_threshold(*_watch.automatic)
        if _after_collection in gc.callbacks:
            gc.callbacks.remove(_after_collection)


def busy() -> None:
    """A request or a change's renderings begins or ends: the server is not quiet now."""
    _watch.last_busy = monotonic()


def quiet_soon() -> None:
    """After work ends: a full pass in ``QUIET`` seconds if the server stays quiet till then.

    Called on the server's loop; a call from elsewhere (a test's client) is ignored.
    """
    busy()
    if not _watch.installed:
        return
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    loop.call_later(QUIET, collect_if_quiet)


def collect_if_quiet() -> bool:
    """Run a full pass if nothing began for ``QUIET`` seconds and none ran for ``SPACING``."""
    now = monotonic()
    if not _watch.installed or now - _watch.last_busy < QUIET:
        return False
    if now - _watch.last_full < SPACING:
        return False
    gc.collect()  # ``_after_collection`` notes when
    return True


def _after_collection(phase: str, info: dict) -> None:
    """Note each full pass; give the automatic ones back while one is overdue."""
    if phase != "stop":
        return
    young, middle, oldest = _watch.automatic
    if info.get("generation") == 2:
        _watch.last_full = monotonic()
        gc.set_threshold(young, middle, NEVER)
    elif monotonic() - _watch.last_full >= LONGEST:
        gc.set_threshold(young, middle, oldest)


class QuietAfterRequests:
    """ASGI middleware: each HTTP request is work; a quiet pass may follow it."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        busy()
        try:
            return await self.app(scope, receive, send)
        finally:
            quiet_soon()
