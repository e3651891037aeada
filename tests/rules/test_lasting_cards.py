"""Every "Mentre sigui vigent" law and "Mentre duri" event of the default pack does what it says.

Rules §1.7 (original): "Les lleis són propostes legislatives que, de ser aprovades, canvien un o
més aspectes del joc"; events may "quedar en joc per un o més torns" (G46). Each test is named
after its card, quotes the card's text and plays the engine on a table dealt from the default
pack, with the law in force in Alice's kingdom (G33) or the event in play there (G46). A card
whose rule the engine cannot apply would keep a ``manual`` rule the director's dashboard shows
at its moment; the default pack has none left, so that is checked on a card made for it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from consell.content.reader import read_pack
from consell.rules import (
    acquisition,
    crisis_phase,
    decisions,
    duels,
    effects,
    endgame_turns,
    insurrection_flow,
    kingdoms,
    lasting,
    phases,
    planning,
    procedures,
    production_phase,
    reactions,
    resolution,
    trades,
)
from consell.rules.dice import FixedDice, HmacDice
from consell.rules.effects_context import Context
from consell.rules.errors import IllegalTransitionError, InvalidParameterError, NotEligibleError
from consell.rules.resources import Indicator, Resource
from consell.rules.ruleset import Ruleset
from consell.rules.setup import keep_objectives, setup_game, start_game
from consell.rules.state import DestinyCard, Kingdom, Pending, Phase, PlannedAbility

DEFAULT_PACK = Path(__file__).resolve().parents[2] / "consell" / "content" / "packs" / "default"
CATALOG = {c.data["id"]: {**c.data, "kind": c.kind} for c in read_pack(DEFAULT_PACK).cards}
RULES = Ruleset.default()
ALICE, BOB, CARLES, DIDAC, ELENA = 1, 2, 3, 4, 5
KING = "rei"


def text_of(card: str) -> str:
    return CATALOG[card]["text"]["ca"]


def table(law: str | None = None, event: str | None = None, phase: Phase = Phase.ACTIONS):
    """Five players from the default pack: Alice (King) and Bob, Carles (King) and Didac in two
    kingdoms, Elena kingdomless; everyone holds 10 of each resource."""
    dice = HmacDice(b"lasting-cards")
    state = setup_game(["Alice", "Bob", "Carles", "Didac", "Elena"], CATALOG, RULES, dice).state
    collective = RULES.objectives_dealt[0]
    for p in state.players:
        offer = p.objective_offer
        state = keep_objectives(state, p.seat, offer[0], offer[collective], RULES).state
    state = start_game(state, dice).state
    first = state.kingdoms[0]
    offices = dict.fromkeys(first.offices)
    state.kingdoms = [
        Kingdom(0, "Llevant", ALICE, offices={**offices, KING: ALICE}),
        Kingdom(1, "Ponent", CARLES, offices={**offices, KING: CARLES}),
    ]
    seats = {ALICE: 0, BOB: 0, CARLES: 1, DIDAC: 1, ELENA: None}
    for p in state.players:
        p.kingdom = seats[p.seat]
    for p in state.players:
        p.resources = {**p.resources, **dict.fromkeys(Resource, 10)}
    state.phase, state.pending = phase, []
    if law:
        state.kingdom(0).laws.append(law)
    if event:
        state.in_play.append(DestinyCard(event, "event", 0, remaining=2))
    return state


def home(state) -> int:
    return state.player(ALICE).kingdom


def other_kingdom(state) -> int:
    return next(k.id for k in state.kingdoms if k.id != home(state))


def act(state, seat, source, ability, **params):
    planned = PlannedAbility(source, ability, params)
    return effects.execute(state, CATALOG, RULES, FixedDice([]), seat, planned, secret=False)


def aborted(outcome) -> bool:
    return any(e.kind == "aborted" for e in outcome.events)


def paid(outcome) -> dict:
    return next(e.data["paid"] for e in outcome.events if e.kind == "ability_executed")


def with_tactic(state, seat, tactic):
    for pile in state.decks.values():
        while tactic in pile:
            pile.remove(tactic)
    state.player(seat).tactics.append(tactic)
    return f"tactic:{tactic}"


# -- permissions ----------------------------------------------------------------------------


def test_estat_de_setge_nobody_joins_founds_leaves_or_is_expelled():
    assert "ningú no pot entrar ni sortir d'aquest regne" in text_of("estat-de-setge")
    state = table(event="estat-de-setge")
    join = act(state, BOB, "common:unir-se-regne", "unir-se-regne", kingdom=other_kingdom(state))
    enter = act(state, DIDAC, "common:unir-se-regne", "unir-se-regne", kingdom=home(state))
    found = act(state, BOB, "common:crear-regne", "crear-regne")
    expel = act(state, ALICE, "office:rei", "desterrament", target=BOB)
    assert all(aborted(o) for o in (join, enter, found, expel))
    assert expel.state.player(BOB).kingdom == home(state)
    free = table()
    assert not aborted(act(free, ALICE, "office:rei", "desterrament", target=BOB))
    assert not aborted(
        act(free, DIDAC, "common:unir-se-regne", "unir-se-regne", kingdom=home(free))
    )


def test_epidemia_de_febres_members_may_not_join_another_kingdom():
    assert "no poden unir-se a cap altre regne" in text_of("epidemia-de-febres")
    state = table(event="epidemia-de-febres")
    leave = act(state, BOB, "common:unir-se-regne", "unir-se-regne", kingdom=other_kingdom(state))
    assert aborted(leave)
    enter = act(state, DIDAC, "common:unir-se-regne", "unir-se-regne", kingdom=home(state))
    assert not aborted(enter) and any(p.kind == "vote" for p in enter.state.pending)


def test_consell_de_regencia_the_king_may_not_expel_with_banishment():
    assert "el Rei no pot expulsar ningú amb el Desterrament" in text_of("consell-de-regencia")
    state = table(law="consell-de-regencia")
    banished = act(state, ALICE, "office:rei", "desterrament", target=BOB)
    assert aborted(banished) and banished.state.player(BOB).kingdom == home(state)
    writ = with_tactic(state, ALICE, "ordre-de-desterrament")
    other = act(state, ALICE, writ, "desterrar", target=BOB)
    assert not aborted(other), "only Banishment is forbidden, not every expulsion"
    # The law names one ability of one card: the King's other ability is not Banishment.
    kingdom = home(state)
    for ability, forbidden in (("desterrament", True), ("edicte-reial", False)):
        rule = lasting.forbidding(
            state, CATALOG, "expel", kingdom, source="office:rei", ability=ability
        )
        assert (rule is not None) is forbidden, ability


def carried_out(state):
    """Run the procedures an ability left for the director (expulsion, joining, §4.12)."""
    while True:
        step = next((p for p in state.pending if p.kind in procedures.AUTOMATIC), None)
        if step is None:
            return state
        state = procedures.run(state, CATALOG, RULES, FixedDice([]), step.id).state


def test_amnistia_general_players_expelled_from_this_kingdom_rejoin_it_without_a_vote():
    assert "els jugadors expulsats d'aquest regne hi poden tornar a entrar sense votació" in (
        text_of("amnistia-general")
    )
    for law, rejoined in ((None, False), ("amnistia-general", True)):
        state = table(law=law)
        state = carried_out(act(state, ALICE, "office:rei", "desterrament", target=BOB).state)
        assert state.player(BOB).kingdom is None and state.kingdom(0).expelled == [BOB]
        state.turn += 1  # "cannot found or join one this turn" (§4.12)
        back = act(state, BOB, "common:unir-se-regne", "unir-se-regne", kingdom=0).state
        back = carried_out(back)
        assert (back.player(BOB).kingdom == 0) is rejoined
        assert any(p.kind == "vote" for p in back.pending) is not rejoined
    never = act(state, DIDAC, "common:unir-se-regne", "unir-se-regne", kingdom=0).state
    assert any(p.kind == "vote" for p in never.pending), "only the expelled skip the vote"


def test_temps_de_pau_nobody_may_start_duels_in_this_kingdom():
    assert "ningú no pot iniciar duels en aquest regne" in text_of("temps-de-pau")
    state = table(event="temps-de-pau")
    challenge = with_tactic(state, BOB, "repte-d-honor")
    assert aborted(act(state, BOB, challenge, "repte", target=ALICE))
    tournament = CATALOG["torneig-reial"]["effect"]
    context = Context(owner=None, kingdom=home(state), source="event:torneig-reial")
    outcome = effects.apply_ops(state, CATALOG, RULES, FixedDice([]), tournament, context)
    assert not any(p.kind == "duel" for p in outcome.state.pending)
    assert any(e.kind == "lasting_forbade" for e in outcome.events)


@pytest.mark.parametrize(
    ("challenger", "challenged", "forbidden"),
    [
        (CARLES, BOB, True),  # an outsider challenges a member
        (ELENA, ALICE, True),  # so does a kingdomless player
        (BOB, CARLES, True),  # a member challenges an outsider
        (CARLES, DIDAC, False),  # a duel in another kingdom only
    ],
)
def test_temps_de_pau_a_duel_is_in_the_kingdom_when_one_of_its_players_is_a_member(
    challenger, challenged, forbidden
):
    """ "Un duel és un conflicte entre dos o més jugadors" (Duels): it is in each kingdom one of
    them belongs to, and "ningú no pot iniciar duels en aquest regne" means nobody, outsiders
    too (docs/rules-notes.md)."""
    assert "ningú no pot iniciar duels en aquest regne" in text_of("temps-de-pau")
    state = table(event="temps-de-pau")
    challenge = with_tactic(state, challenger, "repte-d-honor")
    outcome = act(state, challenger, challenge, "repte", target=challenged)
    assert aborted(outcome) is forbidden
    assert any(p.kind == "duel" for p in outcome.state.pending) is not forbidden


def test_quaresma_luxe_cards_may_not_be_used_except_at_the_end():
    assert "les capacitats de les cartes Luxe d'aquest regne no es poden activar" in text_of(
        "quaresma"
    )
    state = table(event="quaresma")
    state.player(BOB).assets.append("carrossa-daurada")
    assert aborted(act(state, BOB, "asset:carrossa-daurada", "passeig"))
    assert not aborted(act(state, BOB, "common:proposar-llei", "proposar-llei")), "only Luxe"
    state.player(BOB).assets.append("palau-d-estiu")
    fired = reactions.firing(state, CATALOG, "at_end_of_game", seats=[BOB])
    assert any(r.source == "asset:palau-d-estiu" for r in fired), "end-of-game ones still work"
    free = table()
    free.player(BOB).assets.append("carrossa-daurada")
    assert not aborted(act(free, BOB, "asset:carrossa-daurada", "passeig"))


def test_llibertat_de_comerc_members_may_trade_with_each_other_in_the_actions_phase():
    assert "els membres d'aquest regne poden intercanviar entre ells durant la fase d'accions" in (
        text_of("llibertat-de-comerc")
    )
    gives, wants = trades.Offer(resources={"MON": 2}), trades.Offer(resources={"FOR": 1})
    state = table(law="llibertat-de-comerc")
    for p in state.players:
        p.plan.handed_in = True
    done = trades.trade(state, CATALOG, RULES, ALICE, BOB, gives, wants).state
    alice, bob = done.player(ALICE).resources, done.player(BOB).resources
    assert (alice[Resource.MON], alice[Resource.FOR], bob[Resource.MON]) == (8, 11, 12)
    assert trades.may_trade(state, CATALOG, BOB)
    trades.check_offer(state, CATALOG, RULES, ALICE, gives, partner=BOB)
    with pytest.raises(IllegalTransitionError):  # only members of this kingdom, with each other
        trades.trade(state, CATALOG, RULES, ALICE, CARLES, gives, wants)
    with pytest.raises(IllegalTransitionError):
        trades.check_offer(state, CATALOG, RULES, CARLES, gives, partner=DIDAC)
    assert not trades.may_trade(state, CATALOG, CARLES)
    state.phase = Phase.SECRETS  # only during the Actions phase
    with pytest.raises(IllegalTransitionError):
        trades.trade(state, CATALOG, RULES, ALICE, BOB, gives, wants)
    with pytest.raises(IllegalTransitionError):  # and only while the law is in force
        trades.trade(table(), CATALOG, RULES, ALICE, BOB, gives, wants)


# -- the auction ----------------------------------------------------------------------------


def auction(state, bids: dict[int, int]):
    """Everyone in ``bids`` bids that much for the first asset of row 1; who wins, paying what."""
    state.phase = Phase.ACQUISITION
    asset = state.market["row1"][0]
    state.pending = [Pending(0, "step", {"step": "auction"})]
    state.next_pending_id = 1
    for seat, amount in bids.items():
        boxes = {"primary_asset": asset, "primary_amount": amount}
        state.player(seat).plan.indications.append(
            PlannedAbility("common:apostes", "apostes", boxes)
        )
    done = acquisition.resolve_acquisition(state, CATALOG, RULES, HmacDice(b"fira")).state
    won = [p.seat for p in done.players if asset in p.assets]
    return (won[0], 10 - done.player(won[0]).resources[Resource.MON]) if won else None


def test_fira_anual_members_asset_bids_count_1_money_more():
    assert "les apostes dels membres per actius compten 1 Diner més" in text_of("fira-anual")
    assert auction(table(event="fira-anual"), {BOB: 3, CARLES: 3}) == (BOB, 3), "4 beats 3"
    assert auction(table(), {BOB: 3, CARLES: 3}) is None, "a tie at equal Prestige (G39)"
    for event, won in (("fira-anual", (BOB, 3)), (None, (CARLES, 4))):
        state = table(event=event)
        state.player(BOB).resources[Resource.PRE] = 5  # the lowest Prestige wins a tie (G39)
        assert auction(state, {BOB: 3, CARLES: 4}) == won, "Bob's 3 counts 4 at the fair"


# -- costs ----------------------------------------------------------------------------------


def test_llei_d_ordre_public_whoever_starts_a_duel_first_pays_1_power():
    assert "qui inicia un duel dins el regne paga abans 1 Poder" in text_of("llei-d-ordre-public")
    for law, extra in ((None, 0), ("llei-d-ordre-public", 1)):
        state = table(law=law)
        challenge = with_tactic(state, BOB, "repte-d-honor")
        outcome = act(state, BOB, challenge, "repte", target=ALICE)
        assert paid(outcome).get("POW", 0) == extra


@pytest.mark.parametrize(
    ("challenger", "challenged", "laws", "extra"),
    [
        (CARLES, BOB, (0,), 1),  # "qui inicia": an outsider challenging a member pays
        (ELENA, ALICE, (0,), 1),
        (BOB, CARLES, (0,), 1),
        (CARLES, DIDAC, (0,), 0),  # a duel in another kingdom only
        (CARLES, BOB, (0, 1), 2),  # in both kingdoms: each law asks its 1 Power
        (CARLES, DIDAC, (0, 1), 1),
    ],
)
def test_llei_d_ordre_public_a_duel_within_the_kingdom_is_one_a_member_fights(
    challenger, challenged, laws, extra
):
    """ "Qui inicia un duel dins el regne" is whoever starts it, member or not ("qui", where the
    laws say "membres" when they mean them); a duel is within the kingdom when one of its
    players belongs to it ("un conflicte entre dos o més jugadors")."""
    assert "qui inicia un duel dins el regne paga abans 1 Poder" in text_of("llei-d-ordre-public")
    state = table()
    for kingdom in laws:
        state.kingdom(kingdom).laws.append("llei-d-ordre-public")
    challenge = with_tactic(state, challenger, "repte-d-honor")
    outcome = act(state, challenger, challenge, "repte", target=challenged)
    assert paid(outcome).get("POW", 0) == extra


def test_4_1_two_cost_laws_in_force_each_asks_its_price_of_the_ability_that_holds_its_op():
    """§4.1 "Paying a cost": *Llei de Corts* ("Proposar llei costa 1 Poder als membres d'aquest
    regne") in force before *Llei d'ordre públic* ("qui inicia un duel dins el regne paga
    abans 1 Poder"): a challenge still pays the duel's Power, a proposal the law's."""
    assert "Proposar llei costa 1 Poder" in text_of("llei-de-les-corts")
    assert "qui inicia un duel dins el regne paga abans 1 Poder" in text_of("llei-d-ordre-public")
    state = table()
    state.kingdom(home(state)).laws += ["llei-de-les-corts", "llei-d-ordre-public"]
    challenge = with_tactic(state, BOB, "repte-d-honor")
    assert paid(act(state, BOB, challenge, "repte", target=ALICE)).get("POW", 0) == 1
    assert paid(act(state, BOB, "common:proposar-llei", "proposar-llei")).get("POW", 0) == 1


def test_4_8_another_kingdoms_duel_law_is_paid_though_its_other_cost_laws_are_not():
    """§4.8 Duels: "Un duel és un conflicte entre dos o més jugadors", so Bob's duel with
    Carles is in Carles's kingdom too, whose *Llei d'ordre públic* ("qui inicia un duel dins el
    regne paga abans 1 Poder") he pays; its *Llei de Corts* ("Proposar llei costa 1 Poder als
    membres d'aquest regne") asks only its members, though his duel's prize is a proposal."""
    state = table()
    state.kingdom(other_kingdom(state)).laws += ["llei-de-les-corts", "llei-d-ordre-public"]
    duel = {"op": "start_duel", "participants": "$target", "resources": ["FOR"]}
    effect = [{**duel, "on_win": [{"op": "propose_law"}]}]
    where = lasting.duel_kingdoms(state, [CARLES], home(state))
    assert lasting.extra_cost(state, CATALOG, BOB, effect, duels_in=where) == {Resource.POW: 1}


PROPOSAL = [{"op": "propose_law"}]
ALWAYS = {"test": "keyword_count_at_least", "keyword": "Luxe", "count": 0}


@pytest.mark.parametrize(
    "effect",
    [
        [{"op": "if", "condition": ALWAYS, "then": PROPOSAL}],
        [{"op": "if", "condition": ALWAYS, "then": [], "else": PROPOSAL}],
        [{"op": "for_each", "who": "members", "do": PROPOSAL}],
        [{"op": "start_duel", "participants": "$target", "resources": ["FOR"], "on_win": PROPOSAL}],
        [{"op": "start_duel", "participants": "$target", "resources": ["FOR"], "on_tie": PROPOSAL}],
    ],
    ids=["then", "else", "do", "on_win", "on_tie"],
)
def test_llei_de_les_corts_an_ability_that_may_propose_a_law_costs_1_power_wherever_it_says_so(
    effect,
):
    """ "Proposar llei costa 1 Poder als membres d'aquest regne": docs/content-packs.md's
    `extra_cost`, "an ability whose effect holds that op costs this much more", holds it inside
    a condition, a for-each or a duel's outcome as much as at its top."""
    assert "Proposar llei costa 1 Poder als membres d'aquest regne" in text_of("llei-de-les-corts")
    state = table(law="llei-de-les-corts")
    assert lasting.extra_cost(state, CATALOG, BOB, effect) == {Resource.POW: 1}
    assert lasting.extra_cost(state, CATALOG, CARLES, effect) == {}, "not Carles's kingdom"


def test_llei_de_les_corts_propose_law_costs_1_power_and_the_proposer_of_a_passed_law_gains_1():
    text = text_of("llei-de-les-corts")
    assert "Proposar llei costa 1 Poder als membres d'aquest regne" in text
    state = table(law="llei-de-les-corts")
    outcome = act(state, BOB, "common:proposar-llei", "proposar-llei")
    assert paid(outcome).get("POW", 0) == 1
    assert "qui proposa una llei que s'aprova guanya 1 Prestigi" in text
    for law, prestige in ((None, 10), ("llei-de-les-corts", 11)):
        passed, events = law_vote(table(law=law), {BOB: 1})
        assert next(e for e in events if e.kind == "vote_result").data["passed"]
        assert passed.player(BOB).resources[Resource.PRE] == prestige


# -- crises ---------------------------------------------------------------------------------


def crisis(state, card: str, seat_gives: dict[int, tuple[str, int]]):
    state.phase = Phase.CRISIS
    state.in_play.append(DestinyCard(card, "crisis", home(state)))
    for seat, (resource, amount) in seat_gives.items():
        state.player(seat).plan.indications.append(
            PlannedAbility(
                "common:contribuir-crisi",
                "contribuir-crisi",
                {"contributions": {card: {resource: amount}}},
            )
        )
    outcome = crisis_phase.resolve_next_crisis(state, CATALOG, RULES, FixedDice([]))
    return next(e.data for e in outcome.events if e.kind == "crisis_resolved")


def test_guerra_llunyana_crises_accepting_force_require_2_more():
    assert "les crisis d'aquest regne que accepten Força demanen 2 més" in text_of(
        "guerra-llunyana"
    )
    plain = crisis(table(), "bandolerisme", {})
    at_war = crisis(table(event="guerra-llunyana"), "bandolerisme", {})
    assert at_war["threshold"] == plain["threshold"] + 2
    faith = crisis(table(event="guerra-llunyana"), "heretgia", {})
    assert faith["threshold"] == crisis(table(), "heretgia", {})["threshold"]


@pytest.mark.parametrize(
    ("card", "kind", "crisis_card", "given", "quote"),
    [
        (
            "edicte-de-tolerancia",
            "law",
            "heretgia",
            "POW",
            "les crisis d'aquest regne que accepten Fe accepten també Poder",
        ),
        (
            "pau-de-deu",
            "law",
            "bandolerisme",
            "FAI",
            "les crisis d'aquest regne que accepten Força accepten també Fe",
        ),
        (
            "croada",
            "event",
            "heretgia",
            "FOR",
            "les crisis d'aquest regne que accepten Fe accepten també Força",
        ),
    ],
)
def test_crises_that_accept_one_resource_also_accept_another(card, kind, crisis_card, given, quote):
    """Edicte de tolerància, Pau i Treva de Déu, Crida a la croada."""
    assert quote in text_of(card)
    gives = {ALICE: (given, 9), BOB: (given, 9)}
    printed = CATALOG[crisis_card]["accepts"]
    plain, active = table(), table(**{kind: card})
    for state in (plain, active):
        for seat in (ALICE, BOB):
            for resource in [*printed, "FAV"]:  # they hold only what the card adds
                state.player(seat).resources[Resource(resource)] = 0
    plain, active = crisis(plain, crisis_card, gives), crisis(active, crisis_card, gives)
    assert (plain["pool"], active["pool"]) == (0, 18)


def test_reforma_de_l_exercit_the_marshal_may_contribute_money_to_crises_accepting_force():
    assert "el Mariscal pot contribuir a les crisis que accepten Força amb Diners" in text_of(
        "reforma-de-l-exercit"
    )
    gives = {ALICE: ("MON", 4), BOB: ("MON", 3)}
    pools = []
    for law, crisis_card in (
        (None, "bandolerisme"),
        ("reforma-de-l-exercit", "bandolerisme"),
        ("reforma-de-l-exercit", "heretgia"),
    ):
        state = table(law=law)
        state.kingdom(home(state)).offices["mariscal"] = BOB
        pools.append(crisis(state, crisis_card, gives))
    assert [p["pool"] for p in pools] == [0, 3, 0], "only the Marshal, only where Force counts"
    totals = {c["seat"]: c["total"] for c in pools[1]["contributions"]}
    assert totals == {ALICE: 0, BOB: 3}, "the King's Money is refused"


def test_4_10_reforma_de_l_exercit_does_not_hide_pau_de_deu_from_those_who_are_not_marshal():
    """§4.10: a crisis accepts the resources it names; *Reforma de l'exercit* ("el Mariscal pot
    contribuir a les crisis que accepten Força amb Diners") adds Money for the Marshal alone,
    and *Pau i Treva de Déu*, in force beside it, still adds Faith for every member ("les
    crisis d'aquest regne que accepten Força accepten també Fe")."""
    assert "el Mariscal pot contribuir a les crisis que accepten Força amb Diners" in text_of(
        "reforma-de-l-exercit"
    )
    assert "que accepten Força accepten també Fe" in text_of("pau-de-deu")
    state = table()
    state.kingdom(home(state)).laws += ["reforma-de-l-exercit", "pau-de-deu"]
    state.kingdom(home(state)).offices["mariscal"] = BOB
    resolved = crisis(state, "bandolerisme", {ALICE: ("FAI", 4), BOB: ("MON", 3)})
    totals = {c["seat"]: c["total"] for c in resolved["contributions"]}
    assert totals == {ALICE: 4, BOB: 3}


# -- production -----------------------------------------------------------------------------


def produce(state):
    state.phase = Phase.PRODUCTION
    state.pending = [Pending(0, "step", {"step": "production"})]
    state.next_pending_id = 1
    return production_phase.open_production(state, CATALOG, RULES).state


def allotment(state, resource):
    return next(
        p
        for p in state.pending
        if p.kind == "distribution"
        and p.data["kingdom"] == home(state)
        and p.data["resource"] == resource
    )


def test_carestia_this_kingdoms_money_production_is_1_less():
    assert "la producció de Diners d'aquest regne és 1 menys" in text_of("carestia")
    plain = allotment(produce(table()), "MON").data["amount"]
    dearth = allotment(produce(table(event="carestia")), "MON").data["amount"]
    assert dearth == plain - 1


def test_impost_de_la_sal_the_treasurer_may_not_keep_the_money_privilege():
    assert "el Tresorer no es pot quedar la unitat de privilegi dels Diners" in text_of(
        "impost-de-la-sal"
    )
    state = produce(table(law="impost-de-la-sal"))
    pending = allotment(state, "MON")
    assert pending.data["keep_limit"] == 0
    members = pending.data["members"]
    with pytest.raises(InvalidParameterError):
        production_phase.decide_distribution(
            state,
            RULES,
            pending.id,
            {"keep": 1, "extra": members[: (pending.data["amount"] - 1) % 2]},
        )


@pytest.mark.parametrize(
    ("card", "kind", "resource", "quote"),
    [
        ("vaques-grasses", "event", "MON", "pot quedar-se 2 unitats de privilegi dels Diners"),
        ("delme", "law", "FAI", "es pot quedar 2 unitats de privilegi de la Fe"),
        ("jubileu", "event", "FAI", "pot quedar-se 2 unitats de privilegi de la Fe"),
    ],
)
def test_the_distributor_may_keep_2_privilege_units(card, kind, resource, quote):
    """Anys de vaques grasses, El delme, Any de jubileu."""
    assert quote in text_of(card)
    state = produce(table(**{kind: card}))
    pending = allotment(state, resource)
    assert pending.data["keep_limit"] == 2
    amount, members = pending.data["amount"], pending.data["members"]
    assert amount >= 2
    extra = members[: (amount - 2) % len(members)]
    done = production_phase.decide_distribution(
        state, RULES, pending.id, {"keep": 2, "extra": extra}
    )
    event = next(e for e in done.events if e.kind == "distributed")
    assert event.data["kept"] == 2


def test_g35_of_two_privilege_laws_in_force_the_newer_decides():
    """G35: "When a new law contradicts an older one in force, the new law wins." *Impost de la
    sal* ("el Tresorer no es pot quedar la unitat de privilegi dels Diners") against a law made
    here that lets him keep 2: whichever passed last (last in the kingdom's laws) decides."""
    assert "no es pot quedar la unitat de privilegi dels Diners" in text_of("impost-de-la-sal")
    lenient = {
        **CATALOG["impost-de-la-sal"],
        "id": "franquicia",
        "lasting": [{"rule": "privilege", "resource": "MON", "keep": 2}],
    }
    catalog = {**CATALOG, "franquicia": lenient}
    for passed, keep in (
        (["impost-de-la-sal", "franquicia"], 2),
        (["franquicia", "impost-de-la-sal"], 0),
    ):
        state = table(phase=Phase.PRODUCTION)
        state.kingdom(home(state)).laws.extend(passed)
        state.pending = [Pending(0, "step", {"step": "production"})]
        state.next_pending_id = 1
        opened = production_phase.open_production(state, catalog, RULES).state
        assert allotment(opened, "MON").data["keep_limit"] == keep, passed


# -- vigilance ------------------------------------------------------------------------------


def vigilance(state, wanted: dict[int, int], catalog=CATALOG) -> dict[str, int]:
    state.phase = Phase.SECRETS
    for seat, amount in wanted.items():
        state.player(seat).plan.indications.append(
            PlannedAbility("common:vigilancia", "vigilancia", {"intrigue": amount})
        )
    return resolution.commit_vigilance(state, catalog, RULES).state.progress["vigilance"]


def test_llei_de_vigilancia_the_spymasters_vigilance_counts_1_more():
    assert "la vigilància del Mestre d'espies d'aquest regne compta 1 punt més" in text_of(
        "llei-de-vigilancia"
    )
    state = table(law="llei-de-vigilancia")
    state.kingdom(home(state)).offices["mestre-espies"] = BOB
    counted = vigilance(state, {ALICE: 2, BOB: 2})
    assert (counted[str(ALICE)], counted[str(BOB)]) == (2, 3)


def test_estel_amb_cua_the_vigilance_of_members_counts_1_less():
    assert "la vigilància dels membres d'aquest regne compta 1 punt menys" in text_of(
        "estel-amb-cua"
    )
    counted = vigilance(table(event="estel-amb-cua"), {ALICE: 2, BOB: 1, CARLES: 2})
    assert (counted[str(ALICE)], counted[str(BOB)], counted[str(CARLES)]) == (1, 0, 2)


def test_1_7_a_lasting_rule_with_scope_everyone_applies_in_every_kingdom_and_to_the_kingdomless():
    """§1.7: a passed law or a lasting event "changes rules"; a rule applies in its card's
    kingdom, and "`scope: everyone` makes it apply in every kingdom and to the kingdomless too"
    (docs/content-packs.md). A comet seen by the whole realm, made here from *Un estel amb cua*
    ("la vigilància dels membres d'aquest regne compta 1 punt menys")."""
    comet = {
        **CATALOG["estel-amb-cua"],
        "id": "estel-per-a-tothom",
        "lasting": [{"rule": "vigilance", "delta": -1, "scope": "everyone"}],
    }
    catalog = {**CATALOG, "estel-per-a-tothom": comet}
    wanted = {ALICE: 2, CARLES: 2, ELENA: 2}
    counted = vigilance(table(event="estel-per-a-tothom"), wanted, catalog)
    assert (counted[str(ALICE)], counted[str(CARLES)], counted[str(ELENA)]) == (1, 1, 1)


# -- tied votes -----------------------------------------------------------------------------


def law_vote(state, spend: dict[int, int] | None = None, against: dict[int, int] | None = None):
    """Bob proposes the first law of the row; ``spend`` seats put Power for it once,
    ``against`` seats against it, everyone else withdraws (no spend at all: a 0-0 tie)."""
    spend, against = dict(spend or {}), dict(against or {})
    outcome = act(state, BOB, "common:proposar-llei", "proposar-llei")
    state = outcome.state
    choice = next(p for p in state.pending if p.kind == "law_choice")
    state = decisions.decide(
        state, CATALOG, RULES, FixedDice([]), choice.id, BOB, {"law": state.law_row[0]}
    ).state

    def answer(seat):
        side = "against" if seat in against else "for"
        amount = against.pop(seat, 0) or spend.pop(seat, 0)
        return {"side": side, "spend": amount} if amount else {"withdraw": True}

    return vote_through(state, CATALOG, answer)


def vote_through(state, catalog, answer):
    """Each voter in turn gives ``answer(seat)`` until the vote is over: the state and the
    vote's events."""
    events = []
    while True:
        vote = next((p for p in state.pending if p.kind == "vote"), None)
        if vote is None or decisions.votes.is_finished(decisions.ballot(vote, state, RULES)):
            return state, events
        seat = vote.waiting_for[0]
        out = decisions.decide(state, catalog, RULES, FixedDice([]), vote.id, seat, answer(seat))
        state, events = out.state, [*events, *out.events]


def tied_law_vote(state):
    return law_vote(state)


def test_corts_generals_the_king_may_not_break_ties_a_tie_rejects_the_law():
    text = text_of("corts-generals")
    assert "el Rei no pot desfer els empats: un empat rebutja la llei" in text
    state, events = tied_law_vote(table(event="corts-generals"))
    result = next(e for e in events if e.kind == "vote_result")
    assert (result.data["passed"], result.data["tie_broken_by"]) == (False, None)
    plain, _ = tied_law_vote(table())
    vote = next(p for p in plain.pending if p.kind == "vote")
    assert vote.waiting_for == [ALICE], "without the event the King decides"


def test_corts_generals_every_member_may_propose_one_additional_law():
    assert "cada membre pot proposar una llei addicional" in text_of("corts-generals")
    tile = PlannedAbility("common:proposar-llei", "proposar-llei", {})
    state = table(event="corts-generals", phase=Phase.PLANNING)
    for _ in range(2):
        state = planning.add_ability(state, CATALOG, BOB, tile).state
    with pytest.raises(NotEligibleError):  # one additional law, not two
        planning.add_ability(state, CATALOG, BOB, tile)
    for other in (table(phase=Phase.PLANNING), table(event="corts-generals", phase=Phase.PLANNING)):
        once = planning.add_ability(other, CATALOG, CARLES, tile).state  # not Carles's kingdom
        with pytest.raises(NotEligibleError):
            planning.add_ability(once, CATALOG, CARLES, tile)
    state.phase = Phase.ACTIONS
    for left in (1, 0):  # both tiles are carried out in the Actions phase: two laws proposed
        state = resolution.resolve_next(state, CATALOG, RULES, FixedDice([]), "actions").state
        assert [p.kind for p in state.pending] == ["law_choice"]
        assert len(state.player(BOB).plan.actions) == left
        state.pending = []


def test_llei_de_la_fe_the_high_priest_breaks_ties_if_the_king_did_not_vote():
    assert "el Gran Sacerdot desfà els empats de les votacions si el Rei no hi ha votat" in text_of(
        "llei-de-la-fe"
    )
    state = table(law="llei-de-la-fe")
    state.kingdom(home(state)).offices["gran-sacerdot"] = BOB
    tied, events = tied_law_vote(state)
    vote = next(p for p in tied.pending if p.kind == "vote")
    assert vote.waiting_for == [BOB]
    assert next(e for e in events if e.kind == "vote_tied").data["tie_breaker"] == BOB
    # "si el Rei no hi ha votat": the King voted (1 for, 1 against), so the tie is his.
    voted = table(law="llei-de-la-fe")
    voted.kingdom(home(voted)).offices["gran-sacerdot"] = BOB
    tied, events = law_vote(voted, spend={ALICE: 1}, against={BOB: 1})
    assert next(e for e in events if e.kind == "vote_tied").data["tie_breaker"] == ALICE


def join_vote(state, catalog=CATALOG):
    """Didac asks to join Alice's kingdom; its members withdraw: a 0-0 tie (§4.12, §4.7)."""
    asks = PlannedAbility("common:unir-se-regne", "unir-se-regne", {"kingdom": home(state)})
    state = effects.execute(state, catalog, RULES, FixedDice([]), DIDAC, asks, secret=False).state
    return vote_through(state, catalog, lambda seat: {"withdraw": True})


def test_4_7_corts_generals_takes_from_the_king_only_the_ties_of_law_votes():
    """§4.7: "tie_breaker = King of the relevant kingdom"; *Corts generals*: "el Rei no pot
    desfer els empats: un empat rebutja la llei", the law's tie, not a request to join."""
    assert "un empat rebutja la llei" in text_of("corts-generals")
    state, events = join_vote(table(event="corts-generals"))
    assert next(e for e in events if e.kind == "vote_tied").data["tie_breaker"] == ALICE
    vote = next(p for p in state.pending if p.kind == "vote")
    assert vote.waiting_for == [ALICE]


def test_4_7_a_law_vote_rule_in_force_does_not_keep_llei_de_la_fe_from_a_tied_join_vote():
    """§4.7 "tie_breaker = King of the relevant kingdom", unless a rule says otherwise: a law
    made here, *Corts perpètues* (Corts generals' "un empat rebutja la llei", passed as a law),
    is in force before *Llei de la fe* ("el Gran Sacerdot desfà els empats de les votacions
    si el Rei no hi ha votat"). A tied request to join is no law: the High Priest breaks it."""
    assert "el Gran Sacerdot desfà els empats de les votacions si el Rei no hi ha votat" in (
        text_of("llei-de-la-fe")
    )
    perpetual = {
        **CATALOG["llei-de-la-fe"],
        "id": "corts-perpetues",
        "lasting": [{"rule": "tie_break", "by": "nobody", "motion": "law"}],
    }
    catalog = {**CATALOG, "corts-perpetues": perpetual}
    state = table()
    state.kingdom(home(state)).laws += ["corts-perpetues", "llei-de-la-fe"]
    state.kingdom(home(state)).offices["gran-sacerdot"] = BOB
    state, events = join_vote(state, catalog)
    assert next(e for e in events if e.kind == "vote_tied").data["tie_breaker"] == BOB
    vote = next(p for p in state.pending if p.kind == "vote")
    assert vote.waiting_for == [BOB]


def test_4_7_llei_de_la_fe_stepping_aside_for_a_king_who_voted_leaves_corts_generals_in_force():
    """*Llei de la fe*: the High Priest breaks ties "si el Rei no hi ha votat"; the King voted,
    so the law steps aside, and *Corts generals* still rules the tie: "el Rei no pot desfer els
    empats: un empat rebutja la llei" (§4.7)."""
    assert "un empat rebutja la llei" in text_of("corts-generals")
    state = table(law="llei-de-la-fe", event="corts-generals")
    state.kingdom(home(state)).offices["gran-sacerdot"] = BOB
    _, events = law_vote(state, spend={ALICE: 1}, against={BOB: 1})
    result = next(e for e in events if e.kind == "vote_result")
    assert (result.data["passed"], result.data["tie_broken_by"]) == (False, None)


# -- succession -----------------------------------------------------------------------------


def revolution(state):
    """Stability at 1 falls again: the kingdom rolls 1, 1, 1, nobody pledges to reroll, and the
    Revolution deposes the King (§4.5); returns the succession struggle's pending."""
    kingdom = home(state)
    state.kingdom(kingdom).indicators[Indicator.STABILITY] = 1
    push = [{"op": "move_indicator", "kingdom": "own", "indicator": "stability", "delta": -1}]
    out = effects.apply_ops(state, CATALOG, RULES, FixedDice([]), push, Context(None, kingdom))
    pid = next(p.id for p in out.state.pending if p.kind == "insurrection")
    state = insurrection_flow.start(out.state, RULES, FixedDice([1, 1, 1]), pid).state
    while (flow := next(p for p in state.pending if p.id == pid)).data["flow"][
        "stage"
    ] == insurrection_flow.PLEDGING:
        state = insurrection_flow.pledge(state, RULES, pid, flow.waiting_for[0], 0).state
    state = insurrection_flow.finish(state, CATALOG, RULES, pid, {}).state
    assert state.kingdom(kingdom).king is None
    duel = next(p for p in state.pending if p.data.get("purpose") == "succession")
    return state, duel


def test_llei_de_successio_the_deposed_king_takes_part_and_wins_ties():
    text = text_of("llei-de-successio")
    assert "en una lluita per la successió d'aquest regne el Rei destronat hi participa" in text
    assert "i guanya els empats" in text
    state = table(law="llei-de-successio")
    state.player(DIDAC).kingdom = home(state)  # three members: a struggle, not a walkover
    state, duel = revolution(state)
    assert sorted(duel.data["participants"]) == [ALICE, BOB, DIDAC]
    assert duel.data["old_king"] == ALICE
    chests = {s: state.player(s).resources for s in duel.data["participants"]}
    tied = duels.succession_duel(
        duel.data["participants"], duel.data["old_king"], state.turn_order, {}, chests, RULES
    )
    crowned = kingdoms.settle_succession(state, duel.id, tied).state
    assert crowned.kingdom(home(state)).king == ALICE, "the deposed King wins the tie"
    plain = table()
    plain.player(DIDAC).kingdom = home(plain)
    _, without = revolution(plain)
    assert sorted(without.data["participants"]) == [BOB, DIDAC]
    assert without.data["old_king"] is None


def test_llei_de_successio_an_expelled_king_is_no_deposed_king_and_stays_out():
    """The law's "Rei destronat" is a King who loses the throne and stays a member. An expelled
    King is not: "A partir d'ara es considera que el jugador no forma part de cap regne"; the
    struggle is the members' ("els membres del regne pugnaran") and the expulsion says "(el
    jugador expulsat no hi pren part)"; crowned, he would rejoin a kingdom in the turn he may
    not ("Durant el torn en curs no podrà crear o unir-se a un regne")."""
    assert "el Rei destronat hi participa i guanya els empats" in text_of("llei-de-successio")
    state = table(law="llei-de-successio")
    state.player(DIDAC).kingdom = home(state)
    writ = with_tactic(state, BOB, "ordre-de-desterrament")
    state = act(state, BOB, writ, "desterrar", target=ALICE).state
    state = carried_out(state)
    assert state.player(ALICE).kingdom is None
    duel = next(p for p in state.pending if p.data.get("purpose") == "succession")
    assert sorted(duel.data["participants"]) == [BOB, DIDAC]
    assert duel.data["old_king"] is None, "a tie goes to the earliest in turn order (G41)"


# -- the end of the game --------------------------------------------------------------------


def game_over(state):
    """The last turn ends: everything is revealed and the end-of-game turns open (§4.17)."""
    state.turn, state.phase, state.pending = RULES.turns, Phase.END_OF_TURN, []
    begun = phases.advance(state, RULES).state
    return endgame_turns.open_turns(begun, CATALOG, RULES, FixedDice([]))


def test_llei_sumptuaria_members_with_3_luxe_cards_lose_1_prestige_at_the_end_of_the_game():
    assert "cada membre que tingui 3 cartes Luxe o més perd 1 Prestigi al final de la partida" in (
        text_of("llei-sumptuaria")
    )
    luxe = ["tapis-de-flandes", "carrossa-daurada", "biblioteca-il-luminada"]
    for law, bob in ((None, 10), ("llei-sumptuaria", 9)):
        state = table(law=law)
        state.player(BOB).assets += luxe
        state.player(ALICE).assets += luxe[:2]
        state.player(CARLES).assets += luxe  # another kingdom's member
        ended = game_over(state)
        prestige = {p.seat: p.resources[Resource.PRE] for p in ended.state.players}
        assert (prestige[ALICE], prestige[BOB], prestige[CARLES]) == (10, bob, 10)
        assert any(p.kind == "end_of_game" and p.waiting_for for p in ended.state.pending)


# -- rules the director applies by hand -----------------------------------------------------


def _manual_shown(state, card: str, catalog=CATALOG) -> bool:
    return any(a.card == card for a in lasting.manual_now(state, catalog))


@pytest.mark.parametrize("moment", ["planning", "crisis", "vote", "succession", "end_of_game"])
def test_a_manual_rule_is_shown_to_the_director_when_it_applies(moment):
    """A pack may keep a rule the engine cannot apply as a ``manual`` one (the default pack
    keeps only Corts generals' additional law): the director's dashboard shows it at its
    moment, a phase or a decision waiting, and only then."""
    text = {"ca": "Fes-ho.", "en": "Do it."}
    law = {**CATALOG["servei-d-armes"], "lasting": [{"rule": "manual", "at": moment, "text": text}]}
    catalog = {**CATALOG, "servei-d-armes": law}
    phase = Phase(moment) if moment in set(Phase) else Phase.ACTIONS
    state = table(law="servei-d-armes", phase=phase)
    quiet = state.clone()
    if moment == "succession":
        state.pending.append(Pending(9, "duel", {"purpose": "succession"}))
    elif moment == "vote":
        state.pending.append(Pending(9, "vote", {"motion": "join"}))
    elif moment == "end_of_game":
        state.pending.append(Pending(9, "end_of_game"))
    else:
        quiet.phase = Phase.SECRETS
    assert _manual_shown(state, "servei-d-armes", catalog)
    assert not _manual_shown(quiet, "servei-d-armes", catalog)


@pytest.mark.parametrize("card", ["servei-d-armes", "carta-de-franqueses", "edicte-de-gracia"])
def test_a_law_with_no_other_lasting_rule_says_so_and_has_none(card):
    assert "No té cap altra regla vigent" in text_of(card)
    assert CATALOG[card]["lasting"] == []


def test_every_lasting_card_of_the_default_pack_has_a_test_here():
    """14 "Mentre sigui vigent" laws and 12 "Mentre duri" events, each with a lasting rule."""
    laws = [
        c
        for c, d in CATALOG.items()
        if d["kind"] == "law" and "Mentre sigui vigent" in d["text"]["ca"]
    ]
    events = [
        c for c, d in CATALOG.items() if d["kind"] == "event" and "Mentre duri" in d["text"]["ca"]
    ]
    assert (len(laws), len(events)) == (14, 12)
    source = Path(__file__).read_text()
    for card in laws + events:
        assert CATALOG[card]["lasting"], card
        assert f'"{card}"' in source, f"{card} has no test here"
