"""A small but complete content pack for the tests, built in memory and written on demand.

It holds a few hand-written cards of every kind (a plot, a crisis, an objective...) and uses
``copies`` to reach the minimum deck sizes, so each test can break one thing and see the
validator name it. Objective decks count each card once (rules G5), so those are filled with
numbered objectives instead of copies.
"""

from __future__ import annotations

import copy
from pathlib import Path

import yaml

from consell.content.errors import PackInvalid
from consell.content.schema import validate_pack

FILES = {
    "houses.yaml": "house",
    "offices.yaml": "office",
    "common_actions.yaml": "common_action",
    "objectives.yaml": "objective",
    "tactics.yaml": "tactic",
    "assets.yaml": "asset",
    "laws.yaml": "law",
    "crises.yaml": "crisis",
    "events.yaml": "event",
}


def t(ca: str, en: str) -> dict:
    return {"ca": ca, "en": en}


def ability(ability_id: str, kind: str, effect: list, **extra) -> dict:
    return {
        "id": ability_id,
        "type": kind,
        "title": t(f"Capacitat {ability_id}", f"Ability {ability_id}"),
        "text": t("Fa una cosa.", "Does a thing."),
        **extra,
        "effect": effect,
    }


def gain(who: str, resource: str, amount: object) -> dict:
    return {"op": "gain", "who": who, "resource": resource, "amount": amount}


PLOT = ability(
    "robatori",
    "secret",
    [{"op": "steal", "from": "$targets", "resource": "MON", "amount": "intrigue"}],
    keywords=["complot"],
    cost={"INT": 1},
    params=[
        {"name": "targets", "type": "players", "max": 2, "scope": "others"},
        {"name": "intrigue", "type": "amount", "min": 1, "max": 10},
    ],
)


def amount_box(name: str, minimum: int) -> dict:
    """An optional amount box, as the default pack's indications have."""
    return {"name": name, "type": "amount", "min": minimum, "optional": True}


def houses() -> list[dict]:
    cards = [
        {
            "id": "casa-falco",
            "title": t("Casa del Falcó", "House of the Falcon"),
            "emblem": "🦅",
            "special": t("Vola de nit.", "Flies by night."),
            "abilities": [copy.deepcopy(PLOT)],
        }
    ]
    for number in range(2, 17):
        cards.append(
            {
                "id": f"casa-{number}",
                "title": t(f"Casa {number}", f"House {number}"),
                "emblem": "🏰",
                "special": t("Res especial.", "Nothing special."),
            }
        )
    return cards


def offices() -> list[dict]:
    names = [
        ("rei", "FAV"),
        ("canceller", "POW"),
        ("tresorer", "MON"),
        ("mestre-espies", "INT"),
        ("mariscal", "FOR"),
        ("gran-sacerdot", "FAI"),
    ]
    cards = [
        {"id": office, "title": t(office, office), "distributes": resource}
        for office, resource in names
    ]
    cards[0]["king"] = True
    cards[3]["abilities"] = [
        ability(
            "exempcions",
            "indication",
            [],
            indication="exemptions",
            params=[
                {"name": "exempt", "type": "players", "optional": True, "scope": "own_kingdom"},
                {"name": "kingdom", "type": "kingdom", "optional": True},
            ],
        )
    ]
    return cards


def common_actions() -> list[dict]:
    specs = [
        ("proposar-llei", "action", [{"op": "propose_law"}], {}),
        ("crear-regne", "action", [{"op": "create_kingdom"}], {}),
        (
            "unir-se-regne",
            "action",
            [{"op": "join_kingdom", "kingdom": "$kingdom"}],
            {"params": [{"name": "kingdom", "type": "kingdom", "scope": "other_kingdoms"}]},
        ),
        (
            "vigilancia",
            "indication",
            [],
            {"indication": "vigilance", "params": [amount_box("intrigue", 0)]},
        ),
        (
            "apostes",
            "indication",
            [],
            {
                "indication": "bids",
                "params": [
                    {"name": "primary_asset", "type": "asset", "optional": True},
                    amount_box("primary_amount", 1),
                    {"name": "secondary_asset", "type": "asset", "optional": True},
                    amount_box("secondary_amount", 1),
                ],
            },
        ),
        (
            "contribuir-crisi",
            "indication",
            [],
            {
                "indication": "crisis_contribution",
                "params": [{"name": "contributions", "type": "contributions", "max": 30}],
            },
        ),
    ]
    return [
        {
            "id": card_id,
            "title": t(card_id, card_id),
            "abilities": [ability(card_id, kind, effect, **extra)],
        }
        for card_id, kind, effect, extra in specs
    ]


