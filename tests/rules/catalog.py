"""A small test catalog in the content-pack format, shared by every rules test (rules §6).

Cards are generated in loops: at least the §6 minimum pack sizes (32 objectives a deck, since
16 players are dealt 2 different ones each), with a few objectives printed in two copies so
the uniqueness check of setup (G5) has something to do.
Cards are dicts exactly as a validated pack gives them to the engine, plus their ``kind``.
"""

from __future__ import annotations

from typing import Any

RESOURCES = ("POW", "MON", "INT", "FOR", "FAI")
INDICATORS = ("stability", "wealth", "army", "grace")


def _card(kind: str, card_id: str, number: int, **fields: Any) -> dict[str, Any]:
    return {
        "id": card_id,
        "kind": kind,
        "title": {"ca": f"{card_id} ({number})", "en": f"{card_id} ({number})"},
        **fields,
    }


def _catalog() -> dict[str, dict[str, Any]]:
    cards: list[dict[str, Any]] = []
    for i in range(1, 17):
        cards.append(_card("house", f"casa-{i:02d}", i, emblem="*", special={"ca": "-", "en": "-"}))
    for office, distributes in (
        ("rei", "FAV"),
        ("canceller", "POW"),
        ("tresorer", "MON"),
        ("mestre-espies", "INT"),
        ("mariscal", "FOR"),
        ("gran-sacerdot", "FAI"),
    ):
        cards.append(_card("office", office, 0, distributes=distributes, king=office == "rei"))
    for action, ability in (
        ("proposar-llei", {"type": "action", "effect": [{"op": "propose_law"}]}),
        ("crear-regne", {"type": "action", "effect": [{"op": "create_kingdom"}]}),
        (
            "unir-se-regne",
            {
                "type": "action",
                "params": [{"name": "kingdom", "type": "kingdom", "scope": "other_kingdoms"}],
                "effect": [{"op": "join_kingdom", "kingdom": "$kingdom"}],
            },
        ),
        ("vigilancia", {"type": "indication", "indication": "vigilance"}),
        ("apostes", {"type": "indication", "indication": "bids"}),
        ("contribuir-crisi", {"type": "indication", "indication": "crisis_contribution"}),
    ):
        cards.append(_card("common_action", action, 0, abilities=[{"id": action, **ability}]))
    # 32 different cards per deck: 16 players are each dealt 2 with no card repeated (G5).
    for i in range(1, 33):
        cards.append(
            _card(
                "objective",
                f"colectiu-{i:02d}",
                i,
                scope="collective",
                prestige=2,
                copies=2 if i <= 4 else 1,
                condition={
                    "test": "indicator_at_least",
                    "indicator": INDICATORS[i % 4],
                    "value": 3,
                },
            )
        )
        cards.append(
            _card(
                "objective",
                f"personal-{i:02d}",
                i,
                scope="personal",
                prestige=3,
                copies=2 if i <= 4 else 1,
                condition={"test": "resource_at_least", "resource": RESOURCES[i % 5], "amount": 4},
            )
        )
    for i in range(1, 61):
        bonus = None if i % 10 == 0 else {RESOURCES[i % 5]: 1}
        cards.append(_card("tactic", f"tactica-{i:02d}", i, discard_bonus=bonus))
        cards.append(
            _card(
                "asset",
                f"actiu-{i:02d}",
                i,
                visibility="hidden" if i % 2 else "visible",
                keywords=["Luxe"] if i % 3 == 0 else [],
            )
        )
    for i in range(1, 16):
        cards.append(_card("law", f"llei-{i:02d}", i, effect=[]))
    for i in range(1, 21):
        cards.append(
            _card(
                "crisis",
                f"crisi-{i:02d}",
                i,
                accepts=[RESOURCES[i % 5]],
                threshold="2*m + peril",
                reward=[{"op": "gain", "who": "self", "resource": "PRE", "amount": 1}],
                penalty=[
                    {"op": "move_indicator", "kingdom": "own", "indicator": "lowest", "delta": -1}
                ],
            )
        )
        cards.append(
            _card(
                "event",
                f"esdeveniment-{i:02d}",
                i,
                duration=i % 3,  # 0 immediate, 1 or 2 turns lasting
                effect=[
                    {
                        "op": "move_indicator",
                        "kingdom": "own",
                        "indicator": INDICATORS[i % 4],
                        "delta": 1,
                    }
                ],
            )
        )
    return {c["id"]: c for c in cards}


CATALOG: dict[str, dict[str, Any]] = _catalog()


NAMES = (
    "Alice",
    "Bob",
    "Carles",
    "Dídac",
    "Elena",
    "Ferran",
    "Gina",
    "Hug",
    "Irene",
    "Jan",
    "Laia",
    "Marc",
    "Núria",
    "Oriol",
    "Pau",
    "Queralt",
)
ALICE, BOB, CARLES, DIDAC, ELENA = 1, 2, 3, 4, 5


def started_game(players: int = 4, seed: bytes = b"consell", kings: list[int] | None = None):
    """A table of ``players`` (Alice is seat 1, Bob 2...) past setup: everyone kept their first
    collective and first personal objective, turn 1 is in its Destiny phase."""
    from consell.rules.dice import HmacDice
    from consell.rules.ruleset import Ruleset
    from consell.rules.setup import keep_objectives, setup_game, start_game

    ruleset = Ruleset.default()
    dice = HmacDice(seed)
    state = setup_game(list(NAMES[:players]), CATALOG, ruleset, dice, kings=kings).state
    collective = ruleset.objectives_dealt[0]
    for p in state.players:
        offer = p.objective_offer
        state = keep_objectives(state, p.seat, offer[0], offer[collective], ruleset).state
    return start_game(state, dice).state
