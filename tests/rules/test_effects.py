"""The card-effects interpreter (rules §3.3, §3.4, §4.1–§4.4, §4.6, §4.7, §4.8, §6, G17–G23, G52).

The court of Alba: Alice is Queen, Bob is her Spymaster, Carles a member. Across the border,
Dídac is King of Boira with Elena. Turn order: Alice, Bob, Carles, Dídac, Elena. Every player
holds 5 of each resource. Test cards are written inline, in the content-pack format.
"""

from __future__ import annotations

import copy

from hypothesis import given, settings
from hypothesis import strategies as st

from consell.rules import effects
from consell.rules.dice import FixedDice
from consell.rules.effects import Secrets, apply_ops, execute, resume, secrets_batch
from consell.rules.effects_context import Context
from consell.rules.events import DIRECTOR, PUBLIC
from consell.rules.resources import Indicator, Resource, holdings
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState, Kingdom, Phase, PlannedAbility, Player
from tests.rules.catalog import CATALOG as BASE

ALICE, BOB, CARLES, DIDAC, ELENA = 0, 1, 2, 3, 4
RULES = Ruleset.default()
T = {"ca": "-", "en": "-"}


def ability(aid: str, kind: str = "action", **fields) -> dict:
    return {"id": aid, "type": kind, "title": T, "text": T, **fields}


def catalog_with(*abilities: dict, **extra_cards: dict) -> dict:
    catalog = copy.deepcopy(BASE)
    catalog["casa-proves"] = {
        "id": "casa-proves",
        "kind": "house",
        "title": T,
        "emblem": "*",
        "abilities": list(abilities),
    }
    catalog.update(copy.deepcopy(extra_cards))
    return catalog


def table() -> GameState:
    players = [
        Player(
            seat,
            name,
            house="casa-proves",
            kingdom=kingdom,
            resources=holdings(PRE=5, POW=5, MON=5, INT=5, FOR=5, FAI=5),
        )
        for seat, name, kingdom in (
            (ALICE, "Alice", 0),
            (BOB, "Bob", 0),
            (CARLES, "Carles", 0),
            (DIDAC, "Dídac", 1),
            (ELENA, "Elena", 1),
        )
    ]
    alba = Kingdom(0, "Alba", ALICE, offices={"rei": ALICE, "mestre-espies": BOB})
    boira = Kingdom(1, "Boira", DIDAC, offices={"rei": DIDAC, "mestre-espies": None})
    state = GameState(
        players,
        [alba, boira],
        turn=1,
        phase=Phase.ACTIONS,
        turn_order=[ALICE, BOB, CARLES, DIDAC, ELENA],
        next_kingdom_id=2,
    )
    state.law_row = ["llei-01", "llei-02", "llei-03"]
    state.decks["laws"] = ["llei-04", "llei-05"]
    state.decks["tactics"] = ["tactica-01", "tactica-02", "tactica-03"]
    return state


def planned(aid: str, **params) -> PlannedAbility:
    return PlannedAbility("house", aid, params)


def run(state, catalog, aid, *, seat=ALICE, secret=False, dice=None, secrets=None, **params):
    return execute(
        state,
        catalog,
        RULES,
        dice or FixedDice([]),
        seat,
        planned(aid, **params),
        secret=secret,
        secrets=secrets,
    )


def res(state: GameState, seat: int, code: str) -> int:
    return state.player(seat).resources[Resource(code)]


# -- §4.1/§4.2: paying and aborting ---------------------------------------------------------


def test_s41_cost_is_paid_at_execution_favor_last():
    """§4.1: "The cost is paid when the ability executes ... Favor is used only as a last resort."""
    catalog = catalog_with(ability("tribut", cost={"POW": 6}, effect=[]))
    state = table()
    state.player(ALICE).resources[Resource.FAV] = 2
    out = run(state, catalog, "tribut")
    assert res(out.state, ALICE, "POW") == 0 and res(out.state, ALICE, "FAV") == 1


