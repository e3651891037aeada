"""Games the simulator really plays, for the audit tests (issue 10, "Must deliver" 6).

One game of four players over four turns, seed 4, with the default pack, played headless by
``consell.game.simulator.runner.simulate`` through the services the views use: it resolves
plots (with detections), auctions, votes and insurrections. Along the way the table does what
the bots do not, through the same services: in turn 1's Planning Alice and Bob trade nothing but
words (information and a promise, §4.14) and Carles makes Dídac an offer of words that lapses;
in turn 2's Planning the director corrects Alice's chest. Each planted text is a unique marker,
so a test can ask who reads it.

Simulating takes seconds, so it is done once per test session, inside a savepoint rolled back
at once; the rows it leaves (the game, its seats, events, rolls, its pack and its director) are
kept as serialized data, and every test gets its own copy saved into its own transaction.
``played`` is the game as it stood at the start of the last turn (not over: the audit is the
director's alone); ``finished`` is the game over.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.management.color import no_style
from django.db import connection, transaction
from django.test import Client

from consell.content.models import Card, Pack
from consell.game.models import DiceRoll, Event, Game, ProcessedRequest, Seat
from consell.game.services import decisions, planning
from consell.game.simulator import simulate
from consell.rules.state import GameState, Phase, Status
from consell.rules.trades import Offer

PLAYERS, TURNS, SEED = 4, 4, 4
ALICE, BOB, CARLES, DIDAC = 1, 2, 3, 4
SEATS = (ALICE, BOB, CARLES, DIDAC)

TRADE_INFORMATION = "⟪trade-information-alice-to-bob⟫"
TRADE_PROMISE = "⟪trade-promise-bob-to-alice⟫"
OFFER_WORDS = "⟪lapsed-offer-carles-to-didac⟫"
CORRECTION_REASON = "⟪correction-of-alices-chest⟫"
TRADE_WORDS = (TRADE_INFORMATION, TRADE_PROMISE, OFFER_WORDS)

# Kept away from the primary keys other fixtures of a test may take (``director``'s Dora).
DIRECTOR_PK = 9001
MODELS = (get_user_model(), Pack, Card, Game, Seat, Event, DiceRoll, ProcessedRequest)


class Table:
    """What the table does besides the bots, at the start of the phases it happens in."""

    def __init__(self) -> None:
        self.played: list[dict[str, Any]] | None = None

    def __call__(self, game: Game, state: GameState) -> None:
        if state.status is not Status.PLAYING:
            return
        if (state.turn, state.phase) == (1, Phase.PLANNING):
            planning.propose_trade(
                game.pk,
                ALICE,
                BOB,
                Offer(information=TRADE_INFORMATION),
                Offer(promises=TRADE_PROMISE),
            )
            offer = GameState.from_dict(_fresh(game).state).progress[planning.OFFERS][-1]
            planning.answer_trade(game.pk, BOB, offer["id"], True)
            planning.propose_trade(game.pk, CARLES, DIDAC, Offer(information=OFFER_WORDS), Offer())
        elif (state.turn, state.phase) == (2, Phase.PLANNING):
            decisions.correct(game.pk, CORRECTION_REASON, resources={ALICE: {"MON": 1}})
        elif (state.turn, state.phase) == (TURNS, Phase.DESTINY):
            self.played = _rows(_fresh(game))


def _fresh(game: Game) -> Game:
    return Game.objects.get(pk=game.pk)


def _rows(game: Game) -> list[dict[str, Any]]:
    """Every row the game stands on, as serialized data."""
    querysets = [
        get_user_model().objects.filter(pk=game.director_id),
        Pack.objects.filter(pk=game.pack_id),
        Card.objects.filter(pack_id=game.pack_id),
        Game.objects.filter(pk=game.pk),
        Seat.objects.filter(game=game),
        Event.objects.filter(game=game),
        DiceRoll.objects.filter(game=game),
        ProcessedRequest.objects.filter(game=game),
    ]
    rows = [row for qs in querysets for row in serializers.serialize("python", qs)]
    for row in rows:
        if row["model"] == "accounts.user":
            row["pk"] = DIRECTOR_PK
        elif row["model"] == "game.game":
            row["fields"]["director"] = DIRECTOR_PK
    return rows


_PLAYED: dict[str, list[dict[str, Any]]] = {}


def _simulated() -> dict[str, list[dict[str, Any]]]:
    """The rows of the game before and after its end, simulated the first time only."""
    if not _PLAYED:
        with transaction.atomic():
            table = Table()
            played = simulate(PLAYERS, TURNS, SEED, after_phase=table)
            assert played.game.finished and table.played is not None
            _PLAYED["played"], _PLAYED["finished"] = table.played, _rows(_fresh(played.game))
            transaction.set_rollback(True)
    return _PLAYED


def _load(rows: list[dict[str, Any]]) -> Game:
    for obj in serializers.deserialize("python", rows):
        obj.save()
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), MODELS):
            cursor.execute(sql)
    (pk,) = [row["pk"] for row in rows if row["model"] == "game.game"]
    return Game.objects.get(pk=pk)


@pytest.fixture
def played(db) -> Game:
    """The simulated game at the start of its last turn; not over."""
    return _load(_simulated()["played"])


@pytest.fixture
def finished(db) -> Game:
    """The simulated game, over: the audit is open to every seat."""
    return _load(_simulated()["finished"])


def director_client(game: Game) -> Client:
    """The director's laptop (the simulator's director, who created the game)."""
    client = Client()
    client.force_login(game.director)
    return client


def board_client(game: Game) -> Client:
    """The table's screen, opened from the public board link."""
    client = Client()
    assert client.get(f"/board/{game.board_token}/").status_code == 200
    return client
