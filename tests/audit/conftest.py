"""Games the simulator really plays, for the audit tests (issue 10, "Must deliver" 6).

Games played headless by ``consell.simulator.runner.simulate`` with the default pack,
through the services the views use: four players over four turns, seed 4 (plots, auctions,
votes, insurrections), and five players over three turns, seed 6 (plots, one of them detected,
a duel, votes, auctions; Elena is party to nothing planted). In each, along the way the table
does what the bots do not, through the same services: in turn 1's Planning Alice and Bob trade
nothing but words (information and a promise, §4.14) and Carles makes Dídac an offer of words
that lapses; in turn 2's Planning the director corrects Alice's chest; and the dice of the first
plot are rolled at the table and typed in by the director (``TABLE_DICE``, through
``turn.resolve_next_secret(..., entered_dice=...)`` as the dashboard does). Each planted text is
a unique marker, so a test can ask who reads it.

Simulating takes seconds, so it is done once per test session, inside a savepoint rolled back
at once; the rows it leaves (the game, its seats, events, rolls, its pack and its director) are
kept as serialized data, and every test gets its own copy saved into its own transaction.
``played`` is the four-player game as it stood at the start of its last turn (not over: the
audit is the director's alone); ``finished`` is that game over; ``ended`` is each game over.
"""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core import serializers
from django.core.management.color import no_style
from django.db import connection, transaction
from django.test import Client

from consell.content.catalog import load_catalog
from consell.content.models import Card, Pack
from consell.game.models import DiceRoll, Event, Game, PhaseRecord, ProcessedRequest, Seat
from consell.game.services import decisions, planning, turn
from consell.rules import cards, resolution
from consell.rules.effects import plots_keyword, source_card
from consell.rules.errors import RuleError
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState, Phase, Status
from consell.rules.trades import Offer
from consell.simulator import simulate

# name -> (players, turns, seed)
GAMES = {"four": (4, 4, 4), "five": (5, 3, 6)}
ALICE, BOB, CARLES, DIDAC = 1, 2, 3, 4
SEATS = (ALICE, BOB, CARLES, DIDAC)

TRADE_INFORMATION = "⟪trade-information-alice-to-bob⟫"
TRADE_PROMISE = "⟪trade-promise-bob-to-alice⟫"
OFFER_WORDS = "⟪lapsed-offer-carles-to-didac⟫"
CORRECTION_REASON = "⟪correction-of-alices-chest⟫"
TRADE_WORDS = (TRADE_INFORMATION, TRADE_PROMISE, OFFER_WORDS)
# What Dora rolls at the table for the first plot, in order; a plot uses three per test.
TABLE_DICE = [2, 5, 6] * 8

# Kept away from the primary keys other fixtures of a test may take (``director``'s Dora).
DIRECTOR_PK = 9001
MODELS = (get_user_model(), Pack, Card, Game, Seat, Event, DiceRoll, PhaseRecord, ProcessedRequest)


class Table:
    """What the table does besides the bots, at the start of the phases it happens in."""

    def __init__(self, turns: int) -> None:
        self.turns = turns
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
        elif (state.turn, state.phase) == (self.turns, Phase.DESTINY):
            self.played = _rows(_fresh(game))


class TableDice:
    """The director types in the table's dice for the first plot that rolls (rules §4.6).

    Wraps ``turn.resolve_next_secret`` (what the simulator calls for each secret): when the next
    secret is a plot, it is resolved with ``TABLE_DICE``; if the rules refuse them (a die that
    does not fit), the secret is resolved with the app's dice as the simulator would.
    """

    def __init__(self, resolve) -> None:
        self.resolve = resolve
        self.entered = False

    def __call__(self, game_id: int, **kwargs) -> None:
        if not self.entered and _plot_is_next(game_id):
            game = Game.objects.get(pk=game_id)
            purposes = turn.table_dice(
                GameState.from_dict(game.state),
                load_catalog(game.pack),
                Ruleset.from_dict(game.ruleset),
                "en",
            )
            try:
                # Three dice for each test the step lists: success, then two for detection.
                dice = TABLE_DICE[: 3 * len(purposes or ())]
                self.resolve(game_id, entered_dice=dice, **kwargs)
            except RuleError:
                pass
            else:
                # A plot that aborts (or waits on a reaction) rolls nothing: try the next one.
                self.entered = DiceRoll.objects.filter(game_id=game_id, entered=True).exists()
                return
        self.resolve(game_id, **kwargs)


