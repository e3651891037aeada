"""The table of the later phases' tests (rules §3.3–§3.7, §4.5).

The kingdom of Alba: Alice is Queen, Bob her Spymaster, Carles a member. Across the border,
Dídac is King of Boira with Elena. Turn order: Alice, Bob, Carles, Dídac, Elena. Everyone holds
5 of every resource but Favor. The catalog is the shared test catalog with the boxes the default
pack writes on the indications (vigilance, bids, crisis contribution, the Spymaster's
exemptions) and a test house whose abilities the tests plan.
"""

from __future__ import annotations

import copy
from typing import Any

from consell.rules.resources import RESOURCES, Resource, holdings
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState, Kingdom, Phase, PlannedAbility, Player, Status
from tests.rules.catalog import ALICE, BOB, CARLES, DIDAC, ELENA
from tests.rules.catalog import CATALOG as BASE

__all__ = ["ALICE", "BOB", "CARLES", "DIDAC", "ELENA"]

RULES = Ruleset.default()
T = {"ca": "-", "en": "-"}

INDICATION_BOXES = {
    "vigilancia": [{"name": "intrigue", "type": "amount", "min": 0, "max": 20}],
    "apostes": [
        {"name": "primary_asset", "type": "asset", "optional": True},
        {"name": "primary_amount", "type": "amount", "min": 1, "optional": True},
        {"name": "secondary_asset", "type": "asset", "optional": True},
        {"name": "secondary_amount", "type": "amount", "min": 1, "optional": True},
    ],
    "contribuir-crisi": [{"name": "contributions", "type": "contributions", "max": 30}],
}

HOUSE_ABILITIES = [
    {"id": "salutacio", "type": "action", "title": T, "text": T, "effect": []},
    {"id": "tribut", "type": "action", "title": T, "text": T, "cost": {"POW": 9}, "effect": []},
    {
        "id": "revolta",
        "type": "secret",
        "title": T,
        "text": T,
        "effect": [{"op": "move_indicator", "kingdom": "own", "indicator": "wealth", "delta": 1}],
    },
    {
        "id": "punyal",
        "type": "secret",
        "title": T,
        "text": T,
        "keywords": ["complot"],
        "params": [
            {"name": "targets", "type": "players", "max": 1, "scope": "others"},
            {"name": "intrigue", "type": "amount", "min": 1, "max": 10},
        ],
        "effect": [{"op": "steal", "from": "$targets", "resource": "MON", "amount": 1}],
    },
]


def _catalog() -> dict[str, dict[str, Any]]:
    catalog = copy.deepcopy(BASE)
    for card_id, boxes in INDICATION_BOXES.items():
        catalog[card_id]["abilities"][0]["params"] = boxes
    catalog["mestre-espies"]["abilities"] = [
        {
            "id": "exempcions",
            "type": "indication",
            "indication": "exemptions",
            "title": T,
            "text": T,
            "params": [
                {"name": "exempt", "type": "players", "scope": "own_kingdom", "optional": True},
                {"name": "kingdom", "type": "kingdom", "scope": "own_kingdom", "optional": True},
            ],
        }
    ]
    catalog["casa-proves"] = {
        "id": "casa-proves",
        "kind": "house",
        "title": T,
        "emblem": "*",
        "abilities": HOUSE_ABILITIES,
    }
    return catalog


CATALOG = _catalog()


def table(phase: Phase) -> GameState:
    """Alba and Boira at turn 1, in ``phase``."""
    players = [
        Player(
            seat,
            name,
            house="casa-proves",
            kingdom=kingdom,
            resources=holdings(PRE=5, POW=5, MON=5, INT=5, FOR=5, FAI=5),
        )
        for seat, name, kingdom in (
            (ALICE, "Alice", 0),
            (BOB, "Bob", 0),
            (CARLES, "Carles", 0),
            (DIDAC, "Dídac", 1),
            (ELENA, "Elena", 1),
        )
    ]
    offices = ("canceller", "tresorer", "mestre-espies", "mariscal", "gran-sacerdot")
    alba = Kingdom(0, "Alba", ALICE, offices={"rei": ALICE, **dict.fromkeys(offices)})
    alba.offices["mestre-espies"] = BOB
    boira = Kingdom(1, "Boira", DIDAC, offices={"rei": DIDAC, **dict.fromkeys(offices)})
    return GameState(
        players,
        [alba, boira],
        turn=1,
        phase=phase,
        status=Status.PLAYING,
        turn_order=[ALICE, BOB, CARLES, DIDAC, ELENA],
        next_kingdom_id=2,
    )


def indicate(state: GameState, seat: int, card: str, **boxes: Any) -> None:
    """Put a common-action indication with its boxes in a player's indications pile."""
    state.player(seat).plan.indications.append(PlannedAbility(f"common:{card}", card, boxes))


def tokens(state: GameState) -> dict[Resource, int]:
    """Every token of each resource, in chests and in the reserve: constant when conserved."""
    return {r: sum(p.resources[r] for p in state.players) + state.reserve[r] for r in RESOURCES}
