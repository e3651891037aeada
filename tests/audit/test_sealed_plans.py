"""Sealed plans and dice nobody alone can steer (issue 34, "Must deliver" 2 and 3):

"At hand-in, the phone shows a receipt: a commitment to the seat's plan, with a secret salt
kept on the phone. At the end, the audit proves that the plan resolved is the plan sealed, and
proves the order of the hand-ins." "Each hand-in adds entropy generated in the player's
browser. A turn's secret dice derive from the committed server seed and that turn's player
entropy, revealed when the turn's hand-ins close."

The games are the simulator's, with every hand-in sending a secret as a phone's browser does
(``simulate(phone_secrets=True)``).
"""

from __future__ import annotations

import pytest

from consell.audit.export import build_document
from consell.audit.proof import prove
from consell.game.models import Event
from consell.game.services import planning
from consell.rules import chain
from consell.rules.audience import Viewer
from consell.rules.dice import entropy_of
from consell.rules.errors import RuleError
from consell.rules.event_kinds import Kind
from consell.rules.state import Phase
from consell.simulator import simulate
from tests.audit.conftest import director_client
from tests.game.simulated import play_until, state_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def sealed_game():
    game = simulate(4, 2, 4, phone_secrets=True).game
    game.refresh_from_db()
    return game


def _events(game, kind):
    return [e.payload for e in game.events.filter(kind=kind).order_by("seq")]


def test_each_hand_in_is_sealed_and_each_plan_resolved_is_the_plan_sealed(sealed_game):
    sealed = _events(sealed_game, Kind.PLAN_SEALED)
    locked = {(p["turn"], p["seat"]): p for p in _events(sealed_game, Kind.PLAN_LOCKED)}
    assert len(sealed) == 4 * 2 and all(p["phone"] for p in sealed)
    for p in sealed:
        plan = locked[(p["turn"], p["seat"])]["plan"]
        assert chain.plan_receipt(p["turn"], p["seat"], plan, p["secret"]) == p["receipt"]
    proof = prove(build_document(sealed_game, Viewer.director()))
    assert proof.ok and proof.sealed_plans == 8


def test_a_plan_changed_after_its_hand_in_no_longer_matches_its_receipt(sealed_game):
    document = build_document(sealed_game, Viewer.director())
    locked = next(e for e in document["events"] if e["kind"] == Kind.PLAN_LOCKED)
    locked["payload"]["plan"]["secrets"].append({"source": "house", "ability": "x", "params": {}})
    problems = prove(document).problems
    assert (
        f"turn {locked['payload']['turn']}: the plan of seat {locked['payload']['seat']} "
        "resolved is not the plan sealed at its hand-in"
    ) in problems


def test_a_turns_dice_mix_the_phones_entropy_published_as_planning_closes(sealed_game):
    published = _events(sealed_game, Kind.DICE_ENTROPY)
    assert [p["turn"] for p in published] == [1, 2]
    sealed = _events(sealed_game, Kind.PLAN_SEALED)
    for p in published:
        mine = {str(s["seat"]): entropy_of(s["secret"]) for s in sealed if s["turn"] == p["turn"]}
        assert p["entropies"] == mine
    closed = {
        f"turn:{e.turn}": e.seq
        for e in Event.objects.filter(game=sealed_game, kind=Kind.DICE_ENTROPY)
    }
    keyed = sealed_game.rolls.exclude(key="")
    assert keyed.exists()
    for roll in keyed:  # drawn with a turn's key only once its entropy was published
        assert roll.event_seq >= closed[roll.key]
    first = min(closed.values())
    assert not sealed_game.rolls.filter(event_seq__gt=first, key="").exists()


def test_a_roll_of_a_turn_whose_entropy_is_changed_is_refused(sealed_game):
    document = build_document(sealed_game, Viewer.director())
    keyed = {r["key"] for r in document["rolls"] if r["key"] and not r["entered"]}
    entropy = next(
        e
        for e in document["events"]
        if e["kind"] == Kind.DICE_ENTROPY and f"turn:{e['payload']['turn']}" in keyed
    )
    seat = next(iter(entropy["payload"]["entropies"]))
    entropy["payload"]["entropies"][seat] = "0" * 64
    problems = prove(document).problems
    assert any(f"the dice did not mix the entropy of seat {seat}'s phone" in p for p in problems)
    assert any("the seed gives" in p for p in problems)  # its dice are no longer reproduced


def test_a_player_reads_their_own_receipt_and_nobody_elses_secret(sealed_game):
    for seat in (1, 2):
        document = build_document(sealed_game, Viewer("seat", seat))
        seen = [e["payload"] for e in document["events"] if e["kind"] == Kind.PLAN_SEALED]
        assert seen and {p["seat"] for p in seen} == {seat}
        assert prove(document).ok and prove(document).sealed_plans == 2


def test_without_a_phones_secret_the_plan_is_still_sealed_and_the_seed_keeps_the_dice():
    game = simulate(3, 1, 2).game  # no secret sent: as a phone without JavaScript
    assert all(not p["phone"] for p in _events(game, Kind.PLAN_SEALED))
    assert not _events(game, Kind.DICE_ENTROPY)
    assert set(game.rolls.values_list("key", flat=True)) == {""}
    game.refresh_from_db()
    assert prove(build_document(game, Viewer.director())).sealed_plans == 3


def test_a_malformed_secret_is_refused_and_changes_nothing():
    game = play_until(3, 2, 1, lambda s: s.phase is Phase.PLANNING and s.turn == 1)
    seat = next(p.seat for p in state_of(game).players if not p.plan.handed_in)
    before = (game.seq, game.links)
    with pytest.raises(RuleError, match="64 hexadecimal digits"):
        planning.hand_in(game.pk, seat, secret="<script>")
    game.refresh_from_db()
    assert (game.seq, game.links) == before
    assert not state_of(game).player(seat).plan.handed_in


def test_the_dice_page_says_how_many_plans_it_proved_sealed(sealed_game):
    page = director_client(sealed_game).get(f"/audit/{sealed_game.pk}/dice/")
    assert "Each plan resolved is the plan sealed at its hand-in: proven for 8 plans." in (
        page.content.decode()
    )
