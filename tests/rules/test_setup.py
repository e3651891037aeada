"""Setup (rules §2, G3–G11)."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from consell.rules import decks
from consell.rules.dice import HmacDice
from consell.rules.errors import IllegalTransitionError, InvalidParameterError
from consell.rules.events import DIRECTOR, PUBLIC
from consell.rules.invariants import all_card_places, problems
from consell.rules.resources import Indicator, Resource
from consell.rules.ruleset import Ruleset
from consell.rules.setup import keep_objectives, setup_game, start_game
from consell.rules.state import Phase, Status, card_id_of
from tests.rules.catalog import ALICE, BOB, CATALOG, NAMES

RULES = Ruleset.default()


def setup(n=4, seed=b"taula", **kw):
    return setup_game(list(NAMES[:n]), CATALOG, RULES, HmacDice(seed), **kw)


def test_section_2_houses_are_dealt_one_to_each_player_face_up():
    """§2 step 2: "Shuffle the house cards and deal 1 face up to each player"."""
    out = setup(5)
    houses = [p.house for p in out.state.players]
    assert len(set(houses)) == 5 and all(CATALOG[h]["kind"] == "house" for h in houses)
    dealt = next(e for e in out.events if e.kind == "houses_dealt")
    assert dealt.audience == PUBLIC


def test_section_2_players_may_choose_their_houses():
    """§2 step 2: "DEFAULT: random; configurable: players choose"."""
    out = setup(4, houses={ALICE: "casa-16", BOB: "casa-15"})
    assert out.state.player(ALICE).house == "casa-16"
    assert out.state.player(BOB).house == "casa-15"


def test_section_2_two_players_cannot_choose_the_same_house():
    """§2 step 2: one house card per player."""
    with pytest.raises(InvalidParameterError):
        setup(4, houses={ALICE: "casa-16", BOB: "casa-16"})


def test_section_2_initial_turn_order_seats_every_player_once():
    """§2 step 3: "one house token per player on the Turn-order track in random order"."""
    state = setup(6).state
    assert sorted(state.turn_order) == [1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize(("n", "k"), [(3, 1), (7, 1), (8, 2), (11, 2), (12, 3), (16, 4)])
def test_G3_one_kingdom_per_full_four_players(n, k):
    """G3: "K = max(1, floor(N/4))"."""
    assert len(setup(n).state.kingdoms) == k


def test_G4_kingdom_sizes_differ_by_at_most_one():
    """§2 step 4: "Spread the other players ... kingdom sizes differ by at most 1"."""
    state = setup(11).state
    sizes = [len(state.members(k.id)) for k in state.kingdoms]
    assert sum(sizes) == 11 and max(sizes) - min(sizes) <= 1


def test_section_2_the_director_may_choose_the_kings():
    """§2 step 4: "Choose one King per kingdom, at random or by unanimous agreement"."""
    state = setup(8, kings=[ALICE, BOB]).state
    assert sorted(k.king for k in state.kingdoms) == [ALICE, BOB]
    for k in state.kingdoms:
        assert state.player(k.king).kingdom == k.id


def test_section_2_the_wrong_number_of_kings_is_refused():
    """§2 step 4: one King per kingdom."""
    with pytest.raises(InvalidParameterError):
        setup(8, kings=[ALICE])


def test_section_2_every_indicator_starts_at_3():
    """§2 step 4: "Set all four indicators of every kingdom to 3"."""
    state = setup(8).state
    assert all(k.indicators == {i: 3 for i in Indicator} for k in state.kingdoms)


def test_section_2_the_king_holds_the_king_office_and_the_rest_form_the_reserve():
    """§2 step 8: "The King takes the King office card ... one copy of every other office card;
    these form the office reserve"."""
    kingdom = setup(4).state.kingdoms[0]
    assert kingdom.offices["rei"] == kingdom.king
    assert {o for o, h in kingdom.offices.items() if h is None} == {
        "canceller",
        "tresorer",
        "mestre-espies",
        "mariscal",
        "gran-sacerdot",
    }


