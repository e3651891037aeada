"""Kingdoms change hands: founding, joining, expulsion, succession, dissolution (rules §4.12,
G38, G40–G42, G49).

Procedures that need hidden fists (the succession struggle, each expelled asset) record a
pending ``duel`` with everything the duel needs (participants, admitted resources, purpose);
the service collects the fists, fights it with ``consell.rules.duels`` and hands the
``DuelResult`` back to ``settle_succession`` or ``settle_expulsion_duel``.
"""

from __future__ import annotations

from collections.abc import Sequence

from . import decks, lasting
from .cards import Catalog, card, king_office, of_kind, title
from .destiny import leave_play
from .duels import DuelResult
from .errors import InvalidParameterError, InvalidStateError, NotEligibleError
from .event_kinds import Kind
from .events import Event, Outcome, director, private, public
from .i18n import _
from .indicators import starting_indicators
from .offices import crown, open_appointments, vacate_offices
from .payloads import (
    DuelRevealed,
    Expelled,
    ExpulsionDuelAnnounced,
    ExpulsionDuelWon,
    HiddenAssetDuel,
    KingCrowned,
    KingDeposed,
    KingdomCreated,
    KingdomDissolved,
    KingdomJoined,
    OfficesLost,
    Paid,
    SuccessionStruggle,
    Trigger,
)
from .payment import pay
from .resources import add, subtract
from .ruleset import Ruleset
from .state import GameState, Kingdom, Pending

DUEL = "duel"
SUCCESSION = "succession"
EXPULSION = "expulsion"


def check_can_change(state: GameState, seat: int) -> None:
    """Whether a player may found or join a kingdom now (§4.12, G40).

    Kings cannot; nor can a player expelled this turn or who already changed kingdom this turn
    ("un jugador no pot canviar de regne més d'una vegada per torn").
    """
    player = state.player(seat)
    if player.kingdom is not None and state.kingdom(player.kingdom).king == seat:
        raise NotEligibleError(
            _("Seat %(seat)s is a King; a King cannot leave his kingdom.") % {"seat": seat}
        )
    if player.expelled_turn == state.turn:
        raise NotEligibleError(
            _("Seat %(seat)s was expelled this turn; next turn they may.") % {"seat": seat}
        )
    if player.kingdom_changed_turn == state.turn:
        raise NotEligibleError(
            _("Seat %(seat)s already changed kingdom this turn.") % {"seat": seat}
        )


def check_can_join(state: GameState, seat: int, kingdom_id: int) -> None:
    """Before a join request goes to a vote (§4.12): the kingdom exists and is not theirs."""
    state.kingdom(kingdom_id)
    if state.player(seat).kingdom == kingdom_id:
        raise NotEligibleError(
            _("Seat %(seat)s already belongs to kingdom %(kingdom_id)s.")
            % {"seat": seat, "kingdom_id": kingdom_id}
        )
    check_can_change(state, seat)


def create_kingdom(
    state: GameState,
    founder: int,
    joiners: Sequence[int],
    catalog: Catalog,
    ruleset: Ruleset,
    *,
    paid: bool = False,
) -> Outcome:
    """Found a kingdom (Crear un nou regne, §4.12, G40). Public.

    The joiners declared before payment; the founder pays ceil(8 / 2^joiners) Power, Favor as the
    wildcard, or the action aborts and nobody moves (``UnaffordableError``). Founder and joiners
    give up their old offices (G49); the founder becomes King of a kingdom with every indicator
    at 3 and a fresh set of offices (G54), and may appoint the joiners at once. ``paid`` says the
    price was already taken (the effects interpreter charges it before the founding, G40).
    """
    joiners = _joiners_in_turn_order(state, founder, joiners)
    price = ruleset.new_kingdom_price(len(joiners))
    new = state.clone()
    events: list[Event] = []
    if not paid:
        payment = pay(state.player(founder).resources, {ruleset.new_kingdom_resource: price})
        new.player(founder).resources = dict(payment.holdings)
        new.reserve = add(new.reserve, payment.paid)
        spent = {str(r): v for r, v in payment.paid.items() if v}
        events.append(private(Kind.COST_PAID, [founder], Paid(paid=spent), founder))
    kid = new.next_kingdom_id
    new.next_kingdom_id += 1
    events += _move_into(new, kid, (founder, *joiners))
    king_card = king_office(catalog)
    new.kingdoms.append(
        Kingdom(
            id=kid,
            name=new.player(founder).house,
            king=founder,
            indicators=starting_indicators(ruleset),
            offices={o: (founder if o == king_card else None) for o in of_kind(catalog, "office")},
        )
    )
    if joiners:
        open_appointments(new, kid)
    events.append(
        public(
            Kind.KINGDOM_CREATED,
            KingdomCreated(
                kingdom=kid,
                king=founder,
                joiners=list(joiners),
                price=price,
                resource=str(ruleset.new_kingdom_resource),
            ),
            founder,
        )
    )
    return Outcome(new, tuple(events))


