"""Decisions players (or the director for them) make on a pending (rules §4.3, §4.7, §4.8, §4.12).

``decide(state, catalog, ruleset, dice, pending_id, seat, decision)`` is the one entry point the
phones, the dashboard and the bots use for every pending that waits on a decision; ``seat`` is
who decides (None: the director). It looks the pending's kind up in ``TRANSITIONS`` (one entry per
``DecisionKind``; the typed answer it takes is declared in ``decision_kinds``), which
validates the decision against the rules and either records it (a vote's spend, a duel's hidden
fist, a joiner's answer) or, once everything needed is known, finishes the pending and resumes
the effect that waited on it. Distributions, insurrections and appointments have their
transitions in ``production_phase``, ``insurrection_flow`` and ``offices``.

Choices made here: the director may decide for any absent player (the dashboard records it as
the director's); a voter's running totals and spends are public as they happen (G32), a duel's
fists are not until the reveal (§4.8).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any

from . import (
    cards,
    duels,
    effects,
    endgame_turns,
    insurrection_flow,
    kingdoms,
    lasting,
    offices,
    production_phase,
    reactions,
    votes,
)
from .decision_kinds import DecisionKind
from .dice import Dice
from .errors import InvalidParameterError, NotEligibleError
from .event_kinds import Kind
from .events import Event, Outcome, private, public
from .i18n import _
from .payloads import (
    DiscardsChosen,
    DuelFistIn,
    FistCommitted,
    JoinerAnswered,
    ReactionOffered,
    VoteResult,
    VoteStake,
    VoteTied,
)
from .resources import Resource
from .ruleset import Ruleset
from .state import GameState, Pending


def decide(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending_id: int,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    """Apply one decision on a pending; ``seat`` None means the director decides."""
    pending = find(state, pending_id)
    transition = TRANSITIONS.get(pending.kind)
    if transition is None:
        raise InvalidParameterError(
            _("Pending %(pending_id)s (%(kind)s) takes no decision here.")
            % {"pending_id": pending_id, "kind": pending.kind}
        )
    if not isinstance(decision, Mapping):
        raise InvalidParameterError(_("A decision is a set of named values."))
    if held(state, pending):
        raise NotEligibleError(
            _("The vote waits: the reactions to its opening are answered first (§4.3).")
        )
    return transition(state, catalog, ruleset, dice, pending, seat, decision)


def held(state: GameState, pending: Pending) -> bool:
    """A vote waits while reactions to a vote's opening are still to be answered.

    §4.3: on a game event, its reactions are applied before play goes on; "when a vote
    starts" reactions (gain Power, pay to gain Power) must land before anyone spends in it.
    """
    return pending.kind == "vote" and any(
        p.kind == "reaction" and p.data.get("trigger") == "vote_started" for p in state.pending
    )


def a_vote_waits(state: GameState) -> bool:
    """Whether some vote waits for the reactions to its opening (``held``)."""
    return any(held(state, p) for p in state.pending)


def find(state: GameState, pending_id: int) -> Pending:
    pending = next((p for p in state.pending if p.id == pending_id), None)
    if pending is None:
        raise InvalidParameterError(
            _("Nothing is waiting on decision %(pending_id)s.") % {"pending_id": pending_id}
        )
    return pending


def ballot(pending: Pending, state: GameState, ruleset: Ruleset) -> votes.VoteState:
    """The running vote kept in a vote pending (started on first use)."""
    data = pending.data.get("ballot")
    if data is None:
        return votes.start_vote(
            pending.data["eligible"], state.turn_order, pending.data["tie_breaker"], ruleset
        )
    return votes.VoteState(
        order=tuple(data["order"]),
        tie_breaker=data["tie_breaker"],
        withdraw_final=data["withdraw_final"],
        side_locked=data["side_locked"],
        record=tuple(
            votes.Turn(t["seat"], votes.Side(t["side"]) if t["side"] else None, t["amount"])
            for t in data["record"]
        ),
        withdrawn=frozenset(data["withdrawn"]),
        cursor=data["cursor"],
        passes=data["passes"],
    )


def _store_ballot(pending: Pending, vote: votes.VoteState) -> None:
    pending.data["ballot"] = {
        "order": list(vote.order),
        "tie_breaker": vote.tie_breaker,
        "withdraw_final": vote.withdraw_final,
        "side_locked": vote.side_locked,
        "record": [
            {"seat": t.seat, "side": str(t.side) if t.side else None, "amount": t.amount}
            for t in vote.record
        ],
        "withdrawn": sorted(vote.withdrawn),
        "cursor": vote.cursor,
        "passes": vote.passes,
    }


def _acting(seat: int | None, expected: int) -> int:
    """The seat a decision is for: the player themselves, or anyone when the director acts."""
    if seat is not None and seat != expected:
        raise NotEligibleError(
            _("It is seat %(expected)s's decision, not seat %(seat)s's.")
            % {"expected": expected, "seat": seat}
        )
    return expected


def _law_choice(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    _acting(seat, pending.data["proposer"])
    return effects.resume(state, catalog, ruleset, dice, pending.id, {"law": decision.get("law")})


def _vote(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    """One turn of a live vote (§4.7): spend Power (Favor standing in), withdraw, or break a tie."""
    vote = ballot(pending, state, ruleset)
    turn = votes.next_voter(vote)
    if turn is None:  # the vote is over and tied: the tie-breaker decides
        _acting(seat, vote.tie_breaker)
        side = decision.get("tie")
        if side not in ("for", "against"):
            raise InvalidParameterError(_("The King breaks the tie: choose for or against."))
        outcome = votes.result(vote, votes.Side(side))
        return _close_vote(state, catalog, ruleset, dice, pending, outcome)
    voter = _acting(seat, turn)
    choice = _vote_choice(decision)
    new = state.clone()
    player = new.player(voter)
    moved, payment = votes.vote_step(vote, voter, choice, player.resources)
    player.resources = dict(payment.holdings)
    for resource, amount in payment.paid.items():
        new.reserve[resource] += amount
    live = find(new, pending.id)
    _store_ballot(live, moved)
    nxt = votes.next_voter(moved)
    live.waiting_for = [nxt] if nxt is not None else [moved.tie_breaker]
    stake = public(
        Kind.VOTE_SPEND if isinstance(choice, votes.Spend) else Kind.VOTE_WITHDRAWN,
        VoteStake(
            seat=voter,
            side=str(choice.side) if isinstance(choice, votes.Spend) else None,
            amount=choice.amount if isinstance(choice, votes.Spend) else 0,
            for_total=moved.total(votes.Side.FOR),
            against_total=moved.total(votes.Side.AGAINST),
        ),
        voter,
    )
    if not votes.is_finished(moved):
        return Outcome(new, (stake,))
    closed = _vote_over(new, catalog, ruleset, dice, live, moved)
    return Outcome(closed.state, (stake, *closed.events))


def _vote_choice(decision: Mapping[str, Any]) -> votes.Decision:
    """A voter's turn as the decision gives it: withdraw, or spend a whole amount on a side."""
    if decision.get("withdraw"):
        return votes.Withdraw()
    side, amount = decision.get("side"), decision.get("spend")
    if side not in ("for", "against") or isinstance(amount, bool) or not isinstance(amount, int):
        raise InvalidParameterError(_("Spend a whole amount of Power for or against, or withdraw."))
    return votes.Spend(votes.Side(side), amount)


