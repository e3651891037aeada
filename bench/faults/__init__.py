"""Faults, measured (issue 10, "Must deliver" 5): how long open pages take to catch up.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/consell_faults \
      .venv/bin/python -m bench.faults --repeat 3
    ... -m bench.faults --only kill                     # one scenario: kill, redis, two, hand-ins

Each scenario starts what it needs itself: its own redis-server, two daphne processes and
Debian's nginx in front of them, on their own ports (``--redis-port``, ``--daphne-ports``,
``--proxy-port``), the daphnes serving one PostgreSQL database, and stops them afterwards.
nginx runs from a config generated in the run's temporary folder (``nginx -p``; pid, logs and
temporary files there too). The simulator plays a game (default pack) to turn 1's Planning;
every player's phone, the public board and the director's dashboard then keep a page open the
way ``static/js/live.js`` does (a websocket that reconnects with a jittered backoff and keeps
the newest version seen in a greeting, a notice or a pong; the page's fragments fetched again,
as htmx would, whenever a newer version is announced), all through nginx, which spreads the
sockets over both daphnes. The changes are real hand-ins posted by the phones over HTTP,
through nginx too (a scenario that needs a given daphne asks nginx for it with a header of the
suite's own config). Then the fault:

- ``kill``: kill -9 of one daphne; its pages reconnect through nginx to the other, where a
  hand-in made meanwhile lands; the daphne restarted, then a hand-in through it.
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

from .scenarios import (
    SCENARIOS,
    TARGET_SECONDS,
    Figures,
    kill_daphne,
    restart_redis,
    simultaneous_hand_ins,
    two_daphnes,
)
from .services import cluster, nginx_binary
from .table import table_in_planning

__all__ = [
    "SCENARIOS",
    "TARGET_SECONDS",
    "Figures",
    "cluster",
    "nginx_binary",
    "kill_daphne",
    "restart_redis",
    "simultaneous_hand_ins",
    "table_in_planning",
    "two_daphnes",
]
