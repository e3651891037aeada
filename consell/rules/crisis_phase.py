"""The Crisis resolution phase (Fase de resolució de crisis; rules §3.6, §4.10, G36, G51).

"Si hi ha una o més crisis en joc, el director de joc les resol una per una, en ordre de joc":
one crisis at a time, in kingdom order (§4.15: each kingdom takes its best member's place in
the turn order; the kingdomless group counts as one kingdom). For each crisis:

1. every member, in turn order, pays the contribution they indicated during Planning, "tants
   recursos com sigui possible" of the accepted types, Favor standing in (G13, G36);
2. "les contribucions són públiques": each member's total is announced;
3. the threshold is the card's formula with m and Peril now (G36);
4. success: the top contributor(s) each receive the reward in full (``self`` = each of them);
   failure: the penalty applies to the kingdom and/or its members;
5. the pool goes back to the reserve and the crisis is discarded.

The contribution indication (``contribuir-crisi``) holds one entry per crisis (G36: "the
contribution tile may hold one entry per crisis in play in the player's kingdom"), each an
amount per resource, mixed freely: "una contribució d'un mateix jugador podria contenir 2 i + 3,
per un total de 5" (§4.10). Each crisis is paid its own entry; types it does not accept are
refused. The crisis leaves play before its reward or penalty applies, so an insurrection the
penalty causes finds it resolved. The kingdomless group's crisis counts the group's size for m;
its effects on indicators and on the King are ignored (G36, G51).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from . import cards, crisis, effects, indications, lasting
from .card_shapes import Op
from .destiny import leave_play
from .dice import Dice
from .effects_context import Context
from .errors import IllegalTransitionError
from .event_kinds import Kind
from .events import Event, Outcome, director, private, public
from .i18n import _
from .payloads import (
    CrisisContributionPaid,
    CrisisPayments,
    CrisisResolved,
    Trigger,
)
from .resolution import blocking
from .resources import Resource, as_json, holdings
from .ruleset import Ruleset
from .state import DestinyCard, GameState, Phase, Status
from .turn_order import kingdom_order


def crises_waiting(state: GameState) -> list[DestinyCard]:
    """The crises in play, in the order they are resolved (kingdom order, §4.15)."""
    membership = {p.seat: p.kingdom for p in state.players}
    order = list(kingdom_order(state.turn_order, membership))
    crises = [c for c in state.in_play if c.kind == "crisis"]
    return sorted(
        crises, key=lambda c: order.index(c.kingdom) if c.kingdom in order else len(order)
    )


def _accepted_from_one(
    state: GameState,
    catalog: cards.Catalog,
    kingdom: int | None,
    printed: list[Resource],
    accepts: list[Resource],
    members: list[int],
) -> dict[int, list[Resource]]:
    """What a law in force accepts from one member alone (an office's holder, Reforma de
    l'exèrcit), beyond what the crisis accepts from everyone."""
    return {
        seat: [
            r
            for r in lasting.crisis_accepts(state, catalog, kingdom, printed, seat)
            if r not in accepts
        ]
        for seat in members
    }


def resolve_next_crisis(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset, dice: Dice
) -> Outcome:
    """Resolve the next crisis in kingdom order (§4.10). Public, except how each member paid."""
    if state.status is not Status.PLAYING or state.phase is not Phase.CRISIS:
        raise IllegalTransitionError(_("Crises are resolved in the Crisis resolution phase."))
    blocking(state)
    waiting = crises_waiting(state)
    if not waiting:
        raise IllegalTransitionError(_("No crisis is left to resolve."))
    in_play = waiting[0]
    card = cards.card(catalog, in_play.card)
    printed = [Resource(r) for r in card.get("accepts", [])]
    accepts = lasting.crisis_accepts(state, catalog, in_play.kingdom, printed)
    more = lasting.crisis_threshold_delta(state, catalog, in_play.kingdom, printed)
    new = state.clone()
    members = new.members(in_play.kingdom)
    events: list[Event] = []
    declared: dict[int, dict[Resource, int]] = {}
    for seat in members:
        reading = indications.read(new, catalog, seat, "crisis_contribution")
        if reading.void is not None:
            events.append(indications.void_note(new, reading))
        declared[seat] = entry_for(reading.values, in_play.card)
    also = _accepted_from_one(state, catalog, in_play.kingdom, printed, accepts, members)
    result = crisis.resolve_crisis(
        accepts,
        card["threshold"],
        members,
        declared,
        {s: new.player(s).resources for s in members},
        new.peril_env(ruleset, in_play.kingdom),
        threshold_delta=more,
        also_by_seat=also,
    )
    for seat, chest in result.chests.items():
        new.player(seat).resources = dict(chest)
    for resource, amount in result.pool.items():
        new.reserve[resource] += amount
    events += _announce(in_play, result)
    leave_play(new, in_play.card)
    context = Context(
        owner=None,
        kingdom=in_play.kingdom,
        group=in_play.kingdom is None,
        contributions={c.seat: c.total for c in result.contributions},
        source=f"crisis:{in_play.card}",
    )
    if result.success:
        ops: Sequence[Op] = [
            {"op": "for_each", "who": "top_contributors", "do": list(card.get("reward", []))}
        ]
    else:
        ops = list(card.get("penalty", []))
    applied = effects.apply_ops(new, catalog, ruleset, dice, ops, context)
    return Outcome(applied.state, (*events, *applied.events))


def entry_for(values: Mapping[str, Any], crisis_card: str) -> dict[Resource, int]:
    """A member's entry for one crisis, from the boxes of their contribution tile (G36)."""
    entries = values.get("contributions") or {}
    entry = entries.get(crisis_card) or {}
    out = holdings()
    for code, amount in entry.items():
        out[Resource(code)] += int(amount)
    return out


def _announce(in_play: DestinyCard, result: crisis.CrisisResult) -> list[Event]:
    """Each member's total is public; how they paid is theirs and the director's (§4.10)."""
    card, kingdom = in_play.card, in_play.kingdom
    events: list[Event] = [
        private(
            Kind.CRISIS_CONTRIBUTION_PAID,
            (c.seat,),
            CrisisContributionPaid(card=card, kingdom=kingdom, paid=as_json(c.payment.paid)),
            c.seat,
        )
        for c in result.contributions
        if c.total
    ]
    events.append(
        director(
            Kind.CRISIS_PAYMENTS,
            CrisisPayments(
                card=card,
                kingdom=kingdom,
                payments={
                    str(c.seat): {
                        "declared": as_json(c.declared),
                        "paid": as_json(c.payment.paid),
                        "refused": as_json(c.refused),
                    }
                    for c in result.contributions
                },
            ),
        )
    )
    events.append(
        public(
            Kind.CRISIS_RESOLVED,
            CrisisResolved(
                card=card,
                kingdom=kingdom,
                contributions=[{"seat": c.seat, "total": c.total} for c in result.contributions],
                pool=sum(result.pool.values()),
                threshold=result.threshold,
                success=result.success,
                rewarded=list(result.rewarded),
            ),
            None,
        )
    )
    about = Trigger(
        trigger="crisis_succeeded" if result.success else "crisis_failed",
        card=card,
        kingdom=kingdom,
    )
    if kingdom is None:
        about["group"] = True  # "una crisi del teu regne" is the group's for its members (G51)
    events.append(director(Kind.TRIGGER, about, None))
    return events
