"""The game's audit log as one JSON document (schema in ``docs/audit-log.md``).

The document holds everything needed to check the dice without the app: the commitment, the
seed once the game is over (never before: it would let anyone predict the next die), every
roll with its counter, and every event. The audit pages are built from this same document.
"""

from __future__ import annotations

from typing import Any

from consell.game.chain_rows import digest_of, event_fields
from consell.game.models import Game
from consell.rules import audience, chain
from consell.rules.audience import Viewer
from consell.rules.event_kinds import Kind
from consell.rules.payloads import TurnSnapshot, payload

SCHEMA = "consell-audit/2"
ALGORITHM = "HMAC-SHA256(seed, str(counter)[':'+k]) big-endian, rejection sampling"


def may_read(event, viewer: Viewer, finished: bool) -> bool:
    """The director reads everything; a seat, after the end, whatever the end reveals (§4.17).

    The audit opens to the players at the end only, and never to the public board or a
    visitor; what a player reads in it is the one audience rule's (``consell.rules.audience``)
    once the end's reveal is open.
    """
    if viewer.kind != "director" and not (viewer.kind == "seat" and finished):
        return False
    return audience.may_read(event, viewer, audience.AFTER_THE_END)


def build_document(game: Game, viewer: Viewer) -> dict[str, Any]:
    """The audit log of ``game`` as ``viewer`` may read it."""
    state = game.state or {}
    rows = list(game.events.order_by("seq"))
    rolls = list(game.rolls.order_by("counter"))
    events = [_event(e) for e in rows if may_read(e, viewer, game.finished)]
    return {
        "schema": SCHEMA,
        "game": {
            "id": game.pk,
            "name": game.name,
            "pack": {"id": game.pack.slug, "version": game.pack.version},
            "created_at": game.created_at.isoformat(),
            "status": game.status,
            "turn": state.get("turn"),
            "players": [{"seat": s.position, "name": s.name} for s in game.seats.all()],
            "winners": list(state.get("winners", [])),
        },
        "ruleset": game.ruleset,
        "dice": {
            "algorithm": ALGORITHM,
            "commitment": game.commitment,
            "seed": game.seed if game.finished else None,
            "counter": game.dice_counter,
        },
        "rolls": [
            {
                "counter": r.counter,
                "sides": r.sides,
                "kind": r.kind,
                "value": r.value,
                "purpose": r.purpose,
                "entered": r.entered,
                "event_seq": r.event_seq,
                "key": r.key,
                "link": r.link,
            }
            for r in rolls
        ],
        "events": events,
        "chain": _chain(game, [*rows, *rolls]),
    }


def _event(e) -> dict[str, Any]:
    return {**event_fields(e), "created_at": e.created_at.isoformat(), "link": e.link}


def _chain(game: Game, rows: list) -> dict[str, Any]:
    """Every link, readable or not: its number, its content's digest and its hash, so a
    reader checks the whole chain through the links it may not read (``consell.rules.chain``).
    A digest is computed from the row as it is now: a row changed since it was sealed no
    longer matches its hash."""
    sealed = sorted((r for r in rows if r.link is not None), key=lambda r: r.link)
    return {
        "scheme": chain.SCHEME,
        "start": chain.genesis(game.commitment),
        "head": game.chain_head,
        "published": list(game.heads),
        "links": [{"link": r.link, "digest": digest_of(r), "hash": r.chain} for r in sealed],
    }


def snapshots_of(document: dict[str, Any]) -> list[TurnSnapshot]:
    """The payloads of the per-turn snapshots, in log order (for the charts)."""
    return [payload(e, TurnSnapshot) for e in document["events"] if e["kind"] == Kind.TURN_SNAPSHOT]
