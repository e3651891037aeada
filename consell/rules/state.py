"""The whole state of a game as plain values (rules §1).

``GameState`` is what the engine reads and returns; the Django side stores it as JSON next to
the event log (``to_dict``/``from_dict``) and builds every viewer's view from it. Cards are
referred to by *instance id*: the card id from the content pack, with ``#2``, ``#3``... for
extra copies (``card_id_of`` strips it).

Procedures that change the state take a ``GameState`` and return a new one (``clone`` first):
an error half-way leaves the caller's state untouched, so nothing is ever half-applied.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

from . import state_schema
from .resources import INDICATORS, Indicator, Resource, holdings
from .ruleset import Ruleset


class Phase(StrEnum):
    """The eight phases of a turn (rules §3), in order."""

    DESTINY = "destiny"
    PLANNING = "planning"
    ACTIONS = "actions"
    SECRETS = "secrets"
    ACQUISITION = "acquisition"
    CRISIS = "crisis"
    PRODUCTION = "production"
    END_OF_TURN = "end_of_turn"


class Status(StrEnum):
    SETUP = "setup"  # houses, kingdoms and decks dealt; objectives being chosen, Kings appointing
    PLAYING = "playing"
    FINISHED = "finished"


def card_id_of(instance: str) -> str:
    """``"daga#2"`` -> ``"daga"``: the content card behind a card instance."""
    return instance.split("#", 1)[0]


def _refuse(*args: Any, **kwargs: Any) -> Any:
    raise TypeError("notes and planned tiles are never changed once written")


class FrozenDict(dict[Any, Any]):
    """A dict that refuses every change: what a note or a planned tile says once written.
    Still a ``dict`` for the JSON encoder, equality and the templates, so a stored state reads
    and compares as before; ``copy`` and ``pickle`` rebuild it through ``__reduce__``."""

    __slots__ = ()

    __setitem__ = __delitem__ = __ior__ = clear = pop = popitem = setdefault = update = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenDict, (dict(self),))


class FrozenList(list[Any]):
    """A list that refuses every change (see ``FrozenDict``)."""

    __slots__ = ()

    __setitem__ = __delitem__ = __iadd__ = __imul__ = _refuse
    append = extend = insert = remove = pop = clear = sort = reverse = _refuse

    def __reduce__(self) -> tuple[Any, ...]:
        return (FrozenList, (list(self),))


def frozen(value: Any) -> Any:
    """JSON-like data made unchangeable at every depth (tuples become frozen lists, which is
    what they are once stored)."""
    if isinstance(value, dict):
        return FrozenDict({k: frozen(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return FrozenList(frozen(v) for v in value)
    return value


@dataclass(frozen=True)
class Note:
    """A private note from the director put into a player's chest (rules §1.3, §3.4).

    Written once and never changed: frozen, with its data frozen at every depth, so that a
    clone of the state shares its notes instead of copying them. A 16-player game holds
    hundreds of notes by its last turns, and copying them was a third of every clone.
    """

    turn: int
    kind: str  # plot_result, plot_detected, aborted, auction, correction, info
    data: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if type(self.data) is not FrozenDict:
            object.__setattr__(self, "data", frozen(self.data))
        # As the state stores it, made once: the whole state is written out at every change,
        # and making every note's dict again was half of that (B4). Not a field, so equality,
        # ``asdict`` and ``replace`` see only what the note says.
        self.__dict__["_stored"] = FrozenDict(turn=self.turn, kind=self.kind, data=self.data)

    def to_dict(self) -> FrozenDict:
        """The note as the state stores it (shared: frozen like the note)."""
        stored: FrozenDict = self.__dict__["_stored"]
        return stored


@dataclass(frozen=True)
class PlannedAbility:
    """One tile in a planning pile: which card, which of its abilities, the boxes filled in.

    A tile is replaced, never edited (a player who changes a box takes the tile back and
    plans it again), so it is frozen like a note and clones share it.
    """

    # "house" | "office:<id>" | "common:<id>" | "tactic:<instance>" | "asset:<instance>"
    source: str
    ability: str
    params: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if type(self.params) is not FrozenDict:
            object.__setattr__(self, "params", frozen(self.params))
        stored = FrozenDict(source=self.source, ability=self.ability, params=self.params)
        self.__dict__["_stored"] = stored  # as a note's (above)

    def to_dict(self) -> FrozenDict:
        """The tile as the state stores it (shared: frozen like the tile)."""
        stored: FrozenDict = self.__dict__["_stored"]
        return stored


@dataclass
class Plan:
    """A player's plan for the turn (rules §3.2): three piles, locked once handed in."""

    indications: list[PlannedAbility] = field(default_factory=list)
    actions: list[PlannedAbility] = field(default_factory=list)
    secrets: list[PlannedAbility] = field(default_factory=list)
    handed_in: bool = False
    handed_in_rank: int | None = None  # 0 = first to hand in this turn
    closed_by_director: bool = False


