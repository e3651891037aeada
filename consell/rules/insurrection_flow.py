"""An insurrection as the table lives it, one decision at a time (rules §4.5, G31, G57).

The effects interpreter leaves a pending ``insurrection`` when an indicator would drop below 1
(``count`` of them if several steps did). This module runs it in stages kept in the pending's
``flow``, so phones and the director can answer in any order the rules allow:

1. ``start``: roll 3d6 against T (the kingdom's indicators at 1); public.
2. "Esclafar la rebel·lió": the members, in turn order, ``pledge`` toward a reroll (0 passes).
   When the pledges reach the cost (3 Force, Favor standing in) the King picks the die and
   ``reroll`` pays and rolls it; a new round of pledges follows. A round that falls short
   costs nobody anything and the dice stand ("els jugadors han d'acceptar els daus").
3. ``finish``: the outcome table, with the losses "of their choice" and the King's choice of
   indicator on an Uprising tie; a Revolution deposes the King (succession, §4.12).

After the last insurrection of the pending the caller resumes the effect with
``effects.resume(..., pending_id, {})`` (``procedures.run`` does it).

Choices made here where the rulebook is silent: pledges are public, like the dice; a member
who cannot pay anything is not asked; no pledges are asked once the dice show no failure or
the members together cannot pay a reroll; ``default_choices`` (for absent players) takes the
King's first tied indicator and each loss from the largest holding (ties in resource order).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import cards, insurrection, kingdoms
from .dice import Dice
from .errors import IllegalTransitionError, InvalidParameterError, NotEligibleError
from .event_kinds import Kind
from .events import Event, Outcome, private, public
from .i18n import _
from .indicators import highest_above_minimum
from .payloads import (
    InsurrectionLosses,
    InsurrectionOutcome,
    InsurrectionPledged,
    InsurrectionPledgesShort,
    InsurrectionRerolled,
    InsurrectionRolled,
)
from .payment import funds
from .resources import INDICATORS, RESOURCES, Indicator, Resource, add, as_json, resource_name
from .ruleset import Ruleset
from .state import GameState, Pending, lose

PLEDGING, DIE_CHOICE, CHOOSING, DONE = "pledging", "die_choice", "choosing", "done"


def start(state: GameState, ruleset: Ruleset, dice: Dice, pending_id: int) -> Outcome:
    """Roll the insurrection dice (§4.5). Public."""
    new = state.clone()
    pending = _pending(new, pending_id)
    if "flow" in pending.data:
        raise IllegalTransitionError(_("This insurrection was already rolled."))
    kingdom = new.kingdom(pending.data["kingdom"])
    roll = insurrection.roll_insurrection(kingdom.indicators, dice, ruleset)
    pending.data["flow"] = {
        "target": roll.target,
        "dice": list(roll.dice),
        "members": new.members(kingdom.id),
        "king": kingdom.king,
    }
    event = public(
        Kind.INSURRECTION_ROLLED,
        InsurrectionRolled(
            pending=pending_id,
            kingdom=kingdom.id,
            indicator=pending.data["indicator"],
            target=roll.target,
            dice=list(roll.dice),
            successes=roll.successes,
        ),
        None,
    )
    return Outcome(new, (event, *_new_round(new, pending, ruleset)))


def pledge(state: GameState, ruleset: Ruleset, pending_id: int, seat: int, amount: int) -> Outcome:
    """A member pledges toward the next reroll, in turn order; 0 passes (§4.5, G31). Public."""
    new = state.clone()
    pending = _pending(new, pending_id)
    flow = _flow(pending, PLEDGING)
    if pending.waiting_for != [seat]:
        raise NotEligibleError(
            _("It is seat %(waiting_for)s's turn to pledge, not %(seat)s's.")
            % {"waiting_for": pending.waiting_for, "seat": seat}
        )
    cost, resource = ruleset.insurrection_reroll_cost, ruleset.insurrection_reroll_resource
    left = cost - sum(p["amount"] for p in flow["pledges"])
    can = min(left, funds(new.player(seat).resources, resource))
    if isinstance(amount, bool) or not isinstance(amount, int) or not 0 <= amount <= can:
        raise InvalidParameterError(
            _("Pledge a whole number from 0 to %(can)s %(resource)s, not %(amount)s.")
            % {"can": can, "resource": resource_name(resource), "amount": repr(amount)},
            limit=can,
        )
    if amount:
        flow["pledges"].append({"seat": seat, "amount": amount})
    flow["asked"] += 1
    events: list[Event] = [
        public(
            Kind.INSURRECTION_PLEDGED, InsurrectionPledged(pending=pending_id, amount=amount), seat
        )
    ]
    if amount == left:
        flow["stage"] = DIE_CHOICE
        pending.waiting_for = [flow["king"]]
    else:
        events += _ask_next(new, pending, ruleset)
    return Outcome(new, tuple(events))


def reroll(state: GameState, ruleset: Ruleset, dice: Dice, pending_id: int, die: int) -> Outcome:
    """The pledges are paid and the die the King picked is rolled again (§4.5, G31). Public."""
    new = state.clone()
    pending = _pending(new, pending_id)
    flow = _flow(pending, DIE_CHOICE)
    members = flow["members"]
    done = insurrection.reroll_die(
        _roll(flow),
        die,
        [insurrection.Pledge(p["seat"], p["amount"]) for p in flow["pledges"]],
        {s: new.player(s).resources for s in members},
        members,
        dice,
        ruleset,
    )
    for seat, payment in done.payments.items():
        new.player(seat).resources = dict(payment.holdings)
        for resource, value in payment.paid.items():
            new.reserve[resource] += value
    flow["dice"] = list(done.roll.dice)
    event = public(
        Kind.INSURRECTION_REROLLED,
        InsurrectionRerolled(
            pending=pending_id,
            die=die,
            old=done.old,
            new=done.new,
            dice=list(done.roll.dice),
            successes=done.roll.successes,
            pledges=list(flow["pledges"]),
        ),
        flow["king"],
    )
    return Outcome(new, (event, *_new_round(new, pending, ruleset)))


def finish(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    pending_id: int,
    choices: Mapping[str, Any],
) -> Outcome:
    """Apply the outcome table (§4.5, G57). ``choices``: ``{"indicator": name, "losses":
    {seat: {RES: n}}}``; whatever is missing is taken from ``default_choices``."""
    new = state.clone()
    pending = _pending(new, pending_id)
    flow = _flow(pending, CHOOSING)
    defaults = default_choices(new, pending_id)
    indicator = _indicator(choices.get("indicator") or defaults["indicator"])
    picked = {_seat(s): c for s, c in dict(choices.get("losses") or {}).items()}
    kingdom = new.kingdom(pending.data["kingdom"])
    members = flow["members"]
    outcome = insurrection.insurrection_outcome(
        _roll(flow),
        Indicator(pending.data["indicator"]),
        kingdom.indicators,
        flow["king"],
        members,
        {s: new.player(s).resources for s in members},
        ruleset,
        king_choice=indicator,
    )
    lost = _apply_losses(new, outcome, picked, defaults["losses"])
    kingdom.indicators = dict(outcome.indicators)
    events: list[Event] = [
        public(
            Kind.INSURRECTION_OUTCOME,
            InsurrectionOutcome(
                pending=pending_id,
                kingdom=kingdom.id,
                outcome=outcome.name,
                successes=outcome.successes,
                dropped=str(outcome.dropped) if outcome.dropped else None,
                deposed=outcome.deposed,
            ),
            None,
        )
    ]
    events += [
        private(Kind.INSURRECTION_LOSSES, (s,), InsurrectionLosses(lost=as_json(v)), s)
        for s, v in lost.items()
        if any(v.values())
    ]
    if outcome.deposed:
        deposed = kingdoms.depose(new, kingdom.id, catalog, ruleset)
        new = deposed.state
        pending = _pending(new, pending_id)
        events += deposed.events
    if pending.data["count"] > 1:
        pending.data["count"] -= 1
        del pending.data["flow"]
    else:
        pending.data["flow"]["stage"] = DONE
    pending.waiting_for = []
    return Outcome(new, tuple(events))


def _apply_losses(
    state: GameState,
    outcome: insurrection.InsurrectionOutcome,
    picked: Mapping[int, Any],
    defaults: Mapping[str, Any],
) -> dict[int, dict[Resource, int]]:
    """Take the fixed losses, then the losses each player chose (or the default choice), into
    the reserve (§4.5, G53); returns what each seat lost. Mutates ``state``."""
    lost: dict[int, dict[Resource, int]] = {s: dict(a) for s, a in outcome.losses.items()}
    for seat, amounts in outcome.losses.items():
        for resource, amount in amounts.items():
            lose(state, seat, resource, amount)
    for chosen in outcome.choices:
        choice = picked.get(chosen.seat) or defaults[str(chosen.seat)]
        player = state.player(chosen.seat)
        payment = insurrection.lose_chosen(player.resources, choice, chosen.count)
        player.resources = dict(payment.holdings)
        for resource, value in payment.paid.items():
            state.reserve[resource] += value
        lost[chosen.seat] = add(lost.get(chosen.seat, {}), payment.paid)
    return lost


def decide(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending_id: int,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    """One answer to the insurrection's current stage, from its seat or (``seat`` None) from
    the director for them (§4.5 "Esclafar la rebel·lió", G31).

    A member pledges when asked, in turn order (0 passes); the King picks the die to roll
    again; the director settles the outcome, where the losses "of their choice" default to
    each member's largest holding and the King's indicator may be given.
    """
    pending = _pending(state, pending_id)
    stage = pending.data.get("flow", {}).get("stage")
    asked = pending.waiting_for[0] if pending.waiting_for else None
    if seat is not None and seat != asked:
        raise NotEligibleError(_("It is not your turn in this insurrection."))
    if stage == PLEDGING:
        amount = decision.get("pledge", 0)  # ``pledge`` refuses what is not a whole number
        who = seat if seat is not None else asked
        if who is None:
            raise NotEligibleError(_("Nobody is asked to pledge now."))
        return pledge(state, ruleset, pending_id, who, amount)
    if stage == DIE_CHOICE:
        die = decision.get("die")
        if isinstance(die, bool) or not isinstance(die, int):
            raise InvalidParameterError(_("Choose which die to roll again (1, 2 or 3)."))
        return reroll(state, ruleset, dice, pending_id, die - 1)
    if stage == CHOOSING:
        if seat is not None:
            raise NotEligibleError(_("The director settles the outcome."))
        choices = default_choices(state, pending_id)
        if decision.get("indicator"):
            choices["indicator"] = decision["indicator"]
        return finish(state, catalog, ruleset, pending_id, choices)
    raise InvalidParameterError(_("The director rolls or resumes this insurrection."))


def default_choices(state: GameState, pending_id: int) -> dict[str, Any]:
    """The choices made for absent players: the first tied indicator, the largest holdings."""
    flow = _flow(_pending(state, pending_id), CHOOSING)
    losses = {}
    for seat, count in flow["losses_to_choose"].items():
        chest = dict(state.player(int(seat)).resources)
        choice = {r: 0 for r in RESOURCES}
        for _n in range(count):
            largest = max((r for r in RESOURCES if r is not Resource.PRE), key=lambda r: chest[r])
            chest[largest] -= 1
            choice[largest] += 1
        losses[seat] = as_json(choice)
    ties = flow["indicator_choices"]
    return {"indicator": ties[0] if ties else None, "losses": losses}


def _new_round(state: GameState, pending: Pending, ruleset: Ruleset) -> list[Event]:
    """After a roll: a round of pledges if a reroll can help and be paid, else the outcome."""
    flow = pending.data["flow"]
    roll = _roll(flow)
    resource = ruleset.insurrection_reroll_resource
    purse = sum(funds(state.player(s).resources, resource) for s in flow["members"])
    if roll.successes == len(roll.dice) or purse < ruleset.insurrection_reroll_cost:
        return _choosing(state, pending, ruleset)
    flow.update(stage=PLEDGING, pledges=[], asked=0)
    return _ask_next(state, pending, ruleset)


def _ask_next(state: GameState, pending: Pending, ruleset: Ruleset) -> list[Event]:
    """Wait for the next member in turn order who can pledge; past the last, the dice stand."""
    flow = pending.data["flow"]
    resource = ruleset.insurrection_reroll_resource
    members = flow["members"]
    while flow["asked"] < len(members):
        seat = members[flow["asked"]]
        if funds(state.player(seat).resources, resource):
            pending.waiting_for = [seat]
            return []
        flow["asked"] += 1
    short = public(
        Kind.INSURRECTION_PLEDGES_SHORT, InsurrectionPledgesShort(pending=pending.id), None
    )
    return [short, *_choosing(state, pending, ruleset)]


def _choosing(state: GameState, pending: Pending, ruleset: Ruleset) -> list[Event]:
    """The dice stand: ask who must choose a loss, and the King on an Uprising tie."""
    flow = pending.data["flow"]
    roll = _roll(flow)
    kingdom = state.kingdom(pending.data["kingdom"])
    ties: tuple[Indicator, ...] = ()
    if ruleset.insurrection_table[roll.successes] == "uprising":
        ties = highest_above_minimum(kingdom.indicators, ruleset)
    preview = insurrection.insurrection_outcome(
        roll,
        Indicator(pending.data["indicator"]),
        kingdom.indicators,
        flow["king"],
        flow["members"],
        {s: state.player(s).resources for s in flow["members"]},
        ruleset,
        king_choice=ties[0] if ties else None,
    )
    flow.update(
        stage=CHOOSING,
        losses_to_choose={str(c.seat): c.count for c in preview.choices},
        indicator_choices=[str(i) for i in ties] if len(ties) > 1 else [],
    )
    choosers = {c.seat for c in preview.choices} | ({flow["king"]} if len(ties) > 1 else set())
    pending.waiting_for = [s for s in flow["members"] if s in choosers]
    return []


def _roll(flow: Mapping[str, Any]) -> insurrection.InsurrectionRoll:
    return insurrection.InsurrectionRoll(flow["target"], tuple(flow["dice"]))


def _indicator(name: Any) -> Indicator | None:
    if name is None:
        return None
    if name not in {str(i) for i in INDICATORS}:
        raise InvalidParameterError(_("%(name)s is not an indicator.") % {"name": repr(name)})
    return Indicator(name)


def _seat(value: Any) -> int:
    """A seat from a choice; JSON turns mapping keys into strings."""
    try:
        return int(value)
    except (TypeError, ValueError) as exc:
        raise InvalidParameterError(_("%(value)s is not a seat.") % {"value": repr(value)}) from exc


def _pending(state: GameState, pending_id: int) -> Pending:
    for p in state.pending:
        if p.id == pending_id and p.kind == "insurrection":
            return p
    raise InvalidParameterError(
        _("There is no insurrection %(pending_id)s pending.") % {"pending_id": pending_id}
    )


def _flow(pending: Pending, stage: str) -> dict[str, Any]:
    flow: dict[str, Any] | None = pending.data.get("flow")
    if flow is None or flow.get("stage") != stage:
        now = "not rolled" if flow is None else flow.get("stage")
        message = (
            _("The insurrection is not rolled, not at %(stage)s.")
            if flow is None
            else _("The insurrection is %(now)s, not at %(stage)s.")
        )
        raise IllegalTransitionError(
            message % {"now": now, "stage": stage},
            stage=now,
        )
    return flow