def test_s42_an_unaffordable_ability_aborts_and_pays_nothing():
    """§4.2: "An aborted ability costs nothing." For an action the reason is said publicly."""
    catalog = catalog_with(
        ability(
            "tribut",
            cost={"POW": 9},
            effect=[{"op": "gain", "who": "self", "resource": "MON", "amount": 3}],
        )
    )
    state = table()
    out = run(state, catalog, "tribut")
    assert out.state.to_dict() == state.to_dict()
    assert [(e.kind, e.audience) for e in out.events] == [
        ("aborted", PUBLIC),
        ("abort_reason", (ALICE,)),
    ]
    assert "reason" not in out.events[0].data, "the reason is explained to its owner alone"
    assert out.events[1].data["code"] == "unaffordable"


def test_s42_an_aborted_secret_is_told_to_its_owner_alone_with_a_note():
    """§3.4: "an aborted secret is returned with a private, annotated reason"."""
    catalog = catalog_with(ability("intriga", "secret", cost={"INT": 9}, effect=[]))
    out = run(table(), catalog, "intriga", secret=True)
    assert [(e.kind, e.audience) for e in out.events] == [("aborted", (ALICE,))]
    assert out.state.player(ALICE).notes[-1].kind == "aborted"


def test_s42_a_lost_source_aborts_the_planned_ability():
    """§4.2 DEFAULT: "a planned ability whose source was lost before it executes ... aborts"."""
    catalog = catalog_with(
        ability("x"),
        **{
            "daga": {
                "id": "daga",
                "kind": "tactic",
                "title": T,
                "abilities": [
                    ability(
                        "tall",
                        effect=[{"op": "gain", "who": "self", "resource": "MON", "amount": 1}],
                    )
                ],
            }
        },
    )
    out = execute(
        table(),
        catalog,
        RULES,
        FixedDice([]),
        ALICE,
        PlannedAbility("tactic:daga", "tall"),
        secret=False,
    )
    assert out.events[0].kind == "aborted" and out.events[1].data["code"] == "invalid_parameter"


def test_g23_a_used_tactic_is_discarded_and_an_aborted_one_returns_to_hand():
    """G23: "A tactic is discarded after it executes. An aborted tactic returns to the hand."."""
    catalog = catalog_with(
        **{
            "daga": {
                "id": "daga",
                "kind": "tactic",
                "title": T,
                "abilities": [ability("tall", cost={"FOR": "peril"}, effect=[])],
            }
        }
    )
    state = table()
    state.player(ALICE).tactics = ["daga"]
    used = execute(
        state,
        catalog,
        RULES,
        FixedDice([]),
        ALICE,
        PlannedAbility("tactic:daga", "tall"),
        secret=False,
    )
    assert used.state.player(ALICE).tactics == [] and used.state.decks["tactics_discard"] == [
        "daga"
    ]
    state.player(ALICE).resources[Resource.FOR] = 0
    aborted = execute(
        state,
        catalog,
        RULES,
        FixedDice([]),
        ALICE,
        PlannedAbility("tactic:daga", "tall"),
        secret=False,
    )
    assert aborted.state.player(ALICE).tactics == ["daga"]


def test_g47_a_box_invalid_at_execution_aborts():
    """G47: a value is invalid if it "names a player who is no longer eligible"."""
    catalog = catalog_with(
        ability(
            "castig",
            params=[{"name": "target", "type": "player", "scope": "own_kingdom"}],
            effect=[{"op": "lose", "who": "$target", "resource": "MON", "amount": 1}],
        )
    )
    state = table()
    state.player(CARLES).kingdom = 1
    out = run(state, catalog, "castig", target=CARLES)
    assert out.events[0].kind == "aborted" and res(out.state, CARLES, "MON") == 5


# -- §4.4 friction ----------------------------------------------------------------------------


def test_s44_friction_adds_every_step_away_from_the_centre_in_the_linked_resource():
    """§4.4: "An effect that moves an indicator several steps adds up the friction of each step";
    G17: paid in the linked resource (Power for Stability)."""
    catalog = catalog_with(
        ability(
            "reforma",
            friction=True,
            effect=[
                {"op": "move_indicator", "kingdom": "own", "indicator": "stability", "delta": 2}
            ],
        )
    )
    out = run(table(), catalog, "reforma")
    assert out.state.kingdom(0).indicators[Indicator.STABILITY] == 5
    assert res(out.state, ALICE, "POW") == 5 - 3