def _vote_over(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    live: Pending,
    moved: votes.VoteState,
) -> Outcome:
    """A vote everyone has passed on: closed if one side leads, else handed to the tie-breaker
    (§4.7). Mutates ``state``, already a clone."""
    yes, no = moved.total(votes.Side.FOR), moved.total(votes.Side.AGAINST)
    if yes != no:
        return _close_vote(state, catalog, ruleset, dice, live, votes.result(moved))
    breaker = _tie_breaker(state, catalog, live, moved)
    if breaker == lasting.NOBODY:  # Corts generals: "un empat rebutja la llei"
        rejected = votes.VoteResult(False, yes, no, None)
        return _close_vote(state, catalog, ruleset, dice, live, rejected)
    _store_ballot(live, replace(moved, tie_breaker=breaker))
    live.waiting_for = [breaker]
    return Outcome(state, (public(Kind.VOTE_TIED, VoteTied(total=yes, tie_breaker=breaker), None),))


def _tie_breaker(
    state: GameState, catalog: cards.Catalog, pending: Pending, vote: votes.VoteState
) -> int:
    """The King breaks the tie (§4.7) unless a lasting rule names someone else, or nobody."""
    voters = {t.seat for t in vote.record if t.side is not None}
    motion = pending.data.get("motion", "law")
    kingdom = pending.data.get("kingdom")
    return lasting.tie_breaker(state, catalog, kingdom, motion, vote.tie_breaker, voters)


