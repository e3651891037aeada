"""The Acquisition phase: the blind auction, then the market refresh (Fase d'adquisició;
rules §3.5, §4.9, G10, G39).

"Durant aquesta fase, el director de joc resol les apostes per adquirir actius del mercat
d'actius." Every player's bids indication is read, the two rounds are resolved by
``auction.resolve_auction`` (capped to Money + Favor now, assets left to right, ties to the
lowest Prestige), winners pay and take their asset, and the market is refreshed once (G10).

Secrecy (§4.9): "tots els passos relatius a la subhasta d'actius s'han de realitzar en el més
estricte secret". Only a visible asset's new owner is announced; a hidden asset goes to its
buyer privately and the table never learns whether it was bought or discarded (G39). Each
bidder learns only which of their own bids won. The full result (every bid, capped amount,
round, tie-break) is one director-only event, for the director's screen and the audit.

Choices made here where the rulebook is silent: a bid whose asset is not in row 1, or with only
one of its two boxes filled, is void and its owner is told so privately.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import auction, cards, decks, indications, lasting, params
from .dice import Dice
from .errors import IllegalTransitionError
from .event_kinds import Kind
from .events import Event, Outcome, director, never_revealed, private, public
from .i18n import _, gettext_noop
from .payloads import (
    AssetAcquired,
    AssetBought,
    AuctionResolved,
    BidsSettled,
    BidVoid,
    MarketRows,
    SettledBid,
    VoidBid,
)
from .phases import complete_step, find_step
from .resolution import blocking
from .resources import as_json
from .ruleset import Ruleset
from .state import GameState, Phase, Status

AUCTION_STEP = "auction"
ROUNDS = (("primary", auction.Round.PRIMARY), ("secondary", auction.Round.SECONDARY))


def resolve_acquisition(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset, dice: Dice
) -> Outcome:
    """Resolve the blind auction, hand out the assets, refresh the market (§4.9). Once a turn."""
    if state.status is not Status.PLAYING or state.phase is not Phase.ACQUISITION:
        raise IllegalTransitionError(_("The auction is resolved in the Acquisition phase."))
    if find_step(state, AUCTION_STEP) is None:
        raise IllegalTransitionError(_("The auction was already resolved this turn."))
    blocking(state)
    new = state.clone()
    events: list[Event] = []
    row1 = list(new.market.get("row1", []))
    bids, void = _bids(new, catalog, events)
    result = auction.resolve_auction(
        row1, bids, {b.seat: new.player(b.seat).resources for b in bids}, ruleset
    )
    for seat, chest in result.chests.items():
        new.player(seat).resources = dict(chest)
    for sale in result.sales:
        for resource, amount in sale.payment.paid.items():
            new.reserve[resource] += amount
        new.player(sale.seat).assets.append(sale.asset)
        events += _sale_events(catalog, sale)
    events += _bidder_events(result)
    events.append(_refresh(new, catalog, ruleset, dice, [s.asset for s in result.sales]))
    # "Sense revelar-lo a la resta de jugadors en cap moment" (§4.9): no bid is ever shown to
    # another player, not even after the end.
    events.append(never_revealed(director(Kind.AUCTION_RESOLVED, _audit(result, void))))
    done = complete_step(new, AUCTION_STEP)
    return Outcome(done.state, (*events, *done.events))


@dataclass(frozen=True)
class WrittenBids:
    """The bids the players wrote, as the auction would read them now: ``bids`` usable, in turn
    order; ``void`` those that name no asset of row 1 or fill one box only; ``unreadable`` the
    bids indications no longer valid (their owner is told why when the auction is resolved)."""

    bids: tuple[auction.Bid, ...]
    void: tuple[VoidBid, ...]
    unreadable: tuple[indications.Reading, ...]


def written_bids(state: GameState, catalog: cards.Catalog) -> WrittenBids:
    """Every player's bids indication, read and checked, without changing anything."""
    row1 = list(state.market.get("row1", []))
    bids: list[auction.Bid] = []
    void: list[VoidBid] = []
    unreadable: list[indications.Reading] = []
    for seat in state.turn_order:
        reading = indications.read(state, catalog, seat, "bids")
        if reading.void is not None:
            unreadable.append(reading)
            continue
        for prefix, rnd in ROUNDS:
            asset = reading.values.get(f"{prefix}_asset", "")
            amount = reading.values.get(f"{prefix}_amount", "")
            if params.is_empty(asset) and params.is_empty(amount):
                continue
            reason = None
            if params.is_empty(asset) or params.is_empty(amount):
                reason = gettext_noop("A bid names both an asset and an amount of Money.")
            elif asset not in row1:
                reason = gettext_noop("A bid names an asset in the first row of the market.")
            if reason is None:
                bonus = lasting.bid_delta(state, catalog, seat)
                bids.append(auction.Bid(seat, rnd, asset, int(amount), bonus))
                continue
            void.append(VoidBid(seat=seat, round=str(rnd), asset=asset, reason=reason))
    return WrittenBids(tuple(bids), tuple(void), tuple(unreadable))