def test_g18_destiny_and_crisis_ops_move_indicators_without_friction():
    """G18: "Destiny cards, crisis outcomes, laws and insurrection results move indicators
    without friction"."""
    ops = [{"op": "move_indicator", "kingdom": "own", "indicator": "highest", "delta": 2}]
    out = apply_ops(table(), BASE, RULES, FixedDice([]), ops, Context(None, 0))
    assert out.state.kingdom(0).indicators[Indicator.STABILITY] == 5
    assert out.state.player(ALICE).resources == table().player(ALICE).resources


def test_s45_a_step_below_one_leaves_an_insurrection_pending():
    """§4.5: "when an indicator would drop below 1, its value does not change and an insurrection
    happens instead"."""
    state = table()
    state.kingdom(0).indicators[Indicator.ARMY] = 1
    ops = [
        {"op": "move_indicator", "kingdom": "own", "indicator": "lowest", "delta": -1},
        {"op": "gain", "who": "king", "resource": "PRE", "amount": 1},
    ]
    out = apply_ops(state, BASE, RULES, FixedDice([]), ops, Context(None, 0))
    assert out.state.kingdom(0).indicators[Indicator.ARMY] == 1
    [pending] = out.state.pending
    assert pending.kind == "insurrection" and pending.data["count"] == 1
    assert res(out.state, ALICE, "PRE") == 5
    after = resume(out.state, BASE, RULES, FixedDice([]), pending.id, {})
    assert res(after.state, ALICE, "PRE") == 6 and after.state.pending == []


def test_g51_indicator_effects_on_the_kingdomless_group_are_ignored():
    """G51: for the kingdomless group, "Effects on indicators are ignored"."""
    ops = [{"op": "move_indicator", "kingdom": "own", "indicator": "wealth", "delta": -1}]
    out = apply_ops(table(), BASE, RULES, FixedDice([]), ops, Context(None, None, group=True))
    assert out.events[0].kind == "indicator_ignored"


# -- resource ops -----------------------------------------------------------------------------


def test_s6_gain_lose_pay_steal_and_transfer_move_tokens():
    """§1.5: "Resources can be gained, lost, spent and traded"; G53: losses are capped."""
    catalog = catalog_with(
        ability(
            "tot",
            params=[
                {"name": "victim", "type": "player", "scope": "others"},
                {"name": "quant", "type": "amount", "min": 1, "max": 3},
            ],
            effect=[
                {"op": "gain", "who": "self", "resource": "MON", "amount": "quant"},
                {"op": "lose", "who": "$victim", "resource": "FAI", "amount": 9},
                {"op": "pay", "who": "others", "resource": "FOR", "amount": 1},
                {"op": "steal", "from": "$victim", "resource": "INT", "amount": 2},
                {"op": "transfer", "from": "self", "to": "$victim", "resource": "POW", "amount": 1},
            ],
        )
    )
    out = run(table(), catalog, "tot", victim=DIDAC, quant=3)
    s = out.state
    assert res(s, ALICE, "MON") == 8 and res(s, DIDAC, "FAI") == 0
    assert res(s, BOB, "FOR") == 4 and res(s, CARLES, "FOR") == 4 and res(s, ALICE, "FOR") == 5
    assert res(s, ALICE, "INT") == 7 and res(s, DIDAC, "INT") == 3
    assert res(s, ALICE, "POW") == 4 and res(s, DIDAC, "POW") == 6


