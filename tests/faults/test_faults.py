"""The fault suite (issue 10, "Must deliver" 5): real daphne processes, a real Redis, faults.

Each test starts its own redis-server, two daphne processes and Debian's nginx in front of
them on free ports (nginx from a config generated in a temporary folder), the daphnes serving
this run's PostgreSQL test database, plays a game with the simulator to Planning, opens every
phone's page, the public board and the dashboard through nginx over websockets (as
``static/js/live.js`` does), injects one fault and checks what a table would: every change
answered as done, nothing lost or duplicated in the event log, and every open page back to its
viewer's current version.
The bound is generous (15 s, 30 s for the burst of hand-ins) so a busy machine does not fail
it; the figures against the 3 s target are measured by ``python -m bench.faults`` and
recorded in docs/reliability.md.

Marked ``faults`` (and ``postgres``): ``.ci/run`` runs them in its PostgreSQL + Redis pass only.
"""

from __future__ import annotations

import shutil
import socket

import pytest

from bench import faults

pytestmark = [
    pytest.mark.faults,
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
]

BOUND = 15.0
# Sixteen pages loading their fragments after each of sixteen hand-ins take 8-11 s on a loaded
# 2-core machine (docs/reliability.md: the 3 s target is missed there); this test checks that
# nothing is lost and every page gets there, so it gets twice the bound.
BURST_BOUND = 2 * BOUND


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def cluster(transactional_db, settings):
    """Redis, two daphne processes and nginx of this test's own; stopped however the test ends."""
    if shutil.which("redis-server") is None:
        pytest.fail("the fault suite needs redis-server (apt-get install redis-server)")
    if faults.nginx_binary() is None:
        pytest.fail("the fault suite needs nginx (apt-get install nginx-light)")
    with faults.cluster(_free_port(), (_free_port(), _free_port()), _free_port()) as cl:
        # The simulator's own notices go to this Redis too, not to a shared one.
        settings.CHANNEL_LAYERS = {
            "default": {
                "BACKEND": "channels_redis.core.RedisChannelLayer",
                "CONFIG": {"hosts": [cl.redis.url]},
            }
        }
        yield cl


def test_pages_of_a_daphne_killed_with_kill_9_reconnect_through_nginx_to_the_other(cluster):
    """The killed daphne's pages reconnect through nginx to the surviving one, where a hand-in
    made meanwhile lands and reaches every page; after the restart a change through the
    restarted daphne reaches every page too."""
    table = faults.table_in_planning(8, seed=3)
    faults.kill_daphne(cluster, table, BOUND)
    assert set(table.handed_in) == {2, 3}


def test_a_redis_restart_loses_no_change_and_every_page_catches_up(cluster):
    """The hand-in made while Redis is down is answered as done and saved; once Redis is back
    every page catches up and the next change reaches everyone."""
    table = faults.table_in_planning(8, seed=4)
    faults.restart_redis(cluster, table, BOUND)
    assert set(table.handed_in) == {1, 2}


def test_two_daphnes_behind_one_redis_keep_every_page_current(cluster):
    """nginx spreads the pages over both daphnes; hand-ins through either reach them all, and
    no page goes backwards."""
    table = faults.table_in_planning(8, seed=5)
    faults.two_daphnes(cluster, table, BOUND, changes=4)
    assert sorted(table.handed_in) == [1, 2, 3, 4]


def test_sixteen_simultaneous_hand_ins_each_count_once(cluster):
    """Rules §3.2: the order of hand-ins is the turn order. Sixteen phones tap at the same
    moment through nginx and two daphnes: sixteen hand-ins in the log, ranks 0..15, no gap."""
    table = faults.table_in_planning(16, seed=6)
    faults.simultaneous_hand_ins(cluster, table, BURST_BOUND)
    assert sorted(table.handed_in) == list(range(1, 17))