@dataclass
class Player:
    seat: int
    name: str
    house: str = ""
    kingdom: int | None = None
    resources: dict[Resource, int] = field(default_factory=holdings)
    tactics: list[str] = field(default_factory=list)
    assets: list[str] = field(default_factory=list)
    objectives: list[str] = field(default_factory=list)  # kept objectives
    objective_offer: list[str] = field(default_factory=list)  # dealt at setup, to choose from
    notes: list[Note] = field(default_factory=list)
    plan: Plan = field(default_factory=Plan)
    kingdom_changed_turn: int | None = None
    expelled_turn: int | None = None
    # Asset id -> the turn its abilities were last activated: "pot activar les seves capacitats
    # un cop cada torn" (rules §1.7, Actius; ``effects.asset_used``).
    assets_used: dict[str, int] = field(default_factory=dict)


@dataclass
class Kingdom:
    id: int
    name: str
    king: int | None
    indicators: dict[Indicator, int] = field(default_factory=lambda: {i: 3 for i in INDICATORS})
    offices: dict[str, int | None] = field(default_factory=dict)  # office id -> holder or None
    laws: list[str] = field(default_factory=list)  # laws in force here (G33)
    expelled: list[int] = field(default_factory=list)  # seats ever expelled from it (§4.12)


@dataclass
class DestinyCard:
    """A crisis or lasting event in play, belonging to a kingdom (None: the kingdomless group)."""

    card: str
    kind: str  # "crisis" | "event"
    kingdom: int | None
    remaining: int = 0  # turns left for a lasting event (G46)


@dataclass
class Pending:
    """A decision the game is waiting for before it can go on (rules §4.3, §4.7, §4.8, §4.11).

    ``kind`` names the procedure (vote, duel, distribution, insurrection, reaction, choice...);
    ``data`` is that procedure's own JSON-safe state, including what to do once it is decided
    (the effects interpreter's continuation). Seats in ``waiting_for`` are asked on their phones.
    """

    id: int
    kind: str
    data: dict[str, Any] = field(default_factory=dict)
    waiting_for: list[int] = field(default_factory=list)