def test_s41_a_pay_op_that_cannot_be_paid_aborts_the_whole_ability():
    """§6: pay "(must pay all, Favor last; aborts the ability if it cannot)"."""
    catalog = catalog_with(
        ability(
            "leva",
            effect=[
                {"op": "gain", "who": "self", "resource": "MON", "amount": 2},
                {"op": "pay", "who": "members", "resource": "FOR", "amount": 6},
            ],
        )
    )
    state = table()
    out = run(state, catalog, "leva")
    assert out.events[0].kind == "aborted" and out.state.to_dict() == state.to_dict()


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(["gain", "lose", "pay", "steal"]), min_size=1, max_size=6),
    st.integers(0, 7),
)
def test_g53_tokens_are_conserved_with_the_reserve(ops, amount):
    """G53: "The general reserve is unlimited": every token leaving a chest enters the reserve
    and the other way round, so chests plus reserve never change."""
    effect = [
        {
            "op": name,
            "who" if name != "steal" else "from": "$target",
            "resource": "MON",
            "amount": amount,
        }
        for name in ops
    ]
    catalog = catalog_with(
        ability(
            "x", params=[{"name": "target", "type": "player", "scope": "others"}], effect=effect
        )
    )
    state = table()
    out = run(state, catalog, "x", target=BOB)

    def everything(s):
        return sum(p.resources[Resource.MON] for p in s.players) + s.reserve[Resource.MON]

    assert everything(out.state) == everything(state)


# -- cards ------------------------------------------------------------------------------------


def test_s416_draw_and_discard_tactics():
    """§4.16: tactics are drawn; a random discard uses the dice."""
    ops = [
        {"op": "draw", "who": "self", "deck": "tactics", "count": 2},
        {"op": "discard", "who": "self", "what": "random_tactic", "count": 1},
    ]
    out = apply_ops(table(), BASE, RULES, FixedDice([1]), ops, Context(ALICE, 0), self_seat=ALICE)
    assert out.state.player(ALICE).tactics == ["tactica-01"]
    assert out.state.decks["tactics_discard"] == ["tactica-02"]


def test_s416_discarding_chosen_tactics_waits_for_the_holder():
    """§6 discard tactics: the holder chooses which ones (a pending decision)."""
    state = table()
    state.player(BOB).tactics = ["tactica-05", "tactica-06"]
    ops = [{"op": "discard", "who": "$v", "what": "tactics", "count": 1}]
    out = apply_ops(state, BASE, RULES, FixedDice([]), ops, Context(ALICE, 0, params={"v": BOB}))
    [pending] = out.state.pending
    assert pending.kind == "discard_choice" and pending.waiting_for == [BOB]
    done = resume(
        out.state, BASE, RULES, FixedDice([]), pending.id, {"tactics": {BOB: ["tactica-06"]}}
    )
    assert done.state.player(BOB).tactics == ["tactica-05"]


def test_s6_draw_an_objective():
    """§6: draw {deck: personal_objective} gives a new objective (as after an execution)."""
    state = table()
    state.decks["personal_objectives"] = ["personal-01"]
    ops = [{"op": "draw", "who": "king", "deck": "personal_objective", "count": 1}]
    out = apply_ops(state, BASE, RULES, FixedDice([]), ops, Context(None, 0))
    assert out.state.player(ALICE).objectives == ["personal-01"]
    assert [e.audience for e in out.events if e.kind == "cards_received"] == [(ALICE,)]


def test_s414_seize_a_hidden_asset_keeps_its_title_between_the_two():
    """§1.10: hidden assets are private; the table learns only that "a hidden asset" moved."""
    catalog = catalog_with(
        ability(
            "saqueig",
            params=[
                {"name": "victim", "type": "player", "scope": "others"},
                {"name": "what", "type": "asset"},
            ],
            effect=[{"op": "seize_asset", "from": "$victim", "asset": "$what"}],
        )
    )
    state = table()
    state.player(DIDAC).assets = ["actiu-01"]
    out = run(state, catalog, "saqueig", victim=DIDAC, what="actiu-01")
    assert out.state.player(ALICE).assets == ["actiu-01"]
    public = [e for e in out.events if e.audience == PUBLIC and e.kind == "asset_seized"]
    assert public[0].data["asset"] is None
    assert [e.audience for e in out.events if e.kind == "hidden_asset_seized"] == [(ALICE, DIDAC)]


def test_g34_allow_trade_opens_trading_outside_planning():
    """§4.14: "or when a card specifically allows it"."""
    out = apply_ops(table(), BASE, RULES, FixedDice([]), [{"op": "allow_trade"}], Context(ALICE, 0))
    assert out.state.trades_allowed is True


# -- flow ---------------------------------------------------------------------------------------


