"""What each viewer may see of the decisions the game is waiting for (DESIGN principle 3).

Allow-listed per kind of pending. A player sees the decisions asked of them and the public
part of the others (a vote's running totals, who has put a fist in); a duel's fists stay
hidden until the reveal, and a hidden asset under dispute is never named.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from consell.rules import decisions, procedures, votes
from consell.rules.cards import card as card_of
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState

from . import end_of_game_view, manual_view
from .naming import kingdom_names
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


def for_seat(state: GameState, catalog, ruleset: Ruleset, seat: int | None, language, text):
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


def _title(catalog, instance, language, text) -> str:
    return text(card_of(catalog, instance).get("title"), language)


def _project(state, catalog, ruleset, p, seat, names, language, text) -> dict[str, Any] | None:
    if not shown_to(p, seat):
        return None
    mine = seat is None or seat in p.waiting_for
    base = {
        "id": p.id,
        "kind": p.kind,
        "mine": mine,
        "waiting_for": [names.get(s, s) for s in p.waiting_for],
    }
    data = p.data
    if p.kind == "law_choice":
        return {
            **base,
            "laws": [(law, _title(catalog, law, language, text)) for law in data["row"]],
        }
    if p.kind == "vote":
        ballot = decisions.ballot(p, state, ruleset)
        finished = votes.is_finished(ballot)
        about = (
            _title(catalog, data["law"], language, text)
            if data.get("motion") == "law"
            else names.get(data.get("applicant"), "")
        )
        return {
            **base,
            "motion": data.get("motion"),
            "about": about,
            "kingdom": kingdom_names(state, catalog, language).get(data.get("kingdom"), ""),
            "for_total": ballot.total(votes.Side.FOR),
            "against_total": ballot.total(votes.Side.AGAINST),
            "record": [
                {
                    "name": names.get(t.seat),
                    "side": str(t.side) if t.side else None,
                    "amount": t.amount,
                }
                for t in ballot.record
            ],
            "my_turn": not finished and seat in (None, votes.next_voter(ballot)),
            "next": names.get(votes.next_voter(ballot)) if not finished else None,
            "tie_break": finished and seat in (None, ballot.tie_breaker),
            "my_side": str(ballot.side_of(seat)) if seat and ballot.side_of(seat) else None,
            "eligible": seat is None or seat in ballot.order,
        }
    if p.kind == "duel":
        # Duels are fought in front of the table (§4.8): everyone follows who has committed.
        participants = list(data["participants"])
        committed = [names.get(int(s)) for s in data.get("fists", {})]
        asset = data.get("asset")
        return {
            **base,
            "participants": [names.get(s) for s in participants],
            "resources": list(data["resources"]),
            "committed": committed,
            "my_fist_in": seat is not None and str(seat) in data.get("fists", {}),
            "to_commit": [
                (s, names.get(s)) for s in participants if str(s) not in data.get("fists", {})
            ],
            "purpose": data.get("purpose", "card"),
            "asset": None
            if not asset or data.get("hidden")
            else _title(catalog, asset, language, text),
        }
    if p.kind == "kingdom_joiners":
        answers = data.get("answers", {})
        waiting = [s for s in data["eligible"] if str(s) not in answers]
        return {
            **base,
            "founder": names.get(data["founder"]),
            "my_turn": seat is None or (bool(waiting) and waiting[0] == seat),
        }
    if p.kind == "discard_choice":
        count = data["choices"].get(str(seat), 0) if seat is not None else 0
        hand = state.player(seat).tactics if seat is not None else []
        return {
            **base,
            "count": count,
            "hand": [(t, _title(catalog, t, language, text)) for t in hand],
        }
    if p.kind == "reaction":
        instance = _source_instance(state, data)
        ability: Mapping[str, Any] = (
            next(
                (
                    a
                    for a in card_of(catalog, instance).get("abilities", [])
                    if a["id"] == data["ability"]
                ),
                {},
            )
            if instance
            else {}
        )
        return {
            **base,
            "owner": names.get(data["seat"]),
            "title": text(ability.get("title"), language),
            "text": text(ability.get("text"), language),
            "cost": dict(ability.get("cost") or {}),
            "trigger": data["trigger"],
            "fields": [_field(pp, {}, language, text) for pp in ability.get("params", [])],
        }
    if p.kind == "distribution":
        members = list(data["members"])
        return {
            **base,
            "resource": data["resource"],
            "amount": data["amount"],
            "kingdom": kingdom_names(state, catalog, language).get(data["kingdom"], ""),
            "distributor": names.get(data["distributor"]),
            "favor": data["resource"] == "FAV",
            "members": [
                (s, names.get(s))
                for s in members
                if not (data["resource"] == "FAV" and s == data["king"])
            ],
            "keep": min(data.get("keep_limit", ruleset.distributor_keep), data["amount"]),
        }
    if p.kind == "kingdomless_income":
        return {
            **base,
            "income": ruleset.kingdomless_income,
            "choices": ["POW", "MON", "INT", "FOR", "FAI"],
        }
    if p.kind == "insurrection":
        flow = data.get("flow", {})
        return {
            **base,
            "kingdom": kingdom_names(state, catalog, language).get(data.get("kingdom"), ""),
            "stage": flow.get("stage"),
            "dice": list(flow.get("dice", [])),
            "target": flow.get("target"),
            "pledges": [(names.get(p["seat"]), p["amount"]) for p in flow.get("pledges", [])],
            "indicator_choices": list(flow.get("indicator_choices", [])),
        }
    if p.kind == "end_of_game":
        return {**base, **end_of_game_view.project(state, catalog, p, seat, names, language, text)}
    if p.kind == "appointments":
        return {**base}
    if p.kind == "manual":
        return {**base, **manual_view.project(state, catalog, data, names, language, text)}
    if p.kind == "condition":
        # A condition the app cannot judge is {test: manual, text}.
        words = (data.get("condition") or {}).get("text")
        return {**base, "text": text(words, language) if isinstance(words, dict) else ""}
    if seat is None:
        return {
            **base,
            "procedure": p.kind in procedures.AUTOMATIC,
            "data": {k: v for k, v in data.items() if k != "continuation"},
        }
    return {**base}


def _source_instance(state: GameState, data) -> str | None:
    kind, _, name = data["source"].partition(":")
    if kind == "house":
        return state.player(data["seat"]).house
    return name or None
