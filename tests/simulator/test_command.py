"""``manage.py simulate`` prints the summary of one headless game (issue 5 item 9)."""

from __future__ import annotations

import json
from collections import Counter
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


def test_the_json_summary_counts_each_mechanic_from_the_game_it_played(pack):
    """Issue 12 item 9: "``simulate --json`` reports how often each mechanic ran, including
    ``"reactions": {trigger: count}`` and ``"lasting_effects_applied": count``"."""
    summary = json.loads(_run("--players", "5", "--turns", "3", "--seed", "2", "--json"))
    game = Game.objects.get()
    logged = Counter(game.events.values_list("kind", flat=True))
    mechanics = summary["mechanics"]
    assert mechanics["kingdoms_founded"] == logged["kingdom_created"]
    assert mechanics["kingdoms_joined"] == logged["kingdom_joined"]
    assert mechanics["expulsions"] == logged["expelled"]
    assert mechanics["assets_seized"] == logged["asset_seized"]
    assert 0 <= mechanics["votes_without_spend"] <= summary["votes"]
    # Reactions are counted under the trigger that fired them: one the engine raised (free
    # reactions apply at once, paid ones are offered first), or the end of the game's.
    payloads = lambda kind: game.events.filter(kind=kind).values_list("payload", flat=True)  # noqa: E731
    raised = {p["trigger"] for p in payloads("trigger")}
    offered = len(payloads("reaction_offered"))
    assert summary["reactions"] and set(summary["reactions"]) <= raised | {"at_end_of_game"}
    assert sum(summary["reactions"].values()) >= offered - logged["reaction_declined"]
    assert isinstance(summary["lasting_effects_applied"], int)
    assert summary["lasting_effects_applied"] >= logged["lasting_forbade"]
    assert sum(summary["kingdom_sizes"]) + summary["kingdomless"] == summary["players"]
    assert len(summary["kingdom_sizes"]) == summary["kingdoms"]


def test_the_text_summary_says_who_won(pack):
    assert "Winners: " in _run("--players", "3", "--turns", "1", "--seed", "4")


def test_a_table_the_rules_do_not_allow_is_refused(pack):
    with pytest.raises(CommandError, match="between 3 and 16"):
        _run("--players", "17")


def test_the_text_summary_says_where_to_open_the_game_and_as_whom(pack, client):
    """Issue 35 item 7: the game belongs to a login the command names, and its pages open."""
    out = _run("--players", "3", "--turns", "1", "--seed", "4")
    game = Game.objects.get()
    for address in (f"/games/{game.pk}/", f"/board/{game.board_token}/", f"/audit/{game.pk}/"):
        assert f"http://127.0.0.1:8000{address}" in out
    assert "user dora, password consell-demo" in out
    assert client.login(username="dora", password="consell-demo")
    for address in (f"/games/{game.pk}/", f"/audit/{game.pk}/"):
        assert client.get(address).status_code == 200, address
