"""Taps on the phone pages, applied to a play kept in the spec's JSON (companions spec §1.3,
§2.3–§2.4, §3.4).

The page carries the play as JSON in a hidden field; each tap posts it back with one
operation (`op`), such as `card:0:3:sword:1` (player 0 gains a sword card of region 3).
Everything here is plain data, so the pages need no state on the server and a play can be
exported or imported exactly as the command reads it.
"""

import copy
from collections.abc import Mapping
from typing import Any

from . import richelieu
from .inputs import MAX_DIGITS
from .versailles import CARDS, SEALS

RICHELIEU_REGIONS = ["Bourgogne", "Normandie", "Auvergne", "Provence", "Anjou"]
RICHELIEU_KINDS = ("2", "1", *richelieu.SYMBOLS)
LOUIS14_KINDS = ("I", "II", "III", "IV", "V", "VI")
LEFTOVERS = ("influence_cards", "intrigue_cards", "mission_tokens", "markers_on_courtiers", "gold")
PLAYERS_MAX = {"richelieu": 4, "louis14": 4, "versailles": 6}


class EditError(ValueError):
    """A tap that does not fit the play (a stale page, a hand-made request)."""


def _int(text: str) -> int:
    """A number in a tap; one longer than any count (a hand-made request) is no tap."""
    if len(text.strip().lstrip("+-")) > MAX_DIGITS:
        raise ValueError(text)
    return int(text)


def blank(game: str, names: list[str], region_label: str = "Region %d") -> dict:
    """A new play of `game` for the named players, nothing entered yet."""
    players = [_blank_player(game, name) for name in names]
    play = {"game": game, "players": players}
    if game == "richelieu":
        extra = [region_label % n for n in range(len(RICHELIEU_REGIONS) + 1, 10)]
        play["regions"] = RICHELIEU_REGIONS + extra
    return play


def for_page(game: str, play: Mapping) -> dict:
    """An imported play, ready for the page: its game named, Richelieu's regions listed.

    Listing the regions found on the cards changes no score (spec §1.3).
    """
    play = emptied({**copy.deepcopy(dict(play)), "game": game})
    if game == "richelieu" and "regions" not in play:
        play["regions"] = _regions_on_cards(play)
    return play


def emptied(play: dict) -> dict:
    """``play`` with its null lists read as empty (a play written by hand, or saved before plays
    were checked): the page then shows it, the score names what is missing, and players can
    be added; null Richelieu regions are those found on the cards, as on import."""
    if play.get("players") is None:
        play["players"] = []
    if play.get("game") == "richelieu" and play.get("regions", []) is None:
        play["regions"] = _regions_on_cards(play)
    return play


def _regions_on_cards(play: dict) -> list[str]:
    """The regions named on the players' cards, in order (none when the cards are no list)."""
    players = play["players"] if isinstance(play["players"], list) else []
    if not all(_is_player(player) for player in players):
        return []
    named = (card.get("region") for player in players for card in player.get("cards", []))
    return list(dict.fromkeys(region.strip() for region in named if isinstance(region, str)))


def _blank_player(game: str, name: str) -> dict:
    if game == "richelieu":
        return {"name": name, "cards": [], "tiles": []}
    if game == "louis14":
        return {
            "name": name,
            "coats": dict.fromkeys(LOUIS14_KINDS, 0),
            "missions": 0,
            "own_supply": 0,
            "leftover": dict.fromkeys(LEFTOVERS, 0),
        }
    return {"name": name, "circle": [[None] * 3 for _ in range(3)]}


def apply(play: Mapping, op: str, fields: Mapping[str, str], seals_of=None) -> dict:
    """The play after the tap `op`, with the page's text fields (names...) taken in first.

    `seals_of` is the chosen Versailles catalogue: a card placed in a Circle starts with the
    seals it lists.
    """
    edited: dict[str, Any] = emptied(copy.deepcopy(dict(play)))
    game = edited.get("game")
    _take_fields(edited, fields)
    if not op:
        return edited
    verb, *args = op.split(":")
    try:
        if verb == "add-player":
            _add_player(edited, fields.get("new_name", ""))
        elif verb == "remove-player":
            del edited["players"][_int(args[0])]
        elif game == "richelieu":
            _richelieu(edited, verb, args)
        elif game == "louis14":
            _louis14(edited, verb, args)
        elif game == "versailles":
            _versailles(edited, verb, args, fields.get("pick", ""), seals_of or {})
        else:
            raise EditError(f"unknown tap {op!r}")
    except (AttributeError, IndexError, KeyError, TypeError, ValueError) as error:
        if isinstance(error, EditError):
            raise
        raise EditError(f"unknown tap {op!r}") from error
    return edited