def test_s6_for_each_binds_self_to_each_selected_player():
    """§6: for_each {who, do} — "self inside = each selected player"."""
    ops = [
        {
            "op": "for_each",
            "who": "others",
            "do": [{"op": "gain", "who": "self", "resource": "FAI", "amount": 1}],
        }
    ]
    out = apply_ops(table(), BASE, RULES, FixedDice([]), ops, Context(ALICE, 0), self_seat=ALICE)
    assert [res(out.state, s, "FAI") for s in (ALICE, BOB, CARLES)] == [5, 6, 6]


def test_s6_if_applies_then_or_else():
    """§6: if {condition, then, else}."""
    ops = [
        {
            "op": "if",
            "condition": {"test": "is_king"},
            "then": [{"op": "gain", "who": "self", "resource": "PRE", "amount": 1}],
            "else": [{"op": "lose", "who": "self", "resource": "PRE", "amount": 1}],
        }
    ]
    out = apply_ops(table(), BASE, RULES, FixedDice([]), ops, Context(None, 0), self_seat=ALICE)
    other = apply_ops(table(), BASE, RULES, FixedDice([]), ops, Context(None, 0), self_seat=BOB)
    assert res(out.state, ALICE, "PRE") == 6 and res(other.state, BOB, "PRE") == 4


def test_s6_manual_effects_go_to_the_director():
    """§6: manual {text} — "the director applies it by hand through a correction"."""
    ops = [
        {"op": "manual", "text": {"ca": "Canvia", "en": "Swap"}},
        {"op": "gain", "who": "self", "resource": "POW", "amount": 1},
    ]
    out = apply_ops(table(), BASE, RULES, FixedDice([]), ops, Context(ALICE, 0), self_seat=ALICE)
    assert out.events[0].audience == DIRECTOR and out.events[0].kind == "manual_effect"
    assert out.state.pending[0].kind == "manual" and res(out.state, ALICE, "POW") == 6
    cleared = resume(out.state, BASE, RULES, FixedDice([]), out.state.pending[0].id, {})
    assert cleared.state.pending == []


def test_s6_a_manual_step_names_its_card_owner_kingdom_and_boxes():
    """§6 manual {text}: the director applies it by hand, so the pending keeps what the card
    refers to: the card, the ability, whose it is, its kingdom and the boxes as filled."""
    ops = [{"op": "manual", "text": {"ca": "Canvia", "en": "Swap"}}]
    context = Context(ALICE, 0, params={"target": BOB}, source="tactic:x", ability="y")
    out = apply_ops(table(), BASE, RULES, FixedDice([]), ops, context, self_seat=ALICE)
    data = out.state.pending[0].data
    assert (data["card"], data["ability"], data["owner"], data["kingdom"]) == ("x", "y", ALICE, 0)
    assert data["params"] == {"target": BOB}


def test_s6_manual_conditions_wait_for_the_director():
    """§6: {test: manual} — "the director judges it"."""
    ops = [
        {
            "op": "if",
            "condition": {"test": "manual", "text": T},
            "then": [{"op": "gain", "who": "self", "resource": "POW", "amount": 2}],
        }
    ]
    out = apply_ops(table(), BASE, RULES, FixedDice([]), ops, Context(ALICE, 0), self_seat=ALICE)
    pending = out.state.pending[0]
    done = resume(out.state, BASE, RULES, FixedDice([]), pending.id, {"holds": True})
    assert res(done.state, ALICE, "POW") == 7


def test_s6_selectors_king_spymaster_all_players_and_crisis_contributors():
    """§6 selectors, crisis rewards: "effects that reward or punish crisis contributors and
    non-contributors" (§6)."""
    ops = [
        {"op": "gain", "who": w, "resource": "FAI", "amount": 1}
        for w in (
            "king",
            "spymaster",
            "all_players",
            "top_contributors",
            "contributors",
            "non_contributors",
        )
    ]
    context = Context(None, 0, contributions={ALICE: 2, BOB: 3})
    out = apply_ops(table(), BASE, RULES, FixedDice([]), ops, context)
    assert [res(out.state, s, "FAI") for s in (ALICE, BOB, CARLES, DIDAC)] == [8, 9, 7, 6]


