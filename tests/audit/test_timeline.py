"""The timeline (issue 6.1) and corrections standing out (6.7), after Dora's simulated evening.

"Every event of the game, secret ones included, in order, filterable by turn, phase, player and
kind. A plot shows conspirator, targets, intrigue invested, vigilance, Spymaster involvement,
threshold, odds, every die and the outcome; an auction shows every bid with its capped amount;
a vote every spend by round."
"""

from __future__ import annotations

import json
import re

import pytest

from consell.audit.export import build_document
from consell.audit.presenters import present
from consell.audit.timeline import category_of, filter_entries, summarise, timeline
from consell.content.catalog import load_catalog
from consell.game.audit_categories import AUCTION_RESULT, CORRECTION, PLOT, SECRET_ABILITY, VOTE
from consell.rules import odds, plots
from consell.rules.audience import Viewer
from consell.rules.dice import FixedDice
from consell.rules.effects import plot_record
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState
from consell.wording import words
from consell.wording.describe import Names
from tests.audit.conftest import CORRECTION_REASON, DIDAC, SEATS, director_client
from tests.game.conftest import seat_client

pytestmark = pytest.mark.django_db


def _entries(game):
    return timeline(build_document(game, Viewer.director())["events"])


def _page(client, url: str) -> str:
    return client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()


def _text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def _names(game) -> dict[int, str]:
    return dict(game.seats.values_list("position", "name"))


def test_every_event_secret_ones_included_in_order(finished):
    entries = _entries(finished)
    assert [e.seq for e in entries] == list(range(1, finished.seq + 1))
    assert any(e.audience == "director" for e in entries)
    assert any(isinstance(e.audience, tuple) for e in entries)


def test_a_seat_reads_every_revealed_secret_after_the_end(finished):
    page = _page(seat_client(finished, SEATS[-1]), f"/audit/{finished.pk}/?kind=plot")
    assert "plot_resolved" in page and "plot_outcome" in page


def test_a_plot_shows_conspirator_targets_intrigue_threshold_odds_dice_and_outcome(finished):
    """Each test's dice are the rolls the rules drew for it ("plot success target=seat:2 th=4",
    then two detection dice), and agree with the test the engine recorded for the target."""
    event = finished.events.filter(kind="plot_resolved").first()
    plot = next(e for e in _entries(finished) if e.seq == event.seq)
    detail, recorded = plot.detail, event.payload
    assert detail["conspirator"] == event.actor == recorded["conspirator"]
    assert detail["intrigue"] == recorded["intrigue"]
    assert [(t["target"], t["succeeded"], t["vigilance"]) for t in detail["targets"]] == [
        (t["target"], t["succeeded"], t["vigilance"]) for t in recorded["targets"]
    ]
    tests = {t["target"]: t for t in detail["tests"] if t["target"]}
    for target in recorded["targets"]:
        test, engine = tests[target["target"]], target["test"]
        assert test["threshold"] == engine["threshold"]
        assert test["success_die"]["value"] == engine["success_die"]
        assert [d["value"] for d in test["detection_dice"]] == engine["detection_dice"]
        assert test["detection"] == engine["detection"]
        assert 0 <= test["odds"]["success"] <= 100
    counters = {r["counter"]: r["value"] for r in recorded["rolls"]}
    rolled = finished.rolls.filter(counter__in=counters)
    assert {r.counter: r.value for r in rolled} == counters
    names = _names(finished)
    page = _text(_page(director_client(finished), f"/audit/{finished.pk}/?kind=plot"))
    conspirator = names[event.actor]
    assert f"Conspirator: {conspirator} · Intrigue invested: {recorded['intrigue']}" in page
    for target in recorded["targets"]:
        seat = int(target["target"].partition(":")[2])
        outcome = "succeeded" if target["succeeded"] else "failed"
        assert f"{names[seat]}: {outcome} · vigilance {target['vigilance']}" in page


