"""The Crisis resolution phase (rules §3.6, §4.10, G13, G36, G51).

Alba faces "crisi-01": it accepts Money, needs 2·m + Peril (7 for Alba's three members in turn
1), rewards each top contributor with 1 Prestige and lowers Alba's lowest indicator on failure.
"""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from consell.rules import crisis_phase, invariants
from consell.rules.dice import FixedDice, HmacDice
from consell.rules.errors import IllegalTransitionError
from consell.rules.events import DIRECTOR, PUBLIC
from consell.rules.resources import INDICATORS, Indicator, Resource, holdings
from consell.rules.state import DestinyCard, Phase, Status
from tests.rules.catalog import CATALOG as BASE
from tests.rules.catalog import started_game
from tests.rules.phase_table import (
    ALICE,
    BOB,
    CARLES,
    CATALOG,
    DIDAC,
    ELENA,
    RULES,
    indicate,
    table,
    tokens,
)

MONEY_CRISIS = "crisi-01"


def crisis_table(*crises: tuple[str, int | None]):
    state = table(Phase.CRISIS)
    state.in_play = [DestinyCard(card, "crisis", kingdom) for card, kingdom in crises]
    return state


def contribute(state, seat, amount=0, crisis=MONEY_CRISIS, **mixed):
    """Write ``amount`` Money (or a ``mixed`` entry) for ``crisis`` on the player's tile."""
    entry = mixed or {"MON": amount}
    plan = state.player(seat).plan
    tile = next((t for t in plan.indications if t.ability == "contribuir-crisi"), None)
    if tile is None:
        indicate(state, seat, "contribuir-crisi", contributions={crisis: entry})
    else:  # a tile is replaced, never edited, as the phone does
        contributions = {**tile.params["contributions"], crisis: entry}
        plan.indications[plan.indications.index(tile)] = replace(
            tile, params={**tile.params, "contributions": contributions}
        )


def resolve(state, catalog=CATALOG):
    return crisis_phase.resolve_next_crisis(state, catalog, RULES, FixedDice([]))


def announced(events):
    (event,) = [e for e in events if e.kind == "crisis_resolved"]
    return event


def test_s410_contributions_are_capped_to_holdings_and_every_total_is_public():
    """§4.10: "limited to accepted types and to what m actually holds now ... announce m's
    total publicly"."""
    state = crisis_table((MONEY_CRISIS, 0))
    contribute(state, ALICE, 4)
    contribute(state, BOB, 9)
    done = resolve(state)
    event = announced(done.events)
    assert event.audience == PUBLIC
    assert event.data["contributions"] == [
        {"seat": ALICE, "total": 4},
        {"seat": BOB, "total": 5},
        {"seat": CARLES, "total": 0},
    ]
    assert done.state.player(BOB).resources[Resource.MON] == 0


def test_s410_the_top_contributor_receives_the_reward():
    """§4.10: "the member(s) with the highest total contribution (>= 1) receive the reward"."""
    state = crisis_table((MONEY_CRISIS, 0))
    contribute(state, ALICE, 3)
    contribute(state, BOB, 5)
    done = resolve(state)
    assert announced(done.events).data["rewarded"] == [BOB]
    assert done.state.player(BOB).resources[Resource.PRE] == 6
    assert done.state.player(ALICE).resources[Resource.PRE] == 5


def test_g36_tied_top_contributors_each_receive_the_full_reward():
    """G36: "Tied top contributors each receive the full reward"."""
    state = crisis_table((MONEY_CRISIS, 0))
    contribute(state, ALICE, 4)
    contribute(state, BOB, 4)
    done = resolve(state).state
    assert [done.player(s).resources[Resource.PRE] for s in (ALICE, BOB, CARLES)] == [6, 6, 5]