@dataclass
class GameState:
    players: list[Player]
    kingdoms: list[Kingdom] = field(default_factory=list)
    turn: int = 1
    phase: Phase = Phase.DESTINY
    status: Status = Status.SETUP
    turn_order: list[int] = field(default_factory=list)
    decks: dict[str, list[str]] = field(default_factory=dict)
    market: dict[str, list[str]] = field(default_factory=lambda: {"row1": [], "row2": []})
    law_row: list[str] = field(default_factory=list)
    in_play: list[DestinyCard] = field(default_factory=list)
    reserve: dict[Resource, int] = field(default_factory=holdings)  # running balance (G53)
    next_kingdom_id: int = 0
    trades_allowed: bool = False  # a card allowed trades outside Planning this turn (G34)
    winners: list[int] = field(default_factory=list)
    pending: list[Pending] = field(default_factory=list)
    next_pending_id: int = 0
    # Where the phase stands (the last seat that acted, vigilance committed, auction done...):
    # JSON-safe values only, cleared when the phase changes.
    progress: dict[str, Any] = field(default_factory=dict)

    # -- lookups --------------------------------------------------------------------

    def player(self, seat: int) -> Player:
        for p in self.players:
            if p.seat == seat:
                return p
        from .errors import InvalidParameterError
        from .i18n import _

        raise InvalidParameterError(
            _("There is no player in seat %(seat)s.") % {"seat": seat}, seat=seat
        )

    def kingdom(self, kingdom_id: int) -> Kingdom:
        for k in self.kingdoms:
            if k.id == kingdom_id:
                return k
        from .errors import InvalidParameterError
        from .i18n import _

        raise InvalidParameterError(
            _("There is no kingdom %(kingdom_id)s.") % {"kingdom_id": kingdom_id},
            kingdom=kingdom_id,
        )

    def members(self, kingdom_id: int | None) -> list[int]:
        """Seats of a kingdom's members (None: the kingdomless), in turn order."""
        order = {seat: i for i, seat in enumerate(self.turn_order)}
        seats = [p.seat for p in self.players if p.kingdom == kingdom_id]
        return sorted(seats, key=lambda s: order.get(s, len(order) + s))

    def offices_of(self, seat: int) -> list[str]:
        """Office ids a player holds, the King office included."""
        p = self.player(seat)
        if p.kingdom is None:
            return []
        k = self.kingdom(p.kingdom)
        return sorted(o for o, holder in k.offices.items() if holder == seat)

    def peril_env(self, ruleset: Ruleset, kingdom_id: int | None = None) -> dict[str, int]:
        """Variables for card formulas (``consell.rules.formula``)."""
        return {
            "peril": ruleset.peril(self.turn),
            "turn": self.turn,
            "n": len(self.players),
            "m": len(self.members(kingdom_id)),
        }

    # -- copying and storage -----------------------------------------------------------

    def clone(self) -> GameState:
        """A deep copy, written out by hand: every procedure clones before it changes anything
        (so a refusal half-way leaves nothing half-applied), about 1.5 clones a change, and a
        generic copy (pickle, ``deepcopy``) spends most of its time rediscovering this shape.

        Fields are carried by ``__dict__``, so a field added later is copied too; the
        containers it holds are copied below, and tests/rules/test_state.py fails when a
        clone shares a mutable object with its original.
        """
        new = _shallow(self)
        new.players = [_clone_player(p) for p in self.players]
        new.kingdoms = [_clone_kingdom(k) for k in self.kingdoms]
        new.turn_order = list(self.turn_order)
        new.decks = {name: list(cards) for name, cards in self.decks.items()}
        new.market = {row: list(cards) for row, cards in self.market.items()}
        new.law_row = list(self.law_row)
        new.in_play = [_shallow(c) for c in self.in_play]
        new.reserve = dict(self.reserve)
        new.winners = list(self.winners)
        new.pending = [_clone_pending(p) for p in self.pending]
        new.progress = _copy_json(self.progress)
        return new

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe plain data; written out by hand because ``asdict`` deep-copies every
        value on the way and the app saves the state at every change."""
        return {
            "schema": state_schema.SCHEMA,
            "players": [_player_dict(p) for p in self.players],
            "kingdoms": [
                {
                    "id": k.id,
                    "name": k.name,
                    "king": k.king,
                    "indicators": {str(i): v for i, v in k.indicators.items()},
                    "offices": dict(k.offices),
                    "laws": list(k.laws),
                    "expelled": list(k.expelled),
                }
                for k in self.kingdoms
            ],
            "turn": self.turn,
            "phase": str(self.phase),
            "status": str(self.status),
            "turn_order": list(self.turn_order),
            "decks": {name: list(cards) for name, cards in self.decks.items()},
            "market": {row: list(cards) for row, cards in self.market.items()},
            "law_row": list(self.law_row),
            "in_play": [asdict(c) for c in self.in_play],
            "reserve": {str(r): v for r, v in self.reserve.items()},
            "next_kingdom_id": self.next_kingdom_id,
            "trades_allowed": self.trades_allowed,
            "winners": list(self.winners),
            "pending": [
                {"id": p.id, "kind": p.kind, "data": p.data, "waiting_for": list(p.waiting_for)}
                for p in self.pending
            ],
            "next_pending_id": self.next_pending_id,
            "progress": self.progress,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> GameState:
        """Read a stored state, migrating an older schema (``state_schema.readable``)."""
        data = state_schema.readable(data)
        players = [
            Player(
                seat=p["seat"],
                name=p["name"],
                house=p["house"],
                kingdom=p["kingdom"],
                resources=holdings(p["resources"]),
                tactics=list(p["tactics"]),
                assets=list(p["assets"]),
                objectives=list(p["objectives"]),
                objective_offer=list(p["objective_offer"]),
                notes=[Note(**n) for n in p["notes"]],
                plan=_plan_from_dict(p["plan"]),
                kingdom_changed_turn=p["kingdom_changed_turn"],
                expelled_turn=p["expelled_turn"],
                assets_used=dict(p["assets_used"]),
            )
            for p in data["players"]
        ]
        kingdoms = [
            Kingdom(
                id=k["id"],
                name=k["name"],
                king=k["king"],
                indicators={Indicator(i): v for i, v in k["indicators"].items()},
                offices=dict(k["offices"]),
                laws=list(k["laws"]),
                expelled=list(k["expelled"]),
            )
            for k in data["kingdoms"]
        ]
        return cls(
            players=players,
            kingdoms=kingdoms,
            turn=data["turn"],
            phase=Phase(data["phase"]),
            status=Status(data["status"]),
            turn_order=list(data["turn_order"]),
            decks={k: list(v) for k, v in data["decks"].items()},
            market={k: list(v) for k, v in data["market"].items()},
            law_row=list(data["law_row"]),
            in_play=[DestinyCard(**c) for c in data["in_play"]],
            reserve=holdings(data["reserve"]),
            next_kingdom_id=data["next_kingdom_id"],
            trades_allowed=data["trades_allowed"],
            winners=list(data["winners"]),
            pending=[Pending(**x) for x in data["pending"]],
            next_pending_id=data["next_pending_id"],
            progress=dict(data["progress"]),
        )


def _player_dict(p: Player) -> dict[str, Any]:
    plan = p.plan
    return {
        "seat": p.seat,
        "name": p.name,
        "house": p.house,
        "kingdom": p.kingdom,
        "resources": {str(r): v for r, v in p.resources.items()},
        "tactics": list(p.tactics),
        "assets": list(p.assets),
        "objectives": list(p.objectives),
        "objective_offer": list(p.objective_offer),
        "notes": [n.to_dict() for n in p.notes],
        "plan": {
            pile: [t.to_dict() for t in getattr(plan, pile)]
            for pile in ("indications", "actions", "secrets")
        }
        | {
            "handed_in": plan.handed_in,
            "handed_in_rank": plan.handed_in_rank,
            "closed_by_director": plan.closed_by_director,
        },
        "kingdom_changed_turn": p.kingdom_changed_turn,
        "expelled_turn": p.expelled_turn,
        "assets_used": dict(p.assets_used),
    }


def _plan_from_dict(data: dict[str, Any]) -> Plan:
    piles = {
        name: [PlannedAbility(**a) for a in data[name]]
        for name in ("indications", "actions", "secrets")
    }
    return Plan(
        **piles,
        handed_in=data["handed_in"],
        handed_in_rank=data["handed_in_rank"],
        closed_by_director=data["closed_by_director"],
    )


def gain(state: GameState, seat: int, resource: Resource, amount: int) -> None:
    """Move ``amount`` from the reserve to a chest (mutates; for procedures that cloned)."""
    state.player(seat).resources[resource] += amount
    state.reserve[resource] -= amount


def lose(state: GameState, seat: int, resource: Resource, amount: int) -> int:
    """Return up to ``amount`` to the reserve, capped at holdings (G53); returns what was lost."""
    p = state.player(seat)
    taken = min(amount, p.resources[resource])
    p.resources[resource] -= taken
    state.reserve[resource] += taken
    return taken


# -- cloning (``GameState.clone``) ---------------------------------------------------------


def _shallow[T](obj: T) -> T:
    """A new instance of ``obj``'s class with the same attribute values (no ``__init__``)."""
    new = object.__new__(type(obj))
    new.__dict__.update(obj.__dict__)
    return new


