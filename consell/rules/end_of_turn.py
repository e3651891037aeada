"""End of turn (Final del torn; rules §3.8, G44, G45, G46).

"El director de joc retorna els cofres als jugadors": plans are wiped and unlocked, used common
actions come back, notes stay in the chests. Then each player draws a tactic (G45: at End of
turn, not after the last one, reshuffling the discards when the deck is empty), lasting events
count down (G46), trades outside Planning stop (G34), and the game moves on: to the next turn's
Destiny phase, or after the last turn to the end of the game (G44).
"""

from __future__ import annotations

from . import decks
from .destiny import count_down
from .dice import Dice
from .errors import IllegalTransitionError
from .event_kinds import Kind
from .events import Event, Outcome, director, private
from .i18n import _
from .payloads import (
    Nothing,
    TacticsDrawn,
)
from .phases import advance, complete_step, find_step
from .ruleset import Ruleset
from .state import GameState, Phase, Plan, Status

END_OF_TURN_STEP = "end_of_turn"


def end_turn(state: GameState, ruleset: Ruleset, dice: Dice) -> Outcome:
    """Do End of turn and move to what follows (§3.8)."""
    if (
        state.status is not Status.PLAYING
        or state.phase is not Phase.END_OF_TURN
        or find_step(state, END_OF_TURN_STEP) is None
    ):
        raise IllegalTransitionError(_("End of turn is done once, in the End of turn phase."))
    done = complete_step(state, END_OF_TURN_STEP)
    new = done.state
    events: list[Event] = list(done.events)
    if new.turn < ruleset.turns:
        events += _draw_tactics(new, ruleset, dice)
        events += count_down(new)
        for player in new.players:
            player.plan = Plan()
        new.trades_allowed = False
    moved = advance(new, ruleset)
    return Outcome(moved.state, (*events, *moved.events))


def _draw_tactics(state: GameState, ruleset: Ruleset, dice: Dice) -> list[Event]:
    """Each player draws ``tactics_per_turn`` tactics, in turn order (G45)."""
    events: list[Event] = []
    for seat in state.turn_order:
        player = state.player(seat)
        drawn = [
            c
            for c in (
                decks.draw(state, decks.TACTICS, dice) for _ in range(ruleset.tactics_per_turn)
            )
            if c is not None
        ]
        player.tactics += drawn
        events.append(private(Kind.TACTICS_DRAWN, [seat], TacticsDrawn(tactics=drawn)))
    if any(not e.data["tactics"] for e in events):
        events.append(director(Kind.TACTICS_EXHAUSTED, Nothing()))
    return events
