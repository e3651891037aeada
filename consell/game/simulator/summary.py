"""What a simulated game came to, read back from its event log (DESIGN principle 2).

Counted from the events the rules recorded, the way the audit reads them, so the summary is
the same for the same seed: winners and Prestige (§4.17), plots and their detections (§4.6),
auctions and sales (§4.9), votes (§4.7), duels (§4.8), crises won and lost (§4.10),
insurrections (§4.5) and events revealed by Destiny (§3.1).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from consell.game.models import Event, Game
from consell.rules.resources import Resource

DETECTIONS = ("plot_detected", "plot_partially_detected")


def summarize(game: Game, elapsed: float | None = None) -> dict[str, Any]:
    """The summary of a finished game as plain JSON values."""
    game.refresh_from_db()
    state = game.dealt_state()
    names = {p.seat: p.name for p in state.players}
    kinds: Counter[str] = Counter()
    crises: Counter[str] = Counter()
    events_revealed = detections = sales = 0
    for kind, payload in Event.objects.filter(game=game).values_list("kind", "payload"):
        kinds[kind] += 1
        if kind == "crisis_resolved":
            crises["won" if payload.get("success") else "lost"] += 1
        elif kind == "destiny_revealed" and payload.get("card_kind") == "event":
            events_revealed += 1
        elif kind == "plot_resolved":
            detections += sum(
                1
                for t in payload.get("targets", [])
                if (t.get("test") or {}).get("detection") in ("partial", "detected")
            )
        elif kind == "auction_resolved":
            sales += len(payload.get("sales", []))
    summary: dict[str, Any] = {
        "players": len(state.players),
        "turns": state.turn,
        "status": str(state.status),
        "winners": [names[s] for s in state.winners],
        "prestige": {p.name: p.resources[Resource.PRE] for p in state.players},
        "kingdoms": len(state.kingdoms),
        "plots": kinds["plot_resolved"],
        "detections": detections,
        "auctions": kinds["auction_resolved"],
        "assets_sold": sales,
        "votes": kinds["vote_result"],
        "duels": kinds["duel_revealed"],
        "crises_won": crises["won"],
        "crises_lost": crises["lost"],
        "insurrections": kinds["insurrection_rolled"],
        "events": events_revealed,
        "log_entries": game.seq,
        "dice_rolled": game.dice_counter,
    }
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
    ]
    if "elapsed_seconds" in summary:
        lines.append(f"Elapsed: {summary['elapsed_seconds']:.2f} s")
    return "\n".join(lines)