class AbsentPlayer:
    """Dídac's first vote is cast by the director in his place, as for an absent player (G1).

    Wraps ``decisions.decide`` (what the simulator calls for each decision); should the rules
    refuse the director's decision, Dídac casts it himself.
    """

    def __init__(self, decide) -> None:
        self.decide = decide
        self.done = False

    def __call__(self, game_id: int, pending_id: int, decision, *, seat, **kwargs) -> None:
        if not self.done and seat == DIDAC and _pending_kind(game_id, pending_id) == "vote":
            try:
                self.decide(game_id, pending_id, decision, seat=None, **kwargs)
            except RuleError:
                pass
            else:
                self.done = True
                return
        self.decide(game_id, pending_id, decision, seat=seat, **kwargs)


def _pending_kind(game_id: int, pending_id: int) -> str | None:
    state = GameState.from_dict(Game.objects.get(pk=game_id).state)
    return next((p.kind for p in state.pending if p.id == pending_id), None)


def _plot_is_next(game_id: int) -> bool:
    game = Game.objects.get(pk=game_id)
    state = GameState.from_dict(game.state)
    found = resolution.next_tile(state, "secrets")
    if found is None:
        return False
    seat, tile = found
    catalog = load_catalog(game.pack)
    try:
        ability = cards.ability(
            catalog, source_card(state, catalog, seat, tile.source), tile.ability
        )
    except RuleError:
        return False
    return plots_keyword(ability)


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
        PhaseRecord.objects.filter(game=game),
        ProcessedRequest.objects.filter(game=game),
    ]
    rows = [row for qs in querysets for row in serializers.serialize("python", qs)]
    for row in rows:
        if row["model"] == "accounts.user":
            # Another module may keep a simulated game (and its director) for its session.
            row["pk"] = DIRECTOR_PK
            row["fields"]["username"] = "auditor"
        elif row["model"] == "game.game":
            row["fields"]["director"] = DIRECTOR_PK
    return rows


_PLAYED: dict[str, dict[str, list[dict[str, Any]]]] = {}


def _simulated(name: str) -> dict[str, list[dict[str, Any]]]:
    """The rows of a game before and after its end, simulated the first time only."""
    if name not in _PLAYED:
        players, turns, seed = GAMES[name]
        table_dice = TableDice(turn.resolve_next_secret)
        absent = AbsentPlayer(decisions.decide)
        with (
            transaction.atomic(),
            mock.patch.object(turn, "resolve_next_secret", table_dice),
            mock.patch.object(decisions, "decide", absent),
        ):
            table = Table(turns)
            played = simulate(players, turns, seed, after_phase=table)
            assert played.game.finished and table.played is not None
            assert table_dice.entered and absent.done
            _PLAYED[name] = {"played": table.played, "finished": _rows(_fresh(played.game))}
            transaction.set_rollback(True)
    return _PLAYED[name]


def _load(rows: list[dict[str, Any]]) -> Game:
    by_model: dict[type, list] = {model: [] for model in MODELS}
    for item in serializers.deserialize("python", rows):
        by_model[type(item.object)].append(item.object)
    for model, objects in by_model.items():  # MODELS is in foreign-key order
        model.objects.bulk_create(objects)
    with connection.cursor() as cursor:
        for sql in connection.ops.sequence_reset_sql(no_style(), MODELS):
            cursor.execute(sql)
    (pk,) = [row["pk"] for row in rows if row["model"] == "game.game"]
    return Game.objects.get(pk=pk)


@pytest.fixture
def played(db) -> Game:
    """The simulated game at the start of its last turn; not over."""
    return _load(_simulated("four")["played"])


@pytest.fixture
def finished(db) -> Game:
    """The four-player game, over: the audit is open to every seat."""
    return _load(_simulated("four")["finished"])


@pytest.fixture(params=sorted(GAMES))
def ended(request, db) -> Game:
    """Each simulated game, over."""
    return _load(_simulated(request.param)["finished"])


def seats_of(game: Game) -> list[int]:
    return list(game.seats.order_by("position").values_list("position", flat=True))


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
