"""Bots that play like people (issue 12 item 9), seen in the games they really play.

Each test plays a short game with the default pack and reads what a table would see in its log:
who asked to join which kingdom, who spent in which vote, who fought for a throne, what was
seized, what the crises came to. The seeds are ones whose game shows the behaviour (a bot does
not have to seize an asset in every game, but it must when it plans to, and some game of a few
seeds must show it).
"""

from __future__ import annotations

import pytest

from consell.game.models import Event
from consell.rules.state import GameState
from consell.simulator import simulate
from consell.simulator.people import ideal_size

pytestmark = pytest.mark.django_db


def _log(game, *kinds):
    return list(
        Event.objects.filter(game=game, kind__in=kinds)
        .order_by("seq")
        .values_list("kind", "payload")
    )


class JoinRequests:
    """A ``before_step`` hook noting every join vote the game waits on: who asks, and how big
    the kingdom they ask to enter is then (its members are the voters, §4.12)."""

    def __init__(self) -> None:
        self.asked: dict[int, tuple[int, int, int]] = {}

    def __call__(self, game, state: GameState) -> None:
        for p in state.pending:
            if p.kind == "vote" and p.data.get("motion") == "join" and p.id not in self.asked:
                self.asked[p.id] = (p.data["applicant"], len(p.data["eligible"]), ideal_size(state))


def test_a_bot_asks_to_join_a_kingdom_that_would_take_it(pack):
    """ "Demanes entrar al regne triat; els seus membres ho voten i el seu Rei desfà els
    empats" (§4.12): a player asks a kingdom still smaller than the size people like, the
    members vote them in, and they join."""
    requests = JoinRequests()
    played = simulate(5, 6, seed=2, pack=pack, before_step=requests)
    assert requests.asked, "nobody asked to join a kingdom"
    for _applicant, members, ideal in requests.asked.values():
        assert members < ideal, "a bot asked a kingdom that was already as big as people like"
    joined = [p["seat"] for _k, p in _log(played.game, "kingdom_joined")]
    assert {a for a, _m, _i in requests.asked.values()} & set(joined), "no request succeeded"


def test_a_voter_spends_only_to_lead_in_a_vote_it_cares_about(pack):
    """ "Cada jugador pot gastar n ≥ 1 Poder a favor o en contra, o retirar-se" (§4.7): bots
    spend in the votes they care about, and only when their side is not ahead already."""
    played = simulate(5, 4, seed=2, pack=pack)
    spends = [p for _k, p in _log(played.game, "vote_spend")]
    assert spends, "nobody spent in any vote"
    for spend in spends:
        mine = spend["for_total"] if spend["side"] == "for" else spend["against_total"]
        theirs = spend["against_total"] if spend["side"] == "for" else spend["for_total"]
        assert mine - spend["amount"] <= theirs, f"spent while already ahead: {spend}"
        assert mine >= theirs, f"spent without taking the lead or a tie: {spend}"


def test_members_pay_their_share_and_win_crises(pack):
    """ "Si el total aportat arriba al llindar, la crisi se supera" (§4.10): members contribute
    to their kingdom's crises, and some are won."""
    played = simulate(5, 6, seed=1, pack=pack)
    resolved = [p for _k, p in _log(played.game, "crisis_resolved")]
    assert resolved
    paid = [c for c in resolved if any(m["total"] for m in c["contributions"])]
    assert len(paid) >= 0.8 * len(resolved), "most crises saw nobody pay"
    assert any(c["success"] for c in resolved), "no crisis was won"


def test_contenders_fight_for_a_vacant_throne(pack):
    """ "Lluita per la successió" (§4.12, G41): when a throne falls vacant with several
    members left, each contender commits resources to the duel for it."""
    played = simulate(*SUCCESSION_GAME, pack=pack)
    duels = [p for _k, p in _log(played.game, "duel_revealed") if p.get("purpose") == "succession"]
    assert duels, "no succession was fought"
    for duel in duels:
        assert sum(1 for fist in duel["fists"].values() if fist) >= 2, duel


def test_a_plot_seizes_an_asset_its_target_holds(pack):
    """ "En cas d'èxit, t'apoderes de l'actiu indicat" (§1.10, §4.6): a bot names an asset its
    target holds in sight, and a successful plot moves it to the conspirator."""
    played = simulate(*SEIZURE_GAME, pack=pack)
    seized = [p for _k, p in _log(played.game, "asset_seized")]
    assert seized, "no asset was seized"
    state = GameState.from_dict(played.game.state)
    assert all(s["receiver"] != s["giver"] for s in seized)
    assert any(s["asset"] in state.player(s["receiver"]).assets for s in seized)


SUCCESSION_GAME = (5, 6, 5)  # players, turns, seed
SEIZURE_GAME = (5, 10, 6)
