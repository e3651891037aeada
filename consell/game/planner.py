"""What a player can put in their piles, with a form field for each box (rules §3.2, §1.9).

Built for the player's own view only (``visibility.view_for``): it lists abilities of the
cards they hold, and offers choices taken from public information (players, kingdoms, the law
row, the market) plus their own assets. Nothing here reveals anyone else's holdings.
"""

from __future__ import annotations

from typing import Any

from consell.rules.cards import card as card_of
from consell.rules.resources import INDICATORS, RESOURCES
from consell.rules.state import GameState

from . import words
from .naming import kingdom_names
from .phone_forms import ContributionForm

PLANNED_TYPES = ("action", "secret", "indication")


def sources(state: GameState, catalog, seat: int) -> list[tuple[str, str]]:
    """(source, card instance) for every card whose tiles this player holds."""
    p = state.player(seat)
    out = []
    if p.house:
        out.append(("house", p.house))
    out += [(f"office:{o}", o) for o in state.offices_of(seat)]
    out += [
        (f"common:{cid}", cid) for cid, c in catalog.items() if c.get("kind") == "common_action"
    ]
    out += [(f"tactic:{t}", t) for t in p.tactics]
    out += [(f"asset:{a}", a) for a in p.assets]
    return out


def plannable(state: GameState, catalog, seat: int, language: str, text) -> list[dict[str, Any]]:
    """Every ability this player could plan now, already planned ones marked."""
    planned = {
        (t.source, t.ability)
        for pile in ("indications", "actions", "secrets")
        for t in getattr(state.player(seat).plan, pile)
    }
    choices = _choices(state, catalog, seat, language, text)
    out = []
    for source, instance in sources(state, catalog, seat):
        c = card_of(catalog, instance)
        for a in c.get("abilities", []):
            if a.get("type") not in PLANNED_TYPES:
                continue
            out.append(
                {
                    "source": source,
                    "ability": a["id"],
                    "card": text(c.get("title"), language),
                    "title": text(a.get("title"), language),
                    "text": text(a.get("text"), language),
                    "type": a["type"],
                    "cost": dict(a.get("cost") or {}),
                    "keywords": list(a.get("keywords", [])),
                    "planned": (source, a["id"]) in planned,
                    "fields": [_field(p, choices, language, text) for p in a.get("params", [])],
                }
            )
    return out


def _field(param: dict, choices: dict, language: str, text) -> dict[str, Any]:
    kind = param["type"]
    return {
        "name": param["name"],
        "type": kind,
        "label": text(param.get("title"), language) or words.param_label(param["name"]),
        "optional": bool(param.get("optional", False)),
        "min": param.get("min"),
        "max": param.get("max"),
        "choices": choices.get(kind, []) if kind != "resource" else _resources(param),
    }


def _resources(param: dict) -> list[tuple[str, str]]:
    allowed = param.get("of") or [str(r) for r in RESOURCES]
    return [(r, r) for r in allowed]


def _choices(state: GameState, catalog, seat: int, language: str, text) -> dict[str, list]:
    me = state.player(seat)
    title = lambda i: text(card_of(catalog, i).get("title"), language)  # noqa: E731
    assets = state.market.get("row1", []) + [
        a for a in me.assets if a not in state.market.get("row1", [])
    ]
    return {
        "player": [(p.seat, p.name) for p in state.players],
        "players": [(p.seat, p.name) for p in state.players],
        "kingdom": list(kingdom_names(state, catalog, language).items()),
        "law": [(law, title(law)) for law in state.law_row],
        "asset": [(a, title(a)) for a in assets],
        "indicator": [(str(i), str(i)) for i in INDICATORS],
        "office": sorted(
            {(o, title(o)) for k in state.kingdoms for o in k.offices}, key=lambda x: x[1]
        ),
        "contributions": _crises(state, catalog, me.kingdom, title),
    }


def _crises(state: GameState, catalog, kingdom: int | None, title) -> list[dict[str, Any]]:
    """The crises in play for the player's kingdom (or group), with the types each accepts and
    Favor, which stands in for any of them (§4.10, G13, G36)."""
    out = []
    for c in state.in_play:
        if c.kind != "crisis" or c.kingdom != kingdom:
            continue
        accepts = [str(r) for r in card_of(catalog, c.card).get("accepts", [])]
        codes = accepts + (["FAV"] if any(r != "PRE" for r in accepts) else [])
        out.append({"card": c.card, "title": title(c.card), "accepts": [(r, r) for r in codes]})
    return out


def parse_params(fields: list[dict], data) -> dict[str, Any]:
    """Turn form input into the plain values the rules expect (``consell.rules.params``).

    Unreadable input is left for the rules to refuse with a message naming the box.
    """
    out: dict[str, Any] = {}
    for f in fields:
        name, kind = f["name"], f["type"]
        if kind == "contributions":
            form = ContributionForm(data, box=name, crises=f["choices"])
            out[name] = form.entries() if form.is_valid() else _unreadable(form)
            continue
        if kind == "players":
            values = [v for v in data.getlist(name) if v != ""]
            if values:
                out[name] = [_int(v) for v in values]
            continue
        raw = data.get(name, "")
        if raw == "":
            continue
        out[name] = _int(raw) if kind in ("player", "kingdom", "amount") else raw
    return out


def _unreadable(form: ContributionForm) -> str:
    """An invalid contribution form, left for the rules to refuse with a message naming the box."""
    return "; ".join(str(e) for errors in form.errors.values() for e in errors)


def _int(value: str):
    try:
        return int(value)
    except (TypeError, ValueError):
        return value
