"""Absent players: the simulator plays games with stand-ins, deadlines and a pause (issue 37
item 5; G60-G63, docs/absence.md), and the proof that a stand-in reads only its seat's view
(issue 37 item 2): "The stand-in decides only from what that seat may see, through the same
view function the phone uses. A test plants a marker in another seat's hand and proves the
stand-in never reads it."

The tests use the plain ``db`` fixture, whose transaction never commits: the ``game_changed``
receiver that makes the stand-ins play after each change does not run, so the runner's own
calls of ``stand_in.play`` are the only ones.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from django.core.cache import caches
from django.db import transaction
from django.test import Client

from consell.game import game_rows
from consell.game.models import Event, Game
from consell.game.services import store
from consell.rules.audience import Viewer
from consell.rules.event_kinds import Kind
from consell.rules.state import GameState
from consell.simulator import runner as runner_module
from consell.simulator import simulate, stand_in, summarize
from consell.simulator.runner import absent_seats

pytestmark = pytest.mark.django_db

# (players, turns, seed, absent): a table of six, two of them away, over two turns.
TABLE = (6, 2, 3, 2)
ABSENCE_KINDS = (
    Kind.STAND_IN_ON,
    Kind.STAND_IN_PLAYED,
    Kind.DEADLINE_SET,
    Kind.DEADLINE_PASSED,
    Kind.ANSWER_DEFAULTED,
    Kind.GAME_PAUSED,
    Kind.GAME_RESUMED,
)


def _log(game: Game) -> list[tuple[str, Any]]:
    return list(Event.objects.filter(game=game).order_by("seq").values_list("kind", "payload"))


def _payloads(game: Game, kind: str) -> list[dict]:
    return [p for k, p in _log(game) if k == kind]


@pytest.fixture
def absent_game(pack):
    players, turns, seed, absent = TABLE
    return simulate(players, turns, seed, pack=pack, absent=absent)


def test_a_game_with_absent_seats_finishes_with_stand_ins_deadlines_and_a_pause(absent_game):
    played = absent_game
    game, absent = played.game, set(played.absent)
    players, turns, seed, count = TABLE
    assert absent == set(absent_seats(players, count, seed)) and len(absent) == count
    state = game.dealt_state()
    assert state.status == "finished" and state.turn == turns
    kinds = Counter(k for k, _ in _log(game))
    # The stand-ins took the absent seats, and only those, and played them.
    assert {p["seat"] for p in _payloads(game, Kind.STAND_IN_ON)} == absent
    moves = _payloads(game, Kind.STAND_IN_PLAYED)
    assert {m["seat"] for m in moves} == absent, "a stand-in played a seat that has a player"
    played_in = {(m["seat"], m["turn"]) for m in moves}
    # Handed over after the first deadline of turn 1; from turn 2 on they plan too.
    assert {(seat, turns) for seat in absent} <= played_in
    assert {(m["seat"], m["kind"]) for m in moves if m["turn"] == turns} >= {
        (seat, "plan") for seat in absent
    }
    # Every moment that waited got a deadline; one passed and answered for the absent only.
    assert kinds[Kind.DEADLINE_SET] >= turns
    assert kinds[Kind.DEADLINE_PASSED] >= 1
    defaulted = _payloads(game, Kind.ANSWER_DEFAULTED)
    assert defaulted and {d["seat"] for d in defaulted} <= absent
    assert all(d["reason"] == "deadline" for d in defaulted)
    assert {(d["seat"], d["kind"]) for d in defaulted} >= {(seat, "plan") for seat in absent}
    # The runner never played an absent seat: its plans were handed in by the deadline (turn
    # 1) and by its stand-in (turn 2), never by a player.
    handed = [p for k, p in _log(game) if k == Kind.PLAN_HANDED_IN and p["seat"] in absent]
    stand_in_plans = sum(1 for m in moves if m["kind"] == "plan")
    assert len(handed) == stand_in_plans
    # Paused once, at the start of turn 2, and resumed.
    assert kinds[Kind.GAME_PAUSED] == kinds[Kind.GAME_RESUMED] == 1
    paused = Event.objects.get(game=game, kind=Kind.GAME_PAUSED)
    assert paused.turn == 2
    assert not Game.objects.get(pk=game.pk).clock.get("paused")
    # The summary says what the absence came to.
    summary = summarize(game)["absence"]
    assert summary["stand_in_moves"] == len(moves) > 0
    assert summary["answers_defaulted"] == len(defaulted)
    # The audit says whom a stand-in played for, in which turns, and the defaults (G62).
    director = Client()
    director.force_login(game.director)
    page = director.get(f"/audit/{game.pk}/").content.decode()
    for seat in sorted(absent):
        turns_played = ", ".join(str(t) for t in sorted({t for s, t in played_in if s == seat}))
        assert f"{state.player(seat).name} (turns {turns_played})" in page
    assert f"{len(defaulted)} answer" in page


def test_the_same_seed_with_absent_seats_gives_the_same_game(pack, absent_game):
    players, turns, seed, absent = TABLE
    again = simulate(players, turns, seed, pack=pack, absent=absent)
    assert again.game.pk != absent_game.game.pk
    assert again.absent == absent_game.absent
    assert _log(again.game) == _log(absent_game.game)
    assert summarize(again.game) == summarize(absent_game.game)


def test_without_absent_seats_nothing_of_absence_happens(pack):
    """The default plays every seat as before: no deadline, no stand-in, no pause."""
    played = simulate(4, 1, 7, pack=pack)
    assert played.absent == ()
    assert not Event.objects.filter(game=played.game, kind__in=ABSENCE_KINDS).exists()
    assert "absence" not in summarize(played.game)


def test_the_command_says_what_the_stand_ins_did(pack):
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command(
        "simulate", "--players", "4", "--turns", "2", "--seed", "5", "--absent", "1", stdout=out
    )
    text = out.getvalue()
    game = Game.objects.get()
    moves = Event.objects.filter(game=game, kind=Kind.STAND_IN_PLAYED).count()
    defaulted = Event.objects.filter(game=game, kind=Kind.ANSWER_DEFAULTED).count()
    assert moves and defaulted
    assert f"1 stand-ins made {moves} moves" in text
    assert f"answers defaulted {defaulted}" in text


# -- the leak proof (issue 37 item 2) ----------------------------------------------------------

MARK = "ZQelsewhere"


def _marker(seat: int, what: str, n: int) -> str:
    return f"{MARK}S{seat}{what}{n}Q"


def _plant(state: GameState, seats: set[int]) -> None:
    """Mark the hidden things of ``seats``: the instance of each tactic and objective in hand
    (the card stays the same card) and each planned tile's parameters (a text added). What the
    rules weigh (a chest, which cards) stays as it was, so that the game itself goes on alike."""
    for p in state.players:
        if p.seat not in seats:
            continue
        p.tactics = [
            f"{t.split('#', 1)[0]}#{_marker(p.seat, 'T', n)}" for n, t in enumerate(p.tactics)
        ]
        p.objectives = [
            f"{o.split('#', 1)[0]}#{_marker(p.seat, 'O', n)}" for n, o in enumerate(p.objectives)
        ]
        for pile in ("indications", "actions", "secrets"):
            tiles = getattr(p.plan, pile)
            tiles[:] = [
                replace(tile, params={**tile.params, "note": _marker(p.seat, "P", n)})
                for n, tile in enumerate(tiles)
            ]


class _Undone(Exception):
    """Raised to roll back the planted variant."""


@dataclass
class Watch:
    """What the stand-ins were handed and what they chose, in order, while watched."""

    views: list[tuple[int, Any]] = field(default_factory=list)  # (seat, view)
    trace: list[tuple[Any, ...]] = field(default_factory=list)  # each view and choice
    foreign: list[str] = field(default_factory=list)  # arguments that were not from a view
    views_searched: int = 0
    compared: int = 0

    def clear(self) -> None:
        self.views.clear()
        self.trace.clear()


def _watched(monkeypatch, watch: Watch) -> None:
    """Record every view ``stand_in`` obtains, and check that ``StandIn.answer`` and
    ``StandIn.tiles`` are only ever given pieces of those views."""
    real_view_for, real_answer, real_tiles = (
        stand_in.view_for,
        stand_in.StandIn.answer,
        stand_in.StandIn.tiles,
    )

    def view_for(game, viewer, language, *args, **kwargs):
        view = real_view_for(game, viewer, language, *args, **kwargs)
        watch.views.append((viewer.seat, view))
        watch.trace.append(("view", viewer.seat, re.sub(r'"version": \d+', "", _dumped(view))))
        return view

    def from_views(piece) -> bool:
        return any(
            piece is view.get("me") or any(piece is item for item in view.get("decisions", ()))
            for _, view in watch.views
        )

    def answer(self, item, me):
        if not (from_views(item) and from_views(me)):
            watch.foreign.append(f"answer({item.get('kind')!r}) was given what no view holds")
        chosen = real_answer(self, item, me)
        watch.trace.append(("answer", self.seat, item["id"], item["kind"], chosen))
        return chosen

    def tiles(self, me):
        if not from_views(me):
            watch.foreign.append("tiles() was given what no view holds")
        chosen = real_tiles(self, me)
        watch.trace.append(("tiles", self.seat, chosen))
        return chosen

    monkeypatch.setattr(stand_in, "view_for", view_for)
    monkeypatch.setattr(stand_in.StandIn, "answer", answer)
    monkeypatch.setattr(stand_in.StandIn, "tiles", tiles)


def _dumped(view: Any) -> str:
    """A view as JSON, the board it shares with the table's other pages included."""
    return json.dumps(view, default=lambda v: dict(v) if isinstance(v, Mapping) else str(v))


