"""What a player can put in their piles, with a form field for each box (rules §3.2, §1.9).

Built for the player's own view only (``visibility.view_for``): it lists abilities of the
cards they hold, and offers choices taken from public information (players, kingdoms, the law
row, the market, visible assets) plus their own assets. Nothing here reveals anyone else's
hidden holdings. Each box offers only what the rules accept there now (``params.offered``):
the players of the card's scope, the kingdoms that exist, the laws in the row. An asset a card
seizes from its target is chosen among that target's visible assets, grouped by target
(``depends_on``), and a value the phone did not offer is refused when the tile is added
(``refusal``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.utils.translation import gettext as _

from consell.game.naming import kingdom_names
from consell.projection.phone_forms import ContributionForm
from consell.rules import lasting
from consell.rules import params as rules_params
from consell.rules.card_shapes import Ability, Param
from consell.rules.cards import Catalog, of_kind
from consell.rules.cards import card as card_of
from consell.rules.names import param_name
from consell.rules.planning import allowances
from consell.rules.resources import INDICATORS, RESOURCES, Resource
from consell.rules.state import GameState

PLANNED_TYPES = ("action", "secret", "indication")


def sources(state: GameState, catalog: Catalog, seat: int) -> list[tuple[str, str]]:
    """(source, card instance) for every card whose tiles this player holds."""
    p = state.player(seat)
    out = []
    if p.house:
        out.append(("house", p.house))
    out += [(f"office:{o}", o) for o in state.offices_of(seat)]
    out += [(f"common:{cid}", cid) for cid in _common_actions(catalog)]
    out += [(f"tactic:{t}", t) for t in p.tactics]
    out += [(f"asset:{a}", a) for a in p.assets]
    return out


def _common_actions(catalog: Catalog) -> list[str]:
    return of_kind(catalog, "common_action")


def plannable(
    state: GameState, catalog: Catalog, seat: int, language: str, text
) -> list[dict[str, Any]]:
    """Every ability this player could plan now, already planned ones marked."""
    planned = Counter(
        (t.source, t.ability)
        for pile in ("indications", "actions", "secrets")
        for t in getattr(state.player(seat).plan, pile)
    )
    choices = _choices(state, catalog, seat, language, text)
    times_allowed = allowances(state, catalog, seat)
    out = []
    for source, instance in sources(state, catalog, seat):
        c = card_of(catalog, instance)
        for a in c.get("abilities", []):
            if a.get("type") not in PLANNED_TYPES:
                continue
            fields = _fields(state, catalog, seat, a, choices, language, text)
            if any(f["type"] == "contributions" and not f["choices"] for f in fields):
                continue  # no crisis of the player's kingdom to contribute to (§4.10)
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
                    "planned": planned[(source, a["id"])] >= times_allowed(source, a["id"]),
                    "fields": fields,
                }
            )
    return out


def _field(param: Param, choices: dict, language: str, text) -> dict[str, Any]:
    kind = param["type"]
    return {
        "name": param["name"],
        "type": kind,
        "label": text(param.get("title"), language) or param_name(param["name"], kind),
        "optional": bool(param.get("optional", False)),
        "min": param.get("min"),
        "max": param.get("max"),
        "choices": choices.get(kind, []) if kind != "resource" else _resources(param),
    }


def _fields(
    state, catalog: Catalog, seat: int, ability: Ability, choices, language, text
) -> list[dict]:
    """The boxes of one ability, each offering only the values the rules accept now."""
    fields = []
    for spec in ability.get("params", []):
        field = _field(spec, choices, language, text)
        # Resource boxes and the crisis contributions' entries are not lists of values.
        if field["choices"] and field["type"] not in ("resource", "contributions"):
            allowed = rules_params.offered(
                state, catalog, seat, spec, [v for v, _label in field["choices"]]
            )
            field["choices"] = [c for c in field["choices"] if c[0] in allowed]
        fields.append(field)
    by_name = {f["name"]: f for f in fields}
    for asset, owner in _seized(ability).items():
        if asset in by_name and owner in by_name:
            _group_by_owner(state, catalog, by_name[asset], by_name[owner], language, text)
    return fields


def _seized(ability: Ability) -> dict[str, str]:
    """Asset boxes naming what an effect seizes from the player of another box (asset -> owner)."""
    out = {}
    for step in ability.get("effect") or []:
        if isinstance(step, dict) and step.get("op") == "seize_asset":
            asset, owner = step.get("asset"), step.get("from")
            if isinstance(asset, str) and isinstance(owner, str):
                out[asset.removeprefix("$")] = owner.removeprefix("$")
    return out


def _group_by_owner(state, catalog: Catalog, field: dict, owner: dict, language, text) -> None:
    """Offer each possible target's visible assets, under the target's name (§1.10)."""
    groups = []
    for seat, name in owner["choices"]:
        assets = [
            (a, text(card_of(catalog, a).get("title"), language))
            for a in state.player(seat).assets
            if card_of(catalog, a).get("visibility") == "visible"
        ]
        if assets:
            groups.append({"seat": seat, "name": name, "choices": assets})
    field["depends_on"] = owner["name"]
    field["groups"] = groups
    field["choices"] = [c for g in groups for c in g["choices"]]


def refusal(fields: list[dict], params: dict) -> str | None:
    """Why the phone's boxes cannot be added as they are, in the player's words, or None.

    Every required box is filled (§3.2), every value is one the phone offered, and an asset
    seized from a target is one of that target's.
    """
    by_name = {f["name"]: f for f in fields}
    for f in fields:
        value = params.get(f["name"])
        if rules_params.is_empty(value):
            if not f["optional"]:
                return _("Fill in the box “%(box)s”.") % {"box": f["label"]}
            continue
        if f["type"] == "contributions":  # the rules check each crisis's entry (§4.10, G36)
            continue
        offered = {v for v, _label in f["choices"]}
        values = value if isinstance(value, list) else [value]
        if f["type"] not in ("amount", "text") and any(v not in offered for v in values):
            return _("The box “%(box)s” holds a value that is not offered.") % {"box": f["label"]}
        if f.get("depends_on"):
            owner = params.get(f["depends_on"])
            owners = owner if isinstance(owner, list) else [owner]
            held = {a for g in f["groups"] if g["seat"] in owners for a, _t in g["choices"]}
            if value not in held:
                names = ", ".join(n for s, n in by_name[f["depends_on"]]["choices"] if s in owners)
                if not names:
                    return _("The box “%(box)s” holds a value that is not offered.") % {
                        "box": f["label"]
                    }
                return _("Choose an asset that %(name)s holds in sight.") % {"name": names}
    return None


def _resources(param: Param) -> list[tuple[str, str]]:
    allowed = param.get("of") or [str(r) for r in RESOURCES]
    return [(r, r) for r in allowed]


def _choices(state: GameState, catalog: Catalog, seat: int, language: str, text) -> dict[str, list]:
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
        "contributions": _crises(state, catalog, me.seat, title),
    }


def _crises(state: GameState, catalog: Catalog, seat: int, title) -> list[dict[str, Any]]:
    """The crises in play for the player's kingdom (or group), with the types each accepts
    (with those a law or event in force adds, for this player) and Favor, which stands in for
    any of them (§4.10, G13, G36)."""
    kingdom = state.player(seat).kingdom
    out = []
    for c in state.in_play:
        if c.kind != "crisis" or c.kingdom != kingdom:
            continue
        printed = [Resource(r) for r in card_of(catalog, c.card).get("accepts", [])]
        accepts = [str(r) for r in lasting.crisis_accepts(state, catalog, kingdom, printed, seat)]
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
