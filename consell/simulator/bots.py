"""Bots that play like people, and only what the rules allow (the simulator's players).

Each seat is a ``Person`` (``people.py``) whose weights bend every choice, and each choice has
a purpose a player at the table would recognise: a player with no kingdom, or alone in one,
asks to join the biggest kingdom that would take them before founding one (§4.12); members
vote newcomers in while their kingdom is small; a voter spends Power only in a vote they care
about, and only as much as it takes to lead (§4.7); members pay their share of their kingdom's
crises from the types they hold (§4.10, G36); contenders fight for a vacant throne (§4.12);
a plot that seizes an asset names one its target really holds in sight (§1.10).

A bot draws every choice from its own seeded ``random.Random``, never from the game's dice: the
game's dice come from the game's seed, so the same simulation seed gives the same game. The
people are drawn once from that seed, so they do not depend on the order of the choices. A bot
plans from what the player's own phone offers (``planner.plannable``), so it can only try what
a player could; a choice the rules refuse is dropped or handed to the director's default by the
runner, never forced.
"""

from __future__ import annotations

import math
import random
from typing import Any

from consell.projection.decisions import REGISTRY
from consell.projection.planner import plannable
from consell.projection.visibility import text
from consell.rules import cards, formula, lasting
from consell.rules.effects import source_card
from consell.rules.errors import RuleError
from consell.rules.resources import Resource
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState, Pending, Player
from consell.simulator.people import Person, ideal_size, leader, would_take

# How keen a bot is to plan each kind of tile it has no purpose for (indications every turn
# needs are likelier); the kingdom moves and crisis contributions are planned on purpose.
KEEN = {"indication": 0.7, "action": 0.3, "secret": 0.45}
PLAIN_AMOUNT = 4
PAID_IN = {"intrigue": Resource.INT, "_amount": Resource.MON}
KINGDOM_OPS = frozenset({"join_kingdom", "create_kingdom"})


