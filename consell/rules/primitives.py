"""The vocabulary content packs compose abilities from (rules §1.8, §1.9, §6).

This module is the single list shared by the content-pack validator (``consell.content``) and
the effects interpreter (``consell.rules.effects``): an op, selector, condition or trigger that
is not named here is refused by the validator, and every name here is understood by the engine.

Each op and condition lists its arguments with a *kind* that says how the validator checks it:

``who``       a player selector (see ``PLAYER_SELECTORS``) or ``$param`` naming a player(s) param
``kingdom``   ``own`` or ``$param`` naming a kingdom param
``resource``  a resource code (PRE POW MON INT FOR FAI FAV) or ``$param``
``resources`` a list of resource codes
``indicator`` an indicator name, ``lowest``, ``highest`` or ``$param``
``amount``    a whole number or a formula string (``consell.rules.formula``)
``count``     a whole number >= 0
``deck``      one of ``DECKS``
``discard``   one of ``DISCARDS``
``ops``       a nested list of ops
``condition`` a nested condition
``conditions`` a list of nested conditions
``text``      a bilingual text ``{ca: ..., en: ...}``
``param``     ``$param`` naming a param of the ability (law, asset, office...)
``office``    an office card id
``word``      a free keyword
"""

from __future__ import annotations

from dataclasses import dataclass

ABILITY_TYPES = ("action", "secret", "reaction", "indication", "constant")

CARD_KINDS = (
    "house",
    "office",
    "common_action",
    "objective",
    "tactic",
    "asset",
    "law",
    "crisis",
    "event",
)

PARAM_TYPES = (
    "player",
    "players",
    "kingdom",
    "law",
    "asset",
    "amount",
    "resource",
    "indicator",
    "office",
    "text",
    "contributions",
)

PARAM_SCOPES = ("any", "own_kingdom", "other_members", "other_kingdoms", "others")

INDICATION_KINDS = ("vigilance", "bids", "crisis_contribution", "exemptions")

TRIGGERS = (
    "at_end_of_game",
    "plot_against_me",
    "plot_detected",
    "vote_started",
    "indicator_changed",
    "crisis_failed",
    "crisis_succeeded",
    "expelled",
    "duel_started",
    "end_of_turn",
)

PLAYER_SELECTORS = (
    "self",
    "king",
    "members",
    "others",
    "spymaster",
    "marshal_or_king",
    "high_priest_or_king",
    "top_contributors",
    "contributors",
    "non_contributors",
    "all_players",
)

KINGDOM_SELECTORS = ("own",)

INDICATOR_SELECTORS = ("stability", "wealth", "army", "grace", "lowest", "highest")

DECKS = ("tactics", "collective_objective", "personal_objective")

DISCARDS = ("tactics", "random_tactic")

PLOT_KEYWORD = "complot"


@dataclass(frozen=True)
class Arg:
    """One argument of an op or condition."""

    name: str
    kind: str
    required: bool = True


def _args(*specs: str) -> tuple[Arg, ...]:
    """``"who:who"`` is required, ``"else?:ops"`` optional."""
    out = []
    for spec in specs:
        name, kind = spec.split(":")
        optional = name.endswith("?")
        out.append(Arg(name.rstrip("?"), kind, not optional))
    return tuple(out)


OPS: dict[str, tuple[Arg, ...]] = {
    "gain": _args("who:who", "resource:resource", "amount:amount"),
    "lose": _args("who:who", "resource:resource", "amount:amount"),
    "pay": _args("who:who", "resource:resource", "amount:amount"),
    "steal": _args("from:who", "resource:resource", "amount:amount"),
    "transfer": _args("from:who", "to:who", "resource:resource", "amount:amount"),
    "move_indicator": _args("kingdom:kingdom", "indicator:indicator", "delta:amount"),
    "draw": _args("who:who", "deck:deck", "count:count"),
    "discard": _args("who:who", "what:discard", "count:count"),
    "propose_law": (),
    "submit_law": _args("law:param"),
    "start_duel": _args("participants:who", "resources:resources", "on_win?:ops", "on_tie?:ops"),
    "expel": _args("who:who"),
    "execute": _args("who:who"),
    "create_kingdom": (),
    "join_kingdom": _args("kingdom:kingdom"),
    "seize_asset": _args("from:who", "asset:param"),
    "allow_trade": (),
    "reveal_objective": _args("of:who"),
    "for_each": _args("who:who", "do:ops"),
    "if": _args("condition:condition", "then:ops", "else?:ops"),
    "manual": _args("text:text"),
}

