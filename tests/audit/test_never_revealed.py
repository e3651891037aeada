"""The rules stamp what the end never reveals where they create it (``reveal_at_end``).

Rules §4.17, End of game: "All players reveal all their resources and hidden cards"
("Els jugadors revelen tots els seus recursos i cartes"). Everything else the audit opens at the
end comes from events stamped ``reveal_at_end``; these tests check, on the rules' own output,
the few that are not. Pure rules: no Django.
"""

from __future__ import annotations

from consell.rules import planning
from consell.rules.dice import HmacDice
from consell.rules.event_kinds import Kind
from consell.rules.events import never_revealed, private
from consell.rules.ruleset import Ruleset
from consell.rules.setup import keep_objectives, setup_game
from consell.rules.state import Phase, PlannedAbility
from consell.rules.trades import Offer, trade
from tests.rules import test_planning as planning_tests
from tests.rules import test_trades as trade_tests
from tests.rules.catalog import ALICE, CATALOG, NAMES

# The court of Alba of ``tests.rules.test_effects`` seats Alice at 0 and Bob at 1.
from tests.rules.test_effects import ALICE as COURT_ALICE
from tests.rules.test_effects import BOB as COURT_BOB

RULES = Ruleset.default()


def _kinds(events, revealed: bool) -> set[str]:
    return {e.kind for e in events if e.reveal_at_end is revealed}


def test_never_revealed_keeps_the_event_and_its_audience():
    event = private(Kind.TRADE, (1, 2), {"parties": [1, 2]}, 1)
    kept = never_revealed(event)
    assert (kept.kind, kept.data, kept.audience, kept.actor) == ("trade", event.data, (1, 2), 1)
    assert event.reveal_at_end and not kept.reveal_at_end


def test_section_2_the_objectives_returned_are_never_revealed():
    """§2 step 5: "Each player keeps 1 collective + 1 personal and returns the other two to their
    decks without revealing them" ("amb compte de no revelar els objectius retornats als altres
    jugadors")."""
    out = setup_game(list(NAMES[:4]), CATALOG, RULES, HmacDice(b"taula"))
    dealt = [e for e in out.events if e.kind == "objectives_dealt"]
    assert len(dealt) == 4 and not any(e.reveal_at_end for e in dealt)
    assert all(len(e.audience) == 1 for e in dealt), "each deal stays its player's own"
    c_keep, _c_back, p_keep, _p_back = out.state.player(ALICE).objective_offer
    kept = keep_objectives(out.state, ALICE, c_keep, p_keep, RULES)
    assert _kinds(kept.events, revealed=False) == {"objectives_returned"}
    assert {"objectives_kept", "objectives_chosen"} <= _kinds(kept.events, revealed=True)


def test_section_3_2_a_draft_is_never_revealed_the_hand_in_is():
    """§3.2: "When satisfied, the player puts the piles in their chest and hands it to the
    director ... After submission the plan cannot change". The end reveals cards and resources
    (§4.17), not how a plan was drafted before it was handed in."""
    state = planning_tests.planning_table()
    state = planning.add_ability(
        state, planning_tests.CATALOG, COURT_ALICE, PlannedAbility("house", "tribut", {})
    ).state
    added = planning.add_ability(
        state,
        planning_tests.CATALOG,
        COURT_ALICE,
        PlannedAbility("common:proposar-llei", "proposar-llei", {}),
    )
    moved = planning.reorder(added.state, COURT_ALICE, "actions", [1, 0])
    removed = planning.remove_ability(moved.state, COURT_ALICE, "actions", 0)
    drafts = [*added.events, *moved.events, *removed.events]
    assert {e.kind for e in drafts} == {"ability_planned", "pile_reordered", "ability_unplanned"}
    assert not any(e.reveal_at_end for e in drafts)
    handed = planning.hand_in(removed.state, planning_tests.CATALOG, COURT_ALICE)
    assert all(e.reveal_at_end for e in handed.events)


def test_section_4_14_the_words_of_a_trade_are_never_revealed():
    """§4.14: "Can be traded (RULE): ... information; promises", and "The app only records them
    as free text" (the original: "Informació (ex. "et revelaré qui et va robar el torn
    anterior")"). What the two say stays theirs; a trade of cards and resources alone is revealed
    at the end."""
    state = trade_tests.planning_table()
    assert state.phase is Phase.PLANNING
    words = trade(
        state,
        CATALOG,
        RULES,
        COURT_ALICE,
        COURT_BOB,
        Offer(resources={"MON": 1}),
        Offer(promises="my vote"),
    )
    (record,) = [e for e in words.events if e.kind == "trade"]
    assert not record.reveal_at_end and record.audience == (COURT_ALICE, COURT_BOB)
    plain = trade(
        state,
        CATALOG,
        RULES,
        COURT_ALICE,
        COURT_BOB,
        Offer(resources={"MON": 1}),
        Offer(resources={"FOR": 1}),
    )
    (record,) = [e for e in plain.events if e.kind == "trade"]
    assert record.reveal_at_end
