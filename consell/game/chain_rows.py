"""The game's rows as links of its hash chain (``consell.rules.chain``, docs/audit-log.md).

``seal`` gives each event and roll a change appends its link number and hash, in the order
they are written (the events, then the dice), inside the change's transaction; ``publish``
keeps the head as each phase closes, for the phones and the board. The export reads the same
fields back through ``event_fields`` and ``roll_fields``, so what was sealed and what a
verifier recomputes are one definition.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from typing import Any

from consell.game.models import DiceRoll, Event, Game
from consell.rules import chain


def new_salt() -> str:
    return secrets.token_hex(16)


def event_fields(event: Event) -> dict[str, Any]:
    """The sealed fields of an event row, as the export names them."""
    return {name: getattr(event, name) for name in chain.EVENT_FIELDS}


def roll_fields(roll: DiceRoll) -> dict[str, Any]:
    """The sealed fields of a roll row, as the export names them."""
    return {name: getattr(roll, name) for name in chain.ROLL_FIELDS}


def digest_of(row: Event | DiceRoll) -> str:
    if isinstance(row, Event):
        return chain.digest(chain.event_content(event_fields(row)))
    return chain.digest(chain.roll_content(roll_fields(row)))


def seal(game: Game, events: Sequence[Event], rolls: Sequence[DiceRoll]) -> None:
    """Number and hash ``events`` then ``rolls`` after ``game``'s newest link."""
    head = game.chain_head or chain.genesis(game.commitment)
    rows: list[Event | DiceRoll] = [*events, *rolls]
    for row in rows:
        game.links += 1
        row.link = game.links
        row.chain = head = chain.next_hash(head, game.links, digest_of(row))
    game.chain_head = head


def publish(game: Game, turn: int, phase: str) -> None:
    """Keep the chain's head as the phase ``phase`` of ``turn`` closes (or the game ends)."""
    if game.links and (not game.heads or game.heads[-1]["link"] != game.links):
        game.heads = [
            *game.heads,
            {"turn": turn, "phase": phase, "link": game.links, "head": game.chain_head},
        ]


def shown_head(game: Game) -> dict[str, Any] | None:
    """The newest published head, as a phone and the board show it."""
    if not game.heads:
        return None
    newest = game.heads[-1]
    return {**newest, "code": chain.short(newest["head"])}
