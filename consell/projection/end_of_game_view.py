"""What a viewer sees of the end-of-game turns (rules §4.17 step 2; ``rules.endgame_turns``).

Everything is revealed at the end of the game, so the turns are public: whose turn it is and
every objective judged so far. The choices themselves are listed only to the player whose turn
it is (and to the director, who may choose for an absent player).
"""

from __future__ import annotations

from typing import Any

from consell.rules import cards, effects, endgame, endgame_turns
from consell.rules.state import GameState, Pending


def project(
    state: GameState,
    catalog: cards.Catalog,
    pending: Pending,
    seat: int | None,
    names,
    language,
    text,
):
    """The end-of-game decision as ``seat`` (None: the director) may see it."""
    turn = pending.waiting_for[0] if pending.waiting_for else None
    mine = turn is not None and seat in (None, turn)
    left: list[endgame_turns.Option] = []
    options: list[dict[str, Any]] = []
    if turn is not None and mine:
        left = endgame_turns.options(state, catalog, pending, turn)
        options = [_option(state, catalog, turn, o, language, text) for o in left]
    return {
        "turn": names.get(turn) if turn is not None else None,
        "my_turn": mine,
        "options": options,
        "can_pass": mine and not any(o.mandatory for o in left),
        "verdicts": [
            {
                "name": names.get(v.seat),
                "title": text(cards.card(catalog, v.objective).get("title"), language),
                "met": v.met,
            }
            for v in endgame.verdicts_of(pending)
        ],
    }


def _option(state, catalog: cards.Catalog, seat: int, option, language, text) -> dict[str, Any]:
    if option.objective is not None:
        c = cards.card(catalog, option.objective)
        return {
            "key": option.key,
            "objective": True,
            "title": text(c.get("title"), language),
            "text": text(c.get("text"), language),
            "cost": {},
            "mandatory": True,
        }
    instance = effects.source_card(state, catalog, seat, option.source)
    ability = cards.ability(catalog, instance, option.ability)
    return {
        "key": option.key,
        "objective": False,
        "title": text(ability.get("title"), language),
        "card": text(cards.card(catalog, instance).get("title"), language),
        "text": text(ability.get("text"), language),
        "cost": dict(ability.get("cost") or {}),
        "mandatory": option.mandatory,
    }


def met_objectives(
    state: GameState, catalog: cards.Catalog, language, text
) -> list[dict[str, Any]]:
    """For the final screen: each player's objectives and whether they were met (§4.17, G48)."""
    verdicts = state.progress.get(endgame.JUDGED, [])
    out = []
    for p in state.players:
        mine = [v for v in verdicts if v["seat"] == p.seat]
        out.append(
            {
                "name": p.name,
                "objectives": [
                    {
                        "title": text(cards.card(catalog, v["objective"]).get("title"), language),
                        "prestige": v["prestige"],
                        "met": v["met"],
                    }
                    for v in mine
                ],
            }
        )
    return out
