"""The state is written and read through orjson (consell/game/state_json.py): what is stored
must still be plain JSON that reads back as the very state the engine produced."""

from __future__ import annotations

import json

import pytest
from django.db import connection

from consell.game.models import Game
from consell.game.state_json import StateDecoder, StateEncoder
from consell.rules.state import GameState, Phase

from .simulated import play_until

pytestmark = pytest.mark.django_db


def _stored_text(game: Game) -> str:
    """The state column as the database holds it, past Django's field."""
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT state FROM {Game._meta.db_table} WHERE id = %s", [game.pk])
        (value,) = cursor.fetchone()
    return value if isinstance(value, str) else json.dumps(value)


def test_a_played_games_state_is_stored_as_plain_json_and_reads_back_whole():
    """A simulated game in its second Secrets phase: notes, plans with boxes filled in, frozen
    data at every depth. Any JSON reader sees the engine's own ``to_dict``, and the row reads
    back as an equal state."""
    game = play_until(6, 3, 4, lambda s: s.turn == 2 and s.phase is Phase.SECRETS)
    state = GameState.from_dict(game.state)
    assert any(p.notes for p in state.players), "the game had written notes by then"
    assert json.loads(_stored_text(game)) == state.to_dict()
    fresh = Game.objects.get(pk=game.pk)
    assert GameState.from_dict(fresh.state) == state


def test_what_orjson_refuses_goes_the_standard_way():
    """An integer past 64 bits and keys that are not strings are written as the standard
    library writes them; malformed text is refused with the standard library's error."""
    value = {"big": 2**70, 3: [1, 2]}
    text = json.dumps(value, cls=StateEncoder)
    assert json.loads(text) == {"big": 2**70, "3": [1, 2]}
    assert json.loads(text, cls=StateDecoder) == {"big": 2**70, "3": [1, 2]}
    assert json.loads(json.dumps({4: "x"}, cls=StateEncoder), cls=StateDecoder) == {"4": "x"}
    with pytest.raises(json.JSONDecodeError):
        json.loads("{not json", cls=StateDecoder)