def test_s410_a_failed_crisis_applies_its_penalty():
    """§4.10: "FAILURE: apply the penalty to the kingdom and/or members as the card says"."""
    state = crisis_table((MONEY_CRISIS, 0))
    contribute(state, ALICE, 6)
    done = resolve(state)
    assert announced(done.events).data["success"] is False
    assert done.state.kingdom(0).indicators[Indicator.STABILITY] == 2
    assert done.state.player(ALICE).resources[Resource.PRE] == 5


def test_s410_the_threshold_counts_members_and_peril_at_resolution():
    """G36: "The requirement is evaluated with the member count and Peril at resolution time":
    in turn 9 (Peril 5) Alba needs 2·3 + 5 = 11."""
    state = crisis_table((MONEY_CRISIS, 0))
    state.turn = 9
    assert announced(resolve(state).events).data["threshold"] == 11


def test_g13_favor_stands_in_for_an_accepted_type():
    """G13: Favor may stand in for "crisis contributions"."""
    state = crisis_table((MONEY_CRISIS, 0))
    state.player(CARLES).resources = holdings(MON=1, FAV=3)
    contribute(state, CARLES, MON=1, FAV=3)
    done = resolve(state).state
    assert done.player(CARLES).resources == holdings()


def test_s410_contributions_mix_accepted_types_as_the_player_chooses():
    """§4.10: "els jugadors poden combinar els tipus acceptats lliurement (per exemple, una
    contribució d'un mateix jugador podria contenir 2 i + 3, per un total de 5)": Alice gives
    2 Power and 3 Force to a crisis that accepts both; her total is 5."""
    catalog = copy.deepcopy(CATALOG)
    catalog[MONEY_CRISIS]["accepts"] = ["POW", "FOR"]
    state = crisis_table((MONEY_CRISIS, 0))
    contribute(state, ALICE, POW=2, FOR=3)
    done = resolve(state, catalog)
    assert done.state.player(ALICE).resources[Resource.POW] == 3
    assert done.state.player(ALICE).resources[Resource.FOR] == 2
    assert announced(done.events).data["contributions"][0] == {"seat": ALICE, "total": 5}


def test_s410_a_type_the_crisis_does_not_accept_is_not_paid():
    """§4.10: "limited to accepted types": Bob's 2 Faith for a Money crisis stay in his chest."""
    state = crisis_table((MONEY_CRISIS, 0))
    contribute(state, BOB, MON=3, FAI=2)
    done = resolve(state).state
    assert done.player(BOB).resources[Resource.FAI] == 5
    assert done.player(BOB).resources[Resource.MON] == 2


def test_g36_one_entry_per_crisis_each_crisis_is_paid_its_own():
    """G36: "The contribution tile may hold one entry per crisis in play in the player's
    kingdom": Alba faces two crises; Alice gives 2 Money to one and 3 to the other, and each
    crisis announces its own entry."""
    state = crisis_table((MONEY_CRISIS, 0), ("crisi-03", 0))
    contribute(state, ALICE, 2)
    contribute(state, ALICE, 3, crisis="crisi-03")
    catalog = copy.deepcopy(CATALOG)
    catalog["crisi-03"]["accepts"] = ["MON"]
    first = resolve(state, catalog)
    second = resolve(first.state, catalog)
    totals = [announced(out.events).data["contributions"][0]["total"] for out in (first, second)]
    assert sorted(totals) == [2, 3]
    assert second.state.player(ALICE).resources[Resource.MON] == 0


def test_s410_the_pool_returns_to_the_reserve_and_the_crisis_is_discarded():
    """§4.10: "pool -> reserve; discard c"."""
    state = crisis_table((MONEY_CRISIS, 0))
    contribute(state, ALICE, 5)
    contribute(state, CARLES, 2)
    done = resolve(state).state
    assert done.in_play == []
    assert done.decks["crises_discard"] == [MONEY_CRISIS]
    assert done.reserve[Resource.MON] == 7
    assert done.reserve[Resource.PRE] == -1  # the reward came out of the reserve


