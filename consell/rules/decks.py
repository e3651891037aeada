"""Where cards wait between uses: the decks, their discards and the destiny pile (rules §1.3).

``GameState.decks`` maps a deck name to its cards, **top first**. Every deck that can run out
has a discard pile named ``<deck>_discard``; when a card is needed and the deck is empty its
discards are reshuffled into a new deck (G9, G11, G35, G45). Discard piles are secret and
handled by the director (§1.10), so moving cards between them is a director-only matter.

The names here are the one list shared by every procedure that touches a deck.
"""

from __future__ import annotations

from .card_shapes import Card
from .dice import Dice
from .state import GameState

HOUSES = "houses"  # house cards not dealt
COLLECTIVE_OBJECTIVES = "collective_objectives"
PERSONAL_OBJECTIVES = "personal_objectives"
TACTICS = "tactics"
ASSETS_VISIBLE = "assets_visible"
ASSETS_HIDDEN = "assets_hidden"
LAWS = "laws"
CRISES = "crises"
EVENTS = "events"
DESTINY = "destiny"  # the mixed pile of crises and events (G11); it has no discard of its own

DRAW_DECKS = (
    COLLECTIVE_OBJECTIVES,
    PERSONAL_OBJECTIVES,
    TACTICS,
    ASSETS_VISIBLE,
    ASSETS_HIDDEN,
    LAWS,
    CRISES,
    EVENTS,
)

OBJECTIVE_DECK = {"collective": COLLECTIVE_OBJECTIVES, "personal": PERSONAL_OBJECTIVES}


def discard_of(deck: str) -> str:
    """The discard pile of a deck: ``tactics`` -> ``tactics_discard``."""
    return f"{deck}_discard"


def empty_decks() -> dict[str, list[str]]:
    """Every deck and discard pile, empty, so lookups never miss a key."""
    names = [HOUSES, DESTINY, *DRAW_DECKS, *(discard_of(d) for d in DRAW_DECKS)]
    return {name: [] for name in names}


def draw(state: GameState, deck: str, dice: Dice) -> str | None:
    """Take the top card of ``deck``; reshuffle its discards first if it is empty.

    Mutates ``state`` (for procedures that cloned it). Returns None when the deck and its
    discards are both empty.
    """
    pile = state.decks.setdefault(deck, [])
    if not pile:
        discards = state.decks.setdefault(discard_of(deck), [])
        if discards:
            with dice.purpose(f"reshuffle the {deck} discards"):
                state.decks[deck] = pile = dice.shuffle(discards)
            state.decks[discard_of(deck)] = []
    return pile.pop(0) if pile else None


def discard(state: GameState, deck: str, card: str) -> None:
    """Put a card face down on the discard pile of ``deck`` (mutates ``state``)."""
    state.decks.setdefault(discard_of(deck), []).append(card)


def shuffle_deck(state: GameState, deck: str, dice: Dice) -> None:
    """Shuffle a deck in place (mutates ``state``)."""
    with dice.purpose(f"shuffle the {deck}"):
        state.decks[deck] = dice.shuffle(state.decks.get(deck, []))


def objective_deck(card: Card) -> str:
    """The deck an objective card belongs to, by its ``scope``."""
    return OBJECTIVE_DECK[card["scope"]]


def asset_deck(card: Card) -> str:
    """The pile an asset card belongs to, by its ``visibility`` (§4.9)."""
    return ASSETS_HIDDEN if card.get("visibility") == "hidden" else ASSETS_VISIBLE
