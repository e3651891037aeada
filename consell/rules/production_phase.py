"""The Production phase (Fase de producció; rules §3.7, §4.11, G15, G25, G26, G50).

"En aquesta fase es produeixen recursos per cada regne, i es reparteixen entre els seus
membres." ``open_production`` works out every kingdom's amounts and asks each distributor
(the responsible office's holder, or the King when it is vacant) for one decision per resource,
as a pending ``distribution``; each kingdomless player is asked for their three resources as a
pending ``kingdomless_income``. ``decide_distribution`` checks a decision with
``consell.rules.production`` and hands the tokens out from the reserve. When nothing is left to
decide, the ``production`` step is done. Production and every distribution are public (G50).

Decisions, as JSON: a resource other than Favor ``{"keep": 0|1, "extra": [seats]}`` (the
privilege, then who gets the leftover units); Favor ``{"gifts": {seat: n}}``; a kingdomless
player's income ``{"resources": ["POW", "MON", "INT"]}``. ``default_decision`` is what the
director applies for an absent player: an even split keeping nothing, leftovers to the earliest
in turn order; Favor dealt one at a time to the other members in turn order; the first three
resources.

Choices made here where the rulebook is silent: a resource a kingdom produces none of asks
nobody (a King alone produces no Favor, G15); the kingdomless income is public like the rest
of production (the tokens come out of the reserve in front of the table).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from . import cards, lasting, production
from .errors import IllegalTransitionError, InvalidParameterError, InvalidStateError
from .event_kinds import Kind
from .events import Event, Outcome, public
from .i18n import _
from .payloads import (
    Distributed,
    KingdomlessIncome,
    Production,
)
from .phases import complete_step, find_step
from .resolution import blocking
from .resources import PRODUCED, Resource
from .ruleset import Ruleset
from .state import GameState, Pending, Phase, Status, gain
from .turn_order import kingdom_order

PRODUCTION_STEP = "production"
DISTRIBUTION = "distribution"
INCOME = "kingdomless_income"
OPENED = "production_opened"


def open_production(state: GameState, catalog: cards.Catalog, ruleset: Ruleset) -> Outcome:
    """Work out what each kingdom produces and ask who distributes it (§4.11). Public.

    Lasting rules change the amounts ("la producció de Diners d'aquest regne és 1 menys") and
    how many units a distributor may keep ("pot quedar-se 2 unitats de privilegi").
    """
    if state.status is not Status.PLAYING or state.phase is not Phase.PRODUCTION:
        raise IllegalTransitionError(_("Production happens in the Production phase."))
    if find_step(state, PRODUCTION_STEP) is None or state.progress.get(OPENED):
        raise IllegalTransitionError(_("Production was already opened this turn."))
    blocking(state)
    new = state.clone()
    new.progress[OPENED] = True
    events: list[Event] = []
    membership = {p.seat: p.kingdom for p in new.players}
    for kingdom_id in kingdom_order(new.turn_order, membership):
        if kingdom_id is None:
            _ask_income(new, ruleset)
        else:
            events += _ask_distributors(new, catalog, kingdom_id, ruleset)
    finished = _finish_if_done(new)
    return Outcome(finished.state, (*events, *finished.events))


def decide_distribution(
    state: GameState, ruleset: Ruleset, pending_id: int, decision: Mapping[str, Any]
) -> Outcome:
    """Apply a distributor's or a kingdomless player's decision (§4.11). Public (G50)."""
    pending = next((p for p in state.pending if p.id == pending_id), None)
    if pending is None or pending.kind not in (DISTRIBUTION, INCOME):
        raise InvalidParameterError(
            _("No distribution is waiting on decision %(pending_id)s.") % {"pending_id": pending_id}
        )
    new = state.clone()
    new.pending = [p for p in new.pending if p.id != pending_id]
    if pending.kind == INCOME:
        seat = pending.data["seat"]
        income = production.kingdomless_income(_list(decision, "resources"), ruleset)
        received = {seat: income}
        event = public(
            Kind.KINGDOMLESS_INCOME,
            KingdomlessIncome(seat=seat, resources=[str(r) for r, n in income.items() if n]),
            seat,
        )
    else:
        distribution = _distribution(pending, ruleset, decision)
        resource = distribution.resource
        received = {s: {resource: n} for s, n in distribution.received().items()}
        event = public(
            Kind.DISTRIBUTED,
            Distributed(
                kingdom=pending.data["kingdom"],
                resource=str(resource),
                distributor=distribution.distributor,
                kept=distribution.kept,
                shares={str(s): n for s, n in distribution.shares.items()},
            ),
            distribution.distributor,
        )
    for seat, amounts in received.items():
        for resource, amount in amounts.items():
            if amount:
                gain(new, seat, Resource(resource), amount)
    finished = _finish_if_done(new)
    return Outcome(finished.state, (event, *finished.events))


def default_decision(state: GameState, pending: Pending) -> dict[str, Any]:
    """What the director decides for an absent player (§4.11, see the module docstring)."""
    data = pending.data
    if pending.kind == INCOME:
        return {"resources": [str(r) for r in PRODUCED[: data["count"]]]}
    if pending.kind != DISTRIBUTION:
        raise InvalidParameterError(_("Pending %(id)s is not a distribution.") % {"id": pending.id})
    members = list(data["members"])
    if data["resource"] == Resource.FAV:
        receivers = [s for s in members if s != data["distributor"]]
        gifts = {str(s): 0 for s in receivers}
        for unit in range(data["amount"]):
            gifts[str(receivers[unit % len(receivers)])] += 1
        return {"gifts": gifts}
    return {"keep": 0, "extra": members[: data["amount"] % len(members)]}


def _ask_distributors(
    state: GameState, catalog: cards.Catalog, kingdom_id: int, ruleset: Ruleset
) -> list[Event]:
    kingdom = state.kingdom(kingdom_id)
    if kingdom.king is None:
        raise InvalidStateError(
            _("Kingdom %(kingdom_id)s has no King to distribute.") % {"kingdom_id": kingdom_id}
        )
    members = state.members(kingdom_id)
    plan = [
        _lasting(state, catalog, kingdom_id, a)
        for a in production.plan_production(
            kingdom.indicators, members, kingdom.king, kingdom.offices, ruleset
        )
    ]
    events = [
        public(
            Kind.PRODUCTION,
            Production(
                kingdom=kingdom_id,
                members=members,
                amounts=[
                    {
                        "resource": str(a.resource),
                        "amount": a.amount,
                        "distributor": a.distributor,
                        "office": a.office,
                        "vacant": a.vacant,
                    }
                    for a in plan
                ],
            ),
            None,
        )
    ]
    for allotment in plan:
        if not allotment.amount:
            continue
        keep = lasting.privilege(
            state, catalog, kingdom_id, allotment.resource, ruleset.distributor_keep
        )
        data = {
            "kingdom": kingdom_id,
            "keep_limit": keep,
            "resource": str(allotment.resource),
            "amount": allotment.amount,
            "office": allotment.office,
            "distributor": allotment.distributor,
            "vacant": allotment.vacant,
            "king": kingdom.king,
            "members": members,
        }
        _add_pending(state, DISTRIBUTION, data, allotment.distributor)
    return events


def _lasting(
    state: GameState, catalog: cards.Catalog, kingdom_id: int, allotment: production.Allotment
) -> production.Allotment:
    """The allotment with what lasting rules add or take (never below 0)."""
    delta = lasting.production_delta(state, catalog, kingdom_id, allotment.resource)
    return replace(allotment, amount=max(0, allotment.amount + delta))


def _ask_income(state: GameState, ruleset: Ruleset) -> None:
    for seat in state.members(None):
        _add_pending(state, INCOME, {"seat": seat, "count": ruleset.kingdomless_income}, seat)


def _add_pending(state: GameState, kind: str, data: dict[str, Any], seat: int) -> None:
    state.pending.append(Pending(state.next_pending_id, kind, data, [seat]))
    state.next_pending_id += 1


def _distribution(
    pending: Pending, ruleset: Ruleset, decision: Mapping[str, Any]
) -> production.Distribution:
    data = pending.data
    allotment = production.Allotment(
        resource=Resource(data["resource"]),
        amount=data["amount"],
        office=data["office"],
        distributor=data["distributor"],
        vacant=data["vacant"],
    )
    members = list(data["members"])
    if allotment.resource is Resource.FAV:
        gifts = decision.get("gifts")
        if not isinstance(gifts, Mapping):
            raise InvalidParameterError(_('Give the Favor as {"gifts": {seat: amount}}.'))
        return production.hand_out_favor(
            allotment, members, data["king"], {_seat(s): n for s, n in gifts.items()}
        )
    return production.split_resource(
        allotment,
        members,
        ruleset,
        keep=decision.get("keep", 0),
        keep_limit=data.get("keep_limit"),
        extra=[_seat(s) for s in _list(decision, "extra")],
    )


def _finish_if_done(state: GameState) -> Outcome:
    """The ``production`` step is done once every distribution is decided."""
    if any(p.kind in (DISTRIBUTION, INCOME) for p in state.pending):
        return Outcome(state)
    return complete_step(state, PRODUCTION_STEP)


def _list(decision: Mapping[str, Any], key: str) -> list[Any]:
    value = decision.get(key, [])
    if not isinstance(value, list | tuple):
        raise InvalidParameterError(_("%(key)s must be a list.") % {"key": repr(key)})
    return list(value)


def _seat(value: Any) -> int:
    """A seat from a decision; JSON turns mapping keys into strings."""
    if isinstance(value, bool):
        raise InvalidParameterError(_("%(value)s is not a seat.") % {"value": repr(value)})
    try:
        return int(value)
    except (TypeError, ValueError) as exc:
        raise InvalidParameterError(_("%(value)s is not a seat.") % {"value": repr(value)}) from exc
