"""A player's Planning phase from the phone: piles, sacrifices, trades and the hand-in (§3.2)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from consell.game.services import sealing, together
from consell.game.services.store import DealtChange, dealt
from consell.rules import planning as rules_planning
from consell.rules import trades as rules_trades
from consell.rules.errors import InvalidParameterError, NotEligibleError
from consell.rules.event_kinds import Kind
from consell.rules.events import director, never_revealed, private
from consell.rules.payloads import (
    TradeAnswered,
    TradeOffered,
    TradeOffersLapsed,
    TradeSide,
)
from consell.rules.state import PlannedAbility

OFFERS = "trade_offers"


def add(
    game_id: int, seat: int, source: str, ability: str, params: Mapping[str, Any], *, nonce=None
):
    with dealt(game_id, nonce=nonce) as ch:
        outcome = rules_planning.add_ability(
            ch.state, ch.catalog, seat, PlannedAbility(source, ability, dict(params))
        )
        ch.record(outcome.state, outcome.events, actor=seat)


def remove(game_id: int, seat: int, pile: str, index: int, *, nonce=None):
    with dealt(game_id, nonce=nonce) as ch:
        outcome = rules_planning.remove_ability(ch.state, seat, pile, index)
        ch.record(outcome.state, outcome.events, actor=seat)


def move(game_id: int, seat: int, pile: str, index: int, delta: int, *, nonce=None):
    """Move one tile up (-1) or down (+1) in an ordered pile."""
    with dealt(game_id, nonce=nonce) as ch:
        tiles = getattr(ch.state.player(seat).plan, pile, None)
        if pile not in ("actions", "secrets") or tiles is None:
            raise InvalidParameterError(_("Only the actions and secrets piles have an order."))
        target = index + delta
        if not (0 <= index < len(tiles) and 0 <= target < len(tiles)):
            raise InvalidParameterError(_("That tile cannot move further."))
        order = list(range(len(tiles)))
        order[index], order[target] = order[target], order[index]
        outcome = rules_planning.reorder(ch.state, seat, pile, order)
        ch.record(outcome.state, outcome.events, actor=seat)


def sacrifice(game_id: int, seat: int, tactic: str, *, nonce=None):
    with dealt(game_id, nonce=nonce) as ch:
        outcome = rules_planning.sacrifice_tactic(ch.state, ch.catalog, seat, tactic)
        ch.record(outcome.state, outcome.events, actor=seat)


def hand_in(game_id: int, seat: int, *, nonce=None, secret: str | None = None):
    """Lock the plan; the order of hand-ins becomes the turn order (§3.2, G58). The plan is
    sealed under ``secret``, which the phone drew and keeps (``sealing``).

    A table hands in all at once as Planning ends: the hand-ins that reach a process together
    are applied in one transaction, each in the order it arrived (``together``)."""
    together.apply(game_id, handing_in(seat, sealing.checked_secret(secret)), nonce=nonce)


def handing_in(seat: int, secret: str | None = None) -> together.Step:
    """``seat``'s hand-in as a step of a change (``together``)."""

    def step(ch: DealtChange) -> None:
        outcome = rules_planning.hand_in(ch.state, ch.catalog, seat)
        state = outcome.state
        withdrawn = _drop_offers_of(state, seat)
        ch.record(state, outcome.events, actor=seat)
        sealing.seal(ch, seat, secret)
        ch.touch(seats=withdrawn)

    return step


def close_for(game_id: int, seat: int, *, nonce=None):
    """The director closes Planning for a player who cannot finish (G37), recorded as such."""
    with dealt(game_id, nonce=nonce, by_director=True) as ch:
        closing_for(ch, seat)


def closing_for(ch: DealtChange, seat: int, *, at_deadline: bool = False) -> None:
    """``seat``'s plan taken as it stands (G37), within the open change ``ch``: the director's
    close, or a passed deadline's (``clock``, G61)."""
    outcome = rules_planning.close_planning_for(ch.state, seat, at_deadline=at_deadline)
    state = outcome.state
    withdrawn = _drop_offers_of(state, seat)
    ch.record(state, outcome.events)
    ch.touch(seats=withdrawn)


# -- trades (rules §4.14) ------------------------------------------------------------------------