def test_section_2_each_player_is_dealt_two_collective_and_two_personal_objectives_in_secret():
    """§2 step 5: "In secret, the director deals each player 2 collective + 2 personal"."""
    out = setup(4)
    for p in out.state.players:
        scopes = [CATALOG[card_id_of(c)]["scope"] for c in p.objective_offer]
        assert scopes == ["collective", "collective", "personal", "personal"]
    dealt = [e for e in out.events if e.kind == "objectives_dealt"]
    assert sorted(e.audience for e in dealt) == [(1,), (2,), (3,), (4,)]


def test_G5_no_objective_is_repeated_in_the_whole_selection():
    """G5: "No objective title may appear twice among all objectives dealt at setup"."""
    state = setup(16).state
    dealt = [card_id_of(c) for p in state.players for c in p.objective_offer]
    assert len(dealt) == len(set(dealt)) == 64


def test_G5_repeats_are_set_aside_replaced_and_shuffled_back():
    """G5: "Repeats are set aside, replaced, and reshuffled into their deck afterwards"."""
    small = {cid: c for cid, c in CATALOG.items() if c["kind"] != "objective"}
    for scope in ("collective", "personal"):
        for i in range(6):
            cid = f"{scope}-x{i}"
            small[cid] = {
                "id": cid,
                "kind": "objective",
                "scope": scope,
                "prestige": 1,
                "copies": 4,
                "title": {"ca": cid, "en": cid},
                "condition": {},
            }
    out = setup_game(["Alice", "Bob", "Carles"], small, RULES, HmacDice(b"repeats"))
    assert any(e.kind == "objectives_set_aside" for e in out.events)
    dealt = [card_id_of(c) for p in out.state.players for c in p.objective_offer]
    assert len(dealt) == len(set(dealt))
    assert problems(out.state, small, RULES) == []


def test_section_2_kept_objectives_and_the_rest_return_unseen_to_their_decks():
    """§2 step 5: "Each player keeps 1 collective + 1 personal and returns the other two to their
    decks without revealing them"."""
    state = setup(4).state
    alice = state.player(ALICE)
    c_keep, c_back, p_keep, p_back = alice.objective_offer
    out = keep_objectives(state, ALICE, c_keep, p_keep, RULES)
    assert out.state.player(ALICE).objectives == [c_keep, p_keep]
    assert out.state.player(ALICE).objective_offer == []
    assert c_back in out.state.decks[decks.COLLECTIVE_OBJECTIVES]
    assert p_back in out.state.decks[decks.PERSONAL_OBJECTIVES]
    returned = next(e for e in out.events if e.kind == "objectives_returned")
    assert returned.audience == DIRECTOR
    public_events = [e for e in out.events if e.audience == PUBLIC]
    assert [(e.kind, e.data) for e in public_events] == [("objectives_chosen", {})]


def test_section_2_a_personal_objective_cannot_be_kept_as_collective():
    """§2 step 5: keep 1 collective and 1 personal."""
    state = setup(4).state
    offer = state.player(ALICE).objective_offer
    with pytest.raises(InvalidParameterError):
        keep_objectives(state, ALICE, offer[2], offer[3], RULES)


def test_section_2_a_player_cannot_keep_objectives_dealt_to_someone_else():
    """§2 step 5: each player chooses among their own."""
    state = setup(4).state
    bobs = state.player(BOB).objective_offer
    with pytest.raises(InvalidParameterError):
        keep_objectives(state, ALICE, bobs[0], bobs[2], RULES)


def test_section_2_the_game_starts_only_when_everyone_has_chosen():
    """§2 step 5: "Reshuffle both decks and set them aside" once all objectives are returned.
    The refusal names the players still choosing, as the director calls them."""
    state = setup(4).state
    first = state.players[0]
    state = keep_objectives(
        state, first.seat, first.objective_offer[0], first.objective_offer[2], RULES
    ).state
    with pytest.raises(IllegalTransitionError) as refused:
        start_game(state, HmacDice(b"start"))
    still = ", ".join(p.name for p in state.players[1:])
    assert str(refused.value) == f"Still choosing their objectives: {still}."


