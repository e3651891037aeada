"""The game state survives storage unchanged (it is saved as JSON at every change)."""

import copy
import json
from dataclasses import asdict, is_dataclass
from pathlib import Path

import pytest

from consell.rules.state import (
    FrozenDict,
    FrozenList,
    GameState,
    Note,
    Pending,
    PlannedAbility,
)
from consell.rules.state_schema import SCHEMA, StateShapeError

from .catalog import started_game


def _played() -> GameState:
    state = started_game(9, b"storage")
    state = state if isinstance(state, GameState) else state.state
    state.pending.append(Pending(7, "vote", {"eligible": [1, 2]}, [2]))
    state.player(1).notes.append(Note(1, "plot_outcome", {"outcomes": [{"succeeded": True}]}))
    state.player(2).plan.secrets.append(PlannedAbility("house", "x", {"targets": [1]}))
    state.progress["actions_last"] = 3
    return state


def test_the_state_round_trips_through_json():
    state = _played()
    assert GameState.from_dict(json.loads(json.dumps(state.to_dict()))) == state


def test_the_hand_written_serialiser_says_what_asdict_says():
    """``to_dict`` is written out for speed; it must not drift from the dataclasses."""
    state = _played()
    expected = json.loads(json.dumps(asdict(state), default=str))
    assert json.loads(json.dumps(state.to_dict())) == {"schema": SCHEMA, **expected}


def test_a_clone_is_equal_and_independent():
    state = _played()
    twin = state.clone()
    assert twin == state
    twin.player(1).tactics.append("new")
    assert "new" not in state.player(1).tactics


def _mutables(value, path="state"):
    """Every mutable object reachable from ``value`` (dataclasses, dicts, lists), by path.
    Notes and planned tiles are not: they refuse every change (see the tests below), so
    clones share them."""
    if isinstance(value, Note | PlannedAbility | FrozenDict | FrozenList):
        return
    if is_dataclass(value):
        yield path, value
        for name, item in vars(value).items():
            yield from _mutables(item, f"{path}.{name}")
    elif isinstance(value, dict):
        yield path, value
        for key, item in value.items():
            yield from _mutables(item, f"{path}[{key!r}]")
    elif isinstance(value, list | tuple):
        if isinstance(value, list):
            yield path, value
        for i, item in enumerate(value):
            yield from _mutables(item, f"{path}[{i}]")


def test_a_clone_shares_no_mutable_object_with_its_original():
    """``clone`` is written out by hand: a field it forgets would be shared, and a procedure
    refused half-way would then change the state it was given. Every container, at any depth
    (plans, notes, pending data, progress), is the clone's own."""
    state = _played()
    state.progress["nested"] = {"list": [1, {"deep": [2]}]}
    original = {id(obj): path for path, obj in _mutables(state)}
    shared = [path for path, obj in _mutables(state.clone()) if id(obj) in original]
    assert shared == []
    assert len(original) > 150  # a dealt 9-seat state: the walk saw its depth


def test_notes_and_tiles_refuse_every_change_at_any_depth_so_clones_may_share_them():
    """Rules §1.3: notes are the director's papers put into a chest; once written they are
    never rewritten. A planned tile is taken back and planned again, not edited (§3.2).
    Clones share both, so a change anywhere in one must be refused."""
    note = _played().player(1).notes[-1]
    outcomes = note.data["outcomes"]
    attempts = [
        lambda: setattr(note, "data", {}),
        lambda: note.data.__setitem__("extra", 1),
        lambda: note.data.update(extra=1),
        lambda: note.data.pop("outcomes"),
        lambda: outcomes.append({}),
        lambda: outcomes.__setitem__(0, {}),
        lambda: outcomes[0].__setitem__("succeeded", False),
    ]
    tile = _played().player(2).plan.secrets[-1]
    attempts += [
        lambda: setattr(tile, "params", {}),
        lambda: tile.params.__setitem__("targets", []),
        lambda: tile.params["targets"].append(3),
    ]
    for attempt in attempts:
        with pytest.raises((TypeError, AttributeError)):
            attempt()
    assert note.data == {"outcomes": [{"succeeded": True}]}
    assert tile.params == {"targets": [1]}
    state = _played()
    assert state.clone().player(1).notes[-1] is state.player(1).notes[-1]
    assert state.clone().player(2).plan.secrets[-1] is state.player(2).plan.secrets[-1]


