"""What a simulated game came to, read back from its event log (docs/principles.md, principle 2).

Counted from the events the rules recorded, the way the audit reads them, so the summary is
the same for the same seed: winners and Prestige (§4.17), plots and their detections (§4.6),
auctions and sales (§4.9), votes (§4.7), duels (§4.8), crises won and lost (§4.10),
insurrections (§4.5) and events revealed by Destiny (§3.1); then how often each mechanic ran
(``mechanics.count``), the kingdoms' sizes at the end, and, when the runner counted them, the
lasting rules of laws and events the engine applied. A game played with absent seats
(``simulate(absent=N)``) adds what the absence came to: the stand-ins' moves, the deadlines set
and passed, the answers defaulted and the pauses.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from consell.content.catalog import load_catalog
from consell.game.models import Event, Game
from consell.rules.event_kinds import Kind
from consell.rules.payloads import (
    AuctionResolved,
    CrisisResolved,
    DestinyRevealed,
    PlotResolved,
    PlotTargetRow,
    payload,
)
from consell.rules.resources import Resource
from consell.simulator.mechanics import count

DETECTIONS = (Kind.PLOT_DETECTED, Kind.PLOT_PARTIALLY_DETECTED)


def summarize(
    game: Game, elapsed: float | None = None, lasting_applied: int | None = None
) -> dict[str, Any]:
    """The summary of a finished game as plain JSON values (``lasting_applied``: what the
    runner counted, ``Played.lasting_effects_applied``)."""
    game.refresh_from_db()
    state = game.dealt_state()
    names = {p.seat: p.name for p in state.players}
    kinds: Counter[str] = Counter()
    crises: Counter[str] = Counter()
    events_revealed = detections = sales = 0
    logged = list(Event.objects.filter(game=game).order_by("seq").values_list("kind", "payload"))
    for kind, data in logged:
        kinds[kind] += 1
        event = {"kind": kind, "data": data}
        if kind == Kind.CRISIS_RESOLVED:
            crises["won" if payload(event, CrisisResolved)["success"] else "lost"] += 1
        elif kind == Kind.DESTINY_REVEALED:
            events_revealed += payload(event, DestinyRevealed)["card_kind"] == "event"
        elif kind == Kind.PLOT_RESOLVED:
            detections += sum(_detected(t) for t in payload(event, PlotResolved)["targets"])
        elif kind == Kind.AUCTION_RESOLVED:
            sales += len(payload(event, AuctionResolved)["sales"])
    summary: dict[str, Any] = {
        "players": len(state.players),
        "turns": state.turn,
        "status": str(state.status),
        "winners": [names[s] for s in state.winners],
        "prestige": {p.name: p.resources[Resource.PRE] for p in state.players},
        "kingdoms": len(state.kingdoms),
        "kingdom_sizes": sorted((len(state.members(k.id)) for k in state.kingdoms), reverse=True),
        "kingdomless": len(state.members(None)),
        "plots": kinds[Kind.PLOT_RESOLVED],
        "detections": detections,
        "auctions": kinds[Kind.AUCTION_RESOLVED],
        "assets_sold": sales,
        "votes": kinds[Kind.VOTE_RESULT],
        "duels": kinds[Kind.DUEL_REVEALED],
        "crises_won": crises["won"],
        "crises_lost": crises["lost"],
        "insurrections": kinds[Kind.INSURRECTION_ROLLED],
        "events": events_revealed,
        "log_entries": game.seq,
        "dice_rolled": game.dice_counter,
        **count(logged, load_catalog(game.pack)),
    }
    if kinds[Kind.STAND_IN_ON] or kinds[Kind.DEADLINE_SET] or kinds[Kind.GAME_PAUSED]:
        summary["absence"] = {
            "stand_ins": kinds[Kind.STAND_IN_ON],
            "stand_in_moves": kinds[Kind.STAND_IN_PLAYED],
            "deadlines_set": kinds[Kind.DEADLINE_SET],
            "deadlines_passed": kinds[Kind.DEADLINE_PASSED],
            "answers_defaulted": kinds[Kind.ANSWER_DEFAULTED],
            "pauses": kinds[Kind.GAME_PAUSED],
        }
    if lasting_applied is not None:
        summary["lasting_effects_applied"] = lasting_applied
    if elapsed is not None:
        summary["elapsed_seconds"] = round(elapsed, 3)
    return summary


def as_text(summary: dict[str, Any]) -> str:
    """The summary as a few lines for a terminal."""
    prestige = ", ".join(f"{n} {v}" for n, v in summary["prestige"].items())
    lines = [
        f"Players {summary['players']}, turns {summary['turns']}, {summary['status']}",
        f"Winners: {', '.join(summary['winners'])}",
        f"Prestige: {prestige}",
        f"Kingdoms at the end: {summary['kingdoms']}",
        f"Plots {summary['plots']} (detections {summary['detections']}), "
        f"auctions {summary['auctions']} ({summary['assets_sold']} assets sold), "
        f"votes {summary['votes']}, duels {summary['duels']}",
        f"Crises won {summary['crises_won']}, lost {summary['crises_lost']}; "
        f"insurrections {summary['insurrections']}; events {summary['events']}",
        f"Log entries {summary['log_entries']}, dice rolled {summary['dice_rolled']}",
        "Kingdom sizes: "
        + ", ".join(map(str, summary["kingdom_sizes"]))
        + f"; kingdomless {summary['kingdomless']}",
        "Mechanics: " + ", ".join(f"{k} {v}" for k, v in summary["mechanics"].items()),
        "Reactions: " + (", ".join(f"{k} {v}" for k, v in summary["reactions"].items()) or "none"),
    ]
    if "absence" in summary:
        a = summary["absence"]
        lines.append(
            f"Absence: {a['stand_ins']} stand-ins made {a['stand_in_moves']} moves; "
            f"deadlines set {a['deadlines_set']}, passed {a['deadlines_passed']}; "
            f"answers defaulted {a['answers_defaulted']}; pauses {a['pauses']}"
        )
    if "lasting_effects_applied" in summary:
        lines.append(f"Lasting effects applied: {summary['lasting_effects_applied']}")
    if "elapsed_seconds" in summary:
        lines.append(f"Elapsed: {summary['elapsed_seconds']:.2f} s")
    return "\n".join(lines)


def _detected(target: PlotTargetRow) -> bool:
    """The target's detection test found the plot, or part of it (§4.6)."""
    test = target["test"]
    return test is not None and test["detection"] in ("partial", "detected")
