"""Sentences for the events the director reads behind the screen and the private notes.

The second half of ``consell.game.describe.LINES`` (issue 13: "every event kind has a
sentence"): setup and deck work, the auction's bids, plots as resolved, reactions, trades,
chests changed by the secrets, snapshots. Each takes the payload ``d`` and the ``Names`` ``n``
of ``describe`` and names every thing by what the table calls it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from consell.rules.event_kinds import Kind

from . import words

STEP_WORDS = {
    "destiny": gettext_lazy("the destiny cards are revealed"),
    "auction": gettext_lazy("the auction is resolved"),
    Kind.PRODUCTION: gettext_lazy("production is distributed"),
    "end_of_turn": gettext_lazy("the end of the turn"),
}

TRIGGER_WORDS = {
    "vote_started": gettext_lazy("a vote starts"),
    "indicator_changed": gettext_lazy("an indicator changes"),
    Kind.DUEL_STARTED: gettext_lazy("a duel starts"),
    "plot_against_me": gettext_lazy("a plot targets its owner"),
    Kind.PLOT_DETECTED: gettext_lazy("a plot is detected"),
    "crisis_failed": gettext_lazy("a crisis is lost"),
    "crisis_succeeded": gettext_lazy("a crisis is overcome"),
}


def _bids(d: Mapping[str, Any], n) -> str:
    rows = []
    for b in d.get("bids") or []:
        rows.append(
            _("%(round)s: %(asset)s for %(amount)s, %(result)s")
            % {
                "round": words.bid_round(b.get("round")),
                "asset": n.card(b.get("asset")),
                "amount": words.amounts({"MON": b.get("amount") or 0}),
                "result": _("won") if b.get("won") else _("not won"),
            }
        )
    return "; ".join(rows) or _("none")


def _verdict(passed) -> str:
    return _("passed") if passed else _("rejected")


def _payments(d: Mapping[str, Any], n) -> str:
    rows = [
        _("%(who)s pays %(what)s")
        % {"who": n.seat(int(seat)), "what": words.amounts(p.get("paid"))}
        for seat, p in (d.get("payments") or {}).items()
        if any((p.get("paid") or {}).values())
    ]
    return "; ".join(rows) or _("nobody pays")


MORE_LINES: dict[str, Callable[[Mapping[str, Any], Any], str]] = {
    Kind.DECKS_PREPARED: lambda d, n: _("The decks are shuffled and prepared."),
    Kind.DESTINY_BATCH: lambda d, n: (
        _("The destiny cards of this turn are drawn: %(c)s.") % {"c": n.cards(d.get("cards"))}
    ),
    Kind.DESTINY_EXHAUSTED: lambda d, n: (
        _("The destiny pile of %(k)s is empty.") % {"k": n.kingdom(d.get("kingdom"))}
    ),
    Kind.OBJECTIVE_DECKS_SHUFFLED: lambda d, n: _("The objective decks are shuffled."),
    Kind.OBJECTIVES_RETURNED: lambda d, n: (
        _("%(who)s returns %(c)s unseen.")
        % {"who": n.seat(d.get("seat")), "c": n.cards(d.get("cards"))}
    ),
    Kind.OBJECTIVES_SET_ASIDE: lambda d, n: (
        _("Objectives set aside for %(who)s: %(c)s.")
        % {"who": n.seat(d.get("seat")), "c": n.cards(d.get("cards"))}
    ),
    Kind.APPOINTMENTS_CLOSED: lambda d, n: (
        _("The King of %(k)s has appointed the offices.") % {"k": n.kingdom(d.get("kingdom"))}
    ),
    Kind.CARDS_DRAWN: lambda d, n: (
        _("%(who)s draws %(count)s cards.")
        % {"who": n.seat(d.get("seat")), "count": d.get("count")}
    ),
    Kind.CARDS_RECEIVED: lambda d, n: _("You receive %(c)s.") % {"c": n.cards(d.get("cards"))},
    Kind.COST_PAID: lambda d, n: _("You pay %(what)s.") % {"what": words.amounts(d.get("paid"))},
    Kind.PENDING_OPENED: lambda d, n: (
        (
            _("Waiting for a decision: %(what)s (%(who)s).")
            % {
                "what": words.pending(d.get("pending_kind")),
                "who": n.seats_of(d.get("waiting_for")),
            }
        )
        if d.get("waiting_for")
        # Nobody asked yet: the director runs it (founding, expulsion...).
        else _("Waiting for a decision: %(what)s.") % {"what": words.pending(d.get("pending_kind"))}
    ),
    Kind.MANUAL_EFFECT: lambda d, n: (
        _("To apply by hand: %(text)s") % {"text": n.words(d.get("text")) or _("see the card")}
    ),
    Kind.MANUAL_DONE: lambda d, n: _("The director applied an effect by hand."),
    Kind.TRIGGER: lambda d, n: (
        _("Reactions may answer: %(what)s.")
        % {"what": TRIGGER_WORDS.get(str(d.get("trigger")), _("something happens"))}
    ),
    Kind.REACTION_OFFERED: lambda d, n: _("You may react with %(what)s.") % {"what": n.ability(d)},
    Kind.REACTION_DECLINED: lambda d, n: _("You let %(what)s pass.") % {"what": n.ability(d)},
    Kind.VOTE_DECIDED: lambda d, n: (
        _("The vote on %(what)s is decided: %(verdict)s.")
        % {
            "what": n.card(d.get("law")) if d.get("law") else n.kingdom(d.get("kingdom")),
            "verdict": _verdict(d.get("passed")),
        }
    ),
    Kind.JOINER_ANSWERED: lambda d, n: (
        (_("%(who)s joins the new kingdom.") if d.get("joins") else _("%(who)s stays out."))
        % {"who": n.seat(d.get("seat"))}
    ),
    Kind.TOKENS_MOVED: lambda d, n: (
        _("%(giver)s gives %(what)s to %(receiver)s.")
        % {
            "giver": n.seat(d.get("giver")),
            "receiver": n.seat(d.get("receiver")),
            "what": words.amounts({d["resource"]: d.get("amount") or 0}),
        }
    ),
    Kind.VIGILANCE_COMMITTED: lambda d, n: (
        _("Vigilance is set: %(v)s.")
        % {
            "v": ", ".join(
                f"{n.seat(int(seat))} {amount}"
                for seat, amount in (d.get("vigilance") or {}).items()
            )
            or _("none")
        }
    ),
    Kind.PLOT_RESOLVED: lambda d, n: (
        _("The plot %(what)s by %(who)s is resolved; it succeeds against %(hit)s.")
        % {
            "what": n.ability(d),
            "who": n.seat(d.get("seat")),
            "hit": ", ".join(n.target(t) for t in d.get("successful") or []) or _("nobody"),
        }
    ),
    Kind.BID_VOID: lambda d, n: (
        _("Your bid for %(asset)s is void: %(why)s")
        % {"asset": n.card(d.get("asset")) or _("no asset"), "why": words.say(d.get("reason"))}
    ),
    Kind.BIDS_SETTLED: lambda d, n: _("Your bids: %(bids)s.") % {"bids": _bids(d, n)},
    Kind.ASSET_BOUGHT: lambda d, n: (
        _("You buy %(asset)s for %(what)s.")
        % {"asset": n.card(d.get("asset")), "what": words.amounts(d.get("paid"))}
    ),
    Kind.AUCTION_RESOLVED: lambda d, n: _("The auction is resolved behind the screen."),
    Kind.CRISIS_CONTRIBUTION_PAID: lambda d, n: (
        _("You pay %(what)s towards %(c)s.")
        % {"what": words.amounts(d.get("paid")), "c": n.card(d.get("card"))}
    ),
    Kind.CRISIS_PAYMENTS: lambda d, n: (
        _("Contributions to %(c)s: %(p)s.") % {"c": n.card(d.get("card")), "p": _payments(d, n)}
    ),
    Kind.CHEST_CHANGED: lambda d, n: (
        _("%(who)s's chest: %(what)s.") % {"who": n.seat(d.get("seat")), "what": n.chest_change(d)}
    ),
    Kind.ASSET_LOST: lambda d, n: (
        _("%(who)s loses %(c)s.")
        % {"who": n.seat(d.get("seat")), "c": n.cards(d.get("assets") or [d.get("asset")])}
    ),
    Kind.TURN_SNAPSHOT: lambda d, n: (
        _("Every chest and kingdom is recorded for the audit (turn %(t)s).") % {"t": d.get("turn")}
    ),
    Kind.TRADES_ALLOWED: lambda d, n: _("Trading is allowed outside Planning this turn."),
    Kind.TRADE_REFUSED: lambda d, n: (
        _("%(who)s refuses the trade.") % {"who": n.seat(d.get("seat"))}
    ),
    Kind.TRADE_WITHDRAWN: lambda d, n: (
        _("%(who)s withdraws the trade offer.") % {"who": n.seat(d.get("seat"))}
    ),
    Kind.TRADE_OFFERS_LAPSED: lambda d, n: _("The trade offers still open have lapsed."),
    Kind.CORRECTION_REASON: lambda d, n: (
        _("Why the director corrected: %(r)s") % {"r": d.get("reason", "")}
    ),
    Kind.SEAT_LINK_REISSUED: lambda d, n: (
        _("A new join link for %(who)s; the old one no longer opens the seat.")
        % {"who": d.get("name") or n.seat(d.get("seat"))}
    ),
    Kind.TACTICS_EXHAUSTED: lambda d, n: _("The tactics deck is empty."),
    Kind.TACTICS_DISCARDED: lambda d, n: (
        ngettext(
            "%(who)s discards %(count)s tactic.",
            "%(who)s discards %(count)s tactics.",
            d.get("count") or 0,
        )
        % {"who": n.seat(d.get("seat")), "count": d.get("count") or 0}
    ),
    Kind.KINGDOM_FOUNDING_PAID: lambda d, n: (
        _("%(who)s pays %(what)s to found a kingdom.")
        % {"who": n.seat(d.get("seat")), "what": words.amounts(d.get("paid"))}
    ),
    Kind.TACTICS_LOST: lambda d, n: _("You discard %(c)s.") % {"c": n.cards(d.get("cards"))},
    Kind.FIST_COMMITTED: lambda d, n: (
        _("Your fist for the duel: %(what)s.") % {"what": words.amounts(d.get("fist"))}
    ),
    Kind.EXPEL_VOID: lambda d, n: (
        _("%(who)s cannot be expelled: nothing happens.") % {"who": n.seat(d.get("seat"))}
    ),
    Kind.EXPULSION_DUEL_WON: lambda d, n: (
        _("%(w)s wins the duel; %(x)s is expelled and gives up %(a)s.")
        % {
            "w": n.seat(d.get("winner")),
            "x": n.seat(d.get("expelled")),
            "a": n.card(d.get("asset")) or _("a hidden asset"),
        }
    ),
    Kind.HIDDEN_ASSET_DUEL: lambda d, n: (
        _("%(w)s takes the hidden asset %(a)s.")
        % {"w": n.seat(d.get("winner")), "a": n.card(d.get("asset"))}
    ),
    Kind.INSURRECTION_LOSSES: lambda d, n: (
        _("You lose %(what)s in the insurrection.") % {"what": words.amounts(d.get("lost"))}
    ),
    Kind.INSURRECTION_PLEDGES_SHORT: lambda d, n: _(
        "The pledges fall short: the revolt is not crushed."
    ),
    Kind.DISCARDS_CHOSEN: lambda d, n: (
        _("You choose your discards: %(c)s.") % {"c": n.cards(d.get("tactics"))}
    ),
}
