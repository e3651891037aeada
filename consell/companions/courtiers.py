"""Evaluation of the 12 courtier boards of Louis XIV for one round (companions spec §2.7).

Boards are evaluated in number order. Each shows a gold side (bribe price), a first-place
side or an influence side (threshold); the King stands on one of boards 1–4. The markers
given for a board are those lying on it when it is evaluated; the intrigue cards' effect is
missing from the seed, so a board may carry an `adjust` of markers applied just before.
"""

from collections.abc import Mapping
from typing import Any, NamedTuple

from .inputs import (
    MAX_COUNT,
    ScoreInputError,
    as_count,
    as_list,
    as_object,
    as_text,
    join,
    required,
)


class Courtier(NamedTuple):
    name: str
    gift: str


COURTIERS = {
    1: Courtier("Anne d'Autriche", "scepter"),
    2: Courtier("Philippe d'Orléans", "letter"),
    3: Courtier("Marie-Thérèse", "ring"),
    4: Courtier("Le Grand Dauphin", "helmet"),
    5: Courtier("Mme de Montespan", "crown"),
    6: Courtier("Le Grand Condé", "coat_and_marker"),
    7: Courtier("Colbert", "five_gold"),
    8: Courtier("Mme de Maintenon", "markers_to_montespan"),
    9: Courtier("Louise de La Vallière", "crown"),
    10: Courtier("Turenne", "two_coats"),
    11: Courtier("Mazarin", "influence_card"),
    12: Courtier("Louvois", "coat_and_intrigue"),
}
SIDES = ("gold", "first", "influence")
START_GOLD_SIDES = (1, 2, 3, 4, 8, 12)
KING_BOARDS = (1, 2, 3, 4)
LAST_ROUND = 4
MARKERS_PER_COLOUR = 16


def evaluate(data: Mapping) -> dict:
    """Evaluate the boards of one round: who receives what, who may bribe, which boards flip.

    Input: `players` in turn order from the start player, `king` (board 1–4), optional
    `round` (1–4; in round 4 no board flips), optional `cheaper` (players with the mission
    "1 gold cheaper") and `boards`, each {number, side, price | threshold, markers, adjust,
    once_first}. `once_first` names the player who uses the mission "once first" to win a
    tie for the most on that board, once per round.
    """
    data = as_object(data, "", {"players", "king", "round", "cheaper", "boards"})
    players = _players(data)
    king = as_count(required(data, "king", ""), "king")
    if king not in KING_BOARDS:
        raise ScoreInputError("king", f"the King stands on board 1, 2, 3 or 4 (got {king})")
    last_round = False
    if "round" in data:
        round_ = as_count(data["round"], "round", LAST_ROUND)
        if round_ < 1:
            raise ScoreInputError("round", "must be 1, 2, 3 or 4")
        last_round = round_ == LAST_ROUND
    cheaper = _names(data.get("cheaper", []), "cheaper", players)
    boards = _boards(data, players, king)

    results = []
    for board in boards:
        result = _evaluate_board(board, players, board["number"] == king)
        for name, price in result["may_bribe"].items():
            if name in cheaper:
                result["may_bribe"][name] = max(price - 1, 0)
        if last_round:
            result["flips"] = False
        results.append(result)
    return {
        "boards": results,
        "flips": [result["number"] for result in results if result["flips"]],
        "players": _summary(results, players),
    }


def _players(data: Mapping) -> list[str]:
    names = []
    for index, value in enumerate(as_list(required(data, "players", ""), "players")):
        name = as_text(value, join("players", index))
        if name in names:
            raise ScoreInputError(join("players", index), f"{name!r} is listed twice")
        names.append(name)
    if not 2 <= len(names) <= 4:
        raise ScoreInputError("players", f"needs 2 to 4 players (got {len(names)})")
    return names


def _names(value, path: str, players: list[str]) -> set[str]:
    names = set()
    for index, item in enumerate(as_list(value, path)):
        name = as_text(item, join(path, index))
        if name not in players:
            raise ScoreInputError(join(path, index), f"{name!r} is not a player")
        names.add(name)
    return names


def _boards(data: Mapping, players: list[str], king: int) -> list[dict]:
    boards: dict[int, dict] = {}
    used_once_first: dict[str, int] = {}
    for index, value in enumerate(as_list(required(data, "boards", ""), "boards")):
        path = join("boards", index)
        board = _board(value, path, players, king)
        if board["number"] in boards:
            raise ScoreInputError(join(path, "number"), f"board {board['number']} is listed twice")
        user = board["once_first"]
        if user is not None:
            if user in used_once_first:
                raise ScoreInputError(
                    join(path, "once_first"),
                    f"{user} already used 'once first' on board {used_once_first[user]} this round",
                )
            used_once_first[user] = board["number"]
        boards[board["number"]] = board
    return [boards[number] for number in sorted(boards)]