def _close_vote(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    result: votes.VoteResult,
) -> Outcome:
    """The vote's public record, every spend in order, then the effect it decided (§4.7)."""
    data: Any = pending.data  # what the vote was opened with, as stored
    record = data.get("ballot", {}).get("record", [])
    tally = public(
        Kind.VOTE_RESULT,
        VoteResult(
            motion=data.get("motion"),
            law=data.get("law"),
            kingdom=data.get("kingdom"),
            passed=result.passed,
            for_total=result.for_total,
            against_total=result.against_total,
            tie_broken_by=result.tie_broken_by,
            record=list(record),
        ),
        None,
    )
    resumed = effects.resume(state, catalog, ruleset, dice, pending.id, {"passed": result.passed})
    return Outcome(resumed.state, (tally, *resumed.events))


def _duel(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    """A hidden fist (§4.8): checked against the chest now, revealed when all are in."""
    participants = list(pending.data["participants"])
    fists = dict(pending.data.get("fists", {}))
    waiting = [s for s in participants if str(s) not in fists]
    if seat is None:
        if not waiting:
            raise InvalidParameterError(_("Every fist is already in."))
        who = int(decision.get("seat", waiting[0]))
    else:
        who = seat
    if who not in participants:
        raise NotEligibleError(_("You do not take part in this duel."))
    if str(who) in fists:
        raise NotEligibleError(_("Your fist is already in; it cannot change."))
    admitted = [Resource(r) for r in pending.data["resources"]]
    raw = decision.get("fist", {})
    if not isinstance(raw, Mapping):
        raise InvalidParameterError(_("A fist is an amount per resource."))
    fist = {Resource(k): v for k, v in raw.items() if k in Resource.__members__}
    if len(fist) != len(raw):
        raise InvalidParameterError(_("A fist may only hold resources."))
    duels.check_fist(who, admitted, fist, state.player(who).resources)
    new = state.clone()
    live = find(new, pending.id)
    live.data["fists"] = {**fists, str(who): {str(k): v for k, v in fist.items() if v}}
    live.waiting_for = [s for s in participants if str(s) not in live.data["fists"]]
    events: list[Event] = [
        private(
            Kind.FIST_COMMITTED,
            (who,),
            FistCommitted(pending=pending.id, fist=live.data["fists"][str(who)]),
            who,
        ),
        public(Kind.DUEL_FIST_IN, DuelFistIn(pending=pending.id, seat=who), None),
    ]
    if live.waiting_for:
        return Outcome(new, tuple(events))
    revealed = _reveal(new, catalog, ruleset, dice, live)
    return Outcome(revealed.state, (*events, *revealed.events))


def _reveal(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset, dice: Dice, pending: Pending
) -> Outcome:
    """All fists are in: reveal them at once and settle the duel for whoever called it."""
    fists = {
        int(s): {Resource(k): v for k, v in f.items()} for s, f in pending.data["fists"].items()
    }
    purpose = pending.data.get("purpose")
    chests = {s: state.player(s).resources for s in pending.data["participants"]}
    if purpose == kingdoms.EXPULSION:
        members = [s for s in pending.data["participants"] if s != pending.data["expelled"]]
        result = duels.expulsion_asset_duel(
            pending.data["expelled"], members, fists, chests, ruleset
        )
        return kingdoms.settle_expulsion_duel(state, pending.id, result)
    if purpose == kingdoms.SUCCESSION:
        result = duels.succession_duel(
            pending.data["participants"],
            pending.data["old_king"],
            state.turn_order,
            fists,
            chests,
            ruleset,
        )
        return kingdoms.settle_succession(state, pending.id, result)
    plain = {s: {str(k): v for k, v in f.items()} for s, f in fists.items()}
    return effects.resume(state, catalog, ruleset, dice, pending.id, {"fists": plain})


def _joiners(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    """Joiners declare, in turn order, whether they join the new kingdom (G40)."""
    eligible = list(pending.data["eligible"])
    answers = dict(pending.data.get("answers", {}))
    waiting = [s for s in eligible if str(s) not in answers]
    if not waiting:
        raise InvalidParameterError(_("Everyone has already answered."))
    who = _acting(seat, waiting[0])
    join = decision.get("join")
    if not isinstance(join, bool):
        raise InvalidParameterError(_("Answer whether you join: yes or no."))
    new = state.clone()
    live = find(new, pending.id)
    live.data["answers"] = {**answers, str(who): join}
    live.waiting_for = waiting[1:]
    event = public(Kind.JOINER_ANSWERED, JoinerAnswered(seat=who, joins=join), who)
    if live.waiting_for:
        return Outcome(new, (event,))
    joiners = [s for s in eligible if live.data["answers"][str(s)]]
    resumed = effects.resume(new, catalog, ruleset, dice, pending.id, {"joiners": joiners})
    return Outcome(resumed.state, (event, *resumed.events))


def _condition(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    if seat is not None:
        raise NotEligibleError(_("The director rules this condition."))
    return effects.resume(
        state, catalog, ruleset, dice, pending.id, {"holds": decision.get("holds")}
    )


def _discard(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    choices = {int(k): v for k, v in pending.data["choices"].items()}
    chosen = dict(pending.data.get("chosen", {}))
    waiting = [s for s in choices if str(s) not in chosen]
    if seat is None:
        if not waiting:
            raise InvalidParameterError(_("Everyone has chosen."))
        who = int(decision.get("seat", waiting[0]))
    else:
        who = seat
    if who not in waiting:
        raise NotEligibleError(_("You have nothing to choose here."))
    tactics = decision.get("tactics")
    if not isinstance(tactics, list):
        raise InvalidParameterError(_("Choose the tactics to discard."))
    new = state.clone()
    live = find(new, pending.id)
    live.data["chosen"] = {**chosen, str(who): list(tactics)}
    live.waiting_for = [s for s in waiting if s != who]
    if live.waiting_for:
        return Outcome(
            new,
            (private(Kind.DISCARDS_CHOSEN, (who,), DiscardsChosen(tactics=list(tactics)), who),),
        )
    picked = {int(k): v for k, v in live.data["chosen"].items()}
    return effects.resume(new, catalog, ruleset, dice, pending.id, {"tactics": picked})


def _reaction(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    """The owner uses a paid reaction (paying now) or lets it pass (§4.3)."""
    data = pending.data
    owner = _acting(seat, data["seat"])
    reaction = reactions.Reaction(owner, data["source"], data["ability"], data["mandatory"])
    cleared = state.clone()
    cleared.pending = [p for p in cleared.pending if p.id != pending.id]
    if decision.get("use"):
        params = decision.get("params") or {}
        if not isinstance(params, Mapping):
            raise InvalidParameterError(_("A reaction's boxes are named values."))
        return reactions.use(
            cleared,
            catalog,
            ruleset,
            dice,
            reaction,
            dict(params),
            secret=data["secret"],
            group=bool(data.get("group")),
        )
    return reactions.decline(cleared, reaction)


def _manual(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    if seat is not None:
        raise NotEligibleError(_("The director applies manual effects."))
    return effects.resume(state, catalog, ruleset, dice, pending.id, {})


def _distribution(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    """A distributor's split or a kingdomless player's income (§4.11); the director, deciding
    for an absent player, applies the default one."""
    if seat is not None and seat not in pending.waiting_for:
        raise NotEligibleError(_("This distribution is not yours to make."))
    if seat is None:
        decision = production_phase.default_decision(state, pending)
    return production_phase.decide_distribution(state, ruleset, pending.id, decision)


def _insurrection(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    return insurrection_flow.decide(state, catalog, ruleset, dice, pending.id, seat, decision)


def _appointments(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    pending: Pending,
    seat: int | None,
    decision: Mapping[str, Any],
) -> Outcome:
    king = pending.data["king"]
    if seat is not None and seat != king:
        raise NotEligibleError(_("Only the new King closes the appointments."))
    return offices.close_appointments(state, king)


Transition = Callable[
    [GameState, cards.Catalog, Ruleset, Dice, Pending, int | None, Mapping[str, Any]], Outcome
]


# Every decision kind's transition, declared once (docs/principles.md, principle 9; its answer,
# name and asked code: ``decision_kinds.DECLARED``). ``decide`` looks the kind up here.
TRANSITIONS: dict[str, Transition] = {
    DecisionKind.LAW_CHOICE: _law_choice,
    DecisionKind.VOTE: _vote,
    DecisionKind.DUEL: _duel,
    DecisionKind.KINGDOM_JOINERS: _joiners,
    DecisionKind.CONDITION: _condition,
    DecisionKind.DISCARD_CHOICE: _discard,
    DecisionKind.REACTION: _reaction,
    DecisionKind.MANUAL: _manual,
    DecisionKind.END_OF_GAME: endgame_turns.decide,
    DecisionKind.DISTRIBUTION: _distribution,
    DecisionKind.KINGDOMLESS_INCOME: _distribution,
    DecisionKind.INSURRECTION: _insurrection,
    DecisionKind.APPOINTMENTS: _appointments,
}
INTERACTIVE = tuple(TRANSITIONS)


def open_reactions(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    dice: Dice,
    events: Iterable[Event],
    *,
    secret: bool,
) -> Outcome:
    """Answer the triggers among ``events`` with the reactions they fire (§4.3, G21).

    In turn order: a free reaction with no boxes to fill is mandatory and applies at once; any
    other waits on its owner's phone as a ``reaction`` pending (the director may answer for an
    absent player). Triggers raised by those reactions are answered too, a few levels deep.
    """
    new = state.clone()
    out: list[Event] = []
    queue = [ev for ev in events if ev.kind == "trigger"]
    depth = 0
    while queue and depth < 5:
        ev, depth = queue.pop(0), depth + 1
        name: Any = ev.data.get("trigger")  # as the trigger's event names it
        found = reactions.firing(new, catalog, name, seats=_concerned(new, ev.data))
        for r in found:
            ability = cards.ability(
                catalog, effects.source_card(new, catalog, r.seat, r.source), r.ability
            )
            group = bool(ev.data.get("group"))
            if r.mandatory and not ability.get("params"):
                used = reactions.use(new, catalog, ruleset, dice, r, secret=secret, group=group)
                new = used.state
                out.extend(used.events)
                queue.extend(e for e in used.events if e.kind == "trigger")
                continue
            out.append(_offer_reaction(new, r, name, secret=secret, group=group))
    return Outcome(new, tuple(out))


def _offer_reaction(
    state: GameState, r: reactions.Reaction, trigger: str, *, secret: bool, group: bool = False
) -> Event:
    """A reaction that waits on its owner's phone as a ``reaction`` pending (§4.3); the event
    offering it is the owner's alone. Mutates ``state``."""
    state.pending.append(
        Pending(
            state.next_pending_id,
            "reaction",
            {
                "seat": r.seat,
                "source": r.source,
                "ability": r.ability,
                "mandatory": r.mandatory,
                "trigger": trigger,
                "secret": secret,
                **({"group": True} if group else {}),
            },
            [r.seat],
        )
    )
    offered = private(
        Kind.REACTION_OFFERED,
        (r.seat,),
        ReactionOffered(
            pending=state.next_pending_id,
            trigger=trigger,
            source=r.source,
            ability=r.ability,
            mandatory=r.mandatory,
        ),
        r.seat,
    )
    state.next_pending_id += 1
    return offered


def _concerned(state: GameState, data: Mapping[str, Any]) -> list[int] | None:
    """Who a trigger is about (§4.3): a seat, a duel's participants, a kingdom's members, or
    the kingdomless group's members for the group's crisis (G51: they "es tracten com si
    formessin part d'un regne format per aquests jugadors"); None: everyone."""
    if "seat" in data and isinstance(data["seat"], int):
        return [data["seat"]]
    if "participants" in data:
        return list(data["participants"])
    if data.get("group"):
        return state.members(None)
    if "kingdom" in data and data["kingdom"] is not None:
        return state.members(data["kingdom"])
    return None