def preview_auction(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset
) -> tuple[auction.AuctionResult, WrittenBids]:
    """The auction as it would be resolved now, for the director behind the screen (§4.9):
    the same reading and resolution as ``resolve_acquisition``, nothing written."""
    written = written_bids(state, catalog)
    result = auction.resolve_auction(
        list(state.market.get("row1", [])),
        list(written.bids),
        {b.seat: state.player(b.seat).resources for b in written.bids},
        ruleset,
    )
    return result, written


def _bids(
    state: GameState, catalog: cards.Catalog, events: list[Event]
) -> tuple[list[auction.Bid], list[VoidBid]]:
    """Every usable bid, in turn order, and the void ones with their reason; each owner of a
    void or unreadable bid is told privately (mutates ``state`` through the notes)."""
    written = written_bids(state, catalog)
    unreadable = {r.seat: r for r in written.unreadable}
    for seat in state.turn_order:  # the notes in turn order, as the bids were read
        if seat in unreadable:
            events.append(indications.void_note(state, unreadable[seat]))
        for v in written.void:
            if v["seat"] == seat:
                note = BidVoid(round=v["round"], asset=v["asset"], reason=v["reason"])
                events.append(never_revealed(private(Kind.BID_VOID, (seat,), note, seat)))
    return list(written.bids), list(written.void)


def _sale_events(catalog: cards.Catalog, sale: auction.Sale) -> list[Event]:
    """The buyer learns what they paid; the table sees only a visible asset's new owner."""
    out = [
        never_revealed(
            private(
                Kind.ASSET_BOUGHT,
                (sale.seat,),
                AssetBought(asset=sale.asset, price=sale.price, paid=as_json(sale.payment.paid)),
                sale.seat,
            )
        )
    ]
    if cards.card(catalog, sale.asset).get("visibility") != "hidden":
        out.append(
            public(Kind.ASSET_ACQUIRED, AssetAcquired(asset=sale.asset, owner=sale.seat), None)
        )
    return out


def _bidder_events(result: auction.AuctionResult) -> list[Event]:
    """Each bidder learns which of their bids won, and nothing about anyone else's (§4.9)."""
    mine: dict[int, list[SettledBid]] = {}
    for record in result.records:
        bid = record.bid
        mine.setdefault(bid.seat, []).append(
            SettledBid(
                round=str(bid.round),
                asset=bid.asset,
                amount=bid.amount,
                won=record.status is auction.BidStatus.WON,
            )
        )
    return [
        never_revealed(private(Kind.BIDS_SETTLED, (seat,), BidsSettled(bids=bids), seat))
        for seat, bids in mine.items()
    ]


def _refresh(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset, dice: Dice, sold: list[str]
) -> Event:
    """Discard what is left of row 1, move row 2 up, draw a new row 2 (G10). Mutates ``state``."""
    market = auction.Market(
        row1=tuple(state.market.get("row1", [])),
        row2=tuple(state.market.get("row2", [])),
        visible_pile=tuple(state.decks.get(decks.ASSETS_VISIBLE, [])),
        hidden_pile=tuple(state.decks.get(decks.ASSETS_HIDDEN, [])),
        visible_discard=tuple(state.decks.get(decks.discard_of(decks.ASSETS_VISIBLE), [])),
        hidden_discard=tuple(state.decks.get(decks.discard_of(decks.ASSETS_HIDDEN), [])),
        hidden=frozenset(
            a
            for a in cards.instances(catalog, "asset")
            if decks.asset_deck(cards.card(catalog, a)) == decks.ASSETS_HIDDEN
        ),
    )
    refreshed = auction.refresh_market(market, sold, len(state.players), dice, ruleset)
    state.market = {"row1": list(refreshed.row1), "row2": list(refreshed.row2)}
    state.decks[decks.ASSETS_VISIBLE] = list(refreshed.visible_pile)
    state.decks[decks.ASSETS_HIDDEN] = list(refreshed.hidden_pile)
    state.decks[decks.discard_of(decks.ASSETS_VISIBLE)] = list(refreshed.visible_discard)
    state.decks[decks.discard_of(decks.ASSETS_HIDDEN)] = list(refreshed.hidden_discard)
    return public(
        Kind.MARKET_REFRESHED,
        MarketRows(row1=list(refreshed.row1), row2=list(refreshed.row2)),
        None,
    )


def _audit(result: auction.AuctionResult, void: list[VoidBid]) -> AuctionResolved:
    """Everything the auction decided, JSON-safe, for the director and the audit."""
    return {
        "bids": [
            {
                "seat": r.bid.seat,
                "round": str(r.bid.round),
                "asset": r.bid.asset,
                "amount": r.bid.amount,
                "capped": r.capped,
                "bonus": r.bid.bonus,
                "status": str(r.status),
            }
            for r in result.records
        ],
        "void": void,
        "sales": [
            {
                "round": str(s.round),
                "asset": s.asset,
                "seat": s.seat,
                "price": s.price,
                "paid": as_json(s.payment.paid),
            }
            for s in result.sales
        ],
        "tie_breaks": [
            {
                "round": str(t.round),
                "asset": t.asset,
                "amount": t.amount,
                "tied": list(t.tied),
                "prestige": {str(s): p for s, p in t.prestige.items()},
                "winner": t.winner,
            }
            for t in result.tie_breaks
        ],
        "unsold": list(result.unsold),
    }