def test_s36_crises_are_resolved_one_at_a_time_in_kingdom_order():
    """§3.6: "the director resolves them one at a time in kingdom order": Dídac handed in
    first, so Boira's crisis comes before Alba's."""
    state = crisis_table(("crisi-02", 0), (MONEY_CRISIS, 1))
    state.turn_order = [DIDAC, ALICE, BOB, CARLES, ELENA]
    first = resolve(state)
    assert announced(first.events).data["kingdom"] == 1
    assert announced(resolve(first.state).events).data["kingdom"] == 0
    with pytest.raises(IllegalTransitionError):
        resolve(resolve(first.state).state)


def test_g36_only_members_of_the_crisis_kingdom_contribute():
    """G36: "Only members of the crisis's kingdom may contribute"."""
    state = crisis_table((MONEY_CRISIS, 0))
    contribute(state, DIDAC, 5)
    done = resolve(state)
    assert done.state.player(DIDAC).resources == state.player(DIDAC).resources


def test_g36_a_kingdomless_crisis_penalty_on_the_king_is_ignored():
    """G36: "For the kingdomless group, the requirement uses the group's size; effects on
    indicators or on the King are ignored": a failed crisis whose penalty is "the King loses 1
    Prestige" costs the group's first player nothing."""
    catalog = copy.deepcopy(CATALOG)
    catalog[MONEY_CRISIS]["penalty"] = [
        {"op": "lose", "who": "king", "resource": "PRE", "amount": 1}
    ]
    state = crisis_table((MONEY_CRISIS, None))
    state.player(ELENA).kingdom = None
    done = resolve(state, catalog).state
    assert done.player(ELENA).resources[Resource.PRE] == state.player(ELENA).resources[Resource.PRE]


def test_g51_the_kingdomless_group_ignores_effects_on_indicators():
    """G36/G51: "For the kingdomless group, the requirement uses the group's size; effects on
    indicators or on the King are ignored"."""
    state = crisis_table((MONEY_CRISIS, None))
    state.player(ELENA).kingdom = None
    done = resolve(state)
    event = announced(done.events)
    assert event.data["threshold"] == 3 and event.data["success"] is False
    assert [k.indicators for k in done.state.kingdoms] == [k.indicators for k in state.kingdoms]


def test_s45_a_penalty_that_breaks_an_indicator_starts_an_insurrection():
    """§4.5: "An indicator that would drop below 1 causes an insurrection instead"; the next
    crisis waits until it is settled."""
    state = crisis_table((MONEY_CRISIS, 0), ("crisi-02", 1))
    state.kingdom(0).indicators = {i: 1 for i in INDICATORS}
    done = resolve(state).state
    assert [p.kind for p in done.pending] == ["insurrection"]
    assert [c.card for c in done.in_play] == ["crisi-02"]
    with pytest.raises(IllegalTransitionError):
        resolve(done)


def test_s36_crises_are_resolved_only_in_the_crisis_resolution_phase():
    """§3.6: "If any crises are in play, the director resolves them" in the Crisis resolution
    phase: not during Actions, nor once the game is over."""
    for phase, status in ((Phase.ACTIONS, Status.PLAYING), (Phase.CRISIS, Status.FINISHED)):
        state = crisis_table((MONEY_CRISIS, 0))
        state.phase, state.status = phase, status
        with pytest.raises(IllegalTransitionError) as caught:
            resolve(state)
        assert caught.value.message == "Crises are resolved in the Crisis resolution phase."


def test_g51_a_group_crisis_whose_group_has_emptied_is_resolved_last_with_no_member():
    """§4.15: "Kingdomless players count as one anonymous kingdom" for crisis resolution, and
    G36: "For the kingdomless group, the requirement uses the group's size". The group's crisis
    was revealed at the start of the turn; its players have all joined kingdoms since. It comes
    after Alba's (the group holds no place in the turn order now) and fails with nobody paying:
    2·0 + Peril 1 = 1."""
    state = crisis_table((MONEY_CRISIS, None), ("crisi-02", 0))
    first = resolve(state)
    assert announced(first.events).data["card"] == "crisi-02"
    second = resolve(first.state)
    event = announced(second.events)
    assert (event.data["card"], event.data["kingdom"]) == (MONEY_CRISIS, None)
    assert event.data["contributions"] == []
    assert (event.data["pool"], event.data["threshold"]) == (0, 1)
    assert (event.data["success"], event.data["rewarded"]) == (False, [])
    assert second.state.in_play == []
    assert [k.indicators for k in second.state.kingdoms] == [
        k.indicators for k in first.state.kingdoms
    ]


