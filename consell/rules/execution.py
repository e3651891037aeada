"""Execution of a house leader (Execució de jugadors; rules §4.13, G5, G41, G43).

"L'hereu de la casa del jugador assumeix el lloc del líder assassinat, i hereta bona part de les
possessions del seu progenitor." The player loses 1 Prestige (G43), their offices, their hand of
tactics (drawing 1 new one) and both objectives (drawing 1 new collective and 1 new personal at
random, with the uniqueness check of G5). An executed King's heir fights the succession
struggle and keeps the throne on a tie (G41). House, kingdom, assets and the other resources
stay with the heir.
"""

from __future__ import annotations

from . import decks
from .cards import Catalog, card
from .dice import Dice
from .errors import InvalidParameterError
from .event_kinds import Kind
from .events import Event, Outcome, director, private, public
from .i18n import _
from .kingdoms import begin_succession, throne_of
from .offices import vacate_offices
from .payloads import (
    Executed,
    ExecutionDiscards,
    HeirTakesOver,
)
from .ruleset import Ruleset
from .setup import draw_unique_objectives
from .state import GameState, card_id_of, lose

NEW_TACTICS = 1  # "en roba una per substituir-les"


def execute(state: GameState, seat: int, catalog: Catalog, ruleset: Ruleset, dice: Dice) -> Outcome:
    """Execute a player's house leader; their heir takes over (§4.13). Public, with the new
    cards private to the player."""
    state.player(seat)
    new = state.clone()
    player = new.player(seat)
    lost = {str(r): lose(new, seat, r, amount) for r, amount in ruleset.execution_loss.items()}
    kid = player.kingdom
    kingdom = new.kingdom(kid) if kid is not None else None
    throne = throne_of(kingdom) if kingdom is not None and kingdom.king == seat else None
    offices = vacate_offices(new, seat)
    events: list[Event] = [public(Kind.EXECUTED, Executed(seat=seat, offices_lost=offices))]
    discarded_tactics = _replace_tactics(new, seat, dice)
    discarded_objectives, set_aside = _replace_objectives(new, seat, catalog, ruleset, dice)
    events.append(
        private(
            Kind.HEIR_TAKES_OVER,
            [seat],
            HeirTakesOver(
                lost=lost, tactics=list(player.tactics), objectives=list(player.objectives)
            ),
        )
    )
    events.append(
        director(
            Kind.EXECUTION_DISCARDS,
            ExecutionDiscards(
                seat=seat,
                tactics=discarded_tactics,
                objectives=discarded_objectives,
                set_aside=set_aside,
            ),
        )
    )
    if kid is not None and throne is not None:
        events += begin_succession(new, kid, new.members(kid), seat, throne, ruleset)
    return Outcome(new, tuple(events))


def _replace_tactics(state: GameState, seat: int, dice: Dice) -> list[str]:
    """The heir discards the hand of tactics and draws a new one (§4.13); returns the discards.
    Mutates ``state``."""
    player = state.player(seat)
    discarded = list(player.tactics)
    for tactic in discarded:
        decks.discard(state, decks.TACTICS, tactic)
    player.tactics = []
    for _n in range(NEW_TACTICS):
        drawn = decks.draw(state, decks.TACTICS, dice)
        if drawn is not None:
            player.tactics.append(drawn)
    return discarded


def _replace_objectives(
    state: GameState, seat: int, catalog: Catalog, ruleset: Ruleset, dice: Dice
) -> tuple[list[str], list[str]]:
    """The heir discards both objectives and draws new ones, none held by another player (§4.13,
    G5); returns the discards and the repeats set aside. Mutates ``state``."""
    player = state.player(seat)
    discarded = list(player.objectives)
    for objective in discarded:
        decks.discard(state, decks.objective_deck(card(catalog, objective)), objective)
    player.objectives = []
    taken = {
        card_id_of(c)
        for other in state.players
        if other.seat != seat
        for c in (*other.objectives, *other.objective_offer)
    }
    set_aside: list[str] = []
    for scope, count in zip(("collective", "personal"), ruleset.objectives_kept, strict=True):
        drawn, aside = draw_unique_objectives(
            state, decks.OBJECTIVE_DECK[scope], count, taken, dice
        )
        if len(drawn) < count:
            raise InvalidParameterError(
                _("The collective objective deck has no card left to draw.")
                if scope == "collective"
                else _("The personal objective deck has no card left to draw.")
            )
        player.objectives += drawn
        set_aside += aside
    return discarded, set_aside
