"""Exports (issue 6.5): "The full event log as JSON with a documented schema
(docs/audit-log.md) that a third party could verify with it alone, and a printable report."
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from consell.audit import verify_export
from consell.audit.export import SCHEMA
from consell.game.models import Game
from tests.audit.conftest import director_client
from tests.game.conftest import seat_client

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


def _download(game, client) -> dict:
    response = client.get(f"/audit/{game.pk}/export.json")
    assert response["Content-Type"].startswith("application/json")
    return json.loads(response.content)


def _run(path: Path) -> subprocess.CompletedProcess:
    """The verifier as a third party runs it: a fresh Python with no Django settings."""
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    return subprocess.run(
        [sys.executable, "-m", "consell.audit.verify_export", str(path)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )


def test_the_export_has_every_event_roll_and_the_seed(finished):
    document = _download(finished, director_client(finished))
    assert [e["seq"] for e in document["events"]] == list(range(1, finished.seq + 1))
    document = _download(finished, seat_client(finished, 2))
    assert document["schema"] == SCHEMA
    assert len(document["rolls"]) == document["dice"]["counter"] == finished.dice_counter
    assert document["dice"]["seed"] == finished.seed
    assert document["dice"]["commitment"] == finished.commitment


def test_the_downloaded_log_verifies_after_the_game_is_deleted(finished, tmp_path):
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(_download(finished, seat_client(finished, 4))))
    Game.objects.filter(pk=finished.pk).delete()
    result = _run(path)
    assert result.returncode == 0, result.stdout
    assert "OK: every roll is proven" in result.stdout


def test_a_tampered_file_fails_naming_the_roll(finished, tmp_path):
    document = _download(finished, seat_client(finished, 4))
    roll = next(r for r in document["rolls"] if r["kind"] == "below")
    roll["value"] = (roll["value"] + 1) % roll["sides"]
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(document))
    result = _run(path)
    assert result.returncode == 1
    assert f"MISMATCH roll #{roll['counter']} ({roll['purpose']})" in result.stdout


def test_a_file_that_is_not_an_audit_log_is_refused(tmp_path):
    path = tmp_path / "notes.json"
    path.write_text('{"hello": 1}')
    result = _run(path)
    assert result.returncode == 2 and "cannot read" in result.stdout


def test_the_verifier_imports_no_django(tmp_path):
    script = "import sys, consell.audit.verify_export; print('django' in sys.modules)"
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.stdout.strip() == "False"


def test_the_documented_recipe_recomputes_every_roll(finished):
    """docs/audit-log.md's Python recipe, run as written, agrees with the stored dice."""
    doc = (ROOT / "docs" / "audit-log.md").read_text()
    (recipe,) = re.findall(r"```python\n(.*?)```", doc, re.S)
    namespace: dict = {}
    exec(recipe, namespace)
    document = _download(finished, seat_client(finished, 1))
    seed = document["dice"]["seed"]
    assert namespace["committed"](seed, document["dice"]["commitment"])
    for r in document["rolls"]:
        if not r["entered"]:
            assert namespace["recompute"](seed, r["counter"], r["sides"], r["kind"]) == r["value"]


def test_before_the_end_the_directors_export_has_no_seed(played):
    document = _download(played, director_client(played))
    assert document["dice"]["seed"] is None


def test_a_sealed_log_is_not_proven(played, tmp_path):
    path = tmp_path / "audit.json"
    path.write_text(json.dumps(_download(played, director_client(played))))
    out = io.StringIO()
    assert verify_export.main([str(path)], out=out) == 1
    assert "the seed is not revealed yet" in out.getvalue()


def test_a_missing_file_is_refused():
    out = io.StringIO()
    assert verify_export.main([str(ROOT / "no-such-audit.json")], out=out) == 2


def test_the_printable_report_links_the_print_stylesheet(finished):
    page = seat_client(finished, 4).get(f"/audit/{finished.pk}/report/").content.decode()
    assert 'href="/static/css/audit-print.css" media="print"' in page
    assert (ROOT / "static" / "css" / "audit-print.css").is_file()
    assert "plot_resolved" in page and 'class="card audit-chart"' in page
