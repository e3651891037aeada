"""The Destiny phase and the destiny pile (rules §3.1, G11, G46, G51)."""

import pytest

from consell.rules import decks
from consell.rules.destiny import count_down, reveal_next
from consell.rules.dice import HmacDice
from consell.rules.errors import IllegalTransitionError
from consell.rules.events import PUBLIC
from consell.rules.invariants import problems
from consell.rules.ruleset import Ruleset
from consell.rules.state import DestinyCard
from tests.rules.catalog import CATALOG, started_game

RULES = Ruleset.default()
DICE = HmacDice(b"desti")


def with_pile(state, *cards):
    """Put ``cards`` on top of the destiny pile, taking them from wherever they were."""
    for deck in state.decks.values():
        for c in cards:
            if c in deck:
                deck.remove(c)
    state.decks[decks.DESTINY][:0] = list(cards)
    return state


def test_section_3_1_one_card_per_kingdom_in_kingdom_order():
    """§3.1: "Cards are revealed in kingdom order, and each card goes to that kingdom"."""
    state = started_game(8)
    state.turn_order = [5, 2, 7, 1, 3, 4, 6, 8]
    first_kingdom = state.player(5).kingdom
    out, revelation = reveal_next(state, CATALOG, RULES, DICE)
    assert revelation.kingdom == first_kingdom
    out, revelation = reveal_next(out.state, CATALOG, RULES, DICE)
    assert revelation.kingdom == 1 - first_kingdom
    assert out.state.pending == []
    with pytest.raises(IllegalTransitionError):
        reveal_next(out.state, CATALOG, RULES, DICE)


def test_G51_the_kingdomless_group_gets_one_card():
    """G51: "The kingdomless group gets one card per turn"."""
    state = started_game(4)
    state.player(1).kingdom = None
    state.player(2).kingdom = None
    groups = []
    while state.pending:
        out, revelation = reveal_next(state, CATALOG, RULES, DICE)
        state = out.state
        groups.append(revelation.kingdom)
    assert sorted(groups, key=str) == [0, None]


def test_section_3_1_an_immediate_event_resolves_and_is_discarded():
    """§3.1: "an immediate event resolves and is discarded"; its ops go to the effects."""
    state = with_pile(started_game(4), "esdeveniment-03")
    out, revelation = reveal_next(state, CATALOG, RULES, DICE)
    assert revelation.effect == tuple(CATALOG["esdeveniment-03"]["effect"])
    assert out.state.in_play == []
    assert "esdeveniment-03" in out.state.decks["events_discard"]
    assert out.events[-1].audience == PUBLIC


def test_G46_a_lasting_event_stays_with_its_duration():
    """G46: "Each event has a duration in turns ... Lasting events belong to the kingdom they
    were revealed for"."""
    state = with_pile(started_game(4), "esdeveniment-02")
    out, revelation = reveal_next(state, CATALOG, RULES, DICE)
    assert out.state.in_play == [DestinyCard("esdeveniment-02", "event", 0, remaining=2)]
    assert revelation.effect


def test_section_3_1_a_crisis_stays_until_crisis_resolution():
    """§3.1: "It stays in play until this turn's Crisis resolution phase"."""
    state = with_pile(started_game(4), "crisi-07")
    out, revelation = reveal_next(state, CATALOG, RULES, DICE)
    assert revelation.kind == "crisis" and revelation.effect == ()
    assert out.state.in_play == [DestinyCard("crisi-07", "crisis", 0)]
    assert problems(out.state, CATALOG, RULES) == []


def test_G11_an_empty_pile_gets_a_new_batch_of_five_and_five():
    """G11: "Whenever a card is needed and the pile is empty, build a new batch of 5 crises +
    5 events from the remaining decks"."""
    state = started_game(4)
    state.decks[decks.CRISES] += state.decks[decks.DESTINY]
    state.decks[decks.DESTINY] = []
    out, revelation = reveal_next(state, CATALOG, RULES, DICE)
    assert revelation.card is not None
    assert len(out.state.decks[decks.DESTINY]) == 9
    assert problems(out.state, CATALOG, RULES) == []


def test_G11_a_deck_that_runs_out_is_refilled_from_its_discards():
    """G11: "reshuffling a deck's discards if it runs out"."""
    state = started_game(4)
    state.decks["crises_discard"] = state.decks[decks.CRISES]
    state.decks[decks.CRISES] = []
    state.decks[decks.EVENTS] += state.decks[decks.DESTINY]
    state.decks[decks.DESTINY] = []
    out, _ = reveal_next(state, CATALOG, RULES, DICE)
    pile = out.state.decks[decks.DESTINY]
    assert len(pile) == 9 and out.state.decks["crises_discard"] == []
    assert problems(out.state, CATALOG, RULES) == []


def test_G46_lasting_events_count_down_and_leave_at_zero():
    """G46: "counting down at End of turn. It is discarded when the count reaches 0"."""
    state = started_game(4)
    state.decks[decks.EVENTS].remove("esdeveniment-01")
    state.decks[decks.EVENTS].remove("esdeveniment-02")
    state.in_play = [
        DestinyCard("esdeveniment-01", "event", 0, remaining=1),
        DestinyCard("esdeveniment-02", "event", 0, remaining=2),
        DestinyCard("crisi-01", "crisis", 0),
    ]
    events = count_down(state)
    assert [dc.card for dc in state.in_play] == ["esdeveniment-02", "crisi-01"]
    assert state.in_play[0].remaining == 1
    assert [e.data["card"] for e in events] == ["esdeveniment-01"]
    assert "esdeveniment-01" in state.decks["events_discard"]