def objectives() -> list[dict]:
    cards = [
        {
            "id": "regne-estable",
            "title": t("El regne és estable", "The kingdom is stable"),
            "scope": "collective",
            "prestige": 3,
            "condition": {"test": "indicator_at_least", "indicator": "stability", "value": 4},
        },
        {
            "id": "col-leccionista",
            "title": t("Col·leccionista", "Collector"),
            "scope": "personal",
            "prestige": 2,
            "condition": {"test": "keyword_count_at_least", "keyword": "Luxe", "count": 3},
        },
    ]
    for number in range(2, 33):
        cards.append(
            {
                "id": f"objectiu-col-lectiu-{number}",
                "title": t(f"Objectiu col·lectiu {number}", f"Collective objective {number}"),
                "scope": "collective",
                "prestige": 2,
                "condition": {"test": "laws_in_force_at_least", "count": number % 5},
            }
        )
        cards.append(
            {
                "id": f"objectiu-personal-{number}",
                "title": t(f"Objectiu personal {number}", f"Personal objective {number}"),
                "scope": "personal",
                "prestige": 2,
                "condition": {"test": "assets_at_least", "count": number % 5},
            }
        )
    return cards


def tactics() -> list[dict]:
    return [
        {
            "id": "maniobra",
            "title": t("Maniobra", "Manoeuvre"),
            "discard_bonus": {"POW": 1},
            "abilities": [ability("maniobra", "action", [gain("self", "POW", "peril")])],
            "copies": 59,
        },
        {
            "id": "cop-de-ma",
            "title": t("Cop de mà", "Sleight of hand"),
            "discard_bonus": None,
            "abilities": [copy.deepcopy(PLOT)],
        },
    ]


def assets() -> list[dict]:
    return [
        {
            "id": "joies",
            "title": t("Joies", "Jewels"),
            "keywords": ["Luxe"],
            "visibility": "visible",
            "copies": 30,
        },
        {
            "id": "xarxa-d-informadors",
            "title": t("Xarxa d'informadors", "Web of informers"),
            "visibility": "hidden",
            "abilities": [
                ability(
                    "avis",
                    "reaction",
                    [gain("self", "INT", 1)],
                    trigger="plot_against_me",
                )
            ],
            "copies": 30,
        },
    ]


def laws() -> list[dict]:
    return [
        {
            "id": "llei-de-comerc",
            "title": t("Llei de comerç", "Trade act"),
            "text": t("Es pot comerciar sempre.", "Trade is always allowed."),
            "effect": [{"op": "allow_trade"}],
            "lasting": [
                {
                    "rule": "manual",
                    "at": "actions",
                    "text": t("Es pot comerciar ara.", "Trade is allowed now."),
                }
            ],
            "copies": 15,
        }
    ]


def crises() -> list[dict]:
    return [
        {
            "id": "invasors",
            "title": t("Invasors", "Invaders"),
            "accepts": ["FOR", "POW"],
            "threshold": "2*m + peril",
            "reward": [gain("self", "PRE", 2)],
            "penalty": [
                {"op": "move_indicator", "kingdom": "own", "indicator": "army", "delta": -1}
            ],
            "copies": 20,
        }
    ]


def events() -> list[dict]:
    return [
        {
            "id": "bona-collita",
            "title": t("Bona collita", "Good harvest"),
            "duration": 0,
            "effect": [{"op": "for_each", "who": "members", "do": [gain("self", "MON", 1)]}],
            "copies": 20,
        }
    ]


BUILDERS = {
    "houses.yaml": houses,
    "offices.yaml": offices,
    "common_actions.yaml": common_actions,
    "objectives.yaml": objectives,
    "tactics.yaml": tactics,
    "assets.yaml": assets,
    "laws.yaml": laws,
    "crises.yaml": crises,
    "events.yaml": events,
}


def complete_pack() -> dict[str, object]:
    """File name -> YAML data of a pack that passes every check."""
    files: dict[str, object] = {
        "pack.yaml": {
            "id": "proves",
            "version": 1,
            "name": t("Joc de proves", "Test set"),
            "description": t("Per als tests.", "For the tests."),
            "files": list(FILES),
        }
    }
    for name, kind in FILES.items():
        files[name] = {"kind": kind, "cards": BUILDERS[name]()}
    return copy.deepcopy(files)


def write(files: dict[str, object], directory: Path) -> Path:
    directory.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        text = data if isinstance(data, str) else yaml.safe_dump(data, allow_unicode=True)
        (directory / name).write_text(text, encoding="utf-8")
    return directory


def card(files: dict, file_name: str, card_id: str) -> dict:
    """The card ``card_id`` of ``file_name`` in pack data, to edit in place."""
    return next(c for c in files[file_name]["cards"] if c["id"] == card_id)


def errors(files: dict[str, object]) -> list[str]:
    """Every error the validator finds in pack data, rendered as the loader prints them."""
    documents = dict(files)
    meta = documents.pop("pack.yaml")
    try:
        validate_pack(meta, documents)
    except PackInvalid as exc:
        return [str(error) for error in exc.errors]
    return []