def _take_fields(play: dict, fields: Mapping[str, str]) -> None:
    """Player names, Richelieu's region names and switches, as typed on the page.

    A play of the wrong shape takes none of them: the score then names what is wrong."""
    players = play["players"] if isinstance(play["players"], list) else []
    for index, player in enumerate(players):
        name = fields.get(f"name-{index}", "").strip()
        if name and isinstance(player, dict):
            player["name"] = name
    if play.get("game") != "richelieu":
        return
    regions = play.setdefault("regions", [])
    if not isinstance(regions, list) or not all(_is_player(p) for p in players):
        return
    for index, old in enumerate(list(regions)):
        new = fields.get(f"region-{index}", "").strip()
        if new and new != old:
            _rename_region(play, old, new)
            regions[index] = new
    if "tie_scores" in fields:
        options = {"tie_scores": fields["tie_scores"], "three_rows": "three_rows" in fields}
        play["options"] = options


def _is_player(player: object) -> bool:
    """A Richelieu player whose cards and tiles a renamed region can be carried through."""
    if not isinstance(player, dict) or not isinstance(player.get("cards", []), list):
        return False
    return isinstance(player.get("tiles", []), list) and all(
        isinstance(card, dict) for card in player.get("cards", [])
    )


def _rename_region(play: dict, old: str, new: str) -> None:
    for player in play["players"]:
        for card in player.get("cards", []):
            if card.get("region") == old:
                card["region"] = new
        player["tiles"] = [new if tile == old else tile for tile in player.get("tiles", [])]


def _add_player(play: dict, name: str) -> None:
    game = play["game"]
    if len(play["players"]) >= PLAYERS_MAX[game]:
        raise EditError(f"at most {PLAYERS_MAX[game]} players")
    taken = {player["name"] for player in play["players"]}
    name = name.strip() or str(len(play["players"]) + 1)
    while name in taken:
        name += "'"
    play["players"].append(_blank_player(game, name))


def _richelieu(play: dict, verb: str, args: list[str]) -> None:
    player = play["players"][_int(args[0])]
    if verb == "card":
        region = play["regions"][_int(args[1])]
        kind, delta = args[2], _int(args[3])
        if kind not in RICHELIEU_KINDS:
            raise EditError(f"unknown card kind {kind!r}")
        card = {"region": region, "coats": 2 if kind == "2" else 1}
        if kind in richelieu.SYMBOLS:
            card["symbol"] = kind
        if delta > 0:
            player["cards"].append(card)
        elif card in player["cards"]:
            cards = player["cards"]
            del cards[len(cards) - 1 - cards[::-1].index(card)]
    elif verb == "tile":
        tile = play["regions"][_int(args[2])] if args[1] == "region" else args[2]
        if tile not in play["regions"] and tile not in richelieu.SYMBOLS:
            raise EditError(f"unknown tile {tile!r}")
        tiles = player.setdefault("tiles", [])
        if tile in tiles:
            tiles.remove(tile)
        else:
            for other in play["players"]:
                if tile in other.get("tiles", []):
                    other["tiles"].remove(tile)
            tiles.append(tile)
    elif verb == "marker":
        tiles = player.setdefault("tiles", [])
        if _int(args[1]) > 0:
            tiles.append(richelieu.MARKER)
        elif richelieu.MARKER in tiles:
            tiles.remove(richelieu.MARKER)
    else:
        raise EditError(f"unknown tap {verb!r}")


def _louis14(play: dict, verb: str, args: list[str]) -> None:
    player = play["players"][_int(args[0])]
    if verb == "coat":
        coats = player["coats"]
        coats[args[1]] = max(coats.get(args[1], 0) + _int(args[2]), 0)
    elif verb in ("missions", "own_supply"):
        player[verb] = max(player.get(verb, 0) + _int(args[1]), 0)
    elif verb == "leftover" and args[1] in LEFTOVERS:
        leftover = player.setdefault("leftover", dict.fromkeys(LEFTOVERS, 0))
        leftover[args[1]] = max(leftover.get(args[1], 0) + _int(args[2]), 0)
    else:
        raise EditError(f"unknown tap {verb!r}")


def _versailles(play: dict, verb: str, args: list[str], pick: str, seals_of) -> None:
    player = play["players"][_int(args[0])]
    row, col = _int(args[1]), _int(args[2])
    if not (0 <= row < 3 and 0 <= col < 3):
        raise EditError("a Circle has 3 rows and 3 columns")
    circle = player["circle"]
    if verb == "place":
        if pick not in CARDS:
            raise EditError("choose a card first")
        circle[row][col] = {"card": pick, "symbols": list(seals_of.get(pick, []))}
    elif verb == "clear":
        circle[row][col] = None
    elif verb == "seal" and args[3] in SEALS and circle[row][col] is not None:
        circle[row][col].setdefault("symbols", []).append(args[3])
    elif verb == "unseal" and circle[row][col] is not None:
        circle[row][col]["symbols"] = []
    else:
        raise EditError(f"unknown tap {verb!r}")


def richelieu_counts(play: Mapping) -> list[list[dict[str, Any]]]:
    """Per player and region, how many cards of each kind: the counters the page shows."""
    table = []
    for player in play["players"]:
        rows = []
        for index, region in enumerate(play["regions"]):
            counts = dict.fromkeys(RICHELIEU_KINDS, 0)
            for card in player["cards"]:
                if card["region"] == region:
                    kind = card.get("symbol") or str(card["coats"])
                    counts[kind] += 1
            rows.append({"index": index, "region": region, "counts": counts})
        table.append(rows)
    return table
