"""How often each mechanic ran in a simulated game (issue 12 item 9), for tuning a ruleset.

Most counts are read back from the event log, as the audit reads it: kingdoms founded and
joined, expulsions, successions (and how many were fought), dissolutions, assets seized, votes
and how many were decided with nobody spending (§4.7), reactions used by the trigger that
fired them (§4.3). What a law in force or a lasting event changed is not an event of its own
(the engine consults the rule where it applies, ``consell.rules.lasting``), so the runner
counts it while it plays: ``LastingTally`` looks at the rules in force before each step and at
what the step logged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from consell.rules import cards, lasting
from consell.rules.event_kinds import Kind
from consell.rules.payloads import (
    AbilityExecuted,
    CrisisResolved,
    Distributed,
    Production,
    VoteDecided,
    VoteOpened,
    payload,
)
from consell.rules.state import GameState

# The event a step logs where a lasting rule of each kind is consulted (``lasting.py``).
CONSULTED_AT = {
    "crisis_threshold": Kind.CRISIS_RESOLVED,
    "crisis_accepts": Kind.CRISIS_RESOLVED,
    "production": Kind.PRODUCTION,
    "privilege": Kind.DISTRIBUTED,
    "vigilance": Kind.VIGILANCE_COMMITTED,
    "tie_break": Kind.VOTE_TIED,
    "law_passed": Kind.VOTE_DECIDED,
    "extra_cost": Kind.ABILITY_EXECUTED,
}


def reaction_triggers(catalog: cards.Catalog) -> dict[str, str]:
    """Reaction ability id -> the trigger it answers, from the pack's cards."""
    out: dict[str, str] = {}
    for card in catalog.values():
        for ability in card.get("abilities", []):
            if ability.get("type") == "reaction":
                out.setdefault(ability["id"], ability.get("trigger", ""))
    return out


def count(events: Iterable[tuple[str, Mapping[str, Any]]], catalog: cards.Catalog) -> dict:
    """The mechanics counts of one game, from its events (kind, payload) in log order."""
    kinds: Counter[str] = Counter()
    reactions: Counter[str] = Counter()
    triggers = reaction_triggers(catalog)
    open_votes: list[int] = []
    no_spend = contested = joins = 0
    for kind, data in events:
        kinds[kind] += 1
        event = {"kind": kind, "data": data}
        if kind == Kind.VOTE_OPENED:
            open_votes.append(0)
            joins += payload(event, VoteOpened)["motion"] == "join"
        elif kind == Kind.VOTE_SPEND and open_votes:
            open_votes[-1] += 1
        elif kind == Kind.VOTE_DECIDED and open_votes:
            no_spend += open_votes.pop() == 0
        elif kind == Kind.ABILITY_EXECUTED:
            ability = payload(event, AbilityExecuted)["ability"]
            if ability in triggers:
                reactions[triggers[ability]] += 1
        elif kind == Kind.SUCCESSION_STRUGGLE:
            contested += 1
    return {
        "mechanics": {
            "kingdoms_founded": kinds[Kind.KINGDOM_CREATED],
            "joins_asked": joins,
            "kingdoms_joined": kinds[Kind.KINGDOM_JOINED],
            "expulsions": kinds[Kind.EXPELLED],
            "executions": kinds[Kind.EXECUTED],
            "successions_contested": contested,
            "kings_crowned": kinds[Kind.KING_CROWNED],
            "kingdoms_dissolved": kinds[Kind.KINGDOM_DISSOLVED],
            "assets_seized": kinds[Kind.ASSET_SEIZED],
            "votes_without_spend": no_spend,
            "trades": kinds[Kind.TRADE],
            "manual_steps": kinds[Kind.MANUAL_EFFECT],
        },
        "reactions": dict(sorted(reactions.items())),
    }


class LastingTally:
    """Counts each lasting rule in force at the step where the engine consulted it.

    ``before`` is called with the state a step acts on, ``after`` with the (kind, payload) of
    the events that step logged. A rule counts once for each event of the kind it governs (a
    crisis resolved, a production, a tied vote...) in its kingdom or everywhere; a ``forbid``
    counts when the engine logs that it forbade something (``lasting_forbade``); a ``manual``
    rule once each turn its moment comes, when the director is shown it.
    """

    def __init__(self, catalog: cards.Catalog) -> None:
        self.catalog = catalog
        self.applied = 0
        self._active: list[lasting.Active] = []
        self._shown: set[tuple] = set()

    def before(self, state: GameState) -> bool:
        """Note the rules in force; True when the step's events are worth reading."""
        self._active = list(lasting.active(state, self.catalog))
        self._state = state
        for a in lasting.manual_now(state, self.catalog) if self._active else ():
            key = (a.card, a.kingdom, str(a.rule.get("at")), state.turn)
            if key not in self._shown:
                self._shown.add(key)
                self.applied += 1
        return bool(self._active)

    def after(self, events: Iterable[tuple[str, Mapping[str, Any]]]) -> None:
        for kind, data in events:
            if kind == Kind.LASTING_FORBADE:
                self.applied += 1
                continue
            for a in self._active:
                name = str(a.rule.get("rule"))
                if CONSULTED_AT.get(name) == kind and self._in_scope(a, kind, data):
                    self.applied += 1

    def _in_scope(self, a: lasting.Active, kind: str, data: Mapping[str, Any]) -> bool:
        rule, event = a.rule, {"kind": kind, "data": data}
        if kind == Kind.CRISIS_RESOLVED:
            crisis = payload(event, CrisisResolved)
            if not a.applies_to(crisis["kingdom"]):
                return False
            return rule.get("accepts") in cards.card(self.catalog, crisis["card"]).get(
                "accepts", []
            )
        if kind == Kind.PRODUCTION:
            return a.applies_to(payload(event, Production)["kingdom"])
        if kind == Kind.DISTRIBUTED:
            shared = payload(event, Distributed)
            return a.applies_to(shared["kingdom"]) and shared["resource"] == rule.get("resource")
        if kind == Kind.VOTE_DECIDED:
            vote = payload(event, VoteDecided)
            return a.applies_to(vote["kingdom"]) and vote["motion"] == "law" and vote["passed"]
        if kind == Kind.VIGILANCE_COMMITTED:
            return any(a.applies_to(p.kingdom) for p in self._state.players)
        if kind == Kind.ABILITY_EXECUTED:
            return self._runs_op(payload(event, AbilityExecuted)["ability"], rule.get("op"))
        return True

    def _runs_op(self, wanted: str, op: str | None) -> bool:
        for card in self.catalog.values():
            for ability in card.get("abilities", []):
                if ability.get("id") == wanted:
                    steps = ability.get("effect") or []
                    return any(isinstance(s, dict) and s.get("op") == op for s in steps)
        return False