def propose_trade(
    game_id: int,
    seat: int,
    to: int,
    gives: rules_trades.Offer,
    wants: rules_trades.Offer,
    *,
    nonce=None,
):
    """Offer a binding trade; it happens only when the other player accepts it."""
    with dealt(game_id, nonce=nonce) as ch:
        state = ch.state.clone()
        if to == seat:
            raise InvalidParameterError(_("A player cannot trade with themselves."))
        state.player(to)
        if gives.is_empty() and wants.is_empty():
            raise InvalidParameterError(_("The trade is empty: nobody gives anything."))
        # Refuse now what could never be accepted (forbidden items, wrong phase).
        rules_trades.check_offer(state, ch.catalog, ch.ruleset, seat, gives, partner=to)
        rules_trades.check_request(ch.ruleset, wants)
        if wants.tactics:
            raise InvalidParameterError(_("Ask for tactics in words: their cards are hidden."))
        rules_trades.check_offer(
            state, ch.catalog, ch.ruleset, to, rules_trades.Offer(), partner=seat
        )
        offers = state.progress.setdefault(OFFERS, [])
        offer_id = state.progress.get("next_offer", 0)
        state.progress["next_offer"] = offer_id + 1
        offers.append(
            {
                "id": offer_id,
                "from": seat,
                "to": to,
                "gives": _offer_dict(gives),
                "wants": _offer_dict(wants),
            }
        )
        offered = private(
            Kind.TRADE_OFFERED,
            (seat, to),
            TradeOffered(offer=offer_id, to=to, gives=_offer_dict(gives), wants=_offer_dict(wants)),
            seat,
        )
        if rules_trades.has_words(gives) or rules_trades.has_words(wants):
            offered = never_revealed(offered)  # the parties' words stay theirs (§4.14, §4.17)
        ch.record(state, [offered], actor=seat)


def answer_trade(game_id: int, seat: int, offer_id: int, accept: bool, *, nonce=None):
    """The receiver accepts (the trade runs atomically) or refuses; the proposer may withdraw."""
    with dealt(game_id, nonce=nonce) as ch:
        # An offer still open when the game ended is no longer accepted, refused or withdrawn.
        rules_trades.check_playing(ch.state)
        state = ch.state.clone()
        offers = state.progress.get(OFFERS, [])
        offer = next((o for o in offers if o["id"] == offer_id), None)
        if offer is None or seat not in (offer["from"], offer["to"]):
            raise NotEligibleError(_("That offer is no longer open."))
        if accept and seat != offer["to"]:
            raise NotEligibleError(_("Only the player the offer was made to can accept it."))
        offers.remove(offer)
        parties = (offer["from"], offer["to"])
        if not accept:
            kind = Kind.TRADE_REFUSED if seat == offer["to"] else Kind.TRADE_WITHDRAWN
            ch.record(
                state, [private(kind, parties, TradeAnswered(offer=offer_id), seat)], actor=seat
            )
            return
        outcome = rules_trades.trade(
            state,
            ch.catalog,
            ch.ruleset,
            offer["from"],
            offer["to"],
            _offer(offer["gives"]),
            _offer(offer["wants"]),
        )
        ch.record(outcome.state, outcome.events, actor=seat)


def _drop_offers_of(state, seat: int) -> set[int]:
    """Open offers involving a player who handed in can no longer be carried out (G34)."""
    offers = state.progress.get(OFFERS, [])
    gone = [o for o in offers if seat in (o["from"], o["to"])]
    state.progress[OFFERS] = [o for o in offers if o not in gone]
    return {s for o in gone for s in (o["from"], o["to"])}


def clear_offers(state) -> list:
    """Planning is over: every open offer lapses."""
    gone = state.progress.pop(OFFERS, [])
    return (
        [
            director(
                Kind.TRADE_OFFERS_LAPSED, TradeOffersLapsed(offers=[o["id"] for o in gone]), None
            )
        ]
        if gone
        else []
    )


def _offer_dict(offer: rules_trades.Offer) -> TradeSide:
    return {
        "resources": {str(k): int(v) for k, v in offer.resources.items() if v},
        "tactics": list(offer.tactics),
        "assets": list(offer.assets),
        "information": offer.information,
        "promises": offer.promises,
    }


def _offer(data: Mapping[str, Any]) -> rules_trades.Offer:
    return rules_trades.Offer(
        resources=dict(data.get("resources", {})),
        tactics=tuple(data.get("tactics", ())),
        assets=tuple(data.get("assets", ())),
        information=data.get("information", ""),
        promises=data.get("promises", ""),
    )