def _joiners_in_turn_order(state: GameState, founder: int, joiners: Sequence[int]) -> list[int]:
    """The joiners of a new kingdom, each once and free to change kingdom (G49), in turn order."""
    check_can_change(state, founder)
    if len(set(joiners)) != len(joiners) or founder in joiners:
        raise InvalidParameterError(_("Each joiner joins once, and the founder is not a joiner."))
    for seat in joiners:
        check_can_change(state, seat)
    order = {seat: i for i, seat in enumerate(state.turn_order)}
    return sorted(joiners, key=order.__getitem__)


def _move_into(state: GameState, kingdom_id: int, seats: Sequence[int]) -> list[Event]:
    """The founder and joiners give up their old offices and belong to the new kingdom (G49).
    Mutates ``state``."""
    events: list[Event] = []
    for seat in seats:
        lost = vacate_offices(state, seat)
        if lost:
            events.append(public(Kind.OFFICES_LOST, OfficesLost(seat=seat, offices=lost), seat))
        player = state.player(seat)
        player.kingdom = kingdom_id
        player.kingdom_changed_turn = state.turn
    return events


def join(state: GameState, seat: int, kingdom_id: int) -> Outcome:
    """A passed join request moves the player (Unir-se a un regne, §4.12, G49). Public.

    The vote itself is ``consell.rules.votes``'; this only changes membership. The player gives
    up the offices of the kingdom they leave and keeps everything else.
    """
    check_can_join(state, seat, kingdom_id)
    new = state.clone()
    old = new.player(seat).kingdom
    lost = vacate_offices(new, seat)
    player = new.player(seat)
    player.kingdom = kingdom_id
    player.kingdom_changed_turn = new.turn
    return Outcome(
        new,
        (
            public(
                Kind.KINGDOM_JOINED,
                KingdomJoined(seat=seat, kingdom=kingdom_id, left=old, offices_lost=lost),
                seat,
            ),
        ),
    )


def expel(state: GameState, seat: int, catalog: Catalog, ruleset: Ruleset) -> Outcome:
    """Expel a player from their kingdom (Expulsar, §4.12, G38). Public.

    In order: they lose their offices; they belong to no kingdom and cannot found or join one
    this turn; a King's kingdom runs a succession struggle without him; then one duel per asset
    between the expelled player and all the other members (pending, in the order the director
    settles them). A hidden asset is announced as "a hidden asset", without its title.
    """
    player = state.player(seat)
    if player.kingdom is None:
        raise NotEligibleError(
            _("Seat %(seat)s belongs to no kingdom; there is nothing to expel.") % {"seat": seat}
        )
    new = state.clone()
    kid = player.kingdom
    kingdom = new.kingdom(kid)
    throne = throne_of(kingdom) if kingdom.king == seat else None
    lost = vacate_offices(new, seat)
    expelled = new.player(seat)
    expelled.kingdom = None
    expelled.expelled_turn = new.turn
    if seat not in kingdom.expelled:
        kingdom.expelled.append(seat)  # Amnistia general lets them back in without a vote
    events: list[Event] = [
        public(Kind.EXPELLED, Expelled(seat=seat, kingdom=kid, offices_lost=lost)),
        # "Quan et expulsen d'un regne": the expelled player's reactions (§4.3), theirs alone.
        director(Kind.TRIGGER, Trigger(trigger="expelled", seat=seat)),
    ]
    remaining = new.members(kid)
    if throne is not None:
        events += begin_succession(new, kid, remaining, None, throne, ruleset)
    if remaining:
        events += _open_expulsion_duels(new, catalog, ruleset, seat, kid, remaining)
    return Outcome(new, tuple(events))