def test_section_2_step_12_turn_1_starts_in_the_destiny_phase():
    """§2 step 12: "Set t = 1 and start the turn sequence"."""
    state = setup(4).state
    for p in state.players:
        state = keep_objectives(
            state, p.seat, p.objective_offer[0], p.objective_offer[2], RULES
        ).state
    started = start_game(state, HmacDice(b"start")).state
    assert (started.status, started.turn, started.phase) == (Status.PLAYING, 1, Phase.DESTINY)


def test_section_2_three_tactics_each_and_the_initial_resources():
    """§2 steps 6-7: "deal 3 tactics to each player"; "3 PRE, 3 POW, 3 MON, 3 INT, 3 FOR, 3 FAI
    and 0 FAV" (G6)."""
    out = setup(5)
    for p in out.state.players:
        assert len(p.tactics) == 3
        assert p.resources == {**{r: 3 for r in Resource}, Resource.FAV: 0}
    assert out.state.reserve[Resource.POW] == -15  # the reserve is an unlimited running balance
    dealt = {e.audience: e.data["tactics"] for e in out.events if e.kind == "tactics_dealt"}
    assert dealt == {(p.seat,): p.tactics for p in out.state.players}


def test_G7_G8_G9_both_market_rows_hold_n_assets_half_visible_rounded_up():
    """G7: "prepare row 1, then row 2"; G8: S = N; G9: "ceil(S/2) come from the visible pile"."""
    state = setup(5).state
    for row in ("row1", "row2"):
        cards = state.market[row]
        visible = [c for c in cards if CATALOG[c]["visibility"] == "visible"]
        assert len(cards) == 5 and len(visible) == 3


def test_section_2_step_10_three_laws_face_up():
    """§2 step 10: "Shuffle the law deck and draw 3 laws face up into the law row"."""
    out = setup(4)
    assert len(out.state.law_row) == 3
    assert len(out.state.decks[decks.LAWS]) == 12


def test_G11_the_destiny_pile_holds_five_crises_and_five_events():
    """§2 step 11: "Draw 5 crises and 5 events and shuffle them together"."""
    pile = setup(4).state.decks[decks.DESTINY]
    kinds = Counter(CATALOG[c]["kind"] for c in pile)
    assert kinds == {"crisis": 5, "event": 5}


@pytest.mark.parametrize("n", [2, 17])
def test_G2_a_table_of_three_to_sixteen_players(n):
    """G2: "3–16 players"."""
    with pytest.raises(InvalidParameterError):
        setup_game([f"P{i}" for i in range(n)], CATALOG, RULES, HmacDice(b"x"))


def test_section_2_the_same_seed_lays_out_the_same_game():
    """docs/principles.md, principle 5: every shuffle goes through the dice, so a seed replays
    exactly."""
    assert setup(9, seed=b"s").state.to_dict() == setup(9, seed=b"s").state.to_dict()
    assert setup(9, seed=b"s").state.to_dict() != setup(9, seed=b"t").state.to_dict()


@settings(max_examples=40, deadline=None)
@given(n=st.integers(3, 16), seed=st.binary(min_size=1, max_size=8))
def test_section_2_any_table_is_laid_out_soundly(n, seed):
    """§2 as a whole, for every table size: kingdoms, cards, chests and indicators."""
    state = setup(n, seed=seed).state
    assert problems(state, CATALOG, RULES) == []
    assert len(state.kingdoms) == RULES.kingdom_count(n)
    sizes = [len(state.members(k.id)) for k in state.kingdoms]
    assert sum(sizes) == n and max(sizes) - min(sizes) <= 1
    assert all(p.kingdom is not None for p in state.players)
    assert all(len(p.tactics) == 3 and len(p.objective_offer) == 4 for p in state.players)
    dealt = [card_id_of(c) for p in state.players for c in p.objective_offer]
    assert len(dealt) == len(set(dealt))
    assert all(v >= 0 for p in state.players for v in p.resources.values())
    assert all(1 <= v <= 5 for k in state.kingdoms for v in k.indicators.values())
    assert all(len(places) == 1 for places in all_card_places(state).values())
