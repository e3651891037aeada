"""Words for the audit pages: labels of kinds and statuses, seats and targets as names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from consell.game import audit_categories as categories
from consell.rules.event_kinds import Kind
from consell.rules.plots import NoteKind
from consell.wording import words
from consell.wording.describe import Names, describe

from . import proof
from .timeline import Entry

CATEGORY_LABELS = {
    categories.PLOT: _("Plot"),
    categories.SECRET_ABILITY: _("Secret ability"),
    categories.ABORTED_ABILITY: _("Aborted ability"),
    categories.BID: _("Bid"),
    categories.AUCTION_RESULT: _("Auction result"),
    categories.VOTE: _("Vote"),
    categories.DUEL: _("Duel"),
    categories.CRISIS: _("Crisis"),
    categories.PRODUCTION: _("Production"),
    categories.TRADE: _("Trade"),
    categories.INSURRECTION: _("Insurrection"),
    categories.CORRECTION: _("Manual correction"),
    categories.OTHER: _("Other"),
}

ROLL_STATUS_LABELS = {
    proof.VERIFIED: _("verified"),
    proof.ENTERED: _("entered by the director"),
    proof.MISMATCH: _("does not match the seed"),
    proof.SEALED: _("sealed until the end"),
    proof.UNPROVEN: _("unproven: wrong seed"),
}

SIDE_LABELS = {"for": _("for"), "against": _("against")}

# The kinds that are a player's private notes (rules §3.4), as the engine writes them.
NOTE_KINDS = frozenset(
    {*(str(k) for k in NoteKind), Kind.ABORTED, Kind.ABORT_REASON, Kind.OBJECTIVE_REVEALED}
)

DETECTION_LABELS = {
    "discreet": _("undetected"),
    "partial": _("partially detected"),
    "detected": _("detected"),
}


def present(entry: Entry, names: Names, reader: int | None = None) -> dict[str, Any]:
    """One timeline entry, ready for ``audit/_entry.html``: its sentence in the reader's
    language (the raw payload is in ``export.json``), and its detail tables with names.

    A private note stays its owner's for ever (rules §1.3, §3.4: notes from the director put
    into a chest), so a seat ``reader`` reads only whose another player's note was."""
    audience = entry.audience
    return {
        "seq": entry.seq,
        "turn": entry.turn,
        "phase": entry.phase,
        "kind": entry.kind,
        "category": entry.category,
        "category_label": CATEGORY_LABELS[entry.category],
        "actor": names.seat(entry.actor) if entry.actor is not None else "",
        "secret": entry.secret,
        "director_only": audience == "director",
        "audience": [names.seat(s) for s in audience] if isinstance(audience, tuple) else [],
        "correction": entry.correction,
        "for_player": entry.for_player,
        "text": _sentence(entry, names, reader),
        **_details(entry, names),
    }


def _details(entry: Entry, names: Names) -> dict[str, Any]:
    """The tables under an entry: a plot's tests, an auction's bids, a vote's spends."""
    detail = entry.detail
    if detail is None:
        return {"plot": None, "bids": None, "bids_capped": False, "spends": None}
    bids = _bids(detail.get("bids"), names)
    return {
        "plot": _plot(detail, names) if entry.kind == Kind.PLOT_RESOLVED else None,
        "bids": bids,
        # A bidder's own note holds no cap (the director's record does): no empty column.
        "bids_capped": any(b.get("capped") is not None for b in bids or []),
        "spends": _spends(detail.get("spends"), names),
    }


def _sentence(entry: Entry, names: Names, reader: int | None) -> str:
    audience = entry.audience
    if (
        reader is not None
        and entry.kind in NOTE_KINDS
        and isinstance(audience, tuple)
        and reader not in audience
    ):
        return gettext("A private note to %(who)s.") % {
            "who": ", ".join(names.seat(s) for s in audience)
        }
    return describe(entry.kind, {"seat": entry.actor, **entry.payload}, names)


def _named(rows, names: Names):
    if not rows:
        return None
    return [{**row, "name": names.seat(row.get("seat"))} for row in rows]


def _bids(rows, names: Names):
    """The auction's bids (§4.9) with the asset, the round and the result in words."""
    return [
        {
            **row,
            "asset": names.card(row.get("asset")),
            "round": words.bid_round(row.get("round")),
            "status": words.bid_status(row.get("status")),
        }
        for row in _named(rows, names) or []
    ] or None


def _spends(rows, names: Names):
    """A vote's spends (§4.7), the side in words."""
    return [
        {**row, "side": SIDE_LABELS.get(row.get("side"), "") if row.get("side") else ""}
        for row in _named(rows, names) or []
    ] or None


def _plot(detail: Mapping[str, Any], names: Names) -> dict[str, Any]:
    return {
        **detail,
        "conspirator_name": names.seat(detail["conspirator"]),
        "targets": [{**t, "name": names.target(t["target"])} for t in detail["targets"]],
        "tests": [
            {
                **t,
                "about": (
                    names.seat(t["spymaster"]) if t["spymaster"] else names.target(t["target"])
                ),
                "detection_label": DETECTION_LABELS.get(t["detection"] or "", ""),
            }
            for t in detail["tests"]
        ],
    }
