"""``manage.py simulate`` prints the summary of one headless game (issue 5 item 9)."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from consell.game.models import Game

pytestmark = pytest.mark.django_db


def _run(*args: str) -> str:
    out = StringIO()
    call_command("simulate", *args, stdout=out)
    return out.getvalue()


def test_the_json_summary_names_winners_and_counts(pack):
    summary = json.loads(_run("--players", "3", "--turns", "2", "--seed", "4", "--json"))
    assert summary["status"] == "finished" and summary["turns"] == 2
    assert summary["winners"]
    assert set(summary["winners"]) <= set(summary["prestige"])
    for count in ("plots", "detections", "auctions", "votes", "duels", "crises_won"):
        assert summary[count] >= 0
    assert summary["elapsed_seconds"] >= 0
    game = Game.objects.get()
    assert summary["log_entries"] == game.events.count()
    assert summary["dice_rolled"] == game.rolls.count() > 0, "setup alone shuffles every deck"


def test_the_text_summary_says_who_won(pack):
    assert "Winners: " in _run("--players", "3", "--turns", "1", "--seed", "4")


def test_a_table_the_rules_do_not_allow_is_refused(pack):
    with pytest.raises(CommandError, match="between 3 and 16"):
        _run("--players", "17")
