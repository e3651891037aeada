"""The timeline (issue 6.1) and corrections standing out (6.7), after Dora's simulated evening.

"Every event of the game, secret ones included, in order, filterable by turn, phase, player and
kind. A plot shows conspirator, targets, intrigue invested, vigilance, Spymaster involvement,
threshold, odds, every die and the outcome; an auction shows every bid with its capped amount;
a vote every spend by round."
"""

from __future__ import annotations

import re

import pytest

from consell.audit.export import build_document
from consell.audit.timeline import (
    AUCTION_RESULT,
    CORRECTION,
    PLOT,
    SECRET_ABILITY,
    VOTE,
    category_of,
    filter_entries,
    summarise,
    timeline,
    vote_spends,
)
from consell.game.visibility import Viewer
from tests.audit.conftest import ALICE, BOB, CARLES, DIDAC, ELENA, TABLE_DICE
from tests.game.conftest import seat_client

pytestmark = pytest.mark.django_db


def _entries(game):
    return timeline(build_document(game, Viewer.director())["events"])


def _page(client, url: str) -> str:
    return client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_every_event_secret_ones_included_in_order(finished):
    entries = _entries(finished)
    assert [e.seq for e in entries] == list(range(1, finished.seq + 1))
    assert any(e.audience == "director" for e in entries)
    assert any(isinstance(e.audience, tuple) for e in entries)


def test_a_seat_reads_every_secret_after_the_end(finished):
    page = _page(seat_client(finished, ELENA), f"/audit/{finished.pk}/?kind=plot")
    assert "plot_resolved" in page and "plot_detected" in page


def test_a_plot_shows_conspirator_targets_intrigue_threshold_odds_dice_and_outcome(
    finished, client_dora
):
    plot = next(e for e in _entries(finished) if e.kind == "plot_resolved" and e.actor == BOB)
    detail = plot.detail
    assert detail["conspirator"] == BOB
    assert detail["intrigue"] == 1
    assert [(t["target"], t["succeeded"], t["vigilance"]) for t in detail["targets"]] == [
        (f"seat:{ALICE}", True, 0),
        (f"seat:{CARLES}", False, 0),
    ]
    assert detail["spymaster_involved"] is False
    dice = [
        [t["success_die"]["value"], *(d["value"] for d in t["detection_dice"])]
        for t in detail["tests"]
    ]
    assert sum(dice, []) == TABLE_DICE
    assert [t["threshold"] for t in detail["tests"]] == [4, 4]
    assert [t["odds"]["success"] for t in detail["tests"]] == [67, 67]
    assert [t["detection"] for t in detail["tests"]] == ["discreet", "detected"]
    page = _text(_page(client_dora, f"/audit/{finished.pk}/?kind=plot"))
    assert "Conspirator: Bob · Intrigue invested: 1" in page
    assert "Alice: succeeded · vigilance 0" in page
    assert "Carles: failed · vigilance 0" in page


def test_a_spymaster_test_is_shown_as_such():
    payload = {
        "targets": ["seat:1"],
        "successful": [],
        "rolls": [
            {"counter": 1, "value": 3, "purpose": "plot success target=seat:1 th=3"},
            {"counter": 2, "value": 1, "purpose": "plot detection target=seat:1 th=3"},
            {"counter": 3, "value": 2, "purpose": "plot detection target=seat:1 th=3"},
            {"counter": 4, "value": 5, "purpose": "plot success spymaster=4 kingdom=0 th=3"},
            {"counter": 5, "value": 6, "purpose": "plot detection spymaster=4 kingdom=0 th=3"},
            {"counter": 6, "value": 1, "purpose": "plot detection spymaster=4 kingdom=0 th=3"},
        ],
    }
    event = {"seq": 1, "kind": "plot_resolved", "actor": 2, "audience": "director",
             "payload": payload}  # fmt: skip
    (entry,) = timeline([event])
    spy = entry.detail["tests"][1]
    assert entry.detail["spymaster_involved"] is True
    assert (spy["spymaster"], spy["kingdom"], spy["succeeded"], spy["detection"]) == (
        4,
        0,
        False,
        "partial",
    )