_LEAVES = frozenset({str, int, bool, float, type(None)})


def _copy_json(value: Any) -> Any:
    """A deep copy of JSON-like data (dicts, lists, immutable leaves); leaves are not
    visited one call each, since plans and pending data are mostly leaves."""
    kind = type(value)
    if kind is dict:
        return {k: v if type(v) in _LEAVES else _copy_json(v) for k, v in value.items()}
    if kind is list:
        return [v if type(v) in _LEAVES else _copy_json(v) for v in value]
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_copy_json(v) for v in value)
    return value


def _clone_player(p: Player) -> Player:
    new = _shallow(p)
    new.resources = dict(p.resources)
    new.tactics = list(p.tactics)
    new.assets = list(p.assets)
    new.objectives = list(p.objectives)
    new.objective_offer = list(p.objective_offer)
    new.notes = list(p.notes)  # each note is frozen: shared, not copied
    plan = new.plan = _shallow(p.plan)
    plan.indications = list(plan.indications)  # tiles are frozen: shared, not copied
    plan.actions = list(plan.actions)
    plan.secrets = list(plan.secrets)
    new.assets_used = dict(p.assets_used)
    return new


def _clone_kingdom(k: Kingdom) -> Kingdom:
    new = _shallow(k)
    new.indicators = dict(k.indicators)
    new.offices = dict(k.offices)
    new.laws = list(k.laws)
    new.expelled = list(k.expelled)
    return new


def _clone_pending(p: Pending) -> Pending:
    return Pending(p.id, p.kind, _copy_json(p.data), list(p.waiting_for))
