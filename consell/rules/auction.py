"""The asset market and its blind auction (Subhasta d'actius; rules §4.9, G7–G10, G39).

The market has two rows: row 1 is for sale this turn, row 2 is next turn's. A row holds S
assets (S = N unless the ruleset says otherwise): ceil(S/2) from the visible pile, floor(S/2)
from the hidden pile. Each player may write a primary and a secondary bid, each naming an
asset of row 1 and an amount of Money. The director resolves them in secret: the primary round,
then the secondary round, assets left to right. Only winners pay. After both rounds the market
is refreshed once (G10).

Everything here is secret: ``AuctionResult`` is for the director's screen and the audit.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from .dice import Dice
from .errors import InvalidParameterError, InvalidStateError
from .i18n import _
from .payment import Payment, checked_chests, funds, pay
from .resources import Holdings, Resource
from .ruleset import Ruleset


class Round(StrEnum):
    PRIMARY = "primary"  # aposta principal
    SECONDARY = "secondary"  # aposta secundària


class BidStatus(StrEnum):
    WON = "won"
    OUTBID = "outbid"  # someone bid more, or won the tie-break
    TIED = "tied"  # still tied after the tie-break: nobody won this round
    ZERO = "zero"  # capped to 0 by the bidder's funds: ignored
    VOID = "void"  # secondary bid on an asset sold in the primary round


@dataclass(frozen=True)
class Bid:
    """``bonus``: what the bid counts more than it pays, from a lasting rule (La fira anual:
    "les apostes dels membres per actius compten 1 Diner més")."""

    seat: int
    round: Round
    asset: str
    amount: int
    bonus: int = 0


@dataclass(frozen=True)
class BidRecord:
    """A bid as resolved: ``capped`` is the amount after capping to funds (None if void)."""

    bid: Bid
    capped: int | None
    status: BidStatus


@dataclass(frozen=True)
class TieBreak:
    """Equal top bids on one asset in one round, and how they were settled (G39)."""

    round: Round
    asset: str
    amount: int
    tied: tuple[int, ...]
    prestige: Mapping[int, int]
    winner: int | None


@dataclass(frozen=True)
class Sale:
    round: Round
    asset: str
    seat: int
    price: int
    payment: Payment  # Money first, then Favor


@dataclass(frozen=True)
class AuctionResult:
    records: tuple[BidRecord, ...]
    sales: tuple[Sale, ...]
    tie_breaks: tuple[TieBreak, ...]
    chests: Mapping[int, Mapping[Resource, int]]
    unsold: tuple[str, ...]  # row-1 assets left for the refresh to discard

    @property
    def winners(self) -> dict[str, int]:
        return {s.asset: s.seat for s in self.sales}


@dataclass(frozen=True)
class Market:
    """The two rows, the two piles (top first) and their discards (§4.9, §1.3)."""

    row1: tuple[str, ...]
    row2: tuple[str, ...]
    visible_pile: tuple[str, ...]
    hidden_pile: tuple[str, ...]
    visible_discard: tuple[str, ...]
    hidden_discard: tuple[str, ...]
    hidden: frozenset[str]  # which assets are hidden, to send each discard to its own pile


def row_split(size: int) -> tuple[int, int]:
    """(visible, hidden) cards in a row of ``size``: half rounded up from the visible pile (G9)."""
    return (size + 1) // 2, size // 2


def open_market(
    visible: Sequence[str], hidden: Sequence[str], players: int, dice: Dice, ruleset: Ruleset
) -> Market:
    """Shuffle both piles, then prepare row 1 and row 2 (setup step 9, G7)."""
    with dice.purpose("market: shuffle the visible assets"):
        visible_pile = tuple(dice.shuffle(visible))
    with dice.purpose("market: shuffle the hidden assets"):
        hidden_pile = tuple(dice.shuffle(hidden))
    market = Market((), (), visible_pile, hidden_pile, (), (), frozenset(hidden))
    row1, market = prepare_row(market, ruleset.row_size(players), dice)
    row2, market = prepare_row(market, ruleset.row_size(players), dice)
    return replace(market, row1=row1, row2=row2)


def prepare_row(market: Market, size: int, dice: Dice) -> tuple[tuple[str, ...], Market]:
    """Draw a new row and return it with the market's piles after drawing (§4.9, G9).

    "If a pile is empty, reshuffle its discards. If it is still empty, draw from the other
    pile. If both are empty, the row is shorter." Visible cards are placed first (left), then
    hidden ones, each in draw order.
    """
    piles = {"visible": list(market.visible_pile), "hidden": list(market.hidden_pile)}
    discards = {"visible": list(market.visible_discard), "hidden": list(market.hidden_discard)}

    def draw(kind: str) -> str | None:
        other = "hidden" if kind == "visible" else "visible"
        for k in (kind, other):
            if not piles[k] and discards[k]:
                with dice.purpose(f"market: reshuffle the {k} discards"):
                    piles[k] = dice.shuffle(discards[k])
                discards[k] = []
            if piles[k]:
                return piles[k].pop(0)
        return None

    n_visible, n_hidden = row_split(size)
    drawn = [draw("visible") for _ in range(n_visible)] + [draw("hidden") for _ in range(n_hidden)]
    row = tuple(card for card in drawn if card is not None)
    return row, replace(
        market,
        visible_pile=tuple(piles["visible"]),
        hidden_pile=tuple(piles["hidden"]),
        visible_discard=tuple(discards["visible"]),
        hidden_discard=tuple(discards["hidden"]),
    )


def refresh_market(
    market: Market, sold: Collection[str], players: int, dice: Dice, ruleset: Ruleset
) -> Market:
    """After the auction (G10): discard row 1's leftovers, move row 2 up, prepare a new row 2."""
    strays = [a for a in sold if a not in market.row1]
    if strays:
        raise InvalidParameterError(
            _("Only row-1 assets can have been sold, not %(strays)s.")
            % {"strays": ", ".join(strays)},
            assets=strays,
        )
    left = [a for a in market.row1 if a not in sold]
    moved = replace(
        market,
        row1=market.row2,
        row2=(),
        visible_discard=market.visible_discard + tuple(a for a in left if a not in market.hidden),
        hidden_discard=market.hidden_discard + tuple(a for a in left if a in market.hidden),
    )
    row2, refreshed = prepare_row(moved, ruleset.row_size(players), dice)
    return replace(refreshed, row2=row2)


