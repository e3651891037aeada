"""The ``lasting`` field of laws and lasting events, as models built from the primitives.

A law's text says what it changes "mentre sigui vigent", a lasting event's "mentre duri" (rules
§1.7: laws "canvien un o més aspectes del joc"). The pack writes it as rules the engine applies
(``LASTING_RULES``), or as a ``manual`` rule the director applies by hand when the dashboard
shows it. A card that lasts must say which: a lasting event (``duration`` >= 1) needs at least
one rule, and every law needs the field, ``[]`` saying in so many words that it has no lasting
rule, which a law whose text says "Mentre sigui vigent" may not say (``consell.content.cards``).
Pure Python.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Annotated, Any

from consell.rules import primitives as p
from consell.rules.i18n import _, gettext_noop

from . import fields as f
from .effects import STRUCTURAL, Op, _unknown, build_models
from .mapping import Context, PackModel, Problem, tagged

CHOICES = {
    "forbidden": p.FORBIDDABLE,
    "lasting_scope": p.LASTING_SCOPES,
    "tie_breaker": p.TIE_BREAKERS,
    "tie_when": p.TIE_WHEN,
    "motion": p.MOTIONS,
    "trade_phase": p.TRADE_PHASES,
    "moment": p.LASTING_MOMENTS,
    "op_name": tuple(p.OPS),
}


class AbilityRef(PackModel):
    """``{card: rei, ability: desterrament}``: one ability of a card of the pack."""

    card: Annotated[str, f.Reference("card")]
    ability: Annotated[str, f.Slug(100)]


class LastingRule(PackModel):
    """What one argument alone cannot say: which options of a rule go together."""

    @classmethod
    def checks(cls, data: dict, context: Context) -> Iterable[Problem]:
        head = data.get("rule")
        if head == "forbid":
            if data.get("what") == "keyword_abilities" and "keyword" not in data:
                yield ("keyword",), _("is required to forbid the abilities of a keyword")
            if "with" in data and data.get("what") != "expel":
                yield ("with",), _("only an expulsion can be forbidden with one ability")
        if head == "tie_break" and (data.get("by") == "office") != ("office" in data):
            yield ("office",), _("names the office that breaks ties exactly when by: office")


LASTING_TYPES: dict[str, Any] = {
    **STRUCTURAL,
    "ops": list[Op],
    **{kind: Annotated[str, f.Choice(options)] for kind, options in CHOICES.items()},
    "signed": Annotated[int, f.Signed()],
    "costs": Annotated[dict[str, int], f.Costs(formulas=False)],
    "ability_ref": AbilityRef,
}

RULE_MODELS = build_models("rule", p.LASTING_RULES, "Rule", LASTING_TYPES, base=LastingRule)

if TYPE_CHECKING:
    Rule = LastingRule
else:
    Rule = tagged("LastingRule", "rule", RULE_MODELS, _unknown("rule", p.LASTING_RULES))


def lasting_problems(data: dict, kind: str) -> list[Problem]:
    """A lasting card says what lasts: every law has the field, a lasting event a rule."""
    duration = data.get("duration")
    lasts = kind == "law" or (isinstance(duration, int) and duration >= 1)
    if "lasting" not in data:
        return [(("lasting",), _(missing_message(kind)))] if lasts else []
    if not lasts:
        return [(("lasting",), _("an immediate event (duration 0) has no lasting rule"))]
    if kind == "event" and data["lasting"] == []:
        return [(("lasting",), _("must not be empty"))]
    if kind == "law" and data["lasting"] == [] and _says_it_lasts(data.get("text")):
        return [
            (
                ("lasting",),
                _(
                    'must not be empty: the text says "Mentre sigui vigent"; write the rule it '
                    "puts in force, or a manual rule for the director"
                ),
            )
        ]
    return []


LASTS_WORDS = ("mentre sigui vigent", "while in force")


def _says_it_lasts(text: Any) -> bool:
    """A law's text promises a lasting rule ("Mentre sigui vigent...", "While in force...")."""
    if not isinstance(text, dict):
        return False
    return any(
        words in value.lower()
        for value in text.values()
        if isinstance(value, str)
        for words in LASTS_WORDS
    )


def missing_message(kind: str) -> str:
    """The message for a missing ``lasting`` field, untranslated (a ``MISSING`` entry): say it
    with ``_``."""
    if kind == "law":
        return gettext_noop(
            "is required: write the rule the law puts in force (or [] when it has none), "
            "or a manual rule for the director"
        )
    return gettext_noop(
        "is required for a lasting event: write what it changes while it lasts, "
        "or a manual rule for the director"
    )
