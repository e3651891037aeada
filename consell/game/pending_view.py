"""What each viewer may see of the decisions the game is waiting for (DESIGN principle 3).

Allow-listed per kind of pending. A player sees the decisions asked of them and the public
part of the others (a vote's running totals, who has put a fist in); a duel's fists stay
hidden until the reveal, and a hidden asset under dispute is never named.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from consell.rules import decisions, procedures, votes
from consell.rules.card_shapes import Ability
from consell.rules.cards import Catalog
from consell.rules.cards import card as card_of
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState

from . import end_of_game_view, manual_view
from .naming import ability_or_nothing, kingdom_names
from .planner import _field

# Director steps are driven from the turn panel, not asked of anyone.
TURN_PANEL = ("step",)
# Decided in front of the table: every seat follows them (a duel's fists stay hidden).
PUBLIC_KINDS = (
    "vote",
    "duel",
    "kingdom_joiners",
    "distribution",
    "kingdomless_income",
    "insurrection",
    "end_of_game",  # everything is revealed at the end (§4.17)
)


def shown_to(pending, seat: int | None) -> bool:
    """May this viewer know the pending exists? The director always; a seat when it is decided
    in public or asked of them, and a reaction only its owner (G52: a reaction's trigger can
    tell when a secret touched someone). Conditions and manual effects are the director's."""
    if seat is None:
        return True
    if pending.kind in TURN_PANEL or pending.kind in ("condition", "manual"):
        return False
    if pending.kind == "reaction":
        return seat == pending.data.get("seat")
    return pending.kind in PUBLIC_KINDS or seat in pending.waiting_for


def for_seat(
    state: GameState, catalog: Catalog, ruleset: Ruleset, seat: int | None, language, text
):
    """The pendings a player is asked to decide, and the public ones they may follow."""
    names = {p.seat: p.name for p in state.players}
    out = []
    for p in state.pending:
        if p.kind in TURN_PANEL:
            continue
        view = _project(state, catalog, ruleset, p, seat, names, language, text)
        if view is not None:
            out.append(view)
    return out


def _title(catalog: Catalog, instance, language, text) -> str:
    return text(card_of(catalog, instance).get("title"), language)


@dataclass(frozen=True)
class _Seen:
    """One pending as one viewer sees it, with what its projection reads."""

    state: GameState
    catalog: Any
    ruleset: Ruleset
    p: Any  # the Pending
    seat: int | None
    names: Mapping[Any, str]  # seat -> name; a missing seat reads as None
    language: str
    text: Callable[..., str]

    @property
    def data(self) -> Mapping[str, Any]:
        return self.p.data

    def title(self, instance: str) -> str:
        return _title(self.catalog, instance, self.language, self.text)

    def kingdom(self, kingdom_id) -> str:
        return kingdom_names(self.state, self.catalog, self.language).get(kingdom_id, "")


def _project(
    state, catalog: Catalog, ruleset, p, seat, names, language, text
) -> dict[str, Any] | None:
    """The allow-listed view of one pending: what every viewer may see of it (``base``) and
    what its kind adds (``PROJECTIONS``); a kind without one shows the director its data."""
    if not shown_to(p, seat):
        return None
    base = {
        "id": p.id,
        "kind": p.kind,
        "mine": seat is None or seat in p.waiting_for,
        "waiting_for": [names.get(s, s) for s in p.waiting_for],
    }
    seen = _Seen(state, catalog, ruleset, p, seat, names, language, text)
    project = PROJECTIONS.get(p.kind, _unknown)
    return {**base, **project(seen)}


def _law_choice(v: _Seen) -> dict[str, Any]:
    return {"laws": [(law, v.title(law)) for law in v.data["row"]]}


def _vote(v: _Seen) -> dict[str, Any]:
    data, seat, names = v.data, v.seat, v.names
    ballot = decisions.ballot(v.p, v.state, v.ruleset)
    finished = votes.is_finished(ballot)
    law = data.get("motion") == "law"
    waits = decisions.held(v.state, v.p)
    return {
        "motion": data.get("motion"),
        "about": v.title(data["law"]) if law else names.get(data.get("applicant"), ""),
        "kingdom": v.kingdom(data.get("kingdom")),
        "for_total": ballot.total(votes.Side.FOR),
        "against_total": ballot.total(votes.Side.AGAINST),
        "record": [
            {"name": names.get(t.seat), "side": str(t.side) if t.side else None, "amount": t.amount}
            for t in ballot.record
        ],
        "held": waits,
        "my_turn": not finished and not waits and seat in (None, votes.next_voter(ballot)),
        "next": names.get(votes.next_voter(ballot)) if not finished else None,
        "tie_break": finished and seat in (None, ballot.tie_breaker),
        "my_side": str(ballot.side_of(seat)) if seat and ballot.side_of(seat) else None,
        "eligible": seat is None or seat in ballot.order,
    }