def resolve_auction(
    row1: Sequence[str], bids: Sequence[Bid], chests: Mapping[int, Holdings], ruleset: Ruleset
) -> AuctionResult:
    """Resolve both rounds of blind bids on row 1 (rules §4.9, G39).

    For each round, for each unsold asset left to right: cap every bid on it to the bidder's
    funds now (Money plus Favor: "Favor counts as Money"), ignore zeros; a bid counts its capped
    amount plus its ``bonus``; the single or highest bidder wins; equal top bids go to the
    lowest Prestige (``auction_tiebreak``), and if still tied nobody wins this round. A
    secondary bid on an asset already sold is void. The winner pays its capped amount (never
    the bonus), Money first, then Favor; "losing bids cost nothing".
    """
    _check_bids(row1, bids)
    new_chests = checked_chests(chests, {b.seat for b in bids})
    records: list[BidRecord] = []
    sales: list[Sale] = []
    tie_breaks: list[TieBreak] = []
    sold: set[str] = set()
    for rnd in Round:
        for asset in row1:
            on_asset = [b for b in bids if b.round is rnd and b.asset == asset]
            if asset in sold:
                records += [BidRecord(b, None, BidStatus.VOID) for b in on_asset]
                continue
            capped = {b: min(b.amount, funds(new_chests[b.seat], Resource.MON)) for b in on_asset}
            live = [b for b in on_asset if capped[b] > 0]
            counted = {b: capped[b] + b.bonus for b in live}
            top = max((counted[b] for b in live), default=0)
            leaders = [b for b in live if counted[b] == top]
            winner = leaders[0] if len(leaders) == 1 else None
            if len(leaders) > 1:
                winner = _break_tie(leaders, new_chests, ruleset)
                tie_breaks.append(
                    TieBreak(
                        rnd,
                        asset,
                        top,
                        tuple(b.seat for b in leaders),
                        {b.seat: new_chests[b.seat][Resource.PRE] for b in leaders},
                        winner.seat if winner else None,
                    )
                )
            for b in on_asset:
                records.append(BidRecord(b, capped[b], _status(b, capped[b], winner, leaders)))
            if winner is not None:
                price = capped[winner]
                payment = pay(new_chests[winner.seat], {Resource.MON: price})
                new_chests[winner.seat] = dict(payment.holdings)
                sales.append(Sale(rnd, asset, winner.seat, price, payment))
                sold.add(asset)
    return AuctionResult(
        records=tuple(records),
        sales=tuple(sales),
        tie_breaks=tuple(tie_breaks),
        chests=new_chests,
        unsold=tuple(a for a in row1 if a not in sold),
    )


def _check_bids(row1: Sequence[str], bids: Sequence[Bid]) -> None:
    """Each bid names a row-1 asset and at least 1 Money; one bid per player per round."""
    if len(set(row1)) != len(row1):
        raise InvalidStateError(_("Row 1 holds the same asset twice."), row=list(row1))
    seen: set[tuple[int, Round]] = set()
    for b in bids:
        if not isinstance(b.round, Round):
            raise InvalidParameterError(
                _("Unknown bid round %(round)s.") % {"round": repr(b.round)}, seat=b.seat
            )
        if b.asset not in row1:
            raise InvalidParameterError(
                _("Seat %(seat)s bid on %(asset)s, which is not in row 1.")
                % {"seat": b.seat, "asset": repr(b.asset)},
                seat=b.seat,
            )
        if isinstance(b.amount, bool) or not isinstance(b.amount, int) or b.amount < 1:
            raise InvalidParameterError(
                _("A bid must be a whole amount of at least 1 Money, not %(amount)s.")
                % {"amount": repr(b.amount)},
                seat=b.seat,
            )
        if (b.seat, b.round) in seen:
            raise InvalidParameterError(
                _("Seat %(seat)s made two %(round)s bids; a player makes at most one of each.")
                % {"seat": b.seat, "round": b.round},
                seat=b.seat,
            )
        seen.add((b.seat, b.round))


def _break_tie(
    leaders: list[Bid], chests: Mapping[int, Mapping[Resource, int]], ruleset: Ruleset
) -> Bid | None:
    """Lowest Prestige among equal top bids wins; still tied, nobody does (G39)."""
    if ruleset.auction_tiebreak != "lowest_prestige":
        return None
    lowest = min(chests[b.seat][Resource.PRE] for b in leaders)
    best = [b for b in leaders if chests[b.seat][Resource.PRE] == lowest]
    return best[0] if len(best) == 1 else None


def _status(bid: Bid, capped: int, winner: Bid | None, leaders: list[Bid]) -> BidStatus:
    if capped == 0:
        return BidStatus.ZERO
    if bid == winner:
        return BidStatus.WON
    if winner is None and bid in leaders:
        return BidStatus.TIED
    return BidStatus.OUTBID