def _until_first_move(trace: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The views and choices up to the first move chosen: after it, the game itself may go on
    differently (the rules read the renamed cards), so the stand-ins may be asked other things."""
    for n, entry in enumerate(trace):
        if entry[0] == "tiles" or entry[0] == "answer" and entry[-1] is not None:
            return trace[: n + 1]
    return list(trace)


def _moves(game_id: int, seq: int) -> list[tuple[str, Any, Any]]:
    """The stand-ins' own record of their moves since ``seq``."""
    return list(
        Event.objects.filter(game_id=game_id, seq__gt=seq, kind=Kind.STAND_IN_PLAYED)
        .order_by("seq")
        .values_list("kind", "payload", "audience")
    )


def _planted(game_id: int, present: set[int]) -> None:
    """Mark the hidden things of the seats with a player, in the state and, behind the
    Secrets screen, in the snapshot the phones are shown; nothing is logged."""
    with store.change(game_id) as ch:
        planted = ch.state.clone()
        _plant(planted, present)
        ch.record(planted, [])
        if ch.game.snapshot is not None:
            shown = GameState.from_dict(ch.game.snapshot)
            _plant(shown, present)
            ch.game.snapshot = shown.to_dict()


def test_a_stand_in_never_reads_another_seats_hidden_data(pack, monkeypatch):
    """Every time the runner lets the stand-ins play, they play twice: first after every hidden
    thing of the seats with a player was marked (the cards in their hands and their objectives
    renamed, their planned tiles given a text), which is then undone, then for real.

    (a) Both times they are handed the same views and choose the same first move, logged
    alike (after it the game itself may go on otherwise: the rules read the renamed cards).
    (b) No view a stand-in was handed holds a marker, it was handed only its own seat's views,
    and ``StandIn.answer`` and ``StandIn.tiles`` were given nothing but pieces of those views.
    The markers are on their owner's own phone: they would be found if a view let them through.
    """
    players, turns, seed, absent = TABLE
    watch = Watch()
    _watched(monkeypatch, watch)
    real_play = stand_in.play

    def play_twice(game_id: int) -> int:
        game = game_rows.read(game_id)
        present = set(range(1, players + 1)) - set(game.stand_ins)
        seq = game.seq
        try:
            with transaction.atomic():
                _planted(game_id, present)
                assert game_rows.read(game_id).seq == seq, "planting logged nothing"
                owner = min(present)
                own = stand_in.view_for(game_rows.read(game_id), Viewer.for_seat(owner), "en")
                # A player's own objectives are on the phone: there the markers show.
                assert f"{MARK}S{owner}O" in _dumped(own), (
                    "the marker would not be seen even where it may be"
                )
                watch.clear()  # the owner's view was the test's, not a stand-in's
                real_play(game_id)
                marked = (_until_first_move(watch.trace), _moves(game_id, seq)[:1])
                handed = list(watch.views)
                raise _Undone
        except _Undone:
            pass
        for cache in caches.all():
            cache.clear()  # nothing the planted variant kept may serve the real one
        watch.clear()
        moves = real_play(game_id)
        watch.compared += 1
        # (a) the same views and the same first move, with or without the markers.
        assert marked == (_until_first_move(watch.trace), _moves(game_id, seq)[:1])
        # (b) no view the stand-ins were handed held a marker, or was another seat's.
        for seat, view in handed:
            watch.views_searched += 1
            assert seat in set(game.stand_ins), f"a stand-in read seat {seat}'s view"
            assert MARK not in _dumped(view), (
                f"seat {seat}'s stand-in was handed another seat's secret"
            )
        assert not watch.foreign, watch.foreign
        return moves

    monkeypatch.setattr(runner_module.stand_in, "play", play_twice)
    played = simulate(players, turns, seed, pack=pack, absent=absent)
    assert played.game.dealt_state().status == "finished"
    moved = Event.objects.filter(game=played.game, kind=Kind.STAND_IN_PLAYED).count()
    assert moved >= 10 and watch.views_searched >= watch.compared > 0
    # The stand-ins played as in the game no one watched: watching changed nothing.
    monkeypatch.undo()
    unwatched = simulate(players, turns, seed, pack=pack, absent=absent)
    assert _log(unwatched.game) == _log(played.game)
