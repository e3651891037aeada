"""Driving a test table through its turn with the services the views call."""

from __future__ import annotations

from consell.game.models import Game
from consell.game.services import games as game_services
from consell.game.services import planning
from consell.game.services import turn as turn_services
from consell.game.services.store import change
from consell.rules.state import GameState, Phase

from .conftest import PLAYERS

SEATS = tuple(range(1, len(PLAYERS) + 1))


def state_of(game: Game) -> GameState:
    game.refresh_from_db()
    return GameState.from_dict(game.state)


def start(game: Game) -> None:
    """Everyone keeps their first offered objectives; turn 1 begins."""
    for seat in SEATS:
        offer = state_of(game).player(seat).objective_offer
        game_services.keep_objectives(game.pk, seat, offer[0], offer[2])
    game_services.start(game.pk)


def to_planning(game: Game) -> None:
    while state_of(game).phase is Phase.DESTINY:
        state = state_of(game)
        if any(p.kind == "step" and p.data.get("step") == "destiny" for p in state.pending):
            turn_services.reveal_destiny(game.pk)
        else:
            turn_services.advance(game.pk)


def hand_in_all(game: Game, order=SEATS) -> None:
    for seat in order:
        planning.hand_in(game.pk, seat)


def give_house(state: GameState, seat: int, house: str) -> None:
    """Arrange a table (mutates ``state``): ``seat`` holds ``house``, swapped with whoever was
    dealt it, or with the undealt pile."""
    holder = next((p for p in state.players if p.house == house), None)
    if holder is not None:
        holder.house = state.player(seat).house
    else:
        state.decks["houses"] = [
            h if h != house else state.player(seat).house for h in state.decks["houses"]
        ]
    state.player(seat).house = house


def arrange(game: Game, edit) -> None:
    """Arrange the table by hand (a test's "given"): ``edit(state)`` mutates a copy."""
    with change(game.pk) as ch:
        state = ch.state.clone()
        edit(state)
        ch.record(state, [])


def at_a_decision(players: int = 5, turns: int = 1, seed: int = 3) -> Game:
    """A simulated game stopped at the first decision it asks of a player (``absence.awaited``
    lists a seat's decision), before anyone answered it."""
    from consell.rules import absence

    from .simulated import play_until

    return play_until(
        players,
        turns,
        seed,
        lambda state: any(w.pending is not None for w in absence.awaited(state)),
    )
