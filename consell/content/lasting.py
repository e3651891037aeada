"""The ``lasting`` field of laws and lasting events, checked against ``consell.rules.primitives``.

A law's text says what it changes "mentre sigui vigent", a lasting event's "mentre duri" (rules
§1.7: laws "canvien un o més aspectes del joc"). The pack writes it as rules the engine applies
(``LASTING_RULES``), or as a ``manual`` rule the director applies by hand when the dashboard
shows it. A card that lasts must say which: a lasting event (``duration`` >= 1) needs at least
one rule, and every law needs the field, ``[]`` saying in so many words that it has no lasting
rule. Pure Python.
"""

from __future__ import annotations

from consell.rules import primitives as p

from . import fields as f
from .effects import Context, check_call

CHOICES = {
    "forbidden": p.FORBIDDABLE,
    "lasting_scope": p.LASTING_SCOPES,
    "tie_breaker": p.TIE_BREAKERS,
    "tie_when": p.TIE_WHEN,
    "motion": p.MOTIONS,
    "moment": p.LASTING_MOMENTS,
    "op_name": tuple(p.OPS),
}


def check_lasting(scope: f.Scope, card: dict, kind: str) -> None:
    """Check ``card["lasting"]``; a lasting card without it is refused (issue: no silent rule)."""
    lasting = card.get("lasting")
    duration = card.get("duration")
    lasts = kind == "law" or (isinstance(duration, int) and duration >= 1)
    if lasting is None:
        if lasts:
            scope.error(("lasting",), _missing(kind))
        return
    if not lasts:
        scope.error(("lasting",), "an immediate event (duration 0) has no lasting rule")
        return
    rules = f.sequence(scope, lasting, ("lasting",), non_empty=kind == "event")
    for index, rule in enumerate(rules or ()):
        path = ("lasting", index)
        check_call(scope, rule, path, Context.for_card(), "rule", p.LASTING_RULES, _check_arg)
        if isinstance(rule, dict):
            _check_rule(scope, rule, path)


def _missing(kind: str) -> str:
    if kind == "law":
        return (
            "is required: write the rule the law puts in force (or [] when it has none), "
            "or a manual rule for the director"
        )
    return (
        "is required for a lasting event: write what it changes while it lasts, "
        "or a manual rule for the director"
    )


def _check_arg(scope: f.Scope, value: object, path: f.Path, kind: str) -> bool:
    """The argument kinds only lasting rules use; False hands the value to the op checker."""
    if kind in CHOICES:
        f.choice(scope, value, path, CHOICES[kind])
    elif kind == "signed":
        if not isinstance(value, int) or isinstance(value, bool) or value == 0:
            scope.error(path, "must be a whole number other than 0")
        elif abs(value) > f.MAX_NUMBER:
            scope.error(path, f"must be a whole number from -{f.MAX_NUMBER} to {f.MAX_NUMBER}")
    elif kind == "costs":
        f.resources(scope, value, path, formulas=False)
    elif kind == "ability_ref":
        ref = f.mapping(scope, value, path, ("card", "ability"))
        if ref and f.slug(scope, ref.get("card"), (*path, "card"), 100):
            scope.refer("card", ref["card"], (*path, "card"))
        if ref and "ability" in ref:
            f.slug(scope, ref["ability"], (*path, "ability"), 100)
    else:
        return False
    return True


def _check_rule(scope: f.Scope, rule: dict, path: f.Path) -> None:
    """What one argument alone cannot say: which options go together."""
    head = rule.get("rule")
    if head == "forbid":
        if rule.get("what") == "keyword_abilities" and "keyword" not in rule:
            scope.error((*path, "keyword"), "is required to forbid the abilities of a keyword")
        if "with" in rule and rule.get("what") != "expel":
            scope.error((*path, "with"), "only an expulsion can be forbidden with one ability")
    if head == "tie_break" and (rule.get("by") == "office") != ("office" in rule):
        scope.error((*path, "office"), "names the office that breaks ties exactly when by: office")
