"""Binding trades between two players (Intercanvis, tractes vinculants; rules §4.14, G14, G34, G59).

"Els intercanvis de caràcter immediat ... són transaccions vinculants": the two parties agree on
a bundle each way and the app moves it at once, all or nothing. What may change hands: tactics
in hand, owned assets (visible or hidden), and the tradeable resources of the ruleset (G14:
POW, MON, INT, FOR, FAI; never Prestige, never Favor). Houses, objectives, offices and tiles
never do (§4.14). Information and promises are recorded as text only, on the honour system
(G59); the director referees complaints.

When (G34): physical components change hands only during Planning, by players who have not
handed in their plan yet, or when a card allowed trades outside Planning this turn, or when a
lasting rule lets the members of a kingdom trade with each other in this phase (Llibertat de
comerç: "poden intercanviar entre ells durant la fase d'accions"; ``lasting.trade_permit``).

A trade is secret from the rest of the table: its events are for the two parties (and the
director). Choice made here: a visible asset is seen on the table, so its new owner is also
announced publicly, without saying how it changed hands.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from . import cards, lasting
from .errors import IllegalTransitionError, InvalidParameterError, NotEligibleError
from .event_kinds import Kind
from .events import Event, Outcome, never_revealed, private, public
from .i18n import _
from .payloads import (
    AssetOwnerChanged,
    Trade,
    TradeSide,
)
from .resources import Resource
from .ruleset import Ruleset
from .state import GameState, Phase, Status


@dataclass(frozen=True)
class Offer:
    """What one party gives: resources, tactics, assets, and free text for the rest."""

    resources: Mapping[str, int] = field(default_factory=dict)
    tactics: tuple[str, ...] = ()
    assets: tuple[str, ...] = ()
    information: str = ""
    promises: str = ""

    def is_empty(self) -> bool:
        has_text = self.information.strip() or self.promises.strip()
        return not (any(self.resources.values()) or self.tactics or self.assets or has_text)


def trade(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    first: int,
    second: int,
    gives_first: Offer,
    gives_second: Offer,
) -> Outcome:
    """Carry out an agreed trade: ``first`` gives ``gives_first``, ``second`` ``gives_second``."""
    if first == second:
        raise InvalidParameterError(_("A player cannot trade with themselves."))
    new = state.clone()
    _may_trade(new, catalog, first, second)
    _may_trade(new, catalog, second, first)
    if gives_first.is_empty() and gives_second.is_empty():
        raise InvalidParameterError(_("The trade is empty: nobody gives anything."))
    _check_offer(new, catalog, ruleset, first, gives_first)
    _check_offer(new, catalog, ruleset, second, gives_second)
    events: list[Event] = []
    _hand_over(new, catalog, first, second, gives_first, events)
    _hand_over(new, catalog, second, first, gives_second, events)
    record = private(
        Kind.TRADE,
        (first, second),
        Trade(
            parties=[first, second],
            gives={str(first): _describe(gives_first), str(second): _describe(gives_second)},
        ),
        first,
    )
    if has_words(gives_first) or has_words(gives_second):
        # Information and promises are said between the two parties (§4.14); the end reveals
        # cards and resources (§4.17), never what was said.
        record = never_revealed(record)
    return Outcome(new, (record, *events))


def has_words(offer: Offer) -> bool:
    """The offer carries words (information or promises), the parties' private talk."""
    return bool(offer.information.strip() or offer.promises.strip())


def check_offer(
    state: GameState,
    catalog: cards.Catalog,
    ruleset: Ruleset,
    seat: int,
    offer: Offer,
    partner: int | None = None,
) -> None:
    """What a player proposes to give (to ``partner``), checked before the other side even
    sees the offer."""
    _may_trade(state, catalog, seat, partner)
    _check_offer(state, catalog, ruleset, seat, offer)


def check_request(ruleset: Ruleset, offer: Offer) -> None:
    """What a player asks for: only its kinds, never the other side's holdings, which are secret
    until the other player accepts (and the trade then checks them)."""
    for code, amount in offer.resources.items():
        _check_amount(ruleset, code, amount)