# -- votes, duels, kingdoms --------------------------------------------------------------------


def test_s47_propose_law_lets_the_proposer_pick_then_votes_and_enacts():
    """§4.7: "the active player picks ONE law from the law row (chosen now, at execution)";
    PASSED -> laws in force; the row slides and draws a new law (G35)."""
    catalog = copy.deepcopy(BASE)
    catalog["llei-02"]["effect"] = [
        {"op": "move_indicator", "kingdom": "own", "indicator": "grace", "delta": 1}
    ]
    out = execute(
        table(),
        catalog,
        RULES,
        FixedDice([]),
        BOB,
        PlannedAbility("common:proposar-llei", "proposar-llei"),
        secret=False,
    )
    choice = out.state.pending[0]
    assert choice.kind == "law_choice" and choice.waiting_for == [BOB]
    voted = resume(out.state, catalog, RULES, FixedDice([]), choice.id, {"law": "llei-02"})
    vote = voted.state.pending[0]
    assert vote.kind == "vote" and vote.data["eligible"] == [ALICE, BOB, CARLES]
    assert vote.data["tie_breaker"] == ALICE
    done = resume(voted.state, catalog, RULES, FixedDice([]), vote.id, {"passed": True})
    assert done.state.kingdom(0).laws == ["llei-02"]
    assert done.state.law_row == ["llei-01", "llei-03", "llei-04"]
    assert done.state.kingdom(0).indicators[Indicator.GRACE] == 4


def test_g33_a_kingdomless_player_cannot_propose_a_law():
    """G33: "A kingdomless player cannot propose a law (the action aborts)"."""
    state = table()
    state.player(CARLES).kingdom = None
    out = execute(
        state,
        BASE,
        RULES,
        FixedDice([]),
        CARLES,
        PlannedAbility("common:proposar-llei", "proposar-llei"),
        secret=False,
    )
    assert out.events[0].kind == "aborted" and out.events[1].data["code"] == "not_eligible"


def test_g33_a_passed_law_with_no_kingdom_to_apply_to_aborts():
    """G33: "A passed law applies to that kingdom only": a stored vote that lost its kingdom
    names nowhere for the law to go, so the action aborts and no law comes into force."""
    out = execute(
        table(),
        BASE,
        RULES,
        FixedDice([]),
        BOB,
        PlannedAbility("common:proposar-llei", "proposar-llei"),
        secret=False,
    )
    voted = resume(
        out.state, BASE, RULES, FixedDice([]), out.state.pending[0].id, {"law": "llei-02"}
    )
    broken = voted.state.clone()
    broken.pending[0].data["kingdom"] = None
    done = resume(broken, BASE, RULES, FixedDice([]), broken.pending[0].id, {"passed": True})
    assert done.events[0].kind == "aborted" and done.events[1].data["code"] == "invalid_state"
    assert [k.laws for k in done.state.kingdoms] == [[], []]
    assert done.state.law_row == voted.state.law_row


def test_s47_submit_law_names_the_law_in_a_box():
    """§4.7: any ability that "submits a law to a vote"."""
    catalog = catalog_with(
        ability(
            "decret",
            params=[{"name": "llei", "type": "law"}],
            effect=[{"op": "submit_law", "law": "$llei"}],
        )
    )
    out = run(table(), catalog, "decret", llei="llei-03")
    vote = out.state.pending[0]
    done = resume(out.state, catalog, RULES, FixedDice([]), vote.id, {"passed": False})
    assert done.state.decks["laws_discard"] == ["llei-03"]


def test_s48_a_duel_gives_on_win_to_the_winner_and_spends_every_fist():
    """§4.8: "the single highest total wins ... all committed tokens go back to the reserve"."""
    catalog = catalog_with(
        ability(
            "repte",
            params=[{"name": "rival", "type": "player", "scope": "others"}],
            effect=[
                {
                    "op": "start_duel",
                    "participants": "$rival",
                    "resources": ["FOR"],
                    "on_win": [{"op": "gain", "who": "self", "resource": "PRE", "amount": 2}],
                    "on_tie": [{"op": "lose", "who": "self", "resource": "PRE", "amount": 1}],
                }
            ],
        )
    )
    out = run(table(), catalog, "repte", rival=DIDAC)
    duel = out.state.pending[0]
    assert duel.waiting_for == [ALICE, DIDAC]
    done = resume(
        out.state,
        catalog,
        RULES,
        FixedDice([]),
        duel.id,
        {"fists": {ALICE: {"FOR": 2}, DIDAC: {"FOR": 3}}},
    )
    assert res(done.state, DIDAC, "PRE") == 7 and res(done.state, DIDAC, "FOR") == 2
    assert res(done.state, ALICE, "FOR") == 3