def test_s410_each_members_payment_is_told_to_them_and_the_director_and_triggers_name_it():
    """§4.10: "announce m's total publicly"; how each member paid is theirs and the
    director's. Alice gives 3 Money and 2 Faith to Alba's Money crisis: her Faith is refused
    ("limited to accepted types"); Bob and Carles give nothing. The crisis fails and the
    reactions to a failed crisis learn which crisis, and whose."""
    state = crisis_table((MONEY_CRISIS, 0))
    contribute(state, ALICE, MON=3, FAI=2)
    events = resolve(state).events
    (paid,) = [e for e in events if e.kind == "crisis_contribution_paid"]
    assert (paid.audience, paid.actor) == ((ALICE,), ALICE)
    assert paid.data == {"card": MONEY_CRISIS, "kingdom": 0, "paid": {"MON": 3}}
    (payments,) = [e for e in events if e.kind == "crisis_payments"]
    assert payments.audience == DIRECTOR
    assert payments.data == {
        "card": MONEY_CRISIS,
        "kingdom": 0,
        "payments": {
            str(ALICE): {
                "declared": {"MON": 3, "FAI": 2},
                "paid": {"MON": 3},
                "refused": {"FAI": 2},
            },
            str(BOB): {"declared": {}, "paid": {}, "refused": {}},
            str(CARLES): {"declared": {}, "paid": {}, "refused": {}},
        },
    }
    (trigger,) = [e for e in events if e.data.get("trigger") == "crisis_failed"]
    assert trigger.data == {"trigger": "crisis_failed", "card": MONEY_CRISIS, "kingdom": 0}


def test_s42_a_contribution_tile_void_at_resolution_is_not_paid_and_its_owner_is_told():
    """§4.2/G47: a planned ability "is validated when it is used": the pack now allows at most
    3 to a crisis, so Alice's tile of 5 is void. She pays nothing and is told privately why,
    with a note in her chest; Bob's valid 2 is paid."""
    catalog = copy.deepcopy(CATALOG)
    catalog["contribuir-crisi"]["abilities"][0]["params"] = [
        {"name": "contributions", "type": "contributions", "max": 3}
    ]
    state = crisis_table((MONEY_CRISIS, 0))
    contribute(state, ALICE, 5)
    contribute(state, BOB, 2)
    done = resolve(state, catalog)
    (note,) = [e for e in done.events if e.kind == "aborted"]
    assert (note.audience, note.actor) == ((ALICE,), ALICE)
    assert note.data["source"] == "common:contribuir-crisi"
    assert [n.kind for n in done.state.player(ALICE).notes] == ["aborted"]
    assert done.state.player(ALICE).resources[Resource.MON] == 5
    assert done.state.player(BOB).resources[Resource.MON] == 3
    assert [c["total"] for c in announced(done.events).data["contributions"]] == [0, 2, 0]


def test_g13_favor_stands_in_for_a_type_a_law_of_the_kingdom_adds():
    """G13: Favor counts as any accepted type (except Prestige). Alba's law makes its crises
    that accept Prestige "accept also" Money, so Carles's 2 Favor count for this Prestige
    crisis."""
    catalog = copy.deepcopy(CATALOG)
    catalog[MONEY_CRISIS]["accepts"] = ["PRE"]
    catalog["llei-de-la-moneda"] = {
        "id": "llei-de-la-moneda",
        "kind": "law",
        "title": {"ca": "-", "en": "-"},
        "lasting": [{"rule": "crisis_accepts", "accepts": "PRE", "also": "MON"}],
    }
    state = crisis_table((MONEY_CRISIS, 0))
    state.kingdom(0).laws.append("llei-de-la-moneda")
    state.player(CARLES).resources = holdings(FAV=2)
    contribute(state, CARLES, FAV=2)
    done = resolve(state, catalog)
    assert done.state.player(CARLES).resources == holdings()
    assert announced(done.events).data["contributions"][2] == {"seat": CARLES, "total": 2}


