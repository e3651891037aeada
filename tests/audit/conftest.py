"""An evening at Dora's table, played through the store, for the audit tests.

The game is the game tests' five-seat table (Alice, Bob, Carles, Dídac, Elena). ``play`` drives
``consell.game.services.store.change`` the way the services do: plots resolved by the rules
with the app's dice (and one with dice the director typed in), a shuffle, an auction, a vote,
a correction, bids the director entered for an absent Carles, and a snapshot at each End of
turn. ``finish`` ends it, which opens the audit to every seat.
"""

from __future__ import annotations

import pytest

from consell.audit.snapshots import snapshot_event
from consell.game.models import Game
from consell.game.services.store import change
from consell.rules import plots
from consell.rules.events import director, private, public
from consell.rules.resources import Resource
from consell.rules.state import GameState, Phase, Status
from tests.game.conftest import game, new_game, pack  # noqa: F401  (fixtures)

ALICE, BOB, CARLES, DIDAC, ELENA = 1, 2, 3, 4, 5
# Bob's plot against Alice and Carles, with dice Dora rolled at the table (threshold 4):
# Alice: success 2, detection 1 and 2 (discreet); Carles: success 6, detection 5 and 6 (detected).
TABLE_DICE = [2, 1, 2, 6, 5, 6]


def _plot(ch, conspirator: int, targets: list[int], intrigue: int) -> None:
    """Resolve a plot as the Secrets phase does (rules §4.6) and log what it produced."""
    state = ch.state
    context = plots.PlotContext(
        membership={p.seat: p.kingdom for p in state.players},
        kings={k.id: k.king for k in state.kingdoms if k.king is not None},
    )
    plot = plots.Plot(conspirator, tuple(plots.PlayerTarget(s) for s in targets), intrigue)
    result = plots.resolve_plot(plot, context, ch.dice, ch.ruleset)
    events = [
        private(
            str(note.kind),
            (note.recipient,),
            None,
            role=str(note.role),
            conspirator=note.conspirator,
            outcomes=[{"target": str(t), "succeeded": ok} for t, ok in note.outcomes],
        )
        for note in result.notes
    ]
    events.append(
        director(
            "plot_resolved",
            conspirator,
            targets=[str(t) for t in plot.targets],
            successful=[str(t) for t in result.successful],
            intrigue=intrigue,
            vigilance={str(t): 0 for t in plot.targets},
            rolls=[r.to_dict() for r in result.rolls],
        )
    )
    ch.record(None, events)


def _end_of_turn(game_id: int, turn: int) -> None:
    with change(game_id, by_director=True) as ch:
        state: GameState = ch.state
        state.turn, state.phase = turn, Phase.END_OF_TURN
        for p in state.players:
            p.resources[Resource.PRE] = turn * p.seat
            p.resources[Resource.MON] = 5 - turn
        for k in state.kingdoms:
            k.indicators = {i: min(5, v + 1) for i, v in k.indicators.items()}
        ch.record(state, [snapshot_event(state)])


def play(table: Game) -> Game:
    """Three turns with every kind of secret the audit shows."""
    with change(table.pk, by_director=True) as ch:
        ch.state.status, ch.state.turn, ch.state.phase = Status.PLAYING, 1, Phase.SECRETS
        ch.record(ch.state, [public("game_started")])
    with change(table.pk, entered_dice=TABLE_DICE) as ch:
        _plot(ch, BOB, [ALICE, CARLES], intrigue=1)
    with change(table.pk) as ch:
        _plot(ch, CARLES, [DIDAC], intrigue=2)
        with ch.dice.purpose("shuffle the tactics deck"):
            ch.dice.shuffle(["a", "b", "c", "d"])
        ch.record(None, [private("aborted", (ELENA,), ELENA, code="unaffordable")])
    _end_of_turn(table.pk, 1)
    with change(table.pk, by_director=True) as ch:
        ch.state.turn, ch.state.phase = 2, Phase.ACQUISITION
        ch.record(ch.state, [private("bids_handed_in", (CARLES,), CARLES, bids=[])])
    with change(table.pk) as ch:
        records = [
            {"bid": {"seat": ALICE, "round": "primary", "asset": "espasa", "amount": 4},
             "capped": 3, "status": "won"},
            {"bid": {"seat": BOB, "round": "primary", "asset": "espasa", "amount": 2},
             "capped": 2, "status": "outbid"},
        ]  # fmt: skip
        ch.record(None, [public("auction_resolved", records=records)])
    _end_of_turn(table.pk, 2)
    with change(table.pk) as ch:
        ch.state.turn, ch.state.phase = 3, Phase.ACTIONS
        record = [
            {"seat": DIDAC, "side": "for", "amount": 2},
            {"seat": ELENA, "side": "against", "amount": 1},
            {"seat": DIDAC, "side": "for", "amount": 1},
            {"seat": ELENA, "side": None, "amount": 0},
        ]
        ch.record(ch.state, [public("vote_decided", motion="law", passed=True, record=record)])
    with change(table.pk, by_director=True) as ch:
        ch.record(None, [public("correction", seat=BOB, resource="MON", delta=2)])
    _end_of_turn(table.pk, 3)
    table.refresh_from_db()
    return table


def finish(table: Game) -> Game:
    with change(table.pk, by_director=True) as ch:
        ch.state.status, ch.state.winners = Status.FINISHED, [ALICE]
        ch.record(ch.state, [public("game_won", winners=[ALICE]), snapshot_event(ch.state)])
    table.refresh_from_db()
    return table


@pytest.fixture
def played(game) -> Game:  # noqa: F811
    """Three turns played; the game is not over."""
    return play(game)


@pytest.fixture
def finished(played) -> Game:
    return finish(played)