def test_a_frozen_note_copies_pickles_and_stores_as_plain_data():
    """What the app does with a state besides cloning it: JSON for the row, deep copies and
    pickles in tests and caches."""
    import pickle

    note = _played().player(1).notes[-1]
    assert json.loads(json.dumps(note.data)) == {"outcomes": [{"succeeded": True}]}
    for copied in (copy.deepcopy(note), pickle.loads(pickle.dumps(note))):
        assert copied == note
        with pytest.raises(TypeError):
            copied.data["outcomes"].append({})
        assert copied.to_dict() == note.to_dict()


def test_a_stored_state_holds_each_note_and_tile_as_made_once_and_refuses_changes():
    """The whole state is written out at every change; a note or a tile is written out once
    (its frozen ``to_dict``), so the stored form cannot be changed behind the note either."""
    state = _played()
    stored = state.to_dict()
    again = state.clone().to_dict()
    note, tile = stored["players"][0]["notes"][-1], stored["players"][1]["plan"]["secrets"][-1]
    assert note is again["players"][0]["notes"][-1] is state.player(1).notes[-1].to_dict()
    assert tile is again["players"][1]["plan"]["secrets"][-1]
    assert note == {"turn": 1, "kind": "plot_outcome", "data": {"outcomes": [{"succeeded": True}]}}
    assert tile == {"source": "house", "ability": "x", "params": {"targets": [1]}}
    for attempt in (
        lambda: note.__setitem__("turn", 2),
        lambda: note["data"]["outcomes"].append({}),
        lambda: tile["params"].pop("targets"),
    ):
        with pytest.raises(TypeError):
            attempt()
    assert GameState.from_dict(json.loads(json.dumps(stored))) == state


# A game stored before the state had a schema version: what the simulator saved, turn 2.
STORED_V1 = json.loads((Path(__file__).parent / "data" / "state-v1.json").read_text("utf-8"))


def test_a_state_stored_before_schema_versions_is_migrated_explicitly():
    """Version 1 had no ``schema`` key and no ``assets_used``: it reads as the current version
    with no asset used yet, nobody on record as expelled, and everything else as it was."""
    assert "schema" not in STORED_V1
    state = GameState.from_dict(copy.deepcopy(STORED_V1))
    assert all(p.assets_used == {} for p in state.players)
    assert all(k.expelled == [] for k in state.kingdoms)
    saved = state.to_dict()
    assert saved["schema"] == SCHEMA
    assert {k: v for k, v in saved.items() if k != "schema"} == {
        **STORED_V1,
        "players": [{**p, "assets_used": {}} for p in STORED_V1["players"]],
        "kingdoms": [{**k, "expelled": []} for k in STORED_V1["kingdoms"]],
    }


def test_a_state_stored_at_version_2_gains_the_record_of_expulsions_empty():
    """Version 3: each kingdom remembers who was expelled from it (Amnistia general). A game
    stored at version 2 kept no such record, so nobody is on record; the rest is as it was."""
    players = [{**p, "assets_used": {"x": 1}} for p in STORED_V1["players"]]
    stored_v2 = {**copy.deepcopy(STORED_V1), "players": players, "schema": 2}
    assert all("expelled" not in k for k in stored_v2["kingdoms"])
    saved = GameState.from_dict(copy.deepcopy(stored_v2)).to_dict()
    assert saved == {
        **stored_v2,
        "schema": SCHEMA,
        "kingdoms": [{**k, "expelled": []} for k in stored_v2["kingdoms"]],
    }


def test_a_state_from_a_newer_app_is_refused():
    newer = {**_played().to_dict(), "schema": SCHEMA + 1}
    with pytest.raises(StateShapeError, match="newer version"):
        GameState.from_dict(newer)


@pytest.mark.parametrize(
    "damage",
    [
        lambda d: d.pop("pending"),
        lambda d: d.update(surprise=1),
        lambda d: d["players"][0].pop("resources"),
        lambda d: d["players"][0]["plan"].update(draft=[]),
        lambda d: d.update(schema="2"),
    ],
    ids=["missing key", "unknown key", "player key missing", "unknown plan key", "bad version"],
)
def test_a_state_of_an_unknown_shape_is_refused_not_filled_with_defaults(damage):
    data = _played().to_dict()
    damage(data)
    with pytest.raises(StateShapeError):
        GameState.from_dict(data)