CONDITIONS: dict[str, tuple[Arg, ...]] = {
    "indicator_at_least": _args("indicator:indicator", "value:count"),
    "indicator_at_most": _args("indicator:indicator", "value:count"),
    "all_indicators_at_least": _args("value:count"),
    "resource_at_least": _args("resource:resource", "amount:amount"),
    "is_king": (),
    "holds_office": _args("office:office"),
    "holds_any_office": (),
    "keyword_count_at_least": _args("keyword:word", "count:count"),
    "assets_at_least": _args("count:count"),
    "kingdom_members_at_least": _args("count:count"),
    "laws_in_force_at_least": _args("count:count"),
    "kingdomless": (),
    "all": _args("of:conditions"),
    "any": _args("of:conditions"),
    "not": _args("of:condition"),
    "manual": _args("text:text"),
}

# -- Lasting rules (rules §1.7 "canvien un o més aspectes del joc") ------------------------
# What a law in force ("Mentre sigui vigent") or a lasting event ("Mentre duri") changes while
# it is active, written on the card as ``lasting: [{rule: NAME, ...}]`` and consulted by the
# engine through ``consell.rules.lasting``. Every rule applies in the card's kingdom (the
# kingdom the law is in force in, or the event was revealed for) unless ``scope: everyone``.

FORBIDDABLE = (
    "join",  # nobody may join this kingdom
    "join_another",  # its members may not join another kingdom
    "found",  # its members may not found a new kingdom
    "expel",  # nobody may be expelled from it (``with``: only by that card's ability)
    "start_duel",  # nobody in it may start a duel
    "keyword_abilities",  # its members' cards with ``keyword`` may not be used (G: not at the end)
)

LASTING_SCOPES = ("kingdom", "everyone")

TIE_BREAKERS = ("nobody", "office")  # nobody: a tie rejects; office: its holder decides

TIE_WHEN = ("always", "king_did_not_vote")

MOTIONS = ("law", "join")

# When a ``trade`` rule lets a kingdom's members trade with each other besides Planning (G34).
TRADE_PHASES = (
    "destiny",
    "actions",
    "secrets",
    "acquisition",
    "crisis",
    "production",
    "end_of_turn",
)

# When a manual lasting rule applies: a phase of the turn, or a moment inside one. The
# director's dashboard shows the rule then (``lasting.manual_now``).
LASTING_MOMENTS = (
    "planning",
    "actions",
    "secrets",
    "acquisition",
    "crisis",
    "production",
    "end_of_turn",
    "vote",
    "succession",
    "end_of_game",
)

LASTING_RULES: dict[str, tuple[Arg, ...]] = {
    "forbid": _args("what:forbidden", "with?:ability_ref", "keyword?:word", "scope?:lasting_scope"),
    "extra_cost": _args("op:op_name", "cost:costs", "scope?:lasting_scope"),
    "crisis_threshold": _args("accepts:resource", "delta:signed", "scope?:lasting_scope"),
    "crisis_accepts": _args(
        "accepts:resource", "also:resource", "office?:office", "scope?:lasting_scope"
    ),
    "production": _args("resource:resource", "delta:signed", "scope?:lasting_scope"),
    "privilege": _args("resource:resource", "keep:count", "scope?:lasting_scope"),
    "vigilance": _args("delta:signed", "office?:office", "scope?:lasting_scope"),
    "tie_break": _args(
        "by:tie_breaker",
        "office?:office",
        "when?:tie_when",
        "motion?:motion",
        "scope?:lasting_scope",
    ),
    "law_passed": _args("effect:ops", "scope?:lasting_scope"),
    "trade": _args("during:trade_phase", "scope?:lasting_scope"),
    "bid": _args("delta:signed", "scope?:lasting_scope"),
    "end_of_game": _args("effect:ops"),
    "deposed_king_contends": _args("scope?:lasting_scope"),
    "rejoin_without_vote": _args("scope?:lasting_scope"),
    "plan_again": _args("ability:ability_ref", "scope?:lasting_scope"),
    "manual": _args("at:moment", "text:text"),
}