def test_s410_a_reward_judges_its_condition_for_the_top_contributor():
    """§4.10: "the member(s) with the highest total contribution (>= 1) receive the reward" as
    the card says: this card gives 2 Prestige to a top contributor holding a Luxe card, 1
    otherwise. Bob holds one and tops the crisis."""
    catalog = copy.deepcopy(CATALOG)
    catalog[MONEY_CRISIS]["reward"] = [
        {
            "op": "if",
            "condition": {"test": "keyword_count_at_least", "keyword": "Luxe", "count": 1},
            "then": [{"op": "gain", "who": "self", "resource": "PRE", "amount": 2}],
            "else": [{"op": "gain", "who": "self", "resource": "PRE", "amount": 1}],
        }
    ]
    state = crisis_table((MONEY_CRISIS, 0))
    state.player(BOB).assets.append("actiu-03")  # Luxe
    contribute(state, ALICE, 3)
    contribute(state, BOB, 5)
    done = resolve(state, catalog)
    assert announced(done.events).data["rewarded"] == [BOB]
    assert done.state.player(BOB).resources[Resource.PRE] == 7


def test_s410_a_penalty_drawn_at_random_uses_the_game_dice():
    """§4.10: "FAILURE: apply the penalty to the kingdom and/or members as the card says":
    each member discards a tactic at random, drawn with the game's dice (Alice's second one)."""
    catalog = copy.deepcopy(CATALOG)
    catalog[MONEY_CRISIS]["penalty"] = [
        {"op": "discard", "who": "members", "what": "random_tactic", "count": 1}
    ]
    state = crisis_table((MONEY_CRISIS, 0))
    state.player(ALICE).tactics = ["tactica-01", "tactica-02"]
    dice = FixedDice([1])
    done = crisis_phase.resolve_next_crisis(state, catalog, RULES, dice)
    assert done.state.player(ALICE).tactics == ["tactica-01"]
    assert [r.purpose for r in dice.rolls] == [f"random tactic of seat {ALICE}"]


@settings(max_examples=30, deadline=None)
@given(
    amounts=st.lists(st.integers(0, 12), min_size=8, max_size=8),
    money=st.lists(st.integers(0, 6), min_size=8, max_size=8),
    values=st.lists(st.integers(1, 5), min_size=4, max_size=4),
)
def test_s410_crisis_properties(amounts, money, values):
    """§4.10, G53: resources are conserved with the reserve, chests never go negative,
    indicators stay in 1..5, every card lies in one place, and the same dice give the same
    result."""
    state = started_game(8)
    state.phase = Phase.CRISIS
    crises = state.decks["crises"][:2]
    state.decks["crises"] = state.decks["crises"][2:]
    state.in_play = [
        DestinyCard(c, "crisis", k.id) for c, k in zip(crises, state.kingdoms, strict=True)
    ]
    for seat, amount, mon in zip(
        sorted(p.seat for p in state.players), amounts, money, strict=True
    ):
        state.player(seat).resources[Resource.MON] = mon
        for crisis in crises:
            contribute(state, seat, amount, crisis=crisis)
    once = crisis_phase.resolve_next_crisis(state, CATALOG, RULES, HmacDice(b"x"))
    twice = crisis_phase.resolve_next_crisis(state, CATALOG, RULES, HmacDice(b"x"))
    assert once.state.to_dict() == twice.state.to_dict()
    assert tokens(once.state) == tokens(state)
    assert invariants.problems(once.state, BASE, RULES) == []
