"""Effect primitives that wait for people: votes, duels and kingdom changes (rules §4.7, §4.8,
§4.12, §4.13, G33, G40).

None of these blocks. The op leaves a ``Pending`` (through ``Suspend``) holding what the decision
needs and the rest of the effect; the caller gathers the decision on the phones or from the
director and calls ``effects.resume``, which hands it to the matching ``RESUME`` handler here.

The procedures other modules own are not re-implemented: a vote is run with ``votes`` and
resumed with its result (``{"passed": bool}``); a duel is resumed with the hidden fists and
resolved with ``duels.resolve_duel``; an insurrection (``insurrection``), an expulsion
(``expel``), an execution (``execution``), founding a kingdom (``found_kingdom``) and joining
one (``join_kingdom``) are *procedure* pendings: the caller applies them to the state with the
kingdoms, execution and insurrection modules, then resumes with ``{}``.

Choices made here where the rulebook is silent:

- ``start_duel``: the participants are the selected players plus ``self`` (the ability's owner
  fights their own duel); ``on_win`` runs with ``self`` = the winner, ``on_tie`` with the
  original ``self``. Fewer than two participants: no duel, nothing happens.
- A law vote from an ability nobody owns (an event) belongs to that card's kingdom.
- With ``law_scope: global`` a passed law is in force in every kingdom (G33 alternative).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from . import decks, duels, lasting, votes
from .card_shapes import Op
from .effects_context import Context, Frame
from .effects_ops import Run, Step, Suspend, discard_tactics
from .errors import InvalidParameterError, InvalidStateError, NotEligibleError, RuleError
from .event_kinds import Kind
from .events import public
from .i18n import _, gettext_noop
from .payloads import (
    DuelRevealed,
    DuelStarted,
    DuelVoid,
    LastingForbade,
    Ordered,
    Paid,
    VoteDecided,
    VoteOpened,
)
from .payment import pay
from .resources import Resource, as_json
from .state import Pending


def bad_decision(message: str) -> InvalidParameterError:
    """A decision that cannot be used: refused, and the pending keeps waiting."""
    return InvalidParameterError(message, decision=True)


PROCEDURES = ("insurrection", "expel", "execution", "found_kingdom", "join_kingdom")


@dataclass(frozen=True)
class Nested:
    """Ops applied in a context of their own (a passed law's effect: nobody owns it, G18)."""

    context: Context
    frames: tuple[Frame, ...]


def _propose_law(run: Run, frame: Frame, op: Op) -> Step:
    """ "Proposar llei": the proposer picks a law from the row at execution (§4.7)."""
    proposer = _proposer_kingdom_check(run)
    if not run.state.law_row:
        raise InvalidParameterError(_("The law row is empty: there is no law to propose."))
    return Suspend(
        "law_choice", {"proposer": proposer, "row": list(run.state.law_row)}, (proposer,)
    )


def _submit_law(run: Run, frame: Frame, op: Op) -> Step:
    law = run.resolver(frame).param(op["law"])
    if law not in run.state.law_row:
        raise InvalidParameterError(_("That law is no longer in the law row."), param=op["law"])
    return _law_vote(run, law)


def _proposer_kingdom_check(run: Run) -> int:
    owner = run.context.owner
    if owner is None:
        raise InvalidParameterError(_("Only a player can propose a law."))
    if run.ruleset.law_scope == "kingdom" and run.state.player(owner).kingdom is None:
        raise NotEligibleError(_("A kingdomless player cannot propose a law (G33)."))
    return owner


def _law_vote(run: Run, law: str) -> Suspend:
    """Open the vote on a law among the eligible voters (G33); the King breaks ties."""
    kingdom = run.context.kingdom
    if run.ruleset.law_scope == "global":
        eligible = [s for s in run.state.turn_order]
    elif kingdom is None:
        raise NotEligibleError(_("A law vote needs a kingdom whose members vote (G33)."))
    else:
        eligible = run.state.members(kingdom)
    tie_breaker = run.state.kingdom(kingdom).king if kingdom is not None else eligible[0]
    data = {
        "motion": "law",
        "law": law,
        "kingdom": kingdom,
        "eligible": eligible,
        "tie_breaker": tie_breaker,
        "proposer": run.context.owner,
    }
    run.events.append(
        public(
            Kind.VOTE_OPENED,
            VoteOpened(motion="law", law=law, kingdom=kingdom),
            None if run.context.secret else run.context.owner,
        )
    )
    run.trigger("vote_started", motion="law", law=law, kingdom=kingdom)
    return Suspend("vote", data, _first_voter(run, eligible))


def _start_duel(run: Run, frame: Frame, op: Op) -> Step:
    r = run.resolver(frame)
    seats = set(r.seats(op["participants"]))
    if frame.self_seat is not None:
        seats.add(frame.self_seat)
    participants = [s for s in run.state.turn_order if s in seats]
    resources = [str(Resource(x)) for x in op["resources"]]
    for kingdom in lasting.duel_kingdoms(run.state, participants, run.context.kingdom):
        if _forbidden(run, "start_duel", kingdom):
            return None
    if len(participants) < 2:
        run.recorder.effect(Kind.DUEL_VOID, DuelVoid(participants=participants))
        return None
    data = {
        "participants": participants,
        "resources": resources,
        "on_win": list(op.get("on_win", [])),
        "on_tie": list(op.get("on_tie", [])),
        "frame": Frame((), 0, frame.self_seat, frame.bound).to_dict(),
    }
    run.events.append(
        public(Kind.DUEL_STARTED, DuelStarted(participants=participants, resources=resources), None)
    )
    run.trigger("duel_started", participants=participants)
    return Suspend("duel", data, tuple(participants))


def _expel(run: Run, frame: Frame, op: Op) -> Step:
    return _procedure(run, frame, op, "expel")


def _execute(run: Run, frame: Frame, op: Op) -> Step:
    return _procedure(run, frame, op, "execution")


def _procedure(run: Run, frame: Frame, op: Op, kind: str) -> Step:
    seats = run.resolver(frame).seats(op["who"])
    if kind == "expel":
        seats = [s for s in seats if not _expulsion_forbidden(run, s)]
    if not seats:
        return None
    ordered = Kind.EXPEL_ORDERED if kind == "expel" else Kind.EXECUTION_ORDERED
    run.recorder.effect(ordered, Ordered(seats=seats))
    return Suspend(kind, {"seats": seats, "by": run.context.owner})


def _create_kingdom(run: Run, frame: Frame, op: Op) -> Step:
    """ "Crear un nou regne": joiners declare first, in turn order; then the founder pays (G40)."""
    founder = _mover(run, frame.self_seat, "found a kingdom")
    lasting.check_allowed(run.state, run.catalog, "found", run.state.player(founder).kingdom)
    eligible = [
        s for s in run.state.turn_order if s != founder and _may_move(run, s) and _may_leave(run, s)
    ]
    if not eligible:
        return _found(run, founder, [])
    return Suspend("kingdom_joiners", {"founder": founder, "eligible": eligible}, tuple(eligible))


def _join_kingdom(run: Run, frame: Frame, op: Op) -> Step:
    """ "Unir-se a un regne": the target kingdom's members vote; its King breaks ties (§4.12)."""
    applicant = _mover(run, frame.self_seat, "join a kingdom")
    kingdom = run.resolver(frame).kingdom(op["kingdom"])
    if kingdom is None or run.state.player(applicant).kingdom == kingdom:
        raise InvalidParameterError(_("You can only ask to join a kingdom you do not belong to."))
    lasting.check_allowed(run.state, run.catalog, "join", kingdom)
    own = run.state.player(applicant).kingdom
    if own is not None:
        lasting.check_allowed(run.state, run.catalog, "join_another", own)
    if lasting.rejoins_without_vote(run.state, run.catalog, kingdom, applicant) is not None:
        return Suspend("join_kingdom", {"seat": applicant, "kingdom": kingdom})
    eligible = run.state.members(kingdom)
    data = {
        "motion": "join",
        "applicant": applicant,
        "kingdom": kingdom,
        "eligible": eligible,
        "tie_breaker": run.state.kingdom(kingdom).king,
    }
    run.events.append(
        public(Kind.VOTE_OPENED, VoteOpened(motion="join", kingdom=kingdom), applicant)
    )
    run.trigger("vote_started", motion="join", kingdom=kingdom)
    return Suspend("vote", data, _first_voter(run, eligible))


def _first_voter(run: Run, eligible: list[int]) -> tuple[int, ...]:
    """Votes run in reverse turn order (§4.15): the last eligible player in it speaks first."""
    first = next((s for s in reversed(run.state.turn_order) if s in eligible), None)
    return (first,) if first is not None else ()


# Why a player may not found or join a kingdom now: whole sentences, one per move.
_MOVER_ERRORS = {
    "found a kingdom": (
        gettext_noop("Only a player can found a kingdom."),
        gettext_noop("A King cannot found a kingdom (§4.12)."),
        gettext_noop(
            "You cannot found a kingdom: you were expelled or changed kingdom this turn "
            "(§4.12, G40)."
        ),
    ),
    "join a kingdom": (
        gettext_noop("Only a player can join a kingdom."),
        gettext_noop("A King cannot join a kingdom (§4.12)."),
        gettext_noop(
            "You cannot join a kingdom: you were expelled or changed kingdom this turn "
            "(§4.12, G40)."
        ),
    ),
}


def _mover(run: Run, seat: int | None, what: str) -> int:
    not_a_player, king, moved = _MOVER_ERRORS[what]
    if seat is None:
        raise InvalidParameterError(_(not_a_player))
    player = run.state.player(seat)
    if player.kingdom is not None and run.state.kingdom(player.kingdom).king == seat:
        raise NotEligibleError(_(king))
    if not _may_move(run, seat):
        raise NotEligibleError(_(moved))
    return seat


def _may_move(run: Run, seat: int) -> bool:
    """Not a King, not expelled and no kingdom change this turn (§4.12, G40)."""
    player, turn = run.state.player(seat), run.state.turn
    king = player.kingdom is not None and run.state.kingdom(player.kingdom).king == seat
    return not king and player.expelled_turn != turn and player.kingdom_changed_turn != turn


def _forbidden(run: Run, what: str, kingdom: int | None) -> bool:
    """A law or event forbids ``what`` here: a player's ability aborts, naming the card; a card
    nobody owns (an event's duel) does nothing of it, and the table is told why."""
    if run.context.owner is not None:
        lasting.check_allowed(run.state, run.catalog, what, kingdom)
        return False
    found = lasting.forbidding(run.state, run.catalog, what, kingdom)
    if found is not None:
        run.recorder.effect(Kind.LASTING_FORBADE, LastingForbade(card=found.card, what=what))
    return found is not None


def _expulsion_forbidden(run: Run, seat: int) -> bool:
    """Estat de setge ("ni ser expulsat"), Consell de regència ("amb el Desterrament")."""
    kingdom = run.state.player(seat).kingdom
    by = {"source": run.context.source, "ability": run.context.ability}
    if run.context.owner is not None:
        lasting.check_allowed(run.state, run.catalog, "expel", kingdom, **by)
        return False
    found = lasting.forbidding(run.state, run.catalog, "expel", kingdom, **by)
    if found is not None:
        run.recorder.effect(
            Kind.LASTING_FORBADE, LastingForbade(card=found.card, what="expel", seat=seat)
        )
    return found is not None


def _may_leave(run: Run, seat: int) -> bool:
    """A member whose kingdom forbids joining another (a quarantine, a siege) stays."""
    kingdom = run.state.player(seat).kingdom
    if kingdom is None:
        return True
    return lasting.forbidding(run.state, run.catalog, "join_another", kingdom) is None


def _found(run: Run, founder: int, joiners: list[int]) -> Suspend:
    """Pay ceil(8 / 2^joiners) (G40), Favor last, or abort with nobody moving (§4.12 step 3)."""
    price = run.ruleset.new_kingdom_price(len(joiners))
    player = run.state.player(founder)
    payment = pay(player.resources, {run.ruleset.new_kingdom_resource: price})
    player.resources = dict(payment.holdings)
    for res, value in payment.paid.items():
        run.state.reserve[res] += value
    run.recorder.effect(Kind.KINGDOM_FOUNDING_PAID, Paid(seat=founder, paid=as_json(payment.paid)))
    return Suspend("found_kingdom", {"founder": founder, "joiners": joiners})


# -- resuming -------------------------------------------------------------------------------


def _resume_law_choice(run: Run, pending: Pending, decision: Mapping[str, Any]) -> Step:
    law = decision.get("law")
    if law not in run.state.law_row:
        raise bad_decision(_("Choose a law from the law row."))
    return _law_vote(run, law)


def _resume_vote(run: Run, pending: Pending, decision: Mapping[str, Any]) -> Step | Nested:
    passed = decision.get("passed")
    if not isinstance(passed, bool):
        raise bad_decision(_("A vote ends passed or rejected: give passed true or false."))
    data = pending.data
    run.events.append(
        public(
            Kind.VOTE_DECIDED,
            VoteDecided(
                motion=data["motion"], passed=passed, kingdom=data["kingdom"], law=data.get("law")
            ),
            None,
        )
    )
    if data["motion"] == "join":
        if not passed:
            return None
        return Suspend("join_kingdom", {"seat": data["applicant"], "kingdom": data["kingdom"]})
    return _settle_law(run, data["law"], data["kingdom"], passed, data.get("proposer"))


def _settle_law(
    run: Run, law: str, kingdom: int | None, passed: bool, proposer: int | None = None
) -> Step | Nested:
    """Passed: to the laws in force and apply its effect; rejected: discarded (§4.7, G35)."""
    state = run.state
    row = votes.LawRow(
        tuple(state.law_row),
        tuple(state.decks.get(decks.LAWS, [])),
        tuple(state.decks.get(decks.discard_of(decks.LAWS), [])),
    )
    change = votes.settle_law_vote(row, law, passed, run.dice, run.ruleset)
    state.law_row = list(change.laws.row)
    state.decks[decks.LAWS] = list(change.laws.deck)
    state.decks[decks.discard_of(decks.LAWS)] = list(change.laws.rejected)
    if not passed:
        return None
    rewards = _proposer_rewards(run, kingdom, proposer)
    if run.ruleset.law_scope == "global":
        where = [k.id for k in state.kingdoms]
    elif kingdom is None:
        raise InvalidStateError(_("A law vote needs a kingdom whose members vote (G33)."))
    else:
        where = [kingdom]
    for kingdom_id in where:
        state.kingdom(kingdom_id).laws.append(law)
    effect = tuple(run.catalog[law.split("#", 1)[0]].get("effect", []))
    if not effect and not rewards:
        return None
    context = Context(owner=None, kingdom=kingdom, source=f"law:{law}")
    return Nested(context, (*rewards, Frame(effect)))


def _proposer_rewards(run: Run, kingdom: int | None, proposer: int | None) -> list[Frame]:
    """Llei de Corts: "qui proposa una llei que s'aprova guanya 1 Prestigi" (``self`` = the
    proposer), for the rules in force before this law joins them; applied after its effect."""
    if proposer is None:
        return []
    return [
        Frame(tuple(a.rule["effect"]), 0, proposer)
        for a in lasting.rules(run.state, run.catalog, "law_passed", kingdom)
    ]


def _resume_duel(run: Run, pending: Pending, decision: Mapping[str, Any]) -> Step:
    data = pending.data
    participants = list(data["participants"])
    fists = {int(seat): fist for seat, fist in dict(decision.get("fists", {})).items()}
    chests = {s: run.state.player(s).resources for s in participants}
    resources = [Resource(r) for r in data["resources"]]
    try:
        result = duels.resolve_duel(participants, resources, fists, chests)
    except RuleError as exc:
        raise bad_decision(exc.message) from exc
    for seat, payment in result.payments.items():
        run.state.player(seat).resources = dict(payment.holdings)
        for res, value in payment.paid.items():
            run.state.reserve[res] += value
    run.events.append(
        public(
            Kind.DUEL_REVEALED,
            DuelRevealed(
                scores={str(s): v for s, v in result.scores.items()},
                winner=result.winner,
                commitments={str(s): as_json(c) for s, c in result.commitments.items()},
            ),
            None,
        )
    )
    frame = Frame.from_dict(data["frame"])
    if result.winner is not None:
        return [Frame(tuple(data["on_win"]), 0, result.winner, frame.bound)]
    return [Frame(tuple(data["on_tie"]), 0, frame.self_seat, frame.bound)]


def _resume_joiners(run: Run, pending: Pending, decision: Mapping[str, Any]) -> Step:
    eligible = list(pending.data["eligible"])
    joiners = list(decision.get("joiners", []))
    strangers = [s for s in joiners if s not in eligible]
    if strangers or len(set(joiners)) != len(joiners):
        raise bad_decision(
            _("Seats %(seats)s cannot join this kingdom.") % {"seats": strangers or joiners}
        )
    ordered = [s for s in eligible if s in joiners]
    return _found(run, pending.data["founder"], ordered)


def _resume_condition(run: Run, pending: Pending, decision: Mapping[str, Any]) -> Step:
    holds = decision.get("holds")
    if not isinstance(holds, bool):
        raise bad_decision(_("The director rules the condition: give holds true or false."))
    return [Frame.from_dict(pending.data["branches"]["then" if holds else "else"])]


def _resume_procedure(run: Run, pending: Pending, decision: Mapping[str, Any]) -> Step:
    return None


def _resume_discard(run: Run, pending: Pending, decision: Mapping[str, Any]) -> Step:
    wanted = {int(k): v for k, v in pending.data["choices"].items()}
    chosen = {int(k): list(v) for k, v in dict(decision.get("tactics", {})).items()}
    for seat, count in wanted.items():
        cards = chosen.get(seat, [])
        hand = run.state.player(seat).tactics
        if len(cards) != count or len(set(cards)) != count or not set(cards) <= set(hand):
            raise bad_decision(
                _("Seat %(seat)s must choose %(count)s tactics from their hand.")
                % {"seat": seat, "count": count}
            )
    for seat in wanted:
        discard_tactics(run, seat, chosen[seat])
    return None


HANDLERS: dict[str, Callable[[Run, Frame, Op], Step]] = {
    "propose_law": _propose_law,
    "submit_law": _submit_law,
    "start_duel": _start_duel,
    "expel": _expel,
    "execute": _execute,
    "create_kingdom": _create_kingdom,
    "join_kingdom": _join_kingdom,
}

RESUME: dict[str, Callable[[Run, Pending, Mapping[str, Any]], Any]] = {
    "law_choice": _resume_law_choice,
    "vote": _resume_vote,
    "duel": _resume_duel,
    "kingdom_joiners": _resume_joiners,
    "condition": _resume_condition,
    "discard_choice": _resume_discard,
    **{kind: _resume_procedure for kind in PROCEDURES},
}