def _board(value, path: str, players: list[str], king: int) -> dict:
    value = as_object(
        value, path, {"number", "side", "price", "threshold", "markers", "adjust", "once_first"}
    )
    number = as_count(required(value, "number", path), join(path, "number"))
    if number not in COURTIERS:
        raise ScoreInputError(join(path, "number"), f"boards are numbered 1 to 12 (got {number})")
    side = required(value, "side", path)
    if side not in SIDES:
        raise ScoreInputError(join(path, "side"), "must be 'gold', 'first' or 'influence'")
    if number == king and side == "influence":
        raise ScoreInputError(join(path, "side"), "the King's board shows gold or first place")
    board = {"number": number, "side": side, "price": None, "threshold": None}
    if side == "gold":
        board["price"] = as_count(required(value, "price", path), join(path, "price"))
    if side == "influence":
        threshold = as_count(required(value, "threshold", path), join(path, "threshold"))
        if threshold < 1:
            raise ScoreInputError(join(path, "threshold"), "must be at least 1")
        board["threshold"] = threshold
    markers = _markers(value.get("markers", {}), join(path, "markers"), players)
    adjust_path = join(path, "adjust")
    for name, delta in as_object(value.get("adjust", {}), adjust_path).items():
        if name not in players:
            raise ScoreInputError(join(adjust_path, name), f"{name!r} is not a player")
        if isinstance(delta, bool) or not isinstance(delta, int) or abs(delta) > MAX_COUNT:
            raise ScoreInputError(join(adjust_path, name), "must be a whole number")
        if markers[name] + delta < 0:
            raise ScoreInputError(
                join(adjust_path, name), f"would leave {markers[name] + delta} markers"
            )
        markers[name] += delta
    board["markers"] = markers
    board["once_first"] = _once_first(value, path, players, markers, side, number == king)
    return board


def _markers(value, path: str, players: list[str]) -> dict[str, int]:
    markers = dict.fromkeys(players, 0)
    for name, count in as_object(value, path).items():
        if name not in players:
            raise ScoreInputError(join(path, name), f"{name!r} is not a player")
        markers[name] = as_count(count, join(path, name), MARKERS_PER_COLOUR)
    return markers


def _once_first(value, path, players, markers, side, king) -> str | None:
    """The mission "once first" wins a tie for the most, on a gold or first-place board."""
    if "once_first" not in value:
        return None
    field = join(path, "once_first")
    name = as_text(value["once_first"], field)
    if name not in players:
        raise ScoreInputError(field, f"{name!r} is not a player")
    if side == "influence" and not king:
        raise ScoreInputError(field, "an influence board has no 'most' to win")
    most = max(markers.values())
    tied = [player for player, count in markers.items() if count == most]
    if most == 0 or len(tied) < 2 or name not in tied:
        raise ScoreInputError(field, f"{name} is not tied for the most markers on this board")
    return name


def _evaluate_board(board: dict, players: list[str], king: bool) -> dict:
    """Apply the board's condition (§2.7): gift, crown, bribes, returns and flip."""
    number, side, markers = board["number"], board["side"], board["markers"]
    present = [name for name in players if markers[name] > 0]
    gift = COURTIERS[number].gift
    receives: dict[str, list[str]] = {}
    reasons: dict[str, str] = {}
    to_general: list[str] = []
    flips = False

    if side == "influence":
        for name in present:
            if markers[name] >= board["threshold"]:
                receives[name], reasons[name] = [gift], "influence"
        flips = bool(receives)
    else:
        ranking = _ranking(markers, present, board["once_first"])
        first = ranking[0] if ranking else []
        if king:
            flips = True
            if len(first) == 1:
                receives[first[0]], reasons[first[0]] = [gift, "crown"], "king_first"
                second = ranking[1] if len(ranking) > 1 else []
                if len(second) == 1:
                    receives[second[0]], reasons[second[0]] = [gift], "king_second"
            else:
                for name in first:
                    receives[name], reasons[name] = [gift], "king_tie"
            to_general = list(first)
        elif len(first) == 1:
            receives[first[0]], reasons[first[0]] = [gift], "first"
            to_general = list(first)
            flips = True
        if board["once_first"] in receives:
            reasons[board["once_first"]] = "once_first"

    may_bribe = {}
    if side == "gold":
        may_bribe = {name: board["price"] for name in present if name not in receives}
    return {
        "number": number,
        "courtier": COURTIERS[number].name,
        "gift": gift,
        "side": side,
        "king": king,
        "markers": markers,
        "receives": receives,
        "reasons": reasons,
        "may_bribe": may_bribe,
        "to_general": {name: markers[name] for name in to_general if markers[name]},
        "to_own": {name: markers[name] for name in present if name not in to_general},
        "flips": flips,
    }


def _ranking(markers: dict[str, int], present: list[str], once_first: str | None):
    """Groups of players by markers, most first; "once first" lifts its user above a tie."""
    counts = sorted({markers[name] for name in present}, reverse=True)
    groups = [[name for name in present if markers[name] == count] for count in counts]
    if once_first is not None:
        groups[0].remove(once_first)
        groups.insert(0, [once_first])
    return groups


def _summary(results: list[dict], players: list[str]) -> dict:
    """Per player: gifts received by board, bribes on offer, markers returned where."""
    summary: dict[str, dict[str, Any]] = {
        name: {"receives": [], "may_bribe": [], "to_general": 0, "to_own": 0} for name in players
    }
    for result in results:
        for name, items in result["receives"].items():
            summary[name]["receives"].append({"board": result["number"], "items": items})
        for name, price in result["may_bribe"].items():
            summary[name]["may_bribe"].append({"board": result["number"], "price": price})
        for name, count in result["to_general"].items():
            summary[name]["to_general"] += count
        for name, count in result["to_own"].items():
            summary[name]["to_own"] += count
    return summary
