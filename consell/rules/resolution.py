"""The Actions and Secrets loops (Fase d'accions, Fase de secrets; rules §3.3, §3.4, G30, G52).

"Seguint l'Ordre de joc, el director de joc agafa la següent targeta de capacitat de la pila
d'accions del jugador actiu ... A continuació, el torn passa al següent jugador en l'Ordre de
joc que encara tingui accions a la seva pila." The director resolves one tile at a time,
round-robin in turn order, skipping empty piles; ``state.progress`` remembers who went last.
The Secrets phase is "exactament igual", with the secrets piles, in private.

Before any secret, vigilance is committed (G30): each player's vigilance indication is capped
to their Intrigue (Favor standing in) and paid, once, and the Spymasters' exemptions are read.
Both then hold, unchanged, for every plot of the turn (``secrets_for``).

Secrets change public things in private: the effects interpreter flags those changes and the
caller holds them back until ``close_secrets`` publishes them as one batch (G52). Reaction
triggers raised behind the screen wait for that batch too (``hold_triggers``): offering a
reaction at once would tell its owner when, and at which step, a secret touched them, which the
batch exists to hide. They are answered as the next phase begins (``held_triggers``).

Choices made here where the rulebook is silent:

- While any decision is pending (a vote, a duel, an insurrection, a manual effect...), the next
  tile waits: the table settles one ability before the next one starts.
- A Spymaster's exemptions count only while they still hold the office when vigilance is
  committed, and only for their own kingdom (G29 g).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from . import cards, effects, indications, lasting, params
from .dice import Dice
from .effects_record import END_OF_SECRETS
from .errors import IllegalTransitionError, InvalidParameterError
from .event_kinds import Kind
from .events import DIRECTOR, Event, Outcome, director, private
from .i18n import _
from .names import pending_name, players_named
from .payloads import (
    Trigger,
    VigilanceCommitted,
    VigilancePaid,
)
from .payment import pay_capped
from .resources import Resource, as_json
from .ruleset import Ruleset
from .state import GameState, Phase, PlannedAbility, Status

PILES = {"actions": Phase.ACTIONS, "secrets": Phase.SECRETS}
VIGILANCE = "vigilance"
EXEMPTIONS = "exemptions"
CLOSED = "secrets_closed"
HELD_TRIGGERS = "held_triggers"
HELD_EVENTS = "held_events"


def next_tile(state: GameState, pile: str) -> tuple[int, PlannedAbility] | None:
    """Whose tile comes next, and which: the player after the last one to act, in turn order,
    skipping empty piles (§3.3). None once every pile is empty."""
    _pile_phase(pile)
    order = list(state.turn_order)
    last = state.progress.get(_last_key(pile))
    start = order.index(last) + 1 if last in order else 0
    for step in range(len(order)):
        seat = order[(start + step) % len(order)]
        tiles = getattr(state.player(seat).plan, pile)
        if tiles:
            return seat, tiles[0]
    return None


def resolve_next(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset, dice: Dice, pile: str
) -> Outcome:
    """Take the next tile off its pile and execute it (§3.3 steps 1–5, §3.4).

    An action is shown to everyone and its abort is public; a secret is resolved in private
    with the vigilance and exemptions committed at the start of Secrets.
    """
    _check_phase(state, pile)
    blocking(state)
    secret = pile == "secrets"
    if secret and VIGILANCE not in state.progress:
        raise IllegalTransitionError(
            _("Vigilance is committed before any secret is resolved (G30).")
        )
    found = next_tile(state, pile)
    if found is None:
        raise IllegalTransitionError(_("Every %(pile)s pile is empty.") % {"pile": pile})
    seat, tile = found
    new = state.clone()
    getattr(new.player(seat).plan, pile).pop(0)
    new.progress[_last_key(pile)] = seat
    return effects.execute(
        new,
        catalog,
        ruleset,
        dice,
        seat,
        tile,
        secret=secret,
        secrets=secrets_for(new) if secret else None,
    )


def commit_vigilance(state: GameState, catalog: cards.Catalog, ruleset: Ruleset) -> Outcome:
    """Cap and pay every player's vigilance, and read the Spymasters' exemptions (G30, §4.6).

    "Vigilance is capped at the start of the Secrets phase to the player's INT (+FAV), then
    paid. It applies, unchanged, to every plot against that player this turn." No vigilance
    indication means V = 0. Each player learns their own V; the director sees everything.
    """
    _check_phase(state, "secrets")
    if VIGILANCE in state.progress:
        raise IllegalTransitionError(_("Vigilance was already committed this turn."))
    new = state.clone()
    events: list[Event] = []
    vigilance: dict[str, int] = {}
    for seat in new.turn_order:
        reading = indications.read(new, catalog, seat, "vigilance")
        if reading.void is not None:
            events.append(indications.void_note(new, reading))
        wanted = int(reading.values.get("intrigue") or 0)
        if not wanted:
            continue
        player = new.player(seat)
        payment = pay_capped(player.resources, {Resource.INT: wanted})
        player.resources = dict(payment.holdings)
        for resource, amount in payment.paid.items():
            new.reserve[resource] += amount
        # "La vigilància ... compta 1 punt més / menys" (a law or event in force).
        counted = max(0, payment.total + lasting.vigilance_delta(new, catalog, seat))
        vigilance[str(seat)] = counted
        events.append(
            private(
                Kind.VIGILANCE_PAID,
                (seat,),
                VigilancePaid(wanted=wanted, vigilance=counted, paid=as_json(payment.paid)),
                seat,
            )
        )
    exemptions = _exemptions(new, catalog, ruleset, events)
    new.progress[VIGILANCE] = vigilance
    new.progress[EXEMPTIONS] = exemptions
    events.append(
        director(
            Kind.VIGILANCE_COMMITTED, VigilanceCommitted(vigilance=vigilance, exemptions=exemptions)
        )
    )
    return Outcome(new, tuple(events))


def secrets_for(state: GameState) -> effects.Secrets:
    """The vigilance and exemptions committed this Secrets phase, for the plots (§4.6)."""
    return effects.Secrets(
        vigilance={int(seat): v for seat, v in state.progress.get(VIGILANCE, {}).items()},
        exemptions={int(k): list(v) for k, v in state.progress.get(EXEMPTIONS, {}).items()},
    )


def close_secrets(state: GameState, held_events: list[Event]) -> Outcome:
    """Publish what the secrets changed, as one batch with no author and no order (G52).

    ``held_events`` are the events of this phase the caller held back (flagged ``batch``).
    Once, after every secret is resolved and nothing is pending.
    """
    _check_phase(state, "secrets")
    if VIGILANCE not in state.progress:
        raise IllegalTransitionError(
            _("Vigilance is committed before the Secrets phase can close.")
        )
    if state.progress.get(CLOSED):
        raise IllegalTransitionError(_("The Secrets phase was already closed."))
    blocking(state)
    if next_tile(state, "secrets") is not None:
        raise IllegalTransitionError(_("Some secrets are still to be resolved."))
    new = state.clone()
    new.progress[CLOSED] = True
    return Outcome(new, effects.secrets_batch(held_events))


def behind_screen(state: GameState) -> bool:
    """Whether the Secrets phase is being resolved and its batch is not yet published (G52)."""
    return (
        state.status is Status.PLAYING
        and state.phase is Phase.SECRETS
        and not state.progress.get(CLOSED)
    )


def hold_batch(state: GameState, events: Iterable[Event]) -> tuple[GameState, list[Event]]:
    """Hold back the public changes one secret made, for the end-of-Secrets batch (G52).

    G52: "shows other players the resulting changes in public state … as one batch at the end
    of the Secrets phase, without saying what caused them". Returns a copy of ``state`` that
    remembers the batch's events in the phase's progress, and the events to record now: the
    held ones for the director's eyes alone, the others (the owner's notes) as they are.
    """
    new = state.clone()
    held = new.progress.setdefault(HELD_EVENTS, [])
    now: list[Event] = []
    for ev in events:
        if ev.data.get("batch") == END_OF_SECRETS:
            held.append(ev.to_dict())
            now.append(Event(ev.kind, ev.data, DIRECTOR, True, ev.actor))
        else:
            now.append(ev)
    return new, now


def held_batch(state: GameState) -> list[Event]:
    """The public changes held back during Secrets, to publish as one batch (G52)."""
    return [
        Event(
            e["kind"],
            e["data"],
            e["audience"] if isinstance(e["audience"], str) else tuple(e["audience"]),
            e.get("reveal_at_end", True),
            e.get("actor"),
        )
        for e in state.progress.get(HELD_EVENTS, [])
    ]


def hold_triggers(state: GameState, events: Iterable[Event]) -> GameState:
    """Keep the reaction triggers among ``events`` for the end of the Secrets phase (G52).

    Returns the state unchanged when nothing is held, or a copy that remembers the triggers in
    the phase's progress, in the order they were raised.
    """
    triggers = [ev for ev in events if ev.kind == Kind.TRIGGER]
    if not triggers:
        return state
    new = state.clone()
    held = new.progress.setdefault(HELD_TRIGGERS, [])
    held.extend({"actor": ev.actor, "data": dict(ev.data)} for ev in triggers)
    return new


def held_triggers(state: GameState) -> list[Event]:
    """The triggers held back during Secrets, to answer once the batch is published."""
    return [
        director(Kind.TRIGGER, cast(Trigger, held["data"]), held.get("actor"))
        for held in state.progress.get(HELD_TRIGGERS, [])
    ]


def blocking(state: GameState) -> None:
    """Refuse while a decision other than a director step is pending; the message names each
    by what players call it and whom it waits on, never by its code."""
    pending = [p for p in state.pending if p.kind != "step"]
    if pending:
        waiting = [
            f"{pending_name(p.kind)} ({players_named(state, p.waiting_for)})"
            if p.waiting_for
            else pending_name(p.kind)
            for p in pending
        ]
        raise IllegalTransitionError(
            _("Decide what is pending first: %(waiting)s.") % {"waiting": "; ".join(waiting)},
            pending=[p.id for p in pending],
        )


def _exemptions(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset, events: list[Event]
) -> dict[str, list[Any]]:
    """Each Spymaster's exempt targets: member seats, and ``"kingdom"`` for the kingdom itself."""
    office = ruleset.office_for_resource[Resource.INT]
    out: dict[str, list[Any]] = {}
    for kingdom in state.kingdoms:
        spymaster = kingdom.offices.get(office)
        if spymaster is None:
            continue
        reading = indications.read(state, catalog, spymaster, "exemptions")
        if reading.void is not None:
            events.append(indications.void_note(state, reading))
        if not reading.written:
            continue
        exempt: list[Any] = [int(s) for s in reading.values.get("exempt") or []]
        if not params.is_empty(reading.values.get("kingdom")):
            exempt.append("kingdom")
        out[str(kingdom.id)] = exempt
    return out


def _last_key(pile: str) -> str:
    return f"{pile}_last"


def _pile_phase(pile: str) -> Phase:
    if pile not in PILES:
        raise InvalidParameterError(
            _("There is no pile called %(pile)s; use actions or secrets.") % {"pile": repr(pile)}
        )
    return PILES[pile]


def _check_phase(state: GameState, pile: str) -> None:
    phase = _pile_phase(pile)
    if state.status is not Status.PLAYING or state.phase is not phase:
        raise IllegalTransitionError(
            _("The actions piles are resolved in the Actions phase.")
            if phase is Phase.ACTIONS
            else _("The secrets piles are resolved in the Secrets phase.")
        )
