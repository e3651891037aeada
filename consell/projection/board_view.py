"""What the shared screen adds to the public board, read from public events only.

An immediate event is discarded as soon as it is revealed (§3.1), so the state no longer holds
the turn's destiny cards: the public ``destiny_revealed`` events of the turn do. At the end,
the public ``objectives_judged`` event says which kept objectives were met (§4.17 step 3):
"All players reveal all their resources and hidden cards", so the standings are public.
Only events whose audience is ``"public"`` are read here, whoever the viewer is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypedDict

from consell.game.log_cache import Entry
from consell.game.models import Event, Game
from consell.game.naming import kingdom_names
from consell.rules.cards import Catalog
from consell.rules.cards import card as card_of
from consell.rules.errors import RuleError
from consell.rules.event_kinds import Kind
from consell.rules.payloads import (
    CrisisResolved,
    DestinyExhausted,
    DestinyRevealed,
    ObjectivesJudged,
    payload,
)
from consell.rules.resources import Resource
from consell.rules.state import GameState, Phase


class CardWords(TypedDict):
    title: str
    text: str


class ObjectiveShown(CardWords):
    met: bool


NO_WORDS: CardWords = {"title": "", "text": ""}


def _title_and_text(catalog: Catalog, instance: str, text, language: str) -> CardWords:
    try:
        c = card_of(catalog, instance)
    except RuleError:
        return {"title": "", "text": ""}
    return {"title": text(c.get("title"), language), "text": text(c.get("text"), language)}


DESTINY_KINDS = frozenset({Kind.DESTINY_REVEALED, Kind.DESTINY_EXHAUSTED})
FRESH = frozenset({Phase.DESTINY, Phase.PLANNING})  # the table still reads the turn's destiny


class CrisisOutcome(TypedDict):
    """How a crisis ended this turn (rules §4.10): what its kingdom put in against its threshold."""

    success: bool
    pool: int
    threshold: int


def crisis_outcomes(log: Sequence[Entry], turn: int) -> dict[str, CrisisOutcome]:
    """Each crisis resolved in ``turn``, by card instance, from the public ``crisis_resolved``
    events: the table saw the totals when the director resolved it."""
    out: dict[str, CrisisOutcome] = {}
    for ev in log:
        if ev.turn == turn and ev.kind == Kind.CRISIS_RESOLVED and ev.audience == "public":
            data = payload(ev, CrisisResolved)
            out[data["card"]] = {
                "success": bool(data["success"]),
                "pool": int(data["pool"]),
                "threshold": int(data["threshold"]),
            }
    return out


def destiny_of_turn(
    log: Sequence[Entry], state: GameState, catalog: Catalog, language: str, text
) -> list[dict]:
    """The destiny cards revealed this turn, in the order they came, each with its kingdom and,
    for a crisis already resolved, its outcome.

    Read from the game's log as the table's view holds it (oldest first), not from the
    database again: each process built every version's board with one query more."""
    kingdoms = kingdom_names(state, catalog, language)
    outcomes = crisis_outcomes(log, state.turn)
    out = []
    for ev in log:
        if ev.turn != state.turn or ev.kind not in DESTINY_KINDS or ev.audience != "public":
            continue
        if ev.kind == Kind.DESTINY_EXHAUSTED:
            kingdom, card, card_kind, duration = (
                payload(ev, DestinyExhausted)["kingdom"],
                None,
                "",
                0,
            )
        else:
            data = payload(ev, DestinyRevealed)
            kingdom, card = data["kingdom"], data["card"]
            card_kind, duration = data["card_kind"], data["duration"]
        out.append(
            {
                "kingdom": kingdoms.get(kingdom) if kingdom is not None else None,
                "kingdom_id": kingdom,
                "kind": card_kind or "",
                "duration": int(duration or 0),
                "exhausted": card is None,
                "card": card,
                "outcome": outcomes.get(card) if card else None,
                # Its text no longer asks anything of the table: an immediate event once
                # Planning is over (it was applied when revealed, §3.1), a crisis once resolved.
                "spent": bool(
                    card
                    and (
                        (card_kind == "event" and not duration and state.phase not in FRESH)
                        or card in outcomes
                    )
                ),
                **(_title_and_text(catalog, card, text, language) if card else NO_WORDS),
            }
        )
    return out


class Standing(TypedDict):
    """A player's line of the final standings (rules §4.17 step 4)."""

    seat: int
    name: str
    house: str
    prestige: int
    winner: bool
    objectives: list[ObjectiveShown]
    rank: int


def standings(
    game: Game, state: GameState, catalog: Catalog, language: str, text
) -> list[Standing]:
    """Every player by final Prestige, best first, with the objectives they kept and met."""
    if not game.finished:
        return []
    judged = (
        Event.objects.filter(game=game, kind=Kind.OBJECTIVES_JUDGED, audience="public")
        .order_by("-seq")
        .first()
    )
    verdicts = payload(judged, ObjectivesJudged)["verdicts"] if judged else []
    winners = set(state.winners)
    rows: list[Standing] = []
    for p in state.players:
        objectives: list[ObjectiveShown] = []
        for v in verdicts:
            if v["seat"] == p.seat:
                words = _title_and_text(catalog, v["objective"], text, language)
                objectives.append({**words, "met": bool(v["met"])})
        rows.append(
            {
                "seat": p.seat,
                "name": p.name,
                "house": p.house,
                "prestige": p.resources[Resource.PRE],
                "winner": p.seat in winners,
                "objectives": objectives,
                "rank": 0,
            }
        )
    rows.sort(key=lambda r: (-r["prestige"], r["name"]))
    rank = 0
    for i, row in enumerate(rows):
        if i == 0 or row["prestige"] != rows[i - 1]["prestige"]:
            rank = i + 1
        row["rank"] = rank
    return rows


def by_kingdom(board: dict[str, Any]) -> None:
    """Give each kingdom of ``board`` its destiny card of the turn and its earlier cards still
    in play, so a shared screen shows each where it strikes; the kingdomless group's go to
    ``board["kingdomless_cards"]``. Mutates ``board``."""
    this_turn = {d["card"] for d in board["destiny"] if d["card"]}
    groups = [(k["id"], k) for k in board["kingdoms"]]
    board["kingdomless_cards"] = {"destiny": [], "earlier": []}
    for kingdom_id, target in [*groups, (None, None)]:
        cards = target if target is not None else board["kingdomless_cards"]
        cards["destiny"] = [d for d in board["destiny"] if d["kingdom_id"] == kingdom_id]
        cards["earlier"] = [
            c
            for c in board["in_play"]
            if c["instance"] not in this_turn and c["kingdom_id"] == kingdom_id
        ]
