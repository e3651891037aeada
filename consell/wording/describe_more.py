"""Sentences for the events the director reads behind the screen and the private notes.

The second half of ``consell.wording.describe.LINES`` (issue 13: "every event kind has a
sentence"): setup and deck work, the auction's bids, plots as resolved, reactions, trades,
chests changed by the secrets, snapshots. Each takes the payload ``d`` and the ``Names`` ``n``
of ``describe`` and names every thing by what the table calls it.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from consell.rules.event_kinds import Kind
from consell.rules.payloads import (
    AppointmentsClosed,
    AssetBought,
    AssetLost,
    AuctionResolved,
    BidsSettled,
    BidVoid,
    CardsDrawn,
    CardsHeld,
    ChestChanged,
    CorrectionReason,
    CrisisContributionPaid,
    CrisisPayments,
    DecksPrepared,
    DestinyBatch,
    DestinyExhausted,
    DiscardsChosen,
    ExpelVoid,
    ExpulsionDuelWon,
    FistCommitted,
    HiddenAssetDuel,
    InsurrectionLosses,
    InsurrectionPledgesShort,
    JoinerAnswered,
    ManualDone,
    ManualEffect,
    Nothing,
    ObjectivesReturned,
    ObjectivesSetAside,
    Paid,
    PendingOpened,
    PlotResolved,
    ReactionDeclined,
    ReactionOffered,
    RunOn,
    SeatLinkReissued,
    TacticsDiscarded,
    TokensMoved,
    TradeAnswered,
    TradeOffersLapsed,
    TradesAllowed,
    Trigger,
    TurnSnapshot,
    VigilanceCommitted,
    VoteDecided,
)
from consell.wording import words
from consell.wording.sentences import Line, Names, acted, line

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


def _bids(d: BidsSettled, n: Names) -> str:
    rows = []
    for b in d["bids"] or []:
        rows.append(
            _("%(round)s: %(asset)s for %(amount)s, %(result)s")
            % {
                "round": words.bid_round(b["round"]),
                "asset": n.card(b["asset"]),
                "amount": words.amounts({"MON": b["amount"] or 0}),
                "result": _("won") if b["won"] else _("not won"),
            }
        )
    return "; ".join(rows) or _("none")


def _verdict(passed) -> str:
    return _("passed") if passed else _("rejected")


def _payments(d: CrisisPayments, n: Names) -> str:
    rows = [
        _("%(who)s pays %(what)s")
        % {"who": n.seat(int(seat)), "what": words.amounts(p.get("paid"))}
        for seat, p in (d["payments"] or {}).items()
        if any((p.get("paid") or {}).values())
    ]
    return "; ".join(rows) or _("nobody pays")


MORE_LINES: dict[str, Line[Any]] = {
    Kind.DECKS_PREPARED: line(
        DecksPrepared, lambda d, n: _("The decks are shuffled and prepared.")
    ),
    Kind.DESTINY_BATCH: line(
        DestinyBatch,
        lambda d, n: (
            _("The destiny cards of this turn are drawn: %(c)s.") % {"c": n.cards(d["cards"])}
        ),
    ),
    Kind.DESTINY_EXHAUSTED: line(
        DestinyExhausted,
        lambda d, n: _("The destiny pile of %(k)s is empty.") % {"k": n.kingdom(d["kingdom"])},
    ),
    Kind.OBJECTIVE_DECKS_SHUFFLED: line(
        Nothing, lambda d, n: _("The objective decks are shuffled.")
    ),
    Kind.OBJECTIVES_RETURNED: line(
        ObjectivesReturned,
        lambda d, n: (
            _("%(who)s returns %(c)s unseen.")
            % {"who": n.seat(d["seat"]), "c": n.cards(d["cards"])}
        ),
    ),
    Kind.OBJECTIVES_SET_ASIDE: line(
        ObjectivesSetAside,
        lambda d, n: (
            _("Objectives set aside for %(who)s: %(c)s.")
            % {"who": n.seat(d["seat"]), "c": n.cards(d["cards"])}
        ),
    ),
    Kind.APPOINTMENTS_CLOSED: line(
        AppointmentsClosed,
        lambda d, n: (
            _("The King of %(k)s has appointed the offices.") % {"k": n.kingdom(d["kingdom"])}
        ),
    ),
    Kind.CARDS_DRAWN: line(
        CardsDrawn,
        lambda d, n: (
            _("%(who)s draws %(count)s cards.") % {"who": n.seat(d["seat"]), "count": d["count"]}
        ),
    ),
    Kind.CARDS_RECEIVED: line(
        CardsHeld, lambda d, n: _("You receive %(c)s.") % {"c": n.cards(d["cards"])}
    ),
    Kind.COST_PAID: line(
        Paid, lambda d, n: _("You pay %(what)s.") % {"what": words.amounts(d["paid"])}
    ),
    Kind.PENDING_OPENED: line(
        PendingOpened,
        lambda d, n: (
            (
                _("Waiting for a decision: %(what)s (%(who)s).")
                % {
                    "what": words.pending(d["pending_kind"]),
                    "who": n.seats_of(d["waiting_for"]),
                }
            )
            if d["waiting_for"]
            # Nobody asked yet: the director runs it (founding, expulsion...).
            else _("Waiting for a decision: %(what)s.") % {"what": words.pending(d["pending_kind"])}
        ),
    ),
    Kind.MANUAL_EFFECT: line(
        ManualEffect,
        lambda d, n: (
            _("To apply by hand: %(text)s") % {"text": n.words(d["text"]) or _("see the card")}
        ),
    ),
    Kind.MANUAL_DONE: line(ManualDone, lambda d, n: _("The director applied an effect by hand.")),
    Kind.TRIGGER: line(
        Trigger,
        lambda d, n: (
            _("Reactions may answer: %(what)s.")
            % {"what": TRIGGER_WORDS.get(str(d["trigger"]), _("something happens"))}
        ),
    ),
    Kind.REACTION_OFFERED: line(
        ReactionOffered, lambda d, n: _("You may react with %(what)s.") % {"what": n.ability(d)}
    ),
    Kind.REACTION_DECLINED: line(
        ReactionDeclined, lambda d, n: _("You let %(what)s pass.") % {"what": n.ability(d)}
    ),
    Kind.VOTE_DECIDED: line(
        VoteDecided,
        lambda d, n: (
            _("The vote on %(what)s is decided: %(verdict)s.")
            % {
                "what": n.card(d["law"]) if d["law"] else n.kingdom(d["kingdom"]),
                "verdict": _verdict(d["passed"]),
            }
        ),
    ),
    Kind.JOINER_ANSWERED: line(
        JoinerAnswered,
        lambda d, n: (
            (_("%(who)s joins the new kingdom.") if d["joins"] else _("%(who)s stays out."))
            % {"who": n.seat(d["seat"])}
        ),
    ),
    Kind.TOKENS_MOVED: line(
        TokensMoved,
        lambda d, n: (
            _("%(giver)s gives %(what)s to %(receiver)s.")
            % {
                "giver": n.seat(d["giver"]),
                "receiver": n.seat(d["receiver"]),
                "what": words.amounts({d["resource"]: d["amount"] or 0}),
            }
        ),
    ),
    Kind.VIGILANCE_COMMITTED: line(
        VigilanceCommitted,
        lambda d, n: (
            _("Vigilance is set: %(v)s.")
            % {
                "v": ", ".join(
                    f"{n.seat(int(seat))} {amount}"
                    for seat, amount in (d["vigilance"] or {}).items()
                )
                or _("none")
            }
        ),
    ),
    Kind.PLOT_RESOLVED: line(
        PlotResolved,
        lambda d, n: (
            _("The plot %(what)s by %(who)s is resolved; it succeeds against %(hit)s.")
            % {
                "what": n.words(d["title"]),
                "who": n.seat(d["conspirator"]),
                "hit": ", ".join(n.target(t) for t in d["successful"] or []) or _("nobody"),
            }
        ),
    ),
    Kind.BID_VOID: line(
        BidVoid,
        lambda d, n: (
            _("Your bid for %(asset)s is void: %(why)s")
            % {"asset": n.card(d["asset"]) or _("no asset"), "why": words.say(d["reason"])}
        ),
    ),
    Kind.BIDS_SETTLED: line(
        BidsSettled, lambda d, n: _("Your bids: %(bids)s.") % {"bids": _bids(d, n)}
    ),
    Kind.ASSET_BOUGHT: line(
        AssetBought,
        lambda d, n: (
            _("You buy %(asset)s for %(what)s.")
            % {"asset": n.card(d["asset"]), "what": words.amounts(d["paid"])}
        ),
    ),
    Kind.RUN_ON: line(
        RunOn,
        lambda d, n: (
            _("The director lets %(phase)s run on as the answers come in.")
            % {"phase": words.phase(d["phase"])}
        ),
    ),
    Kind.AUCTION_RESOLVED: line(
        AuctionResolved, lambda d, n: _("The auction is resolved behind the screen.")
    ),
    Kind.CRISIS_CONTRIBUTION_PAID: line(
        CrisisContributionPaid,
        lambda d, n: (
            _("You pay %(what)s towards %(c)s.")
            % {"what": words.amounts(d["paid"]), "c": n.card(d["card"])}
        ),
    ),
    Kind.CRISIS_PAYMENTS: line(
        CrisisPayments,
        lambda d, n: (
            _("Contributions to %(c)s: %(p)s.") % {"c": n.card(d["card"]), "p": _payments(d, n)}
        ),
    ),
    Kind.CHEST_CHANGED: line(
        ChestChanged,
        lambda d, n: (
            _("%(who)s's chest: %(what)s.") % {"who": n.seat(d["seat"]), "what": n.chest_change(d)}
        ),
    ),
    Kind.ASSET_LOST: line(
        AssetLost,
        lambda d, n: (
            _("%(who)s loses %(c)s.") % {"who": n.seat(d["seat"]), "c": n.card(d["asset"])}
        ),
    ),
    Kind.TURN_SNAPSHOT: line(
        TurnSnapshot,
        lambda d, n: (
            _("Every chest and kingdom is recorded for the audit (turn %(t)s).") % {"t": d["turn"]}
        ),
    ),
    Kind.TRADES_ALLOWED: line(
        TradesAllowed, lambda d, n: _("Trading is allowed outside Planning this turn.")
    ),
    Kind.TRADE_REFUSED: acted(
        TradeAnswered, lambda d, n, actor: _("%(who)s refuses the trade.") % {"who": n.seat(actor)}
    ),
    Kind.TRADE_WITHDRAWN: acted(
        TradeAnswered,
        lambda d, n, actor: _("%(who)s withdraws the trade offer.") % {"who": n.seat(actor)},
    ),
    Kind.TRADE_OFFERS_LAPSED: line(
        TradeOffersLapsed, lambda d, n: _("The trade offers still open have lapsed.")
    ),
    Kind.CORRECTION_REASON: line(
        CorrectionReason, lambda d, n: _("Why the director corrected: %(r)s") % {"r": d["reason"]}
    ),
    Kind.SEAT_LINK_REISSUED: line(
        SeatLinkReissued,
        lambda d, n: (
            _("A new join link for %(who)s; the old one no longer opens the seat.")
            % {"who": d["name"] or n.seat(d["seat"])}
        ),
    ),
    Kind.TACTICS_EXHAUSTED: line(Nothing, lambda d, n: _("The tactics deck is empty.")),
    Kind.TACTICS_DISCARDED: line(
        TacticsDiscarded,
        lambda d, n: (
            ngettext(
                "%(who)s discards %(count)s tactic.",
                "%(who)s discards %(count)s tactics.",
                d["count"] or 0,
            )
            % {"who": n.seat(d["seat"]), "count": d["count"] or 0}
        ),
    ),
    Kind.KINGDOM_FOUNDING_PAID: line(
        Paid,
        lambda d, n: (
            _("%(who)s pays %(what)s to found a kingdom.")
            % {"who": n.seat(d.get("seat")), "what": words.amounts(d["paid"])}
        ),
    ),
    Kind.TACTICS_LOST: line(
        CardsHeld, lambda d, n: _("You discard %(c)s.") % {"c": n.cards(d["cards"])}
    ),
    Kind.FIST_COMMITTED: line(
        FistCommitted,
        lambda d, n: _("Your fist for the duel: %(what)s.") % {"what": words.amounts(d["fist"])},
    ),
    Kind.EXPEL_VOID: line(
        ExpelVoid,
        lambda d, n: _("%(who)s cannot be expelled: nothing happens.") % {"who": n.seat(d["seat"])},
    ),
    Kind.EXPULSION_DUEL_WON: line(
        ExpulsionDuelWon,
        lambda d, n: (
            _("%(w)s wins the duel; %(x)s is expelled and gives up %(a)s.")
            % {
                "w": n.seat(d["winner"]),
                "x": n.seat(d["expelled"]),
                "a": n.card(d["asset"]) or _("a hidden asset"),
            }
        ),
    ),
    Kind.HIDDEN_ASSET_DUEL: line(
        HiddenAssetDuel,
        lambda d, n: (
            _("%(w)s takes the hidden asset %(a)s.")
            % {"w": n.seat(d["winner"]), "a": n.card(d["asset"])}
        ),
    ),
    Kind.INSURRECTION_LOSSES: line(
        InsurrectionLosses,
        lambda d, n: (
            _("You lose %(what)s in the insurrection.") % {"what": words.amounts(d["lost"])}
        ),
    ),
    Kind.INSURRECTION_PLEDGES_SHORT: line(
        InsurrectionPledgesShort,
        lambda d, n: _("The pledges fall short: the revolt is not crushed."),
    ),
    Kind.DISCARDS_CHOSEN: line(
        DiscardsChosen,
        lambda d, n: _("You choose your discards: %(c)s.") % {"c": n.cards(d["tactics"])},
    ),
}
