"""Bots that play at random, but only what the rules allow (the simulator's players).

A bot draws every choice from its own seeded ``random.Random``, never from the game's dice: the
game's dice come from the game's seed, so the same simulation seed gives the same game. A bot
plans from what the player's own phone offers (``planner.plannable``), so it can only try what
a player could; a choice the rules refuse is dropped or handed to the director's default by the
runner, never forced.
"""

from __future__ import annotations

import random
from typing import Any

from consell.game.planner import plannable
from consell.game.visibility import text
from consell.rules import decisions as rules_decisions
from consell.rules import insurrection_flow, votes
from consell.rules.resources import PRODUCED, Resource
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState, Pending, Player

# How keen a bot is to plan each kind of tile (the indications every turn needs are likelier).
KEEN = {"indication": 0.7, "action": 0.35, "secret": 0.45}
PLAIN_AMOUNT = 4
PAID_IN = {"intrigue": Resource.INT, "_amount": Resource.MON}


class Bot:
    """Random legal plans and decisions for every seat, from one seeded generator."""

    def __init__(self, rng: random.Random, plant=None) -> None:
        self.rng = rng
        self.plant = plant  # the runner's ``Plant``: free text to write, or None

    # -- planning (rules §3.2) -------------------------------------------------------------

    def tiles(self, state: GameState, catalog, seat: int) -> list[tuple[str, str, dict]]:
        """(source, ability, params) of the tiles this player tries to plan this turn."""
        player = state.player(seat)
        out = []
        for option in plannable(state, catalog, seat, "en", text):
            if option["planned"] or self.rng.random() >= KEEN[option["type"]]:
                continue
            params = {}
            for field in option["fields"]:
                if field["optional"] and self.rng.random() < 0.4:
                    continue
                value = self.box(field, player, seat)
                if value is not None:
                    params[field["name"]] = value
            out.append((option["source"], option["ability"], params))
        return out

    def box(self, field: dict[str, Any], player: Player, seat: int) -> Any:
        """A value for one box, from the choices the phone would show."""
        kind, choices = field["type"], field["choices"]
        if kind == "amount":
            low = field["min"] if field["min"] is not None else 0
            high = field["max"] if field["max"] is not None else low + PLAIN_AMOUNT
            return self.rng.randint(low, max(low, min(high, self._purse(field, player))))
        if kind == "players":
            seats = [s for s, _ in choices]
            most = field["max"] or 2
            others = [s for s in seats if s != seat] or seats
            return sorted(self.rng.sample(others, min(len(others), self.rng.randint(1, most))))
        if kind == "player":
            others = [s for s, _ in choices if s != seat] or [s for s, _ in choices]
            return self.rng.choice(others) if others else None  # nobody in the card's scope
        if kind == "text":
            return self.plant("tile text", seat) if self.plant else "simulated"
        if kind == "contributions":
            return self._contributions(choices, field.get("max"), player)
        if not choices:
            return None
        return self.rng.choice(choices)[0]

    def _contributions(self, crises: list[dict], most: int | None, player: Player) -> dict:
        """Some of one or two accepted types for each crisis of the kingdom (§4.10, G36)."""
        out = {}
        for crisis in crises:
            codes = [code for code, _ in crisis["accepts"]]
            entry = {}
            for code in self.rng.sample(codes, min(len(codes), self.rng.randint(1, 2))):
                have = player.resources[Resource(code)]
                entry[code] = self.rng.randint(0, max(0, min(have, (most or PLAIN_AMOUNT) // 2)))
            out[crisis["card"]] = {code: n for code, n in entry.items() if n}
        return out

    def _purse(self, field: dict[str, Any], player: Player) -> int:
        """What the player could pay for an amount box: plots cost Intrigue, bids Money."""
        chest = player.resources
        paid_in = next((r for word, r in PAID_IN.items() if word in field["name"]), None)
        if paid_in is not None:
            return chest[paid_in] + chest[Resource.FAV]
        return (sum(chest.values()) - chest[Resource.PRE]) // 3 + 1

    def sacrifice(self, state: GameState, catalog, seat: int) -> str | None:
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
        """A decision for ``seat`` on ``pending``, in the shape the services take."""
        rng, data, chest = self.rng, pending.data, state.player(seat).resources
        kind = pending.kind
        if kind == "law_choice":
            return {"law": rng.choice(data["row"])} if data.get("row") else {"law": None}
        if kind == "vote":
            ballot = rules_decisions.ballot(pending, state, ruleset)
            if votes.is_finished(ballot):
                return {"tie": rng.choice(("for", "against"))}
            purse = chest[Resource.POW] + chest[Resource.FAV]
            if not purse or rng.random() < 0.25:
                return {"withdraw": True}
            side = ballot.side_of(seat)
            return {
                "side": str(side) if side else rng.choice(("for", "against")),
                "spend": rng.randint(1, min(purse, 3)),
            }
        if kind == "duel":
            fist = {}
            for code in [*data["resources"], "FAV"]:
                have = chest[Resource(code)]
                if have and code not in fist:
                    fist[code] = rng.randint(0, min(have, 3))
            return {"fist": {k: v for k, v in fist.items() if v}}
        if kind == "kingdom_joiners":
            return {"join": rng.random() < 0.5}
        if kind == "discard_choice":
            count = data["choices"].get(str(seat), 0)
            hand = list(state.player(seat).tactics)
            return {"tactics": rng.sample(hand, min(count, len(hand)))}
        if kind == "reaction":
            return {"use": rng.random() < 0.6, "params": {}}
        if kind == "distribution":
            return self._distribution(data, ruleset)
        if kind == "kingdomless_income":
            picked = rng.sample([str(r) for r in PRODUCED], data["count"])
            return {"resources": picked}
        if kind == "insurrection":
            return self._insurrection(state, ruleset, pending, seat)
        return {}

    def end_of_game(self, options) -> dict:
        """One end-of-game choice (§4.17): what must be used first, a paid one now and then,
        else passing."""
        mandatory = [o for o in options if o.mandatory]
        if mandatory:
            return {"choose": self.rng.choice(mandatory).key}
        if options and self.rng.random() < 0.5:
            return {"choose": self.rng.choice(options).key}
        return {"pass": True}

    def _distribution(self, data: dict, ruleset: Ruleset) -> dict:
        members, amount = list(data["members"]), data["amount"]
        if data["resource"] == "FAV":
            receivers = [s for s in members if s != data["king"]]
            gifts = {str(s): 0 for s in receivers}
            for _ in range(amount if receivers else 0):
                gifts[str(self.rng.choice(receivers))] += 1
            return {"gifts": gifts}
        limit = data.get("keep_limit", ruleset.distributor_keep)  # a law may change it
        keep = self.rng.randint(0, min(limit, amount))
        extra = self.rng.sample(members, (amount - keep) % len(members))
        return {"keep": keep, "extra": extra}

    def _insurrection(self, state: GameState, ruleset: Ruleset, pending: Pending, seat: int):
        flow = pending.data.get("flow", {})
        if flow.get("stage") == insurrection_flow.PLEDGING:
            left = ruleset.insurrection_reroll_cost - sum(p["amount"] for p in flow["pledges"])
            chest = state.player(seat).resources
            have = chest[ruleset.insurrection_reroll_resource] + chest[Resource.FAV]
            return {"pledge": self.rng.randint(0, max(0, min(left, have)))}
        if flow.get("stage") == insurrection_flow.DIE_CHOICE:
            return {"die": self.rng.randint(1, 3)}
        return {}

    def rules(self, needs) -> dict:
        """The director's rulings on objectives the app cannot judge (G48)."""
        return {tuple(n): self.rng.random() < 0.5 for n in needs}