def test_a_spymaster_test_is_shown_as_such():
    """G29: a plot against a member of a kingdom with a Spymaster calls for the Spymaster's own
    test ("plot success spymaster=4 kingdom=0 th=…"). Built by the rules from fixed dice: the
    target's test succeeds (3, then 1 and 2), the Spymaster's fails (5, then 6 and 1)."""
    context = plots.PlotContext(
        membership={1: 0, 2: None, 4: 0}, kings={0: 1}, spymasters={0: 4}, vigilance={}
    )
    plot = plots.Plot(2, (plots.PlayerTarget(1),), 1)
    ruleset = Ruleset.default()
    result = plots.resolve_plot(plot, context, FixedDice([3, 1, 2, 5, 6, 1]), ruleset)
    payload = _resolved(plot_record(result, odds.plot_odds(plot, context, ruleset)))
    event = {"seq": 1, "kind": "plot_resolved", "actor": 2, "audience": "director",
             "payload": payload}  # fmt: skip
    (entry,) = timeline([event])
    target, spy = entry.detail["tests"]
    assert entry.detail["spymaster_involved"] is True
    assert (target["target"], target["succeeded"]) == ("seat:1", True)
    assert (spy["spymaster"], spy["kingdom"], spy["succeeded"], spy["detection"]) == (
        4,
        0,
        False,
        str(payload["spymaster_tests"][0]["test"]["detection"]),
    )
    assert entry.detail["targets"] == [{"target": "seat:1", "succeeded": False, "vigilance": 0}]


def _json(value):
    """The payload as the store keeps it (JSON), as the audit reads it back."""
    return json.loads(json.dumps(value))


def _resolved(record):
    """A ``plot_resolved`` payload (``PlotResolved``): the plot's record and what it was."""
    return _json({"source": "tactic:t1", "ability": "plot", "title": {}, "text": {}, **record})


def test_an_auction_shows_every_bid_with_its_capped_amount(finished):
    """Rules §4.9: each bid with the amount it was capped to by the bidder's funds."""
    event = next(e for e in finished.events.filter(kind="auction_resolved") if e.payload["bids"])
    auction = next(e for e in _entries(finished) if e.seq == event.seq)
    assert auction.category == AUCTION_RESULT
    got = [(b["seat"], b["round"], b["amount"], b["capped"]) for b in auction.detail["bids"]]
    bids = event.payload["bids"]
    assert got == [(b["seat"], b["round"], b["amount"], b["capped"]) for b in bids]
    page = _text(_page(director_client(finished), f"/audit/{finished.pk}/?kind=auction_result"))
    first = bids[0]
    name = _names(finished)[first["seat"]]
    # The round and the result in words (issue 13: not "primary", "won", "zero").
    assert f"{name} {words.bid_round(first['round'])}" in page
    assert f"{first['amount']} {first['capped']} {words.bid_status(first['status'])}" in page


def test_a_vote_shows_every_spend_by_round(finished):
    """Rules §4.7: a voter's n-th spend is their spend in round n."""
    votes = [e for e in _entries(finished) if e.category == VOTE and e.detail]
    assert votes, "the simulated game holds votes with their record"
    for vote in votes:
        record = vote.payload["record"]
        spends = vote.detail["spends"]
        assert [(s["seat"], s["side"], s["amount"]) for s in spends] == [
            (r["seat"], r.get("side"), r.get("amount", 0)) for r in record
        ]
        for seat in {r["seat"] for r in record}:
            assert [s["round"] for s in spends if s["seat"] == seat] == list(
                range(1, sum(1 for r in record if r["seat"] == seat) + 1)
            )


def test_a_vote_page_shows_the_spends(finished):
    vote = next(e for e in _entries(finished) if e.category == VOTE and e.detail)
    page = _text(_page(director_client(finished), f"/audit/{finished.pk}/?kind=vote"))
    first = vote.detail["spends"][0]
    assert f"1 {_names(finished)[first['seat']]}" in page


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


