"""Checks on the JSON input of the three scorers (companions spec §1.3, §2.3–§2.4, §3.4).

Every problem is raised as `ScoreInputError` naming the field by its path in the input
(`players[1].cards[0].coats`), so the command and the pages can say exactly what to fix.
Fields the spec does not define are refused rather than ignored: a misspelt `tile` for
`tiles` would otherwise score silently as "no tiles".
"""

import json
import math
from collections.abc import Mapping

# The spec's JSON is at most five levels deep (players[0].circle[1][2].symbols) and no count
# in any of the games reaches a million, so anything beyond these bounds is no play: refusing it
# at once keeps a hand-made file from exhausting the parser or the page that shows its totals.
MAX_DEPTH = 16
MAX_DIGITS = 9
MAX_COUNT = 10**MAX_DIGITS - 1


class ScoreInputError(ValueError):
    """The input of a scorer is not what the spec describes; `field` names the culprit."""

    def __init__(self, field: str, message: str):
        self.field = field
        self.message = message
        super().__init__(f"{field}: {message}" if field else message)


class JSONInputError(ValueError):
    """Text that is no JSON the scorers can read; `kind` says why, for the caller's wording.

    `syntax` (with `line`, `column` and the parser's `detail`), `depth` (nested deeper than
    MAX_DEPTH) or `number` (an integer of more than MAX_DIGITS digits, or a non-finite number).
    """

    def __init__(self, kind: str, line: int = 0, column: int = 0, detail: str = ""):
        self.kind, self.line, self.column, self.detail = kind, line, column, detail
        super().__init__(self.english())

    def english(self) -> str:
        if self.kind == "syntax":
            return f"invalid JSON at line {self.line} column {self.column}: {self.detail}"
        if self.kind == "depth":
            return f"the JSON is nested more than {MAX_DEPTH} levels deep"
        return f"a number has more than {MAX_DIGITS} digits or is not finite"


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise JSONInputError("number")
    return int(text)


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JSONInputError("number")
    return value


def _refuse_constant(text: str):
    raise JSONInputError("number")


def _depth(value) -> int:
    """How deeply lists and objects nest in `value` (a scalar is depth 0), without recursion."""
    deepest, pending = 0, [(value, 1)]
    while pending:
        item, level = pending.pop()
        if isinstance(item, dict):
            item = item.values()
        elif not isinstance(item, list):
            continue
        deepest = max(deepest, level)
        pending.extend((child, level + 1) for child in item)
    return deepest


def load_json(text: str):
    """Parse the JSON of a play or a catalogue, refusing what no play can be.

    Python's parser would otherwise raise RecursionError on deep nesting and ValueError on
    integers of more than 4,300 digits, and a page summing huge counts could not print them.
    """
    try:
        value = json.loads(
            text,
            parse_int=_bounded_int,
            parse_float=_finite_float,
            parse_constant=_refuse_constant,
        )
    except json.JSONDecodeError as error:
        raise JSONInputError("syntax", error.lineno, error.colno, error.msg) from error
    except RecursionError as error:
        raise JSONInputError("depth") from error
    if _depth(value) > MAX_DEPTH:
        raise JSONInputError("depth")
    return value


def join(path: str, key: str | int) -> str:
    """Path of a member: `players[0]` + `cards` -> `players[0].cards`."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def as_object(value, path: str, allowed: set[str] | None = None) -> Mapping:
    """A JSON object whose keys are all among `allowed` (any key when it is None)."""
    if not isinstance(value, Mapping):
        raise ScoreInputError(path, "must be an object")
    for key in value:
        if allowed is not None and key not in allowed:
            raise ScoreInputError(join(path, str(key)), "is not a field of this input")
    return value


def required(obj: Mapping, key: str, path: str):
    if key not in obj:
        raise ScoreInputError(join(path, key), "is missing")
    return obj[key]


def as_list(value, path: str) -> list:
    if not isinstance(value, list):
        raise ScoreInputError(path, "must be a list")
    return value


def as_text(value, path: str) -> str:
    """A non-empty string, stripped of surrounding spaces."""
    if not isinstance(value, str) or not value.strip():
        raise ScoreInputError(path, "must be a non-empty text")
    return value.strip()


def as_count(value, path: str, maximum: int = MAX_COUNT) -> int:
    """A whole number from 0 to `maximum`; JSON `true`/`false` and `2.5` are refused."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoreInputError(path, "must be a whole number")
    if value < 0:
        raise ScoreInputError(path, f"must not be negative (got {value})")
    if value > maximum:
        raise ScoreInputError(path, f"must be at most {maximum} (got {value})")
    return value


def check_game(data: Mapping, game: str) -> None:
    """The optional `game` field must name the scorer it is given to."""
    if "game" in data and data["game"] != game:
        raise ScoreInputError("game", f"this input is for {data['game']!r}, not {game!r}")


def player_list(data: Mapping, least: int, most: int) -> list:
    """The `players` list, with its size checked and every name present and unique."""
    players = as_list(required(data, "players", ""), "players")
    if not least <= len(players) <= most:
        raise ScoreInputError("players", f"needs {least} to {most} players (got {len(players)})")
    seen: set[str] = set()
    for index, player in enumerate(players):
        path = join("players", index)
        if not isinstance(player, Mapping):
            raise ScoreInputError(path, "must be an object")
        name = as_text(required(player, "name", path), join(path, "name"))
        if name in seen:
            raise ScoreInputError(join(path, "name"), f"{name!r} is used by two players")
        seen.add(name)
    return players


def winners_by(totals: Mapping[str, int], tiebreak=None) -> list[str]:
    """Names with the highest total; among them those with the highest `tiebreak(name)`.

    Players still tied after the game's tie-break share the win (spec, conventions).
    """
    best = max(totals.values())
    leaders = [name for name, total in totals.items() if total == best]
    if tiebreak is None or len(leaders) == 1:
        return leaders
    keys = {name: tiebreak(name) for name in leaders}
    top = max(keys.values())
    return [name for name in leaders if keys[name] == top]
