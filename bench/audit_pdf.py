"""The audit's PDF of a simulated 16-player, 10-turn game (issue 34: in 5 s at most).

    .venv/bin/python bench/audit_pdf.py                         # SQLite, a fresh file in /tmp
    .venv/bin/python bench/audit_pdf.py --players 5 --turns 3   # a quicker look

Plays the game with the simulator (``manage.py simulate``), then downloads
``/audit/<game>/report.pdf`` as the director and as a seat, three times each, through Django's
test client, and prints each time: the first pays WeasyPrint's import and fonts, as the first
PDF after a server starts does.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=16)
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--times", type=int, default=3)
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="consell-pdf-")
    os.environ.setdefault("SQLITE_PATH", str(Path(folder) / "db.sqlite3"))
    os.environ.setdefault("SECRET_KEY", "bench-audit-pdf")
    os.environ.setdefault("DEBUG", "1")  # static files from the source folders, no collectstatic
    os.environ.setdefault("LOG_LEVEL", "WARNING")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "consell.settings")
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.test import Client

    from bench.report import load, machine
    from consell.simulator import simulate

    settings.ALLOWED_HOSTS = ["*"]
    call_command("migrate", verbosity=0)
    played = simulate(args.players, args.turns, args.seed)
    game = played.game
    print(f"{machine()}; load {load()}")
    events = game.events.count()
    print(f"game {game.pk}: {args.players} players, {args.turns} turns, {events} events")
    director = Client()
    director.force_login(game.director)
    seat = Client()
    seat.get(f"/s/{game.seats.get(position=1).token}/")
    for name, client in (("director", director), ("seat 1", seat)):
        for _ in range(args.times):
            start = time.perf_counter()
            response = client.get(f"/audit/{game.pk}/report.pdf", HTTP_ACCEPT_LANGUAGE="ca")
            took = time.perf_counter() - start
            assert response.status_code == 200, response.status_code
            print(f"{name}: {took:.2f} s, {len(response.content) // 1024} KiB")
    print(f"load {load()}")


if __name__ == "__main__":
    main()
