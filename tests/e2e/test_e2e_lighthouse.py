"""Lighthouse scores 95 or more in its four categories (performance, accessibility, best
practices, SEO) on a player's phone, the public board and the director's dashboard (issue 35,
item 6).

The game is the simulator's at turn 2's Planning. The phone is audited as Lighthouse's mobile
(a 4x slower CPU and a slow 4G, simulated), the board and the dashboard with its desktop
preset; each page is opened in Catalan, with the session cookie its user has (the seat's,
Dora's). Lighthouse drives Debian's Chromium itself (lighthouse.mjs, from tests/e2e/node_modules:
a11y.py), and each report is kept in a temporary folder, named in the failure, to see why a
score fell.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path

import pytest
from django.test import Client

from tests.e2e.a11y import LIGHTHOUSE, planning_game, session_cookie, tool
from tests.e2e.conftest import CHROMIUM

# `alone`: the performance score times the page's work, so no other test may share the machine.
pytestmark = [pytest.mark.e2e, pytest.mark.alone, pytest.mark.django_db(transaction=True)]

CATEGORIES = ("performance", "accessibility", "best-practices", "seo")
MINIMUM = 95
RUN_SECONDS = 120
RUNNER = Path(__file__).parent / "lighthouse.mjs"


@pytest.fixture
def pages(live_url) -> dict[str, tuple[str, str, str]]:
    """Name -> (URL, Lighthouse preset, the session cookie of whoever opens it)."""
    game = planning_game()
    phone = Client()
    assert phone.get(f"/s/{game.seats.get(position=1).token}/").status_code == 302
    dora = session_cookie(game.director, live_url)["value"]
    return {
        "phone": (f"{live_url}/play/{game.pk}/", "mobile", phone.cookies["sessionid"].value),
        "board": (f"{live_url}/board/{game.board_token}/", "desktop", ""),
        "dashboard": (f"{live_url}/games/{game.pk}/", "desktop", dora),
    }


def lighthouse(
    url: str, preset: str, session: str, report: Path, attempts: int = 3
) -> dict[str, int]:
    """Lighthouse's score of each category, 0 to 100, for the page at ``url``."""
    tool(LIGHTHOUSE, "Lighthouse")
    if shutil.which("node") is None:
        pytest.fail("node is missing: Lighthouse runs on Node.js 20 or later")
    cookie = json.dumps({"name": "sessionid", "value": session}) if session else ""
    command = ["node", str(RUNNER), url, preset, cookie, str(report)]
    environment = {**os.environ, "CHROME_PATH": CHROMIUM}
    done = subprocess.run(
        command, env=environment, capture_output=True, text=True, timeout=RUN_SECONDS
    )
    assert done.returncode == 0, f"Lighthouse failed on {url}:\n{done.stderr[-2000:]}"
    assert "lang=ca" in done.stdout.split(), f"{url} was not audited in Catalan: {done.stdout}"
    result = json.loads(report.read_text())
    if result.get("runtimeError") and attempts > 1:
        # Lighthouse's own failure to record the load ("NO_NAVSTART: ... Please run Lighthouse
        # again"), not the page's: it scores nothing, so it is run again, not counted as 0.
        return lighthouse(url, preset, session, report, attempts - 1)
    assert result["finalDisplayedUrl"] == url, f"{url} went to {result['finalDisplayedUrl']}"
    return {name: round((result["categories"][name]["score"] or 0) * 100) for name in CATEGORIES}


def scored(name: str, where: tuple[str, str, str], folder: Path) -> dict[str, float]:
    """The page's scores; when one is under the minimum, the median of three runs.

    Performance is timed on a machine other tests share: a burst of load during one run can
    stretch a task past Lighthouse's 50 ms and cost points the page does not deserve (TBT
    10-20 ms, then 320 ms once, on the same phone). Lighthouse's own advice for its
    variability is the median of several runs; a page that is really slow stays under.
    """
    url, preset, session = where
    runs = [lighthouse(url, preset, session, folder / f"{name}.json")]
    if min(runs[0].values()) >= MINIMUM:
        return runs[0]
    runs += [lighthouse(url, preset, session, folder / f"{name}-{n}.json") for n in (2, 3)]
    return {category: statistics.median(run[category] for run in runs) for category in CATEGORIES}


def test_lighthouse_scores_95_on_the_phone_the_board_and_the_dashboard(pages):
    folder = Path(tempfile.mkdtemp(prefix="consell-lighthouse-"))
    scores = {name: scored(name, where, folder) for name, where in pages.items()}
    low = {
        name: {category: score for category, score in by_category.items() if score < MINIMUM}
        for name, by_category in scores.items()
    }
    low = {name: categories for name, categories in low.items() if categories}
    print(f"Lighthouse scores: {scores}; reports in {folder}")
    assert not low, f"Lighthouse scores under {MINIMUM}: {low} (all: {scores}; reports: {folder})"