def test_an_auction_shows_every_bid_with_its_capped_amount(finished, client_dora):
    auction = next(e for e in _entries(finished) if e.category == AUCTION_RESULT)
    assert [(b["seat"], b["amount"], b["capped"]) for b in auction.detail["bids"]] == [
        (ALICE, 4, 3),
        (BOB, 2, 2),
    ]
    page = _text(_page(client_dora, f"/audit/{finished.pk}/?kind=auction_result"))
    assert "Alice primary espasa 4 3 won" in page


def test_a_vote_shows_every_spend_by_round(finished):
    vote = next(e for e in _entries(finished) if e.category == VOTE)
    assert [(s["round"], s["seat"], s["side"], s["amount"]) for s in vote.detail["spends"]] == [
        (1, DIDAC, "for", 2),
        (1, ELENA, "against", 1),
        (2, DIDAC, "for", 1),
        (2, ELENA, None, 0),
    ]


def test_a_vote_page_shows_the_motion_and_the_spends(finished, client_dora):
    page = _text(_page(client_dora, f"/audit/{finished.pk}/?kind=vote"))
    assert "motion law passed true" in page
    assert "1 Dídac for 2 1 Elena against 1 2 Dídac for 1 2 Elena withdrew 0" in page


def test_vote_rounds_count_each_voters_turns():
    record = [{"seat": 3, "side": "for", "amount": 1}, {"seat": 3, "side": "for", "amount": 2}]
    assert [s["round"] for s in vote_spends(record)] == [1, 2]


@pytest.mark.parametrize(
    ("kind", "audience", "category"),
    [
        ("plot_partially_detected", [1], PLOT),
        ("ability_executed", [2], SECRET_ABILITY),
        ("ability_executed", "public", "other"),
        ("correction", "public", CORRECTION),
        ("manual_done", "director", CORRECTION),
        ("duel_revealed", "public", "duel"),
        ("crisis_resolved", "public", "crisis"),
        ("production_distributed", "public", "production"),
        ("trade", [1, 2], "trade"),
        ("insurrection_rolled", "public", "insurrection"),
        ("bids_handed_in", [3], "bid"),
        ("aborted", [5], "aborted_ability"),
    ],
)
def test_each_event_falls_under_the_issues_kinds(kind, audience, category):
    assert category_of(kind, audience) == category


def test_the_timeline_filters_by_turn_phase_player_and_kind(finished, client_dora):
    entries = _entries(finished)
    turn_2 = filter_entries(entries, turn=2)
    assert turn_2 and all(e.turn == 2 for e in turn_2)
    secrets = filter_entries(entries, phase="secrets")
    assert secrets and all(e.phase == "secrets" for e in secrets)
    elena = filter_entries(entries, seat=ELENA)
    assert {"aborted", "vote_decided"} <= {e.kind for e in elena}
    assert "auction_resolved" not in {e.kind for e in elena}
    plots = filter_entries(entries, category=PLOT, seat=DIDAC)
    assert [e.kind for e in plots if e.kind == "plot_resolved"] == ["plot_resolved"]
    page = _page(client_dora, f"/audit/{finished.pk}/?turn=2&kind=auction_result")
    assert "auction_resolved" in page and "vote_decided" not in page


def test_bad_filters_are_ignored_not_an_error(finished, client_dora):
    response = client_dora.get(f"/audit/{finished.pk}/?turn=x&phase=nope&player=&kind=zzz")
    assert response.status_code == 200
    assert "vote_decided" in response.content.decode()


def test_corrections_and_decisions_for_a_player_are_marked_and_counted(finished, client_dora):
    """Issue 6.7: "Every manual correction by the director, and every action the director took
    for an absent player, is marked in the timeline and counted in a summary at the top."""
    entries = _entries(finished)
    summary = summarise(entries)
    assert summary.corrections == 1
    assert summary.for_player == 1 and summary.for_player_by_seat == {CARLES: 1}
    page = _text(_page(client_dora, f"/audit/{finished.pk}/"))
    assert "1 manual correction by the director" in page
    assert "1 decision taken by the director for a player: Carles (1)" in page
    assert page.index("manual correction by the director") < page.index("Timeline #")
    assert "the director acted for Carles" in page
    html = _page(client_dora, f"/audit/{finished.pk}/?kind=correction")
    assert 'class="audit-entry audit-flagged' in html