def test_s412_create_kingdom_waits_for_joiners_then_the_founder_pays():
    """§4.12: joiners declare, then "The founder then pays a cost of 8 ... halved once for each
    joiner"; the founding itself is handed to the kingdoms procedure."""
    out = execute(
        table(),
        BASE,
        RULES,
        FixedDice([]),
        CARLES,
        PlannedAbility("common:crear-regne", "crear-regne"),
        secret=False,
    )
    joiners = out.state.pending[0]
    assert joiners.kind == "kingdom_joiners" and ALICE not in joiners.waiting_for
    paid = resume(out.state, BASE, RULES, FixedDice([]), joiners.id, {"joiners": [ELENA]})
    assert res(paid.state, CARLES, "POW") == 1
    found = paid.state.pending[0]
    assert found.kind == "found_kingdom" and found.data == {**found.data, "joiners": [ELENA]}


def test_s412_a_founder_who_cannot_pay_aborts_and_nobody_moves():
    """§4.12 step 3: "If the founder cannot pay, the action aborts and nobody moves"."""
    state = table()
    state.player(CARLES).resources[Resource.POW] = 0
    out = execute(
        state,
        BASE,
        RULES,
        FixedDice([]),
        CARLES,
        PlannedAbility("common:crear-regne", "crear-regne"),
        secret=False,
    )
    done = resume(out.state, BASE, RULES, FixedDice([]), out.state.pending[0].id, {"joiners": []})
    assert [e.kind for e in done.events[-2:]] == ["aborted", "abort_reason"]
    assert done.state.pending == []


def test_s412_join_kingdom_is_voted_by_the_target_kingdom():
    """§4.12: "A vote decides ... The target kingdom's King breaks ties"."""
    catalog = copy.deepcopy(BASE)
    catalog["unir-se-regne"]["abilities"][0]["params"] = [{"name": "kingdom", "type": "kingdom"}]
    out = execute(
        table(),
        catalog,
        RULES,
        FixedDice([]),
        CARLES,
        PlannedAbility("common:unir-se-regne", "unir-se-regne", {"kingdom": 1}),
        secret=False,
    )
    vote = out.state.pending[0]
    assert vote.data["eligible"] == [DIDAC, ELENA] and vote.data["tie_breaker"] == DIDAC
    done = resume(out.state, catalog, RULES, FixedDice([]), vote.id, {"passed": True})
    assert done.state.pending[0].kind == "join_kingdom"


def test_s412_expel_and_execute_are_handed_to_their_procedures():
    """§4.12, §4.13: expulsion and execution are "caused by card abilities"."""
    ops = [{"op": "expel", "who": "$v"}, {"op": "execute", "who": "$v"}]
    out = apply_ops(table(), BASE, RULES, FixedDice([]), ops, Context(ALICE, 0, params={"v": BOB}))
    assert [p.kind for p in out.state.pending] == ["expel"]
    then = resume(out.state, BASE, RULES, FixedDice([]), out.state.pending[0].id, {})
    assert [p.kind for p in then.state.pending] == ["execution"]
    assert then.state.pending[0].data["seats"] == [BOB]


def test_s34_a_secret_that_orders_an_execution_is_told_to_its_owner_alone():
    """§3.4, §4.13: a secret may order an execution; the order, naming the seats, is the
    owner's (and the director's) alone. (Found by the simulator: the record used to fail.)"""
    catalog = catalog_with(
        ability(
            "sentencia",
            "secret",
            effect=[{"op": "execute", "who": "$v"}],
            params=[{"name": "v", "type": "player", "scope": "any"}],
        )
    )
    out = run(table(), catalog, "sentencia", secret=True, v=BOB)
    ordered = [e for e in out.events if e.kind == "execution_ordered"]
    assert [(e.audience, e.data["seats"]) for e in ordered] == [((ALICE,), [BOB])]
    assert [p.kind for p in out.state.pending] == ["execution"]


