"""The destiny pile and the Destiny phase (Fase de destí; rules §2 step 11, §3.1, G11, G46, G51).

"El director de joc revela una carta de la pila de destí per cada un dels regnes del joc", in
kingdom order; kingdomless players count together as one anonymous kingdom (``None``) and get
one card (G51). An immediate event resolves and is discarded; a lasting event stays in play for
its ``duration`` in turns, counting down at End of turn (G46); a crisis stays until this turn's
Crisis resolution. When the pile is empty a new batch of 5 crises + 5 events is drawn from the
decks, reshuffling a deck's discards if it runs out (G11).

This module moves the cards; it never interprets their ops. ``reveal_next`` returns a
``Revelation`` naming the card, its kingdom and the ops for the caller to hand to the effects
interpreter.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import decks
from .cards import Catalog, card
from .dice import Dice
from .errors import IllegalTransitionError, InvalidStateError
from .event_kinds import Kind
from .events import Event, Outcome, director, public
from .i18n import _
from .payloads import (
    DestinyBatch,
    DestinyExhausted,
    DestinyRevealed,
    EventExpired,
)
from .phases import find_step
from .ruleset import Ruleset
from .state import DestinyCard, GameState, Pending, Phase, Status
from .turn_order import kingdom_order

DESTINY_STEP = "destiny"


@dataclass(frozen=True)
class Revelation:
    """One revealed destiny card. ``card`` is None when every deck and discard is exhausted.

    ``effect`` holds an event's ops, to be applied now for the kingdom it was revealed for
    (immediate and lasting events alike); a crisis has none until its resolution.
    """

    card: str | None
    kind: str | None  # "crisis" | "event"
    kingdom: int | None
    duration: int = 0
    effect: tuple[Any, ...] = ()


def build_batch(state: GameState, ruleset: Ruleset, dice: Dice) -> list[Event]:
    """Draw ``destiny_crises`` crises and ``destiny_events`` events and shuffle them together
    into the destiny pile (§2 step 11, G11). Mutates ``state``.

    A batch draws distinct cards, so none is reused within it; a deck that runs out is
    refilled from its discards, and if both are empty the batch is smaller.
    """
    drawn: list[str] = []
    for deck, count in (
        (decks.CRISES, ruleset.destiny_crises),
        (decks.EVENTS, ruleset.destiny_events),
    ):
        for _n in range(count):
            c = decks.draw(state, deck, dice)
            if c is not None:
                drawn.append(c)
    with dice.purpose("shuffle the destiny pile"):
        batch = dice.shuffle(drawn)
    state.decks[decks.DESTINY] = [*state.decks.get(decks.DESTINY, []), *batch]
    return [director(Kind.DESTINY_BATCH, DestinyBatch(cards=list(batch)))]


def groups_waiting(state: GameState, step: Pending) -> list[int | None]:
    """Kingdoms (and ``None``, the kingdomless group) still to get a card, in kingdom order."""
    membership = {p.seat: p.kingdom for p in state.players}
    revealed = step.data.get("revealed", [])
    return [g for g in kingdom_order(state.turn_order, membership) if g not in revealed]


def reveal_next(
    state: GameState, catalog: Catalog, ruleset: Ruleset, dice: Dice
) -> tuple[Outcome, Revelation]:
    """Reveal the top destiny card for the next kingdom in kingdom order (§3.1). Public."""
    if state.status is not Status.PLAYING or state.phase is not Phase.DESTINY:
        raise IllegalTransitionError(_("Destiny cards are revealed in the Destiny phase."))
    new = state.clone()
    step = find_step(new, DESTINY_STEP)
    if step is None:
        raise IllegalTransitionError(_("Every kingdom already has its destiny card this turn."))
    waiting = groups_waiting(new, step)
    if not waiting:
        raise InvalidStateError(_("No kingdom is waiting for a destiny card."))
    group = waiting[0]
    events: list[Event] = []
    if not new.decks.get(decks.DESTINY):
        events.extend(build_batch(new, ruleset, dice))
    pile = new.decks[decks.DESTINY]
    step.data["revealed"] = [*step.data.get("revealed", []), group]
    if len(waiting) == 1:
        new.pending = [p for p in new.pending if p.id != step.id]
    if not pile:
        events.append(public(Kind.DESTINY_EXHAUSTED, DestinyExhausted(kingdom=group)))
        return Outcome(new, tuple(events)), Revelation(None, None, group)
    instance = pile.pop(0)
    c = card(catalog, instance)
    kind = str(c.get("kind"))
    duration = int(c.get("duration", 0)) if kind == "event" else 0
    if kind == "event" and duration == 0:
        decks.discard(new, decks.EVENTS, instance)
    else:
        new.in_play.append(DestinyCard(instance, kind, group, remaining=duration))
    events.append(
        public(
            Kind.DESTINY_REVEALED,
            DestinyRevealed(card=instance, card_kind=kind, kingdom=group, duration=duration),
        )
    )
    effect = tuple(c.get("effect", [])) if kind == "event" else ()
    return Outcome(new, tuple(events)), Revelation(instance, kind, group, duration, effect)


def count_down(state: GameState) -> list[Event]:
    """Lasting events lose one turn; at 0 they leave play (G46). Mutates ``state``."""
    events: list[Event] = []
    staying = []
    for dc in state.in_play:
        if dc.kind == "event":
            dc.remaining -= 1
            if dc.remaining <= 0:
                decks.discard(state, decks.EVENTS, dc.card)
                events.append(
                    public(Kind.EVENT_EXPIRED, EventExpired(card=dc.card, kingdom=dc.kingdom))
                )
                continue
        staying.append(dc)
    state.in_play = staying
    return events


def leave_play(state: GameState, instance: str) -> None:
    """A crisis or event leaves play for its discard pile (mutates ``state``): after its
    Crisis resolution (§4.10) or when its kingdom dissolves (G42)."""
    for dc in state.in_play:
        if dc.card == instance:
            state.in_play.remove(dc)
            decks.discard(state, decks.CRISES if dc.kind == "crisis" else decks.EVENTS, instance)
            return
    raise InvalidStateError(
        _("Card %(instance)s is not in play.") % {"instance": repr(instance)}, card=instance
    )