def _duel(v: _Seen) -> dict[str, Any]:
    # Duels are fought in front of the table (§4.8): everyone follows who has committed.
    data, names = v.data, v.names
    participants = list(data["participants"])
    fists = data.get("fists", {})
    asset = data.get("asset")
    return {
        "participants": [names.get(s) for s in participants],
        "resources": list(data["resources"]),
        "committed": [names.get(int(s)) for s in fists],
        "my_fist_in": v.seat is not None and str(v.seat) in fists,
        "to_commit": [(s, names.get(s)) for s in participants if str(s) not in fists],
        "purpose": data.get("purpose", "card"),
        "asset": None if not asset or data.get("hidden") else v.title(asset),
    }


def _kingdom_joiners(v: _Seen) -> dict[str, Any]:
    answers = v.data.get("answers", {})
    waiting = [s for s in v.data["eligible"] if str(s) not in answers]
    return {
        "founder": v.names.get(v.data["founder"]),
        "my_turn": v.seat is None or (bool(waiting) and waiting[0] == v.seat),
    }


def _discard_choice(v: _Seen) -> dict[str, Any]:
    seat = v.seat
    count = v.data["choices"].get(str(seat), 0) if seat is not None else 0
    hand = v.state.player(seat).tactics if seat is not None else []
    return {"count": count, "hand": [(t, v.title(t)) for t in hand]}


def _reaction(v: _Seen) -> dict[str, Any]:
    data = v.data
    instance = _source_instance(v.state, data)
    card = card_of(v.catalog, instance) if instance else None
    # A card without the ability shows no words and no boxes.
    ability = ability_or_nothing(card, data["ability"]) or Ability(
        id=data["ability"], type="reaction", title={}, text={}
    )
    return {
        "owner": v.names.get(data["seat"]),
        "title": v.text(ability["title"], v.language),
        "text": v.text(ability["text"], v.language),
        "cost": dict(ability.get("cost") or {}),
        "trigger": data["trigger"],
        "fields": [_field(pp, {}, v.language, v.text) for pp in ability.get("params", [])],
    }


def _distribution(v: _Seen) -> dict[str, Any]:
    data = v.data
    favor = data["resource"] == "FAV"
    return {
        "resource": data["resource"],
        "amount": data["amount"],
        "kingdom": v.kingdom(data["kingdom"]),
        "distributor": v.names.get(data["distributor"]),
        "favor": favor,
        "members": [
            (s, v.names.get(s)) for s in data["members"] if not (favor and s == data["king"])
        ],
        "keep": min(data.get("keep_limit", v.ruleset.distributor_keep), data["amount"]),
    }


def _kingdomless_income(v: _Seen) -> dict[str, Any]:
    return {"income": v.ruleset.kingdomless_income, "choices": ["POW", "MON", "INT", "FOR", "FAI"]}


def _insurrection(v: _Seen) -> dict[str, Any]:
    flow = v.data.get("flow", {})
    return {
        "kingdom": v.kingdom(v.data.get("kingdom")),
        "stage": flow.get("stage"),
        "dice": list(flow.get("dice", [])),
        "target": flow.get("target"),
        "pledges": [(v.names.get(p["seat"]), p["amount"]) for p in flow.get("pledges", [])],
        "indicator_choices": list(flow.get("indicator_choices", [])),
    }


def _end_of_game(v: _Seen) -> dict[str, Any]:
    return end_of_game_view.project(v.state, v.catalog, v.p, v.seat, v.names, v.language, v.text)


def _manual(v: _Seen) -> dict[str, Any]:
    return manual_view.project(v.state, v.catalog, v.data, v.names, v.language, v.text)


def _condition(v: _Seen) -> dict[str, Any]:
    # A condition the app cannot judge is {test: manual, text}.
    words = (v.data.get("condition") or {}).get("text")
    return {"text": v.text(words, v.language) if isinstance(words, dict) else ""}


def _unknown(v: _Seen) -> dict[str, Any]:
    """A kind with no projection of its own: the director sees its data, a seat nothing more."""
    if v.seat is not None:
        return {}
    return {
        "procedure": v.p.kind in procedures.AUTOMATIC,
        "data": {k: val for k, val in v.data.items() if k != "continuation"},
    }


# Each kind of pending and what a viewer sees of it beyond ``base`` (DESIGN principle 3).
PROJECTIONS: dict[str, Callable[[_Seen], dict[str, Any]]] = {
    "law_choice": _law_choice,
    "vote": _vote,
    "duel": _duel,
    "kingdom_joiners": _kingdom_joiners,
    "discard_choice": _discard_choice,
    "reaction": _reaction,
    "distribution": _distribution,
    "kingdomless_income": _kingdomless_income,
    "insurrection": _insurrection,
    "end_of_game": _end_of_game,
    "appointments": lambda v: {},
    "manual": _manual,
    "condition": _condition,
}


def _source_instance(state: GameState, data) -> str | None:
    kind, _, name = data["source"].partition(":")
    if kind == "house":
        return state.player(data["seat"]).house
    return name or None
