"""The kinds of event the audit filters by (plot, secret ability, bid, vote...).

Each decision kind declares the category its events fall in (``decisions.base.DecisionSpec``),
and the audit's timeline sorts every event into one (``consell.audit.timeline``); the names
live here, below both, since the audit is built on the game and not the other way round.
"""

from __future__ import annotations

PLOT = "plot"
SECRET_ABILITY = "secret_ability"
ABORTED_ABILITY = "aborted_ability"
BID = "bid"
AUCTION_RESULT = "auction_result"
VOTE = "vote"
DUEL = "duel"
CRISIS = "crisis"
PRODUCTION = "production"
TRADE = "trade"
INSURRECTION = "insurrection"
CORRECTION = "correction"
OTHER = "other"

CATEGORIES: tuple[str, ...] = (
    PLOT,
    SECRET_ABILITY,
    ABORTED_ABILITY,
    BID,
    AUCTION_RESULT,
    VOTE,
    DUEL,
    CRISIS,
    PRODUCTION,
    TRADE,
    INSURRECTION,
    CORRECTION,
    OTHER,
)
