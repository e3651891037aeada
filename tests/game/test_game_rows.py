"""A change reads and writes its game's row by statements written once
(consell/game/game_rows.py): what they read and write must be what the ORM would."""

from __future__ import annotations

import pytest
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from consell.game import game_rows
from consell.game.models import DiceRoll, Event, Game, ProcessedRequest
from consell.game.services import decisions, store
from consell.rules.state import Phase

from .simulated import play_until

pytestmark = pytest.mark.django_db


def _values(row, leave_out=()) -> dict:
    """A row's column values by field, but those left out (not loaded: not read at all)."""
    return {
        f.attname: getattr(row, f.attname)
        for f in type(row)._meta.concrete_fields
        if f.attname not in leave_out
    }


def _small(game: Game) -> dict:
    """The game row's values but its state and snapshot (read apart)."""
    return _values(game, leave_out=game_rows.LARGE)


def test_a_locked_row_is_the_orms_row_with_its_pack_and_without_its_state(
    game, django_assert_num_queries
):
    decisions.correct(game.pk, "a change first", resources={1: {"PRE": 1}})
    orm = Game.objects.select_related("pack").defer(*game_rows.LARGE).get(pk=game.pk)
    with transaction.atomic():
        locked = game_rows.lock(game.pk)
    assert locked.get_deferred_fields() == set(game_rows.LARGE)
    assert _small(locked) == _small(orm)
    assert locked.versions and locked.created_at.tzinfo is not None
    with django_assert_num_queries(0):
        assert locked.pack == orm.pack and locked.pack.loaded_at == orm.pack.loaded_at
    read = game_rows.read(game.pk)  # as the simulator reads it before a step, unlocked
    assert read.get_deferred_fields() == set(game_rows.LARGE)
    assert _small(read) == _small(locked) == _small(orm)


def test_the_shared_screens_row_is_the_orms_row_by_its_board_token(game):
    """The public board finds its game by its link's token, by the same written statement."""
    orm = Game.objects.select_related("pack").defer(*game_rows.LARGE).get(pk=game.pk)
    screen = game_rows.read_by_board_token(orm.board_token)
    assert screen.get_deferred_fields() == set(game_rows.LARGE)
    assert _small(screen) == _small(orm) and screen.pack == orm.pack
    with pytest.raises(Game.DoesNotExist):
        game_rows.read_by_board_token(orm.board_token + "x")


def test_a_missing_game_is_refused_as_the_orm_refuses_it():
    with pytest.raises(Game.DoesNotExist), transaction.atomic():
        game_rows.lock(10**9)


def test_a_written_row_reads_back_through_the_orm_and_is_stamped(game):
    """What a change writes (``store.save``) is what the ORM reads back: the state through its
    encoder, the versions, the tag; and ``updated_at`` moves on as ``Model.save`` moves it."""
    before = Game.objects.get(pk=game.pk)
    decisions.correct(game.pk, "a correction", resources={2: {"PRE": 2}})
    after = Game.objects.get(pk=game.pk)
    assert after.seq > before.seq and after.state_tag != before.state_tag
    assert after.updated_at > before.updated_at
    assert after.versions != before.versions
    with store.change(game.pk) as ch:
        assert ch.state.to_dict() == after.state
        assert ch.game.seq == after.seq


NEW_ON_INSERT = ("id", "created_at")


def test_appended_events_and_dice_are_the_rows_bulk_create_wrote():
    """A played game's events and dice, written again by ``append``: the same rows as the ORM
    wrote them (payloads and audiences through their fields, defaults filled), with
    ``created_at`` stamped as ``auto_now_add`` stamps it."""
    played = play_until(4, 1, 2, lambda s: s.phase is Phase.SECRETS)
    for model in (Event, DiceRoll):
        stored = list(model.objects.filter(game=played).order_by("pk"))
        assert stored, f"the game had written {model.__name__} rows"
        before = [_values(row, NEW_ON_INSERT) for row in stored]
        copies = [model(**_values(row, NEW_ON_INSERT)) for row in stored]
        started = timezone.now()
        with transaction.atomic():
            model.objects.filter(game=played).delete()
            game_rows.append(copies)
        again = list(model.objects.filter(game=played).order_by("pk"))
        assert [_values(row, NEW_ON_INSERT) for row in again] == before
        assert len(stored) > game_rows.APPEND_ROWS or model is DiceRoll, "in several inserts"
        if model is Event:
            assert all(row.created_at >= started for row in again)


def test_a_nonce_is_claimed_once_and_a_refused_change_leaves_it_unclaimed(game):
    """``claim`` writes the row ``ProcessedRequest.objects.create`` would, by one statement:
    a second claim of the same nonce is refused (the form was sent again), another game's
    is not; and a change that is refused takes its claim back with it (rules refuse, nothing
    is kept, and the player may send the form again)."""
    other = Game.objects.create(name="another", pack=game.pack, director=game.director)
    started = timezone.now()
    with transaction.atomic():
        assert game_rows.claim(game.pk, "tap-1")
        assert not game_rows.claim(game.pk, "tap-1")
        assert game_rows.claim(other.pk, "tap-1")
    claimed = ProcessedRequest.objects.get(game=game, nonce="tap-1")
    assert claimed.created_at >= started
    with pytest.raises(store.AlreadyApplied):
        with store.change(game.pk, nonce="tap-1"):
            pass
    with pytest.raises(RuntimeError), store.change(game.pk, nonce="tap-2"):
        raise RuntimeError("refused after the claim")
    assert not ProcessedRequest.objects.filter(game=game, nonce="tap-2").exists()
    with store.change(game.pk, nonce="tap-2"):
        pass
    assert ProcessedRequest.objects.filter(game=game, nonce="tap-2").count() == 1


def test_a_batch_claims_its_nonces_by_one_statement_and_only_new_ones(game):
    """``claim_all`` claims what ``claim`` would, one nonce at a time, in one statement:
    a nonce held already (the form was sent before) is not claimed again, a nonce given twice
    is claimed once, and a nonce is cut to the column's 64 characters as ``claim`` cuts it."""
    long_nonce = "n" * 80
    with transaction.atomic():
        assert game_rows.claim(game.pk, "sent-before")
        with CaptureQueriesContext(connection) as queries:
            claimed = game_rows.claim_all(game.pk, ["a", "sent-before", "b", "a", long_nonce, "c"])
    assert claimed == {"a", "b", "c", "n" * 64}
    assert len(queries) == 1
    rows = ProcessedRequest.objects.filter(game=game).values_list("nonce", flat=True)
    assert sorted(rows) == sorted(["a", "b", "c", "n" * 64, "sent-before"])
    assert not game_rows.claim(game.pk, long_nonce), "held, as claim would hold it"


def test_a_nonce_for_no_game_is_refused_with_the_game(db):
    """The claim comes before the row's lock: for a game that does not exist, the lock still
    refuses the change, and the claim is rolled back with it."""
    with pytest.raises(Game.DoesNotExist), store.change(10**9, nonce="tap"):
        pass
    assert not ProcessedRequest.objects.exists()