def _open_expulsion_duels(
    state: GameState,
    catalog: Catalog,
    ruleset: Ruleset,
    seat: int,
    kingdom_id: int,
    remaining: Sequence[int],
) -> list[Event]:
    """One pending duel per asset of the expelled player against the remaining members (§4.12,
    G38); a hidden asset is announced without its title. Mutates ``state``."""
    events: list[Event] = []
    for asset in state.player(seat).assets:
        hidden = card(catalog, asset).get("visibility") == "hidden"
        participants = [seat, *remaining]
        state.pending.append(
            Pending(
                state.next_pending_id,
                DUEL,
                {
                    "purpose": EXPULSION,
                    "kingdom": kingdom_id,
                    "expelled": seat,
                    "participants": participants,
                    "resources": [str(r) for r in ruleset.expulsion_duel],
                    "asset": asset,
                    "hidden": hidden,
                },
                participants,
            )
        )
        events.append(
            public(
                Kind.EXPULSION_DUEL_ANNOUNCED,
                ExpulsionDuelAnnounced(
                    pending=state.next_pending_id,
                    expelled=seat,
                    participants=participants,
                    asset=None if hidden else asset,
                    asset_title=None if hidden else title(catalog, asset),
                ),
            )
        )
        state.next_pending_id += 1
    return events


def settle_expulsion_duel(state: GameState, pending_id: int, result: DuelResult) -> Outcome:
    """Apply an expulsion asset duel (§4.12): the winner keeps the asset; a tie leaves it with
    the expelled player. Every committed token goes back to the reserve (§4.8)."""
    pending = _duel(state, pending_id, EXPULSION)
    data = pending.data
    expelled = data["expelled"]
    _check_result(pending, result)
    if result.tied and result.winner != expelled:
        raise InvalidParameterError(_("A tied expulsion duel leaves the asset with the expelled."))
    new = state.clone()
    events = _pay_fists(new, pending, result)
    asset, winner = data["asset"], _winner(result)
    owner = new.player(expelled)
    if winner != expelled and asset in owner.assets:
        owner.assets.remove(asset)
        new.player(winner).assets.append(asset)
    shown = None if data["hidden"] else asset
    events.append(
        public(
            Kind.EXPULSION_DUEL_WON, ExpulsionDuelWon(winner=winner, expelled=expelled, asset=shown)
        )
    )
    if data["hidden"]:
        events.append(
            private(
                Kind.HIDDEN_ASSET_DUEL,
                [winner, expelled],
                HiddenAssetDuel(winner=winner, asset=asset),
            )
        )
    new.pending = [p for p in new.pending if p.id != pending_id]
    return Outcome(new, tuple(events))


def depose(state: GameState, kingdom_id: int, catalog: Catalog, ruleset: Ruleset) -> Outcome:
    """A King loses the throne but stays a member (a Revolution, §4.5): succession without him,
    or with him, keeping the throne on a tie, while a ``deposed_king_contends`` rule is in force
    in the kingdom (Llei de successió: "el Rei destronat hi participa i guanya els empats").

    If he is the only member the insurrection rule keeps him on the throne instead, so this is
    refused.
    """
    kingdom = state.kingdom(kingdom_id)
    if kingdom.king is None:
        raise InvalidStateError(
            _("Kingdom %(kingdom_id)s has no King to depose.") % {"kingdom_id": kingdom_id}
        )
    contenders = [s for s in state.members(kingdom_id) if s != kingdom.king]
    if not contenders:
        raise NotEligibleError(_("A King who is the only member cannot be deposed."))
    new = state.clone()
    king = kingdom.king
    throne = throne_of(new.kingdom(kingdom_id))
    heir = None
    if lasting.deposed_king_contends(state, catalog, kingdom_id) is not None:
        contenders, heir = state.members(kingdom_id), king
    vacate_offices(new, king)
    events = [public(Kind.KING_DEPOSED, KingDeposed(seat=king, kingdom=kingdom_id))]
    events += begin_succession(new, kingdom_id, contenders, heir, throne, ruleset)
    return Outcome(new, tuple(events))


def settle_succession(state: GameState, pending_id: int, result: DuelResult) -> Outcome:
    """Crown the winner of a succession duel (§4.12): on a tie the old King keeps the throne,
    or, when he does not take part, the tied contender earliest in turn order does (G41)."""
    pending = _duel(state, pending_id, SUCCESSION)
    _check_result(pending, result)
    heir = pending.data["old_king"]
    if result.tied:
        expected = heir if heir is not None else min(result.tied, key=state.turn_order.index)
        if result.winner != expected:
            raise InvalidParameterError(
                _("A tied succession goes to seat %(expected)s.") % {"expected": expected}
            )
    new = state.clone()
    events = _pay_fists(new, pending, result)
    kid = pending.data["kingdom"]
    winner = _winner(result)
    given_up = crown(new, kid, winner, pending.data["king_office"])
    events.append(
        public(Kind.KING_CROWNED, KingCrowned(seat=winner, kingdom=kid, offices_lost=given_up))
    )
    new.pending = [p for p in new.pending if p.id != pending_id]
    return Outcome(new, tuple(events))