# -- secrets and plots --------------------------------------------------------------------------


PLOT = ability(
    "robatori",
    "secret",
    keywords=["complot"],
    params=[
        {"name": "targets", "type": "players", "max": 2, "scope": "others"},
        {"name": "intrigue", "type": "amount", "min": 1, "max": 5},
    ],
    effect=[{"op": "steal", "from": "$targets", "resource": "MON", "amount": 2}],
)


def test_s46_a_plot_pays_its_intrigue_and_applies_per_successful_target():
    """§4.6: "apply p's effects only to targets with ok[x] = True"; G30: I is paid whatever the
    outcome. Dídac (no Spymaster) is reached; Carles is covered by Bob, whose test fails."""
    catalog = catalog_with(PLOT)
    dice = FixedDice([1, 1, 1, 1, 1, 1, 6, 1, 1])
    out = run(
        table(), catalog, "robatori", secret=True, dice=dice, targets=[CARLES, DIDAC], intrigue=1
    )
    s = out.state
    assert res(s, ALICE, "INT") == 4
    assert res(s, DIDAC, "MON") == 3 and res(s, CARLES, "MON") == 5
    assert res(s, ALICE, "MON") == 7
    outcome = [n for n in s.player(ALICE).notes if n.kind == "plot_outcome"]
    assert outcome and outcome[0].data["outcomes"][0]["succeeded"] is False


def test_s34_a_secret_shows_the_table_only_its_material_effects_in_a_batch():
    """§1.9: "Only the owner and the director know what was declared ... Other players only see
    material effects"; G52: shown "as one batch at the end of the Secrets phase"."""
    catalog = catalog_with(
        ability(
            "sabotatge",
            "secret",
            friction=True,
            effect=[
                {"op": "move_indicator", "kingdom": "$k", "indicator": "army", "delta": -1},
                {"op": "lose", "who": "king", "resource": "MON", "amount": 1},
            ],
            params=[{"name": "k", "type": "kingdom", "scope": "other_kingdoms"}],
        )
    )
    out = run(table(), catalog, "sabotatge", secret=True, k=1)
    assert all(e.audience != PUBLIC or e.data.get("batch") for e in out.events)
    assert all(e.actor is None for e in out.events if e.data.get("batch"))
    batch = secrets_batch(out.events)
    assert batch[0].audience == PUBLIC and batch[0].data["changes"][0]["after"] == 2


def test_s46_plot_detection_notes_go_into_chests():
    """§3.4: "a target is told about the plots it detected, with the conspirator's identity if
    fully detected"."""
    catalog = catalog_with(PLOT)
    out = run(
        table(),
        catalog,
        "robatori",
        secret=True,
        dice=FixedDice([6, 6, 6]),
        secrets=Secrets(vigilance={DIDAC: 2}),
        targets=[DIDAC],
        intrigue=1,
    )
    notes = out.state.player(DIDAC).notes
    assert notes[0].kind == "plot_detected" and notes[0].data["conspirator"] == ALICE
    assert res(out.state, DIDAC, "MON") == 5


def test_dice_same_dice_same_result():
    """docs/principles.md, principle 5: the rules are deterministic given the injected dice."""
    catalog = catalog_with(PLOT)
    outs = [
        run(
            table(),
            catalog,
            "robatori",
            secret=True,
            dice=FixedDice([2, 3, 4, 5, 6, 1]),
            targets=[DIDAC],
            intrigue=2,
        )
        for _ in range(2)
    ]
    assert outs[0].state.to_dict() == outs[1].state.to_dict()
    assert outs[0].events == outs[1].events


def test_effects_module_knows_every_op_of_the_primitives():
    """primitives: "every name here is understood by the engine"."""
    from consell.rules.primitives import OPS

    assert set(effects.HANDLERS) == set(OPS)