def test_the_timeline_filters_by_turn_phase_player_and_kind(finished):
    entries = _entries(finished)
    turn_2 = filter_entries(entries, turn=2)
    assert turn_2 and all(e.turn == 2 for e in turn_2)
    secrets = filter_entries(entries, phase="secrets")
    assert secrets and all(e.phase == "secrets" for e in secrets)
    for seat in SEATS:
        mine = filter_entries(entries, seat=seat)
        assert mine and all(seat in e.seats for e in mine)
    plots = filter_entries(entries, category=PLOT)
    assert plots and all(e.category == PLOT for e in plots)
    page = _page(director_client(finished), f"/audit/{finished.pk}/?turn=2&kind=auction_result")
    assert "auction_resolved" in page and "vote_decided" not in page


def test_bad_filters_are_answered_not_ignored(finished):
    """Issue 34: a query that names no page gets a clear answer (more in test_timeline_pages)."""
    client = director_client(finished)
    response = client.get(f"/audit/{finished.pk}/?turn=x&phase=nope&player=&kind=zzz")
    assert response.status_code == 400
    assert "vote_decided" not in response.content.decode()


def test_corrections_and_decisions_for_a_player_are_marked_and_counted(finished):
    """Issue 6.7: "Every manual correction by the director, and every action the director took
    for an absent player, is marked in the timeline and counted in a summary at the top."""
    entries = _entries(finished)
    summary = summarise(entries)
    corrections = [e for e in entries if e.category == CORRECTION]
    assert summary.corrections == len(corrections) >= 1
    assert any(e.payload.get("reason") == CORRECTION_REASON for e in corrections)
    assert summary.for_player == 1 and summary.for_player_by_seat == {DIDAC: 1}  # his vote
    page = _text(_page(director_client(finished), f"/audit/{finished.pk}/"))
    assert f"{summary.corrections} manual corrections by the director" in page
    assert "1 decision taken by the director for a player: Dídac (1)" in page
    (vote,) = [e for e in entries if e.for_player]
    client = director_client(finished)
    held = client.get(f"/audit/{finished.pk}/?event={vote.seq}", follow=True)
    assert "the director acted for Dídac" in _text(held.content.decode())
    html = _page(director_client(finished), f"/audit/{finished.pk}/?kind=correction")
    assert 'class="audit-entry audit-flagged' in html and CORRECTION_REASON in html


def test_a_plot_against_a_kingdom_names_the_kingdom_by_its_house(finished):
    """G28: a plot may target "a kingdom as a whole"; the audit names it as players call it, by
    its founding King's house (the card's title), never by the house's id or "kingdom 0"."""
    state = GameState.from_dict(finished.state)
    kingdom = state.kingdoms[0]
    king = kingdom.king
    # Anyone but its King may plot against a kingdom, a member included (§4.6 sets no bar).
    conspirator = next(p.seat for p in state.players if p.seat != king)
    context = plots.PlotContext(
        membership={p.seat: p.kingdom for p in state.players},
        kings={k.id: k.king for k in state.kingdoms},
        spymasters={},
        vigilance={},
    )
    plot = plots.Plot(conspirator, (plots.KingdomTarget(kingdom.id),), 1)
    ruleset = Ruleset.default()
    result = plots.resolve_plot(plot, context, FixedDice([3, 1, 2]), ruleset)
    payload = _resolved(plot_record(result, odds.plot_odds(plot, context, ruleset)))
    event = {"seq": 1, "kind": "plot_resolved", "actor": conspirator, "audience": "director",
             "payload": payload}  # fmt: skip
    (entry,) = timeline([event])
    catalog = load_catalog(finished.pack)
    shown = present(entry, Names(finished.state, catalog, "en", seats=_names(finished)))
    house = catalog[kingdom.name]["title"]["en"]
    assert [t["name"] for t in shown["plot"]["targets"]] == [house]
    assert house != kingdom.name and king in _names(finished)
