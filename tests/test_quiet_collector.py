"""The server's full garbage collections wait for a quiet moment (consell/quiet_collector.py).

In B1's daphne, the collector's automatic full passes (17-35 ms each) landed inside changes'
renderings. The server turns them off, runs one when it is quiet, and gets them back when
one is overdue.
"""

from __future__ import annotations

import asyncio
import gc

import pytest

from consell import quiet_collector


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch):
    """The collector installed afresh on a clock the test moves; left as it was found."""
    was_installed = quiet_collector._watch.installed
    quiet_collector.uninstall()
    clock = Clock()
    monkeypatch.setattr(quiet_collector, "monotonic", clock)
    quiet_collector.install()
    yield clock
    quiet_collector.uninstall()
    monkeypatch.undo()
    if was_installed:
        quiet_collector.install()


def test_the_server_turns_the_automatic_full_passes_off_and_gives_them_back(clock):
    automatic = quiet_collector._watch.automatic
    assert gc.get_threshold() == (automatic[0], automatic[1], quiet_collector.NEVER)
    quiet_collector.uninstall()
    assert gc.get_threshold() == automatic


def test_a_full_pass_runs_only_when_quiet_and_not_too_soon_after_the_last(clock):
    passes = []
    gc.callbacks.append(lambda phase, info: passes.append(info["generation"]))
    try:
        clock.now += quiet_collector.SPACING + 1
        quiet_collector.busy()
        assert not quiet_collector.collect_if_quiet()  # work just ended
        clock.now += 2 * quiet_collector.QUIET
        assert quiet_collector.collect_if_quiet()  # quiet, and the last pass is old
        assert 2 in passes
        assert quiet_collector._watch.last_full == clock.now
        clock.now += 2 * quiet_collector.QUIET
        assert not quiet_collector.collect_if_quiet()  # quiet, but one just ran
    finally:
        gc.callbacks.pop()


def test_an_overdue_full_pass_gets_the_automatic_passes_back_until_one_runs(clock):
    automatic = quiet_collector._watch.automatic
    clock.now += quiet_collector.LONGEST - 1
    gc.collect(0)
    assert gc.get_threshold()[2] == quiet_collector.NEVER
    clock.now += 1
    gc.collect(0)  # a young pass notices the full one is overdue
    assert gc.get_threshold() == automatic
    gc.collect()  # the full pass, automatic or not
    assert gc.get_threshold()[2] == quiet_collector.NEVER
    assert quiet_collector._watch.last_full == clock.now


def test_a_request_followed_by_quiet_is_followed_by_a_full_pass(clock, monkeypatch):
    monkeypatch.setattr(quiet_collector, "QUIET", 0.01)
    clock.now += quiet_collector.SPACING + 1

    async def view(scope, receive, send):
        clock.now += 1  # the request's own time

    async def serve():
        await quiet_collector.QuietAfterRequests(view)({"type": "http"}, None, None)
        before = quiet_collector._watch.last_full
        clock.now += 1  # quiet since
        await asyncio.sleep(0.05)
        return before

    before = asyncio.run(serve())
    assert quiet_collector._watch.last_full == clock.now > before


def test_the_served_application_installs_it():
    import consell.asgi

    assert quiet_collector._watch.installed
    assert isinstance(
        consell.asgi.application.application_mapping["http"], quiet_collector.QuietAfterRequests
    )
