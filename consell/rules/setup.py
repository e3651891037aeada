"""Setting up a game (Preparació; rules §2, G3–G11).

``setup_game`` deals houses, draws the initial turn order, founds the kingdoms with their Kings,
deals objectives, tactics and resources, and lays out the market, the law row and the destiny
pile. The game then waits in ``Status.SETUP`` while each player keeps 1 collective + 1 personal
objective (``keep_objectives``) and Kings make their initial appointments
(``consell.rules.offices``); ``start_game`` opens turn 1. Every shuffle and random pick goes
through the injected dice, so a game replays exactly and can be audited.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import decks
from .auction import open_market
from .cards import Catalog, instances, king_office, of_kind
from .destiny import build_batch
from .dice import Dice
from .errors import IllegalTransitionError, InvalidParameterError
from .event_kinds import Kind
from .events import Event, Outcome, director, never_revealed, private, public
from .i18n import _, gettext_noop
from .indicators import starting_indicators
from .payloads import (
    DecksPrepared,
    HousesDealt,
    KingdomsFounded,
    LawRow,
    MarketRows,
    Nothing,
    ObjectivesDealt,
    ObjectivesKept,
    ObjectivesReturned,
    ObjectivesSetAside,
    ResourcesDealt,
    TacticsDealt,
    TurnOrder,
)
from .phases import enter_phase
from .resources import Resource, as_json
from .ruleset import Ruleset
from .state import GameState, Kingdom, Player, Status, card_id_of, gain


def setup_game(
    names: Sequence[str],
    catalog: Catalog,
    ruleset: Ruleset,
    dice: Dice,
    kings: Sequence[int] | None = None,
    houses: Mapping[int, str] | None = None,
) -> Outcome:
    """Lay out a new game for ``names`` (seats 1..N in that order), rules §2 steps 2–11.

    ``kings`` are the director's choice of Kings (one per kingdom), ``houses`` the houses players
    chose (seat -> house id); whatever is not chosen is dealt at random.
    """
    seats = list(range(1, len(names) + 1))
    _check_table(names, catalog, ruleset)
    state = GameState(
        players=[Player(seat, name.strip()) for seat, name in zip(seats, names, strict=True)],
        decks=decks.empty_decks(),
        status=Status.SETUP,
    )
    events: list[Event] = []
    events += _deal_houses(state, catalog, dice, houses or {})
    with dice.purpose("initial turn order"):
        state.turn_order = dice.shuffle(seats)
    events.append(public(Kind.TURN_ORDER, TurnOrder(order=list(state.turn_order))))
    events += _found_kingdoms(state, catalog, ruleset, dice, kings)
    events += _deal_objectives(state, catalog, ruleset, dice)
    events += _deal_tactics(state, catalog, ruleset, dice)
    for p in state.players:
        for resource, amount in ruleset.initial_resources.items():
            gain(state, p.seat, Resource(resource), amount)
        events.append(
            private(Kind.RESOURCES_DEALT, [p.seat], ResourcesDealt(resources=as_json(p.resources)))
        )
    events += _open_market(state, catalog, ruleset, dice)
    events += _open_law_row(state, catalog, ruleset, dice)
    for deck in (decks.CRISES, decks.EVENTS):
        state.decks[deck] = instances(catalog, "crisis" if deck == decks.CRISES else "event")
        decks.shuffle_deck(state, deck, dice)
    events += build_batch(state, ruleset, dice)
    events.append(
        director(
            Kind.DECKS_PREPARED, DecksPrepared(decks={k: list(v) for k, v in state.decks.items()})
        )
    )
    return Outcome(state, tuple(events))


def keep_objectives(
    state: GameState,
    seat: int,
    collective: str | Sequence[str],
    personal: str | Sequence[str],
    ruleset: Ruleset,
) -> Outcome:
    """A player keeps 1 collective + 1 personal objective and returns the rest unseen (§2 step 5).

    Once everyone has chosen, both decks are shuffled and set aside.
    """
    if state.status is not Status.SETUP:
        raise IllegalTransitionError(_("Objectives are chosen during setup only."))
    player = state.player(seat)
    if not player.objective_offer:
        raise IllegalTransitionError(
            _("Seat %(seat)s has already kept their objectives.") % {"seat": seat}
        )
    chosen = {
        "collective": [collective] if isinstance(collective, str) else list(collective),
        "personal": [personal] if isinstance(personal, str) else list(personal),
    }
    wanted = dict(zip(("collective", "personal"), ruleset.objectives_kept, strict=True))
    split = ruleset.objectives_dealt[0]  # the offer lists the collective objectives first
    offered = {
        "collective": player.objective_offer[:split],
        "personal": player.objective_offer[split:],
    }
    _check_kept(seat, chosen, wanted, offered)
    new = state.clone()
    p = new.player(seat)
    kept = chosen["collective"] + chosen["personal"]
    returned = [c for c in p.objective_offer if c not in kept]
    for c in returned:
        scope = "collective" if c in offered["collective"] else "personal"
        new.decks[decks.OBJECTIVE_DECK[scope]].append(c)
    p.objectives = kept
    p.objective_offer = []
    events: list[Event] = [
        private(Kind.OBJECTIVES_KEPT, [seat], ObjectivesKept(objectives=kept)),
        # §2 step 5: "returns the other two to their decks without revealing them".
        never_revealed(
            director(Kind.OBJECTIVES_RETURNED, ObjectivesReturned(seat=seat, cards=returned))
        ),
        public(Kind.OBJECTIVES_CHOSEN, Nothing(), seat),
    ]
    return Outcome(new, tuple(events))


def _check_kept(
    seat: int,
    chosen: Mapping[str, list[str]],
    wanted: Mapping[str, int],
    offered: Mapping[str, list[str]],
) -> None:
    """Refuse a choice that does not keep exactly the wanted number of different objectives of
    each scope, each of them dealt to the player (§2 step 5)."""
    for scope, cards in chosen.items():
        if len(cards) != wanted[scope] or len(set(cards)) != len(cards):
            raise InvalidParameterError(
                (
                    _("Keep exactly %(wanted)s different collective objective(s).")
                    if scope == "collective"
                    else _("Keep exactly %(wanted)s different personal objective(s).")
                )
                % {"wanted": wanted[scope]},
                scope=scope,
            )
        for c in cards:
            if c not in offered[scope]:
                raise InvalidParameterError(
                    (
                        _("%(card)s is not a collective objective dealt to seat %(seat)s.")
                        if scope == "collective"
                        else _("%(card)s is not a personal objective dealt to seat %(seat)s.")
                    )
                    % {"card": repr(c), "seat": seat},
                    card=c,
                )


def start_game(state: GameState, dice: Dice) -> Outcome:
    """Turn 1 begins with the Destiny phase (§2 step 12), once every objective is chosen.

    "Un cop tornats tots els objectius, remenar les dues baralles i deixar-les a part."
    """
    if state.status is not Status.SETUP:
        raise IllegalTransitionError(_("The game has already started."))
    waiting = ", ".join(p.name for p in state.players if p.objective_offer)
    if waiting:
        raise IllegalTransitionError(
            _("Still choosing their objectives: %(waiting)s.") % {"waiting": waiting}
        )
    new = state.clone()
    for deck in (decks.COLLECTIVE_OBJECTIVES, decks.PERSONAL_OBJECTIVES):
        decks.shuffle_deck(new, deck, dice)
    new.status = Status.PLAYING
    new.turn = 1
    events = [
        director(Kind.OBJECTIVE_DECKS_SHUFFLED, Nothing()),
        public(Kind.GAME_STARTED, Nothing()),
    ]
    events += enter_phase(new)
    return Outcome(new, tuple(events))


def draw_unique_objectives(
    state: GameState, deck: str, count: int, taken: set[str], dice: Dice
) -> tuple[list[str], list[str]]:
    """Draw ``count`` objectives whose card is not in ``taken`` (G5). Mutates ``state``.

    Repeats are set aside while drawing and reshuffled into the deck afterwards. Returns the
    cards drawn (fewer if the deck and its discards run out) and the repeats set aside.
    """
    drawn: list[str] = []
    aside: list[str] = []
    while len(drawn) < count:
        c = decks.draw(state, deck, dice)
        if c is None:
            break
        if card_id_of(c) in taken:
            aside.append(c)
            continue
        taken.add(card_id_of(c))
        drawn.append(c)
    if aside:
        state.decks[deck].extend(aside)
        decks.shuffle_deck(state, deck, dice)
    return drawn, aside


def _check_table(names: Sequence[str], catalog: Catalog, ruleset: Ruleset) -> None:
    """Refuse a table the rules or the pack cannot seat (G2, §6 minimum sizes)."""
    n = len(names)
    if not ruleset.players_min <= n <= ruleset.players_max:
        raise InvalidParameterError(
            _("A game needs %(players_min)s to %(players_max)s players, not %(n)s.")
            % {"players_min": ruleset.players_min, "players_max": ruleset.players_max, "n": n}
        )
    if any(not name.strip() for name in names) or len({x.strip() for x in names}) != n:
        raise InvalidParameterError(_("Every player needs a name, and no two the same."))
    needs = {
        gettext_noop("%(need)s houses (the pack has %(have)s)"): (
            len(instances(catalog, "house")),
            n,
        ),
        gettext_noop("%(need)s collective objectives (the pack has %(have)s)"): (
            len(of_kind(catalog, "objective", scope="collective")),
            n * ruleset.objectives_dealt[0],
        ),
        gettext_noop("%(need)s personal objectives (the pack has %(have)s)"): (
            len(of_kind(catalog, "objective", scope="personal")),
            n * ruleset.objectives_dealt[1],
        ),
        gettext_noop("%(need)s tactics (the pack has %(have)s)"): (
            len(instances(catalog, "tactic")),
            n * ruleset.tactics_initial,
        ),
        gettext_noop("%(need)s laws (the pack has %(have)s)"): (
            len(instances(catalog, "law")),
            ruleset.law_row_size,
        ),
    }
    short = [
        _(label) % {"need": need, "have": have}
        for label, (have, need) in needs.items()
        if have < need
    ]
    if short:
        raise InvalidParameterError(
            _("The content pack is too small: needs %(short)s") % {"short": "; ".join(short)}
        )
    king_office(catalog)


def _deal_houses(
    state: GameState, catalog: Catalog, dice: Dice, chosen: Mapping[int, str]
) -> list[Event]:
    """Chosen houses first, the rest dealt at random; houses are public (§2 step 2)."""
    all_houses = instances(catalog, "house")
    for seat, house in chosen.items():
        state.player(seat)
        if house not in all_houses:
            raise InvalidParameterError(
                _("There is no house %(house)s.") % {"house": repr(house)}, house=house
            )
    if len(set(chosen.values())) != len(chosen):
        raise InvalidParameterError(_("Two players cannot share a house."))
    with dice.purpose("deal the houses"):
        deck = dice.shuffle([h for h in all_houses if h not in chosen.values()])
    for p in state.players:
        p.house = chosen.get(p.seat) or deck.pop(0)
    state.decks[decks.HOUSES] = deck
    return [
        public(Kind.HOUSES_DEALT, HousesDealt(houses={str(p.seat): p.house for p in state.players}))
    ]


def _found_kingdoms(
    state: GameState,
    catalog: Catalog,
    ruleset: Ruleset,
    dice: Dice,
    chosen: Sequence[int] | None,
) -> list[Event]:
    """K kingdoms, one King each, the others spread evenly (§2 step 4, step 8, G3, G4)."""
    seats = [p.seat for p in state.players]
    count = ruleset.kingdom_count(len(seats))
    if chosen is not None:
        kings = list(chosen)
        if len(kings) != count or len(set(kings)) != count or not set(kings) <= set(seats):
            raise InvalidParameterError(
                _("Choose %(count)s different seated players as Kings.") % {"count": count},
                kings=kings,
            )
    else:
        with dice.purpose("choose the Kings"):
            kings = dice.shuffle(seats)[:count]
    with dice.purpose("spread the players across the kingdoms"):
        others = dice.shuffle([s for s in seats if s not in kings])
    offices = of_kind(catalog, "office")
    king_card = king_office(catalog)
    for kid, king in enumerate(kings):
        kingdom = Kingdom(
            id=kid,
            name=state.player(king).house,
            king=king,
            indicators=starting_indicators(ruleset),
            offices={o: (king if o == king_card else None) for o in offices},
        )
        state.kingdoms.append(kingdom)
        state.player(king).kingdom = kid
    for i, seat in enumerate(others):
        state.player(seat).kingdom = i % count
    state.next_kingdom_id = count
    return [
        public(
            Kind.KINGDOMS_FOUNDED,
            KingdomsFounded(
                kingdoms=[
                    {"kingdom": k.id, "king": k.king, "members": state.members(k.id)}
                    for k in state.kingdoms
                ]
            ),
        )
    ]


def _deal_objectives(
    state: GameState, catalog: Catalog, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    """2 collective + 2 personal each, no card twice in the whole selection (§2 step 5, G5)."""
    events: list[Event] = []
    for scope, deck in decks.OBJECTIVE_DECK.items():
        state.decks[deck] = instances(catalog, "objective", scope=scope)
        decks.shuffle_deck(state, deck, dice)
    taken: set[str] = set()
    for seat in state.turn_order:
        offer: list[str] = []
        for (scope, deck), count in zip(
            decks.OBJECTIVE_DECK.items(), ruleset.objectives_dealt, strict=True
        ):
            drawn, aside = draw_unique_objectives(state, deck, count, taken, dice)
            if len(drawn) < count:
                raise InvalidParameterError(
                    _("Not enough different collective objectives to deal.")
                    if scope == "collective"
                    else _("Not enough different personal objectives to deal.")
                )
            if aside:
                aside_event = director(
                    Kind.OBJECTIVES_SET_ASIDE, ObjectivesSetAside(seat=seat, cards=aside)
                )
                events.append(never_revealed(aside_event))
            offer += drawn
        state.player(seat).objective_offer = offer
        # The offer holds the two objectives the player will return unseen (§2 step 5).
        events.append(
            never_revealed(
                private(Kind.OBJECTIVES_DEALT, [seat], ObjectivesDealt(objectives=list(offer)))
            )
        )
    return events


def _deal_tactics(state: GameState, catalog: Catalog, ruleset: Ruleset, dice: Dice) -> list[Event]:
    """Shuffle the tactics and deal 3 to each player (§2 step 6).

    The pack was measured first (``_check_table``); a deck that still ran out would deal what
    it has, as every later draw of tactics does (G45)."""
    state.decks[decks.TACTICS] = instances(catalog, "tactic")
    decks.shuffle_deck(state, decks.TACTICS, dice)
    for _n in range(ruleset.tactics_initial):
        for seat in state.turn_order:
            tactic = decks.draw(state, decks.TACTICS, dice)
            if tactic is not None:
                state.player(seat).tactics.append(tactic)
    return [
        private(Kind.TACTICS_DEALT, [p.seat], TacticsDealt(tactics=list(p.tactics)))
        for p in state.players
    ]


def _open_market(state: GameState, catalog: Catalog, ruleset: Ruleset, dice: Dice) -> list[Event]:
    """Shuffle the visible and hidden assets and prepare rows 1 and 2 (§2 step 9, G7–G9)."""
    assets = instances(catalog, "asset")
    hidden = [a for a in assets if decks.asset_deck(catalog[card_id_of(a)]) == decks.ASSETS_HIDDEN]
    visible = [a for a in assets if a not in hidden]
    market = open_market(visible, hidden, len(state.players), dice, ruleset)
    state.market = {"row1": list(market.row1), "row2": list(market.row2)}
    state.decks[decks.ASSETS_VISIBLE] = list(market.visible_pile)
    state.decks[decks.ASSETS_HIDDEN] = list(market.hidden_pile)
    return [public(Kind.MARKET_OPENED, MarketRows(row1=list(market.row1), row2=list(market.row2)))]


def _open_law_row(state: GameState, catalog: Catalog, ruleset: Ruleset, dice: Dice) -> list[Event]:
    """Shuffle the laws and lay 3 face up in the law row (§2 step 10).

    The pack was measured first (``_check_table``); with fewer laws the row would shrink, as it
    does when the laws run out later (G35)."""
    state.decks[decks.LAWS] = instances(catalog, "law")
    decks.shuffle_deck(state, decks.LAWS, dice)
    laid = (decks.draw(state, decks.LAWS, dice) for _ in range(ruleset.law_row_size))
    state.law_row = [law for law in laid if law is not None]
    return [public(Kind.LAW_ROW, LawRow(row=list(state.law_row)))]