class Bot:
    """Plans and decisions for every seat, weighed by who sits there, from one seeded generator."""

    def __init__(self, rng: random.Random, plant=None) -> None:
        self.rng = rng
        self.plant = plant  # the runner's ``Plant``: free text to write, or None
        self.table = rng.getrandbits(64)  # the seed the people and their opinions come from
        self.people: dict[int, Person] = {}

    def person(self, seat: int) -> Person:
        if seat not in self.people:
            self.people[seat] = Person.drawn(random.Random(f"{self.table}:{seat}"))
        return self.people[seat]

    def opinion(self, seat: int, about: str) -> float:
        """What a player thinks of a law, from -1 (against) to 1 (for): fixed for the game."""
        return random.Random(f"{self.table}:{seat}:{about}").uniform(-1, 1)

    # -- planning (rules §3.2) -------------------------------------------------------------

    def tiles(
        self, state: GameState, catalog, seat: int, ruleset: Ruleset
    ) -> list[tuple[str, str, dict]]:
        """(source, ability, params) of the tiles this player tries to plan this turn."""
        player, me = state.player(seat), self.person(seat)
        options = [o for o in plannable(state, catalog, seat, "en", text) if not o["planned"]]
        ops = {id(o): _ops(state, catalog, seat, o) for o in options}
        out = []
        move = self._kingdom_move(state, seat, [o for o in options if ops[id(o)] & KINGDOM_OPS])
        if move:
            out.append(move)
        earmarked: dict[Resource, int] = {}
        for option in options:
            fields = option["fields"]
            if ops[id(option)] & KINGDOM_OPS:
                continue
            contributions = next((f for f in fields if f["type"] == "contributions"), None)
            if contributions is not None:
                if contributions["choices"]:
                    entries = self._contributions(
                        state, catalog, ruleset, contributions["choices"], player
                    )
                    for entry in entries.values():
                        for code, n in entry.items():
                            earmarked[Resource(code)] = earmarked.get(Resource(code), 0) + n
                    out.append((option["source"], option["ability"], {"contributions": entries}))
                continue
            seizing = any(f.get("depends_on") for f in fields)
            keen = KEEN[option["type"]]
            if seizing:
                keen = me.boldness if any(f.get("groups") for f in fields) else 0.0
            if self.rng.random() >= keen:
                continue
            params = self._params(state, fields, player, seat, earmarked)
            if params is not None:
                out.append((option["source"], option["ability"], params))
        return out

    def _params(self, state, fields, player: Player, seat: int, earmarked) -> dict | None:
        """The boxes of one tile; None when it cannot be filled with a purpose."""
        params: dict[str, Any] = {}
        for field in fields:
            if field.get("depends_on"):
                if not field["groups"]:
                    return None
                group = self.rng.choice(field["groups"])  # a target holding an asset in sight
                owner = next(f for f in fields if f["name"] == field["depends_on"])
                params[owner["name"]] = (
                    [group["seat"]] if owner["type"] == "players" else group["seat"]
                )
                params[field["name"]] = self.rng.choice(group["choices"])[0]
        for field in fields:
            if field["name"] in params:
                continue
            if field["optional"] and self.rng.random() < 0.4:
                continue
            value = self.box(state, field, player, seat, earmarked)
            if value is not None:
                params[field["name"]] = value
        return params

    def box(
        self, state: GameState, field: dict[str, Any], player: Player, seat: int, earmarked=None
    ) -> Any:
        """A value for one box, from the choices the phone would show."""
        kind, choices = field["type"], field["choices"]
        if kind == "amount":
            low = field["min"] if field["min"] is not None else 0
            high = field["max"] if field["max"] is not None else low + PLAIN_AMOUNT
            purse = self._purse(field, player, earmarked or {})
            return self.rng.randint(low, max(low, min(high, purse)))
        if kind in ("players", "player"):
            seats = [s for s, _ in choices]
            others = [s for s in seats if s != seat] or seats
            if not others:
                return None  # nobody in the card's scope
            top = leader(state, seat)
            # People aim at whoever leads, now and then at anyone.
            first = top if top in others and self.rng.random() < 0.5 else self.rng.choice(others)
            if kind == "player":
                return first
            most = field["max"] or 2
            rest = [s for s in others if s != first]
            extra = self.rng.sample(rest, min(len(rest), self.rng.randint(1, most) - 1))
            return sorted([first, *extra])
        if kind == "text":
            return self.plant("tile text", seat) if self.plant else "simulated"
        if not choices:
            return None
        return self.rng.choice(choices)[0]

    def _kingdom_move(self, state: GameState, seat: int, options: list[dict]):
        """Join the biggest kingdom that would take them, else found one (§4.12, G40).

        Kingless players with no kingdom, or alone with one other, look for a bigger kingdom;
        an ambitious member of a crowded kingdom may found their own."""
        player, me = state.player(seat), self.person(seat)
        mine = len(state.members(player.kingdom)) if player.kingdom is not None else 0
        join = next((o for o in options if "join_kingdom" in o["_ops"]), None)
        found = next((o for o in options if "create_kingdom" in o["_ops"]), None)
        if join is not None and mine <= 2:
            box = next(f for f in join["fields"] if f["type"] == "kingdom")
            sizes = {k: len(state.members(k)) for k, _ in box["choices"] if k != player.kingdom}
            welcoming = [k for k, n in sizes.items() if would_take(state, k) and n > mine]
            if welcoming:
                best = max(sizes[k] for k in welcoming)
                target = self.rng.choice(sorted(k for k in welcoming if sizes[k] == best))
                return (join["source"], join["ability"], {box["name"]: target})
        if found is None:
            return None
        power = player.resources[Resource.POW] + player.resources[Resource.FAV]
        crowded = mine > ideal_size(state) + 1
        if (
            player.kingdom is None and power >= 4 and self.rng.random() < 0.4 + me.ambition / 2
        ) or (crowded and self.rng.random() < me.ambition / 4):
            return (found["source"], found["ability"], {})
        return None

    def _contributions(
        self, state: GameState, catalog, ruleset: Ruleset, crises: list[dict], player: Player
    ) -> dict:
        """Each member pays their share of each crisis of their kingdom, a generous member more,
        from the accepted types they hold, Favor last (§4.10, G13, G36)."""
        members = max(1, len(state.members(player.kingdom)))
        me = self.person(player.seat)
        left = dict(player.resources)
        out = {}
        for crisis in crises:
            card = cards.card(catalog, crisis["card"])
            printed = [Resource(r) for r in card.get("accepts", [])]
            env = state.peril_env(ruleset, player.kingdom)
            needed = formula.evaluate(card["threshold"], env) + lasting.crisis_threshold_delta(
                state, catalog, player.kingdom, printed
            )
            share = math.ceil(needed / members) + (1 if self.rng.random() > me.thrift else 0)
            entry: dict[str, int] = {}
            codes = sorted((code for code, _ in crisis["accepts"]), key=lambda c: c == "FAV")
            for code in codes:
                give = min(share - sum(entry.values()), left.get(Resource(code), 0))
                if give > 0:
                    entry[code] = give
                    left[Resource(code)] -= give
            out[crisis["card"]] = entry
        return out

    def _purse(self, field: dict[str, Any], player: Player, earmarked) -> int:
        """What the player could pay for an amount box: plots cost Intrigue, bids Money, less
        what is set aside for the kingdom's crises."""
        chest = player.resources
        paid_in = next((r for word, r in PAID_IN.items() if word in field["name"]), None)
        if paid_in is not None:
            return max(0, chest[paid_in] + chest[Resource.FAV] - earmarked.get(paid_in, 0))
        return (sum(chest.values()) - chest[Resource.PRE]) // 3 + 1

    def sacrifice(self, state: GameState, catalog: cards.Catalog, seat: int) -> str | None:
        """Now and then a tactic is handed in for its discard bonus."""
        hand = [
            t
            for t in state.player(seat).tactics
            if any((catalog[t.split("#")[0]].get("discard_bonus") or {}).values())
        ]
        if hand and self.rng.random() < 0.15:
            return self.rng.choice(hand)
        return None

    def trade(self, state: GameState, seat: int, ruleset: Ruleset) -> tuple[int, dict, dict] | None:
        """Sometimes a small offer to another player still planning (rules §4.14)."""
        if self.rng.random() >= 0.2:
            return None
        partners = [p.seat for p in state.players if p.seat != seat and not p.plan.handed_in]
        mine = [r for r in ruleset.tradeable if state.player(seat).resources[r] > 0]
        if not partners or not mine:
            return None
        gives = self.rng.choice(mine)
        wants = self.rng.choice([r for r in ruleset.tradeable if r != gives])
        return self.rng.choice(partners), {str(gives): 1}, {str(wants): 1}

    def accepts(self) -> bool:
        return self.rng.random() < 0.5

    def appoints(self) -> bool:
        return self.rng.random() < 0.7

    def pick(self, items):
        return self.rng.choice(list(items))

    # -- decisions on a pending (rules §4.3–§4.12) ------------------------------------------

    def decide(self, state: GameState, ruleset: Ruleset, pending: Pending, seat: int) -> dict:
        """A decision for ``seat`` on ``pending``, in the shape the services take: the kind's
        own bot move (``consell.projection.decisions``)."""
        spec = REGISTRY.get(pending.kind)
        return dict(spec.bot(self, state, ruleset, pending, seat)) if spec else {}

    def end_of_game(self, options) -> dict:
        """One end-of-game choice (§4.17): what must be used first, a paid one now and then,
        else passing."""
        mandatory = [o for o in options if o.mandatory]
        if mandatory:
            return {"choose": self.rng.choice(mandatory).key}
        if options and self.rng.random() < 0.5:
            return {"choose": self.rng.choice(options).key}
        return {"pass": True}

    def rules(self, needs) -> dict:
        """The director's rulings on objectives the app cannot judge (G48)."""
        return {tuple(n): self.rng.random() < 0.5 for n in needs}


def _ops(state: GameState, catalog: cards.Catalog, seat: int, option: dict) -> set[str]:
    """The effect ops of an offered ability (what it does), kept on the option as ``_ops``."""
    try:
        ability = cards.ability(
            catalog, source_card(state, catalog, seat, option["source"]), option["ability"]
        )
    except RuleError:
        names: set[str] = set()
    else:
        names = {s["op"] for s in ability.get("effect") or [] if isinstance(s, dict) and "op" in s}
    option["_ops"] = names
    return names
