"""Small integer formulas written on cards: ``"2*m + peril"`` (rules §4.10, G56).

Parsed once with Python's ``ast`` and evaluated over a dict of named integers. Only integer
arithmetic is allowed (``+ - * //``, parentheses, ``min``, ``max``, ``ceil_div``), so a content
pack can never run code.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from dataclasses import dataclass

from .errors import InvalidParameterError
from .i18n import _

KNOWN_VARIABLES = frozenset({"peril", "m", "n", "turn"})
FUNCTIONS = frozenset({"min", "max", "ceil_div"})
_BINOPS = (ast.Add, ast.Sub, ast.Mult, ast.FloorDiv)


@dataclass(frozen=True)
class Formula:
    """A parsed formula; ``names`` are the variables it needs."""

    source: str
    tree: ast.Expression
    names: frozenset[str]

    def evaluate(self, env: Mapping[str, int]) -> int:
        missing = sorted(self.names - set(env))
        if missing:
            raise InvalidParameterError(
                _("Formula %(source)s needs %(missing)s.")
                % {"source": repr(self.source), "missing": ", ".join(missing)},
                missing=missing,
            )
        return _eval(self.tree.body, env)

    def __str__(self) -> str:
        return self.source


def parse(source: str | int, extra_names: frozenset[str] | set[str] = frozenset()) -> Formula:
    """Parse a card formula; unknown names and anything but integer arithmetic are refused."""
    text = str(source).strip()
    if not text:
        raise InvalidParameterError(_("Empty formula."))
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as exc:
        raise InvalidParameterError(
            _("Formula %(text)s is not valid: %(msg)s.") % {"text": repr(text), "msg": exc.msg}
        ) from exc
    names: set[str] = set()
    _check(tree.body, names, text)
    allowed = KNOWN_VARIABLES | set(extra_names)
    unknown = sorted(names - allowed)
    if unknown:
        raise InvalidParameterError(
            _("Formula %(text)s uses unknown names: %(unknown)s.")
            % {"text": repr(text), "unknown": ", ".join(unknown)},
            unknown=unknown,
        )
    return Formula(text, tree, frozenset(names))


def evaluate(source: str | int, env: Mapping[str, int]) -> int:
    """Parse and evaluate in one step; plain integers pass through."""
    if isinstance(source, int) and not isinstance(source, bool):
        return source
    return parse(source, frozenset(env)).evaluate(env)


def _check(node: ast.AST, names: set[str], text: str) -> None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return
    if isinstance(node, ast.Name):
        names.add(node.id)
        return
    if isinstance(node, ast.BinOp) and isinstance(node.op, _BINOPS):
        _check(node.left, names, text)
        _check(node.right, names, text)
        return
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub | ast.UAdd):
        _check(node.operand, names, text)
        return
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in FUNCTIONS
        and not node.keywords
        and node.args
    ):
        if node.func.id == "ceil_div" and len(node.args) != 2:
            raise InvalidParameterError(
                _("Formula %(text)s: ceil_div takes two arguments.") % {"text": repr(text)}
            )
        for arg in node.args:
            _check(arg, names, text)
        return
    raise InvalidParameterError(
        _("Formula %(text)s may only use whole numbers, names, + - * //, min, max and ceil_div.")
        % {"text": repr(text)}
    )


def _eval(node: ast.AST, env: Mapping[str, int]) -> int:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    if isinstance(node, ast.Name):
        return int(env[node.id])
    if isinstance(node, ast.UnaryOp):
        value = _eval(node.operand, env)
        return -value if isinstance(node.op, ast.USub) else value
    if isinstance(node, ast.BinOp):
        left, right = _eval(node.left, env), _eval(node.right, env)
        if isinstance(node.op, ast.Add):
            return left + right
        if isinstance(node.op, ast.Sub):
            return left - right
        if isinstance(node.op, ast.Mult):
            return left * right
        if right == 0:
            raise InvalidParameterError(_("Division by zero in a card formula."))
        return left // right
    assert isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
    args = [_eval(a, env) for a in node.args]
    if node.func.id == "min":
        return min(args)
    if node.func.id == "max":
        return max(args)
    if args[1] == 0:
        raise InvalidParameterError(_("Division by zero in a card formula."))
    return -(-args[0] // args[1])
