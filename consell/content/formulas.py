"""Card formulas checked over every value the game can give them (issue 10, rules §4.10, G56).

``consell.rules.formula`` only lets integer arithmetic through; this module makes sure a
formula that parses also works at the table: for **every** combination of the values its names
can take it must not divide by zero and must stay within ``RESULT_LIMIT``. A threshold
``m // 0`` or ``peril // (m - 1)`` would otherwise pass the loader and stop the game the first
time it is reached (the crisis can never be resolved).

The values a name can take (``DOMAIN``), from the rules and the ruleset's own limits:

- ``n`` (players): ``Ruleset.validate`` allows 2 players at least, and a game seats at most
  ``Ruleset.players_max`` (16, rules §2);
- ``m`` (members of the relevant kingdom): 0 to ``n`` (a crisis may fall on an empty kingdom);
- ``peril``: 1 to 5, however long the game (``Ruleset.peril`` clamps it, G56);
- ``turn``: 1 to ``MAX_TURNS``, three times the default game's 10 turns;
- an ability's ``amount`` parameter: its ``min`` to its ``max`` (``PARAM_CAP`` when it has none).

When the combinations are few (``GRID_LIMIT``; every formula of the default pack) each one is
evaluated, and an error names the values that break it. When they are many the bounds are
worked out by interval arithmetic, which never misses a division by zero but may refuse a
formula whose divisor only seems able to reach 0. Formulas longer than ``MAX_FORMULA_CHARS`` or
with numbers above ``MAX_CONSTANT`` are refused before they are even parsed further, so a
50,000-term formula costs nothing. Pure Python, no Django import.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Callable, Mapping

from consell.rules.errors import RuleError
from consell.rules.formula import parse
from consell.rules.i18n import _
from consell.rules.ruleset import Ruleset

MAX_FORMULA_CHARS = 200
MAX_CONSTANT = 1000
RESULT_LIMIT = 10_000
PARAM_CAP = 1000
MAX_TURNS = 3 * Ruleset.default().turns
GRID_LIMIT = 20_000
PLAYERS_MAX = Ruleset.default().players_max

DOMAIN: dict[str, tuple[int, int]] = {
    "n": (2, PLAYERS_MAX),
    "m": (0, PLAYERS_MAX),
    "peril": (1, 5),
    "turn": (1, MAX_TURNS),
}
"""Name -> (lowest, highest) value it takes in a game (module docstring)."""


class _DivisionByZero(Exception):
    pass


Compiled = Callable[[Mapping[str, int]], int]


def problem_of(source: object, params: Mapping[str, tuple[int, int]] | None = None) -> str | None:
    """Why the formula ``source`` cannot be used, in words; ``None`` when it is sound.

    ``params``: the ability's amount parameters, name -> (min, max).
    """
    text = str(source)
    if len(text) > MAX_FORMULA_CHARS:
        message = _("is %(length)s characters long; a formula may have at most %(most)s")
        return message % {"length": len(text), "most": MAX_FORMULA_CHARS}
    params = dict(params or {})
    try:
        formula = parse(text, frozenset(params))
    except RuleError as exc:
        return _("bad formula: %(error)s") % {"error": exc}
    except (ValueError, RecursionError, MemoryError):
        return _("bad formula: %(text)s cannot be read as arithmetic") % {"text": repr(text[:40])}
    for node in ast.walk(formula.tree):
        if isinstance(node, ast.Constant) and abs(_constant(node)) > MAX_CONSTANT:
            message = _("uses the number %(number)s; numbers in a formula may be at most %(most)s")
            return message % {"number": _constant(node), "most": MAX_CONSTANT}
    ranges = {name: params.get(name, DOMAIN.get(name, (0, PARAM_CAP))) for name in formula.names}
    names = sorted(ranges)
    size = 1
    for name in names:
        low, high = ranges[name]
        size *= high - low + 1
    if size <= GRID_LIMIT:
        return _by_grid(_compile(formula.tree.body), names, ranges)
    return _by_intervals(formula.tree.body, ranges)


def _by_grid(
    compiled: Compiled, names: list[str], ranges: dict[str, tuple[int, int]]
) -> str | None:
    axes = [range(ranges[name][0], ranges[name][1] + 1) for name in names]
    for values in itertools.product(*axes):
        env = dict(zip(names, values, strict=True))
        if env.get("m", 0) > env.get("n", PLAYERS_MAX):
            continue  # a kingdom has no more members than the game has players
        try:
            result = compiled(env)
        except _DivisionByZero:
            return _("divides by zero when %(values)s") % {"values": _where(env)}
        if abs(result) > RESULT_LIMIT:
            message = _("reaches %(result)s when %(values)s; a formula may give at most %(most)s")
            return message % {"result": result, "values": _where(env), "most": RESULT_LIMIT}
    return None


def _where(env: Mapping[str, int]) -> str:
    return ", ".join(f"{name} = {value}" for name, value in env.items()) or _("evaluated")


def _by_intervals(node: ast.AST, ranges: dict[str, tuple[int, int]]) -> str | None:
    where = ", ".join(
        _("%(name)s from %(low)s to %(high)s") % {"name": name, "low": low, "high": high}
        for name, (low, high) in sorted(ranges.items())
    )
    try:
        low, high = _interval(node, ranges)
    except _DivisionByZero:
        return _("may divide by zero (with %(values)s)") % {"values": where}
    if max(abs(low), abs(high)) > RESULT_LIMIT:
        reached = high if abs(high) >= abs(low) else low
        message = _("may reach %(result)s (with %(values)s); a formula may give at most %(most)s")
        return message % {"result": reached, "values": where, "most": RESULT_LIMIT}
    return None


def _compile(node: ast.AST) -> Compiled:
    """The formula as nested closures (several times faster than walking the tree per point)."""
    if isinstance(node, ast.Constant):
        value = _constant(node)
        return lambda env: value
    if isinstance(node, ast.Name):
        key = node.id
        return lambda env: env[key]
    if isinstance(node, ast.UnaryOp):
        operand = _compile(node.operand)
        return (lambda env: -operand(env)) if isinstance(node.op, ast.USub) else operand
    if isinstance(node, ast.BinOp):
        left, right = _compile(node.left), _compile(node.right)
        if isinstance(node.op, ast.Add):
            return lambda env: left(env) + right(env)
        if isinstance(node.op, ast.Sub):
            return lambda env: left(env) - right(env)
        if isinstance(node.op, ast.Mult):
            return lambda env: left(env) * right(env)
        return lambda env: _floor_div(left(env), right(env))
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    args = [_compile(arg) for arg in node.args]
    if node.func.id == "min":
        return lambda env: min(arg(env) for arg in args)
    if node.func.id == "max":
        return lambda env: max(arg(env) for arg in args)
    first, second = args
    return lambda env: -_floor_div(-first(env), second(env))


def _constant(node: ast.Constant) -> int:
    """A number of the formula: ``consell.rules.formula.parse`` lets only whole numbers in."""
    assert isinstance(node.value, int)
    return node.value


def _floor_div(left: int, right: int) -> int:
    if right == 0:
        raise _DivisionByZero
    return left // right


def _interval(node: ast.AST, ranges: Mapping[str, tuple[int, int]]) -> tuple[int, int]:
    """The lowest and highest value ``node`` can take; raises if a divisor can be 0."""
    if isinstance(node, ast.Constant):
        return _constant(node), _constant(node)
    if isinstance(node, ast.Name):
        return ranges[node.id]
    if isinstance(node, ast.UnaryOp):
        low, high = _interval(node.operand, ranges)
        return (-high, -low) if isinstance(node.op, ast.USub) else (low, high)
    if isinstance(node, ast.BinOp):
        a, b = _interval(node.left, ranges)
        c, d = _interval(node.right, ranges)
        if isinstance(node.op, ast.Add):
            return a + c, b + d
        if isinstance(node.op, ast.Sub):
            return a - d, b - c
        if isinstance(node.op, ast.Mult):
            corners: tuple[int, ...] = (a * c, a * d, b * c, b * d)
        else:
            corners = _division_corners(a, b, c, d, lambda x, y: x // y)
        return min(corners), max(corners)
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    bounds = [_interval(arg, ranges) for arg in node.args]
    if node.func.id == "min":
        return min(low for low, _ in bounds), min(high for _, high in bounds)
    if node.func.id == "max":
        return max(low for low, _ in bounds), max(high for _, high in bounds)
    (a, b), (c, d) = bounds
    corners = _division_corners(a, b, c, d, lambda x, y: -(-x // y))
    return min(corners), max(corners)


def _division_corners(a: int, b: int, c: int, d: int, divide) -> tuple[int, ...]:
    """Floor (or ceiling) division is monotone in each argument while the divisor keeps its
    sign, so its extremes over a box are at the corners."""
    if c <= 0 <= d:
        raise _DivisionByZero
    return tuple(divide(x, y) for x in (a, b) for y in (c, d))
