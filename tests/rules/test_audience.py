"""The one audience rule (``consell.rules.audience``): who may read an event, and when.

Events are made with the rules' own constructors (``public``, ``private``, ``director``,
``never_revealed``), as the engine makes them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from consell.rules import audience
from consell.rules.decision_kinds import DecisionKind
from consell.rules.event_kinds import Kind
from consell.rules.events import director, never_revealed, private, public
from consell.rules.state import Pending


@dataclass(frozen=True)
class Reader:
    kind: str
    seat: int | None = None


DIRECTOR = Reader("director")
BOARD = Reader("public")
ANNA, BERNAT = Reader("seat", 1), Reader("seat", 2)


@dataclass(frozen=True)
class Stored:
    """An event as the log stores it, with the turn and phase it was recorded in."""

    audience: object
    reveal_at_end: bool
    turn: int
    phase: str


def stored(event, turn=3, phase="actions") -> Stored:
    aud = event.audience if isinstance(event.audience, str) else list(event.audience)
    return Stored(aud, event.reveal_at_end, turn, phase)


def test_design_3_the_director_reads_everything_at_every_moment():
    """docs/principles.md, principle 3: the director sees everything, as it happens."""
    for event in (
        public(Kind.GAME_STARTED, {}),
        private(Kind.GAME_STARTED, (1,), {}),
        director(Kind.GAME_STARTED, {}),
        never_revealed(private(Kind.GAME_STARTED, (1,), {})),
    ):
        for moment in (audience.LIVE, audience.behind_screen(3), audience.AFTER_THE_END):
            assert audience.may_read(stored(event, phase="secrets"), DIRECTOR, moment)


def test_a_public_event_reaches_everyone_and_a_private_one_its_seats_alone():
    secret = private(Kind.PLOT_OUTCOME, (1,), {})
    assert all(audience.may_read(public(Kind.VOTE_DECIDED, {}), r) for r in (ANNA, BERNAT, BOARD))
    assert audience.may_read(secret, ANNA)
    assert not audience.may_read(secret, BERNAT)
    assert not audience.may_read(secret, BOARD)
    assert not audience.may_read(director(Kind.CORRECTION_REASON, {}), ANNA)


def test_g52_what_the_secrets_record_is_held_from_everyone_until_the_batch():
    """G52: "shows other players the resulting changes in public state ... as one batch at the
    end of the Secrets phase, without saying what caused them". Not even the seat a secret
    touches reads it before the batch, or the timing of its wake-up would tell."""
    now = audience.behind_screen(3)
    for event in (public(Kind.TOKENS_MOVED, {}), private(Kind.PLOT_OUTCOME, (1,), {})):
        during = stored(event, turn=3, phase="secrets")
        assert not audience.may_read(during, ANNA, now)
        assert not audience.may_read(during, BOARD, now)
        assert audience.may_read(during, ANNA, audience.LIVE) == (event.audience != (2,))
    earlier = stored(private(Kind.PLOT_OUTCOME, (1,), {}), turn=2, phase="secrets")
    assert audience.may_read(earlier, ANNA, now)
    before = stored(public(Kind.VOTE_DECIDED, {}), turn=3, phase="actions")
    assert audience.may_read(before, BERNAT, now)


def test_4_17_at_the_end_players_reveal_all_their_resources_and_hidden_cards():
    """§4.17: "All players reveal all their resources and hidden cards." In the audit of a
    finished game a seat reads the others' secrets and the director's notes."""
    end = audience.AFTER_THE_END
    assert audience.may_read(private(Kind.CHEST_CHANGED, (2,), {}), ANNA, end)
    assert audience.may_read(director(Kind.CORRECTION_REASON, {}), ANNA, end)
    assert not audience.may_read(private(Kind.CHEST_CHANGED, (2,), {}), BOARD, end)


def test_2_5_objectives_returned_unseen_stay_secret_after_the_end():
    """§2 step 5: each player "returns the other two to their decks without revealing them":
    an event made ``never_revealed`` stays with its audience for good."""
    returned = never_revealed(private(Kind.OBJECTIVES_RETURNED, (2,), {}))
    assert not audience.may_read(returned, ANNA, audience.AFTER_THE_END)
    assert audience.may_read(returned, BERNAT, audience.AFTER_THE_END)
    assert not replace(returned, audience=(1, 2)).reveal_at_end


@dataclass(frozen=True)
class Logged:
    """An event as the log stores it, with its kind."""

    kind: str
    audience: object
    reveal_at_end: bool = False
    turn: int = 3
    phase: str = "actions"


def test_design_3_the_machinerys_steps_stay_out_of_the_players_logs_until_the_end():
    """Principle 3: one audience function decides who reads each event. A step of the game's
    machinery a seat may read (the cost it paid) is in the director's log, not in the seat's
    or the board's while the game runs, and in the seat's audit after the end; the table's
    story (the game started) is in every log."""
    paid = Logged(Kind.COST_PAID, [1])
    story = Logged(Kind.GAME_STARTED, "public")
    assert audience.may_read(paid, ANNA)
    assert not audience.may_read_in_log(paid, ANNA)
    assert audience.may_read_in_log(paid, DIRECTOR)
    assert audience.may_read_in_log(paid, ANNA, audience.AFTER_THE_END)
    assert not audience.may_read_in_log(Logged(Kind.COST_PAID, "public"), BOARD)
    assert all(audience.may_read_in_log(story, reader) for reader in (ANNA, BERNAT, BOARD))


# -- who may know a pending exists (``audience.knows_of``) ------------------------------------


def _pending(kind: str, waiting_for=(1,), **data) -> Pending:
    return Pending(id=7, kind=kind, data=dict(data), waiting_for=list(waiting_for))


def test_s4_7_a_vote_is_followed_by_every_seat_not_only_its_voters():
    """§4.7: "A vote is resolved when its ability executes during the Actions phase", in front
    of the table: a seat not asked to vote still follows it."""
    vote = _pending(DecisionKind.VOTE, waiting_for=(1,))
    assert audience.knows_of(vote, 2) and audience.knows_of(vote, 1)


def test_g52_a_reaction_is_known_to_its_owner_alone():
    """G52: "shows other players the resulting changes ... without saying what caused them": a
    reaction offered to its owner tells when a secret touched them, so no other seat may know
    it exists, not even one it waits on."""
    reaction = _pending(DecisionKind.REACTION, waiting_for=(1, 2), seat=1)
    assert audience.knows_of(reaction, 1)
    assert not audience.knows_of(reaction, 2) and not audience.knows_of(reaction, 3)


def test_design_3_the_director_knows_of_every_pending_and_a_seat_of_none_of_the_directors():
    """docs/principles.md, principle 3: the director sees everything; a condition or a manual
    effect the director rules, and the turn panel's steps, are no seat's."""
    for kind in (DecisionKind.CONDITION, DecisionKind.MANUAL, "step"):
        pending = _pending(kind, waiting_for=(1,))
        assert audience.knows_of(pending, None)
        assert not audience.knows_of(pending, 1)


def test_design_3_a_choice_or_a_procedure_is_known_only_to_the_seats_it_waits_on():
    """docs/principles.md, principle 3: a law's choice, a discard, a King's appointments and a
    pending of no decision kind are asked of some seats; the others are not told of them."""
    for kind in (DecisionKind.LAW_CHOICE, DecisionKind.DISCARD_CHOICE, "expel"):
        pending = _pending(kind, waiting_for=(1,))
        assert audience.knows_of(pending, 1) and not audience.knows_of(pending, 2)


def test_every_decision_kind_says_who_may_know_of_it():
    assert set(audience.PENDING_AUDIENCE) == set(DecisionKind)
