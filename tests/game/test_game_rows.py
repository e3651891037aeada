"""A change reads and writes its game's row by statements written once
(consell/game/services/game_rows.py): what they read and write must be what the ORM would."""

from __future__ import annotations

import pytest
from django.db import transaction

from consell.game.models import Game
from consell.game.services import decisions, game_rows, store

pytestmark = pytest.mark.django_db


def _row(game: Game) -> dict:
    return {f.attname: getattr(game, f.attname) for f in Game._meta.concrete_fields}


def test_a_locked_row_is_the_orms_row_with_its_pack_and_without_its_state(
    game, django_assert_num_queries
):
    decisions.correct(game.pk, "a change first", resources={1: {"PRE": 1}})
    orm = Game.objects.select_related("pack").defer(*game_rows.LARGE).get(pk=game.pk)
    with transaction.atomic():
        locked = game_rows.lock(game.pk)
    assert locked.get_deferred_fields() == set(game_rows.LARGE)
    assert {k: v for k, v in _row(locked).items() if k not in game_rows.LARGE} == {
        k: v for k, v in _row(orm).items() if k not in game_rows.LARGE
    }
    assert locked.versions and locked.created_at.tzinfo is not None
    with django_assert_num_queries(0):
        assert locked.pack == orm.pack and locked.pack.loaded_at == orm.pack.loaded_at


def test_a_missing_game_is_refused_as_the_orm_refuses_it():
    with pytest.raises(Game.DoesNotExist), transaction.atomic():
        game_rows.lock(10**9)


def test_a_written_row_reads_back_through_the_orm_and_is_stamped(game):
    """What a change writes (``store._save``) is what the ORM reads back: the state through its
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