def _check_amount(ruleset: Ruleset, code: str, amount: object) -> None:
    """A traded amount: of a resource the ruleset lets change hands (G14), whole and positive."""
    if code not in Resource.__members__ or Resource(code) not in ruleset.tradeable:
        allowed = ", ".join(str(r) for r in ruleset.tradeable)
        raise NotEligibleError(
            _("%(code)s cannot be traded; only %(allowed)s (G14).")
            % {"code": code, "allowed": allowed}
        )
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise InvalidParameterError(
            _("Trade whole, positive amounts of %(code)s.") % {"code": code}
        )


def may_trade(state: GameState, catalog: cards.Catalog, seat: int) -> bool:
    """Whether ``seat`` may trade now with someone (the phone then shows the trades)."""
    try:
        _may_trade(state, catalog, seat, None)
    except (IllegalTransitionError, NotEligibleError):
        return False
    return True


def check_playing(state: GameState) -> None:
    """Nothing changes hands once the game is over: a permit of the last turn (a card's
    ``trades_allowed``, a lasting rule) outlives the turn it was given for."""
    if state.status is Status.FINISHED:
        raise IllegalTransitionError(_("The game is over."))


def _may_trade(state: GameState, catalog: cards.Catalog, seat: int, partner: int | None) -> None:
    """G34: during Planning and before handing in, or when a card allowed trading; a lasting
    rule may let a kingdom's members trade with each other in another phase."""
    check_playing(state)
    player = state.player(seat)
    if state.trades_allowed:
        return
    if state.phase is not Phase.PLANNING:
        if lasting.trade_permit(state, catalog, seat, partner) is not None:
            return
        raise IllegalTransitionError(
            _("Cards and resources change hands only during the Planning phase (§4.14).")
        )
    if player.plan.handed_in:
        raise NotEligibleError(
            _("%(name)s has handed in their plan and can no longer trade.") % {"name": player.name}
        )


def _check_offer(
    state: GameState, catalog: cards.Catalog, ruleset: Ruleset, seat: int, offer: Offer
) -> None:
    player = state.player(seat)
    for code, amount in offer.resources.items():
        _check_amount(ruleset, code, amount)
        if player.resources[Resource(code)] < amount:
            raise InvalidParameterError(
                _("%(name)s does not hold %(amount)s %(code)s.")
                % {"name": player.name, "amount": amount, "code": code}
            )
    for kind, given, held in (
        ("tactic", offer.tactics, player.tactics),
        ("asset", offer.assets, player.assets),
    ):
        if len(set(given)) != len(given):
            raise InvalidParameterError(_("The same %(kind)s is offered twice.") % {"kind": kind})
        for instance in given:
            if instance not in held or cards.card(catalog, instance).get("kind") != kind:
                raise InvalidParameterError(
                    _("%(name)s does not hold the %(kind)s %(instance)s.")
                    % {"name": player.name, "kind": kind, "instance": instance}
                )


def _hand_over(
    state: GameState,
    catalog: cards.Catalog,
    giver: int,
    receiver: int,
    offer: Offer,
    events: list[Event],
) -> None:
    source, target = state.player(giver), state.player(receiver)
    for code, amount in offer.resources.items():
        source.resources[Resource(code)] -= amount
        target.resources[Resource(code)] += amount
    for tactic in offer.tactics:
        source.tactics.remove(tactic)
        target.tactics.append(tactic)
    for asset in offer.assets:
        source.assets.remove(asset)
        target.assets.append(asset)
        if cards.card(catalog, asset).get("visibility") != "hidden":
            events.append(
                public(
                    Kind.ASSET_OWNER_CHANGED, AssetOwnerChanged(asset=asset, owner=receiver), None
                )
            )


def _describe(offer: Offer) -> TradeSide:
    return {
        "resources": {k: v for k, v in offer.resources.items() if v},
        "tactics": list(offer.tactics),
        "assets": list(offer.assets),
        "information": offer.information,
        "promises": offer.promises,
    }