def dissolve(state: GameState, kingdom_id: int) -> list[Event]:
    """The kingdom ceases to exist (G42; mutates ``state``): its players become kingdomless,
    its crises and lasting events are discarded, its laws in force go to the law discard."""
    kingdom = state.kingdom(kingdom_id)
    members = state.members(kingdom_id)
    for seat in members:
        state.player(seat).kingdom = None
    for dc in [c for c in state.in_play if c.kingdom == kingdom_id]:
        leave_play(state, dc.card)
    for law in kingdom.laws:
        decks.discard(state, decks.LAWS, law)
    state.kingdoms = [k for k in state.kingdoms if k.id != kingdom_id]
    state.pending = [p for p in state.pending if p.data.get("kingdom") != kingdom_id]
    return [public(Kind.KINGDOM_DISSOLVED, KingdomDissolved(kingdom=kingdom_id, members=members))]


def begin_succession(
    state: GameState,
    kingdom_id: int,
    contenders: Sequence[int],
    heir: int | None,
    throne: str,
    ruleset: Ruleset,
) -> list[Event]:
    """Start a succession struggle for the ``throne`` office (mutates ``state``; §4.12, G41).

    ``heir`` is the old King (his heir, after an execution) when he takes part; he keeps the
    throne on a tie. One contender is crowned without a duel; none dissolves the kingdom (G42).
    """
    contenders = list(contenders)
    if not contenders:
        return dissolve(state, kingdom_id)
    if len(contenders) == 1:
        crown(state, kingdom_id, contenders[0], throne)
        return [
            public(
                Kind.KING_CROWNED,
                KingCrowned(seat=contenders[0], kingdom=kingdom_id, unopposed=True),
            )
        ]
    state.pending.append(
        Pending(
            state.next_pending_id,
            DUEL,
            {
                "purpose": SUCCESSION,
                "kingdom": kingdom_id,
                "participants": contenders,
                "resources": [str(r) for r in ruleset.succession_duel],
                "old_king": heir,
                "king_office": throne,
                "turn_order": list(state.turn_order),
            },
            contenders,
        )
    )
    state.next_pending_id += 1
    return [
        public(
            Kind.SUCCESSION_STRUGGLE,
            SuccessionStruggle(
                pending=state.next_pending_id - 1,
                kingdom=kingdom_id,
                participants=contenders,
                old_king=heir,
            ),
        )
    ]


def _winner(result: DuelResult) -> int:
    """The seat a settled duel names (``_check_result`` refused a result without one)."""
    if result.winner is None:
        raise InvalidParameterError(_("The duel result does not match this duel's participants."))
    return result.winner


def throne_of(kingdom: Kingdom) -> str:
    """The office card the King holds: the King holds no other (§1.4)."""
    held = [o for o, holder in kingdom.offices.items() if holder == kingdom.king]
    if len(held) != 1:
        raise InvalidStateError(
            _("The King of kingdom %(id)s must hold exactly one office.") % {"id": kingdom.id}
        )
    return held[0]


def _duel(state: GameState, pending_id: int, purpose: str) -> Pending:
    for p in state.pending:
        if p.id == pending_id and p.kind == DUEL and p.data.get("purpose") == purpose:
            return p
    raise InvalidParameterError(
        _("There is no pending %(purpose)s duel %(pending_id)s.")
        % {"purpose": purpose, "pending_id": pending_id}
    )


def _check_result(pending: Pending, result: DuelResult) -> None:
    participants = set(pending.data["participants"])
    if set(result.commitments) != participants or result.winner not in participants:
        raise InvalidParameterError(_("The duel result does not match this duel's participants."))
    wrong = {str(r) for c in result.commitments.values() for r, v in c.items() if v} - {
        *pending.data["resources"],
        "FAV",
    }
    if wrong:
        raise InvalidParameterError(
            _("This duel does not admit %(wrong)s.") % {"wrong": ", ".join(sorted(wrong))}
        )


def _pay_fists(state: GameState, pending: Pending, result: DuelResult) -> list[Event]:
    """Every committed token goes back to the reserve (§4.8); the fists are revealed."""
    for seat, paid in result.commitments.items():
        player = state.player(seat)
        player.resources = subtract(player.resources, paid)
        state.reserve = add(state.reserve, paid)
    return [
        public(
            Kind.DUEL_REVEALED,
            DuelRevealed(
                pending=pending.id,
                purpose=pending.data["purpose"],
                fists={
                    str(s): {str(r): v for r, v in c.items() if v}
                    for s, c in result.commitments.items()
                },
                winner=result.winner,
            ),
        )
    ]
