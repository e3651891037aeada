"""The one gate for hidden information (docs/principles.md, principle 3).

``view_for(game, viewer)`` is the only function that turns a game into something a browser may
receive. Every page, fragment and websocket catch-up for a player or the public board is
rendered from its result, never from models or the raw state. Views are built by allow-list:
each field a viewer gets is copied here on purpose, so a new secret field in the state stays
hidden until someone decides otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from django.core.cache import caches
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from consell.content.catalog import catalog_of, load_catalog
from consell.game import state_cache
from consell.game.chain_rows import shown_head
from consell.game.log_cache import Entry
from consell.game.log_cache import entries as log_entries
from consell.game.models import Game
from consell.game.naming import ability_or_nothing, card_or_nothing, kingdom_names, text, when
from consell.game.services.store import ruleset_of
from consell.projection.board_view import by_kingdom, destiny_of_turn, standings
from consell.projection.digests import Digested, digest
from consell.projection.director_view import turn_panel
from consell.projection.end_of_game_view import met_objectives
from consell.projection.frozen import Frozen, freeze
from consell.projection.pending_view import for_seat as pending_for_seat
from consell.projection.planner import plannable
from consell.projection.read_keys import ReadKeys
from consell.rules import absence, audience
from consell.rules.audience import Viewer
from consell.rules.cards import Catalog
from consell.rules.cards import card as card_of
from consell.rules.event_kinds import Kind
from consell.rules.names import param_name
from consell.rules.payloads import AuctionResolved, payload
from consell.rules.resources import INDICATORS, RESOURCES
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState, Phase, Status, card_id_of
from consell.rules.trades import may_trade
from consell.wording import words
from consell.wording.describe import Names, describe

# What gives a card's view by its instance: ``TableView.card`` and the like.
CardOf = Callable[[str], Mapping[str, Any]]


def card_view(catalog: Catalog, instance: str, language: str) -> dict[str, Any]:
    """A card as a player may read it in their own hand (allow-listed fields)."""
    return _card_view(catalog, instance, language)


def card_title(catalog: Catalog, instance: str, language: str) -> str:
    """A card's title as a player reads it (what a list of names shows of a card)."""
    return text(card_of(catalog, instance).get("title"), language)


def _card_view(catalog: Catalog, instance: str, language: str) -> dict[str, Any]:
    c = card_of(catalog, instance)
    return {
        "instance": instance,
        "id": card_id_of(instance),
        "kind": c.get("kind", ""),
        "title": text(c.get("title"), language),
        "text": text(c.get("text"), language),
        # A law's rule in force alone (the board's), "" when it keeps none, None when unsaid.
        "in_force": (
            text(c["in_force"], language)
            if c.get("in_force")
            else ("" if c.get("kind") == "law" and c.get("lasting") == [] else None)
        ),
        "keywords": list(c.get("keywords", [])),
        "visibility": c.get("visibility", ""),
        "emblem": c.get("emblem", ""),
        "discard_bonus": dict(c.get("discard_bonus") or {}),
        "prestige": c.get("prestige"),
        "scope": c.get("scope", ""),
        "abilities": [
            {
                "id": a.get("id"),
                "type": a.get("type"),
                "title": text(a.get("title"), language),
                "text": text(a.get("text"), language),
                "cost": dict(a.get("cost") or {}),
                "keywords": list(a.get("keywords", [])),
            }
            for a in c.get("abilities", [])
        ],
    }


def clock_view(game: Game, state: GameState) -> dict[str, Any]:
    """What every viewer sees of the game's time (G60, G62, G63): the running deadline (its
    end, for the page's countdown) or a stopped one's time left, the pause and when it
    resumes, and whom a stand-in plays for. All public: the table sees the same clock."""
    clock = game.clock or {}
    names = {p.seat: p.name for p in state.players}
    paused = clock.get("paused") or {}
    stopped = "stopped_left" in clock
    return {
        "deadline": clock.get("deadline") if "deadline" in clock and not stopped else None,
        "deadline_text": when(clock["deadline"]) if "deadline" in clock and not stopped else "",
        "stopped_left": int(clock["stopped_left"]) if stopped else None,
        "stopped_minutes": -(-int(clock["stopped_left"]) // 60) if stopped else None,
        "passed": bool(clock.get("passed")),
        "reminded": bool(clock.get("reminded")) and not stopped,
        "paused": bool(paused),
        "resumes": when(paused.get("resumes", "")) if paused else "",
        # A finished game has nobody left to play for: a seat's stand-in ends with it.
        "stand_ins": [] if game.finished else [names.get(s, "") for s in game.stand_ins],
    }


def _own_chest(table: TableView, catalog: Catalog, seat: int, language: str) -> dict[str, Any]:
    """A player's own chest, with what they may plan and trade now."""
    state = table.state
    me = _chest(state, catalog, seat, language, table.wording_key, table.card)
    if state.phase is Phase.PLANNING and state.status is Status.PLAYING:
        # A plan handed in is locked (§3.2): nothing more may be planned, though it is shown.
        locked = me["plan"]["handed_in"]
        me["plannable"] = () if locked else plannable(state, catalog, seat, language, text)
    me["offers"] = _offers(state, catalog, language, seat)
    # Outside Planning a card may still let this player trade (G34, Llibertat de comerç).
    me["may_trade"] = state.status is Status.PLAYING and may_trade(state, catalog, seat)
    # Whether the game waits for this player now: the phone's browser notification says so
    # while the page is hidden (static/js/live.js), in words of its own, never the game's.
    me["asked"] = any(w.seat == seat for w in absence.awaited(state))
    return me


def own_key(game: Game, viewer: Viewer, language: str, table: TableView) -> str:
    """The key ``own_part`` is kept under: everything the own part of a seat's view reads.

    That is the seat's ``read_key`` (the state less the other players' hidden holdings and
    plans and the kingdoms' gauges, ``read_keys``), the ruleset, the wording (the pack, the
    languages, the names) and whether a stand-in plays the seat. Most changes reach one or two
    players' own parts, or none (a Stability correction): a phone's parts made from its own
    part are kept under this key too (``page_parts``), and are not made again until it
    changes."""
    seat = viewer.seat
    assert seat is not None
    read = (table.wording_key, table.rules_key, language, _stands_in(game, seat))
    return f"own:{table.game}:{seat}:{digest([*read, table.read_key(seat).hex()]).hex()}"


def _stands_in(game: Game, seat: int) -> bool:
    """Whether a stand-in plays ``seat`` (G62); a finished game has nobody left to play for."""
    return seat in game.stand_ins and not game.finished


def own_part(game: Game, viewer: Viewer, language: str, table: TableView) -> Frozen:
    """What only a seat's player sees of their view: their chest (``me``), with what they
    may plan and trade now, and the decisions asked of them or that they may follow
    (``decisions``); kept in Django's ``views`` cache under ``own_key``."""
    key = own_key(game, viewer, language, table)
    cache = caches["views"]
    found = cache.get(key)
    if found is None:
        seat = viewer.seat
        assert seat is not None
        found = _own_made(table, seat, language, _stands_in(game, seat))
        cache.set(key, found)
    return found


def _own_made(table: TableView, seat: int, language: str, stand_in: bool) -> Frozen:
    """``own_part``, made from the state (``tests/game/test_own_view_kept.py`` compares the
    two)."""
    me = _own_chest(table, table.catalog, seat, language)
    me["stand_in"] = stand_in
    state, catalog, ruleset = table.state, table.catalog, table.ruleset
    decisions = pending_for_seat(state, catalog, ruleset, seat, language, text)
    return freeze({"me": me, "decisions": decisions})


@dataclass
class TableView:
    """What every viewer of one version of a game reads alike: the state as the table sees it,
    the public board built from it, and the log's sentences.

    At a 16-player table a change is read by 18 screens; building the board, parsing the
    state and wording the log once for all of them instead of 18 times is most of a view's
    cost (issue 14). Nothing private goes in: the board is the public board every viewer gets,
    a sentence is only the wording of an entry, handed out by ``_log`` to the viewers
    ``audience.may_read`` lets read it, and a card's view is the pack's text of the card,
    handed out only in the chest of whoever holds it. Built by ``table_view``; kept per
    version by the caller (``page_parts.render_for_sockets``), never changed once built.
    """

    state: GameState
    stored: dict[str, Any]  # ``state`` as the row holds it (read only, like the rest)
    ruleset: Ruleset  # frozen: shared as it is
    board: Digested
    names: Names
    log: list[Entry]
    wording: tuple  # what the sentences depend on: the pack, the languages and ``names``
    game: str  # the game's id and commitment (an id SQLite gives again is another game)
    wording_key: str  # the digest of ``wording``
    rules_key: str  # the digest of the ruleset, as the row holds it
    catalog: Catalog
    language: str  # the content's
    sentences: dict[int, str] = field(default_factory=dict)
    items: dict[int, dict[str, Any]] = field(default_factory=dict)  # the players' log lines
    keys: dict[int, bytes] = field(default_factory=dict)  # ``read_key`` of each seat
    read_keys: ReadKeys | None = None  # what they are made from, once per version

    def read_key(self, seat: int) -> bytes:
        """``read_keys.read_key`` of ``seat``, made once per version from digests of the
        state's parts (``read_keys.ReadKeys``)."""
        key = self.keys.get(seat)
        if key is None:
            if self.read_keys is None:
                self.read_keys = ReadKeys(self.stored)
            key = self.keys[seat] = self.read_keys.of(seat)
        return key

    def card(self, instance: str) -> Frozen:
        """``card_view`` of ``instance``, read only (``shared_card_view``)."""
        pack, loaded_at = self.wording[0], self.wording[1]
        return shared_card_view(pack, loaded_at.isoformat(), instance, self.language)


@lru_cache(maxsize=4096)
def shared_card_view(pack: int, loaded_at: str, instance: str, language: str) -> Frozen:
    """``card_view`` of ``instance`` in the pack ``pack`` as loaded at ``loaded_at``, read
    only, made once per process: a card's view is the pack's words of that card alone, the
    same at every version of every game of the pack (the director's page shows a hundred
    cards at each change), and a view made of pieces already frozen is not walked again
    (``freeze``). A pack loaded again has another ``loaded_at``, so its cards are made anew."""
    return freeze(_card_view(catalog_of(pack, loaded_at), instance, language))


def table_view(game: Game, behind_screen: bool, language: str = "ca") -> TableView:
    """The shared part of every view of ``game`` at its current version.

    ``behind_screen``: the state as the Secrets phase began (G52), which every viewer but the
    director sees while a snapshot is kept.
    """
    catalog = load_catalog(game.pack)
    source = game.snapshot if behind_screen and game.snapshot is not None else game.state
    if source is None:
        raise ValueError("a game has no table before its cards are dealt")
    state = _parsed(game, source)
    ruleset = ruleset_of(game)
    log = log_entries(game)
    names = Names(game.state, catalog, language)
    wording = (game.pack_id, game.pack.loaded_at, language, get_language(), *names.named())
    game_key, wording_key = f"{game.pk}-{game.commitment[:16]}", digest(wording).hex()
    rules_key = digest(game.ruleset).hex()
    # A stored version (its row's seq and state tag, drawn anew at every write) has one public
    # board per side of the screen and wording: the requests and the relay that show it share
    # it. A past moment replayed has no tag of its own (``replay.as_of``) and is built alone.
    version = f"{game.seq}:{game.state_tag}:{int(behind_screen)}"
    key = f"board:{game_key}:{version}:{wording_key}:{rules_key}"
    cache = caches["views"]
    board = cache.get(key) if game.state_tag else None
    if board is None:
        loaded_at = game.pack.loaded_at.isoformat()

        def card(instance: str) -> Frozen:
            return shared_card_view(game.pack_id, loaded_at, instance, language)

        made = _table_board(game, state, ruleset, catalog, language, log, card)
        board = Digested(freeze(made))
        if game.state_tag:
            cache.set(key, board)
    return TableView(
        state,
        source,
        ruleset,
        board,
        names,
        log,
        wording,
        game_key,
        wording_key,
        rules_key,
        catalog,
        language,
    )


def _table_board(
    game: Game,
    state: GameState,
    ruleset: Ruleset,
    catalog: Catalog,
    language: str,
    log: list[Entry],
    card: CardOf,
) -> dict[str, Any]:
    """The public board of a version, with this turn's destiny and the final standings."""
    board = _public_board(state, ruleset, catalog, language, card)
    board["destiny"] = destiny_of_turn(log, state, catalog, language, text)
    board["standings"] = [
        {**row, "house": _house(catalog, row["house"], language)}
        for row in standings(game, state, catalog, language, text)
    ]
    by_kingdom(board)
    return board


def _parsed(game: Game, source: dict[str, Any]) -> GameState:
    """``source`` as a ``GameState``: the one the change that wrote it keeps
    (``state_cache``), when ``source`` is the very state it keeps; else parsed. Either way it
    is only read: changes take their own copy of the kept one (``store.load_state``)."""
    entry = state_cache.get(game.pk, game.state_tag)
    if entry is not None and entry.state is not None and entry.raw is source:
        return entry.state
    return GameState.from_dict(source)


def behind_screen_for(game: Game, viewer: Viewer) -> bool:
    """Whether ``viewer`` sees ``game`` as the Secrets phase began (everyone but the director,
    while a snapshot is kept, G52)."""
    return viewer.kind != "director" and game.snapshot is not None


def view_for(
    game: Game,
    viewer: Viewer,
    language: str = "ca",
    table: TableView | None = None,
    own: bool = True,
    log: bool = True,
) -> Mapping[str, Any]:
    """Everything ``viewer`` may see of ``game``, and nothing else; read only
    (``consell.projection.frozen``).

    ``table``: this version's ``table_view`` for this viewer's side of the screen, when the
    caller keeps one; built here otherwise. ``own=False`` leaves out a seat's ``own_part``,
    for a caller that takes it apart only when it needs it; ``log=False`` leaves out the
    viewer's log, for a caller that shows none of it (a phone's planner answering a tap).
    """
    view: dict[str, Any] = {
        "game": {
            "id": game.pk,
            "name": game.name,
            "commitment": game.commitment,
            "status": game.status,
            "version": (game.versions or {}).get(viewer.key, 0),
        },
        "viewer": {"kind": viewer.kind, "seat": viewer.seat},
        # The log's seal as the last phase closed: public, shown alike to every viewer.
        "head": shown_head(game),
    }
    if game.state is None:
        return freeze(view)
    catalog = load_catalog(game.pack)
    # Behind the screen of Secrets the table sees the game as the phase began (G52).
    behind_screen = behind_screen_for(game, viewer)
    if table is None:
        table = table_view(game, behind_screen, language)
    # Shared with every other view of this version: the helpers below only read it
    # (tests/game/test_table_view.py holds them to that, viewer by viewer).
    state, ruleset = table.state, table.ruleset
    view["board"] = table.board
    if log:
        view["log"] = _log(game, viewer, table)
    view["clock"] = clock_view(game, state)
    if viewer.kind == "seat" and viewer.seat is not None:
        view["receipt"] = _receipt(game, viewer, table)
        if own:
            view.update(own_part(game, viewer, language, table))
    if viewer.kind == "public":
        view["decisions"] = pending_for_seat(state, catalog, ruleset, 0, language, text)
    if viewer.kind == "director":
        view["chests"] = [
            _chest(state, catalog, p.seat, language, table.wording_key, table.card)
            for p in state.players
        ]
        view["offers"] = _offers(state, catalog, language, None)
        view["turn"] = turn_panel(state, catalog, ruleset, language, text)
        view["turn"]["last_auction"] = _last_auction(table.log, state, catalog, language)
        view["decisions"] = pending_for_seat(state, catalog, ruleset, None, language, text)
        view["decks"] = {
            name: [card_title(catalog, c, language) for c in cards]
            for name, cards in state.decks.items()
        }
        view["seed"] = game.seed if game.finished else None
    if game.finished:
        view["final"] = {
            "winners": [state.player(s).name for s in state.winners],
            "chests": [
                _final_chest(state, catalog, p.seat, language, viewer) for p in state.players
            ],
            "objectives": met_objectives(state, catalog, language, text),
        }
    return freeze(view)


# What the end of the game shows of a chest to everyone: "All players reveal all their
# resources and hidden cards" (rules §4.17; "Els jugadors revelen tots els seus recursos i
# cartes"). A chest's notes are the director's private papers to its owner and its plan is
# the owner's own: neither is a card or a resource, so they stay the owner's (and the
# director's). The objectives on offer were returned unseen (§2 step 5).
REVEALED_AT_END = ("seat", "name", "house", "resources", "tactics", "assets", "objectives",
                   "offices", "is_king")  # fmt: skip


def _final_chest(state: GameState, catalog: Catalog, seat: int, language: str, viewer: Viewer):
    """A chest as the end reveals it to ``viewer``: whole to its owner and the director."""
    chest = _chest(state, catalog, seat, language)
    if viewer.kind == "director" or (viewer.kind == "seat" and viewer.seat == seat):
        return chest
    return {key: chest[key] for key in REVEALED_AT_END}


def _public_board(
    state: GameState, ruleset: Ruleset, catalog: Catalog, language: str, card: CardOf
) -> dict[str, Any]:
    """What every viewer sees; ``card`` gives each card's view (``TableView.card``)."""
    names = {p.seat: p.name for p in state.players}
    kingdoms_by_id = kingdom_names(state, catalog, language)
    return {
        "turn": state.turn,
        "turns": ruleset.turns,
        "phase": str(state.phase),
        "status": str(state.status),
        "peril": ruleset.peril(max(1, state.turn)),
        "turn_order": [names[s] for s in state.turn_order],
        "order": _order(state, catalog, language),
        "kingdoms": _kingdoms(state, catalog, language, names, kingdoms_by_id, card),
        "kingdomless": [names[s] for s in state.members(None)],
        "players": _players(state, catalog, language, kingdoms_by_id, card),
        "market": {row: [card(a) for a in state.market.get(row, [])] for row in ("row1", "row2")},
        "law_row": [card(law) for law in state.law_row],
        "in_play": [
            {
                **card(c.card),
                "kingdom": kingdoms_by_id.get(c.kingdom),
                "kingdom_id": c.kingdom,
                "remaining": c.remaining,
            }
            for c in state.in_play
        ],
        "winners": [names[s] for s in state.winners],
    }


def _order(state: GameState, catalog: Catalog, language: str) -> list[dict[str, Any]]:
    """Who plays when, with their emblem and whether they have handed in (public, §3.2)."""
    return [
        {
            "name": state.player(s).name,
            "house": _house(catalog, state.player(s).house, language),
            "handed_in": state.player(s).plan.handed_in,
            # Taken as it stood, by the director or a deadline: the log said so to everyone.
            "closed": state.player(s).plan.closed_by_director,
        }
        for s in state.turn_order
    ]


def _kingdoms(
    state: GameState, catalog: Catalog, language: str, names, kingdoms_by_id, card: CardOf
) -> list[dict]:
    return [
        {
            "id": k.id,
            "name": kingdoms_by_id[k.id],
            "king": names.get(k.king) if k.king is not None else None,
            "members": [names[s] for s in state.members(k.id)],
            "indicators": [{"name": str(i), "value": k.indicators[i]} for i in INDICATORS],
            "offices": [
                {
                    "id": office,
                    "title": card_title(catalog, office, language),
                    "holder": names.get(holder) if holder is not None else None,
                }
                for office, holder in sorted(k.offices.items())
            ],
            "laws": [card(law) for law in k.laws],
        }
        for k in state.kingdoms
    ]


def _players(
    state: GameState, catalog: Catalog, language: str, kingdoms_by_id, card: CardOf
) -> list[dict]:
    players = []
    for p in state.players:
        king_of = next((k.name for k in state.kingdoms if k.king == p.seat), None)
        players.append(
            {
                "seat": p.seat,
                "name": p.name,
                "house": _house(catalog, p.house, language),
                "kingdom": kingdoms_by_id.get(p.kingdom),
                "is_king": king_of is not None,
                "offices": [card_title(catalog, o, language) for o in state.offices_of(p.seat)],
                "visible_assets": [
                    card(a) for a in p.assets if card_of(catalog, a).get("visibility") == "visible"
                ],
                "handed_in": p.plan.handed_in,
                "closed": p.plan.closed_by_director,
            }
        )
    return players


def _house(catalog: Catalog, house: str, language: str) -> dict[str, str]:
    if not house:
        return {"title": "", "emblem": "", "special": ""}
    c = card_of(catalog, house)
    return {
        "title": text(c.get("title"), language),
        "emblem": c.get("emblem", ""),
        "special": text(c.get("special"), language),
    }


def _chest(
    state: GameState,
    catalog: Catalog,
    seat: int,
    language: str,
    wording: str = "",
    card: CardOf | None = None,
) -> dict[str, Any]:
    """One player's private holdings: what their screen hides from the table (rules §1.10).

    ``card``: each card's view, when the caller shares them (``TableView.card``)."""
    p = state.player(seat)
    card = card or (lambda instance: card_view(catalog, instance, language))
    return {
        "seat": p.seat,
        "name": p.name,
        "house": _house(catalog, p.house, language),
        "resources": [{"code": str(r), "amount": p.resources[r]} for r in RESOURCES],
        "tactics": [card(t) for t in p.tactics],
        "assets": [card(a) for a in p.assets],
        "objectives": [card(o) for o in p.objectives],
        "objective_offer": [card(o) for o in p.objective_offer],
        "offices": [card(o) for o in state.offices_of(seat)],
        "is_king": any(k.king == seat for k in state.kingdoms),
        "notes": _notes(state, catalog, language, p.notes, wording),
        "plan": {
            "handed_in": p.plan.handed_in,
            # Taken as it stood, by the director or a passed deadline (G37, G61).
            "closed": p.plan.closed_by_director,
            "indications": [
                _planned(state, catalog, language, seat, a) for a in p.plan.indications
            ],
            "actions": [_planned(state, catalog, language, seat, a) for a in p.plan.actions],
            "secrets": [_planned(state, catalog, language, seat, a) for a in p.plan.secrets],
        },
    }


def _notes(
    state: GameState, catalog: Catalog, language: str, notes, wording: str = ""
) -> list[dict[str, Any]]:
    """A chest's notes from the director, worded with the names of the state they belong to;
    kept in Django's ``views`` cache by the notes and the version's ``wording`` (its pack,
    languages and names) when it is given, since a chest's notes only grow, a few a turn."""
    if not notes:
        return []

    def worded() -> list[dict[str, Any]]:
        named = {
            "players": [{"seat": p.seat, "name": p.name} for p in state.players],
            "kingdoms": [{"id": k.id, "name": k.name} for k in state.kingdoms],
        }
        names = Names(named, catalog, language)
        return [{"turn": n.turn, "text": describe(n.kind, n.data, names)} for n in notes]

    if not wording:
        return worded()
    key = f"notes:{wording}:{digest([n.to_dict() for n in notes]).hex()}"
    cache = caches["views"]
    found = cache.get(key)
    if found is None:
        found = freeze(worded())
        cache.set(key, found)
    return found


def _offers(
    state: GameState, catalog: Catalog, language: str, seat: int | None
) -> list[dict[str, Any]]:
    """Open trade offers this viewer is party to (all of them for the director)."""
    names = {p.seat: p.name for p in state.players}
    out = []
    for o in state.progress.get("trade_offers", []):
        if seat is not None and seat not in (o["from"], o["to"]):
            continue
        out.append(
            {
                "id": o["id"],
                "from": names[o["from"]],
                "to": names[o["to"]],
                "mine": o["from"] == seat,
                "gives": _offer_view(o["gives"], catalog, language),
                "wants": _offer_view(o["wants"], catalog, language),
            }
        )
    return out


def _offer_view(offer: dict, catalog: Catalog, language: str) -> dict[str, Any]:
    return {
        "resources": dict(offer.get("resources", {})),
        "cards": [card_title(catalog, c, language) for c in offer.get("tactics", [])]
        + [card_title(catalog, c, language) for c in offer.get("assets", [])],
        "information": offer.get("information", ""),
        "promises": offer.get("promises", ""),
    }


def _planned(state: GameState, catalog: Catalog, language: str, seat: int, tile) -> dict[str, Any]:
    """A tile of a pile, readable: its card, its ability and the boxes as written."""
    instance = tile.source.partition(":")[2] or state.player(seat).house
    c = card_or_nothing(catalog, instance)
    ability = ability_or_nothing(c, tile.ability)
    specs = ability.get("params", []) if ability else []
    kinds = {spec["name"]: spec["type"] for spec in specs}
    return {
        "source": tile.source,
        "ability": tile.ability,
        "card": text(c["title"] if c else None, language),
        "title": text(ability["title"] if ability else None, language) or tile.ability,
        "params": [
            {
                "name": param_name(k),
                "value": words.param_text(state, catalog, language, kinds.get(k, ""), v),
            }
            for k, v in tile.params.items()
        ],
    }


# A view's log is its newest lines, looked for among the newest entries only: a player may
# read few of a 16-player table's entries, and the log holds thousands by the end.
LOG_LINES = 60  # the newest lines a view shows
LOG_WINDOW = 400  # among this many newest entries


def log_moment(game: Game, viewer: Viewer) -> audience.Moment:
    """The moment ``viewer``'s log is read at now: while Secrets are resolved behind the
    screen, a player reads nothing of them yet, not even their own secrets' results: those
    come back with the batch, as the chests do (G52, §3.8). Who may read an entry depends on
    the entry, the viewer and this moment alone, so while it stays the same a log only grows
    (``log_since``)."""
    if behind_screen_for(game, viewer):
        return audience.behind_screen((game.state or {}).get("turn"))
    return audience.LIVE


def log_window_start(table: TableView) -> int:
    """The number of the oldest entry a log looks among (``LOG_WINDOW``); 0 when it looks
    among them all."""
    log = table.log
    return log[-LOG_WINDOW].seq if len(log) > LOG_WINDOW else 0


def log_since(game: Game, viewer: Viewer, table: TableView, after: int) -> list[dict[str, Any]]:
    """The lines of ``viewer``'s log (``view.log``) newer than entry ``after``, newest first:
    what a page showing the log up to ``after`` adds to show it now, at the same moment
    (``log_moment``). The rule is ``_log``'s."""
    return _log(game, viewer, table, after=after)


def _log(game: Game, viewer: Viewer, table: TableView, after: int = 0) -> list[dict[str, Any]]:
    """The events this viewer may read (``audience.may_read_in_log`` at ``log_moment``),
    newest first, newer than entry ``after``. The audience was stamped by the rules. No phone
    is woken while Secrets are resolved behind the screen, so a fresh load and an open page
    show the same."""
    moment = log_moment(game, viewer)
    log = table.log
    out: list[dict[str, Any]] = []
    for ev in reversed(log[max(len(log) - LOG_WINDOW, 0) :]):
        if ev.seq <= after:
            break
        if not audience.may_read_in_log(ev, viewer, moment):
            continue
        if viewer.kind == "director":
            out.append(_item(ev, _whose(ev, viewer, table)))
        else:  # every player who may read it reads the same line, made once per version
            item = table.items.get(ev.seq)
            if item is None:
                item = table.items[ev.seq] = _item(ev, _whose(ev, viewer, table))
            out.append(item)
        if len(out) >= LOG_LINES:
            break
    return out


def _receipt(game: Game, viewer: Viewer, table: TableView) -> str | None:
    """The sentence of this turn's receipt of the player's hand-in (``services.sealing``),
    which their plan shows once handed in: the entry as their log reads it (``_log``'s rule),
    found among this turn's entries alone."""
    turn = (game.state or {}).get("turn")
    moment = log_moment(game, viewer)
    for ev in reversed(table.log):
        if ev.turn != turn:
            return None
        if ev.kind == Kind.PLAN_SEALED and audience.may_read_in_log(ev, viewer, moment):
            return _whose(ev, viewer, table)
    return None


def _item(ev: Entry, text: str) -> Frozen:
    return Frozen(
        {
            "seq": ev.seq,
            "turn": ev.turn,
            "phase": ev.phase,
            "kind": ev.kind,
            "text": text,
            "by_director": ev.by_director,
        }
    )


def _sentence(ev: Entry, table: TableView) -> str:
    """The event's sentence, kept in Django's ``views`` cache by the game, the event and the
    wording (the pack, the languages, the names): an entry is worded once, not at every
    version while it stays in the logs' window."""
    key = f"said:{table.game}:{ev.seq}:{table.wording_key}"
    cache = caches["views"]
    said = cache.get(key)
    if said is None:
        said = describe(ev.kind, {"seat": ev.actor, **ev.payload}, table.names)
        cache.set(key, said)
    return said


def _whose(ev: Entry, viewer: Viewer, table: TableView) -> str:
    """The event's sentence; the director's log says whose a private note is, since it mixes
    every player's ("You receive 3 Prestige" x5 would not say to whom)."""
    names = table.names
    said = table.sentences.get(ev.seq)
    if said is None:
        said = table.sentences[ev.seq] = _sentence(ev, table)
    if viewer.kind == "director" and isinstance(ev.audience, list) and ev.audience:
        return _("For %(who)s: %(text)s") % {"who": names.seats_of(ev.audience), "text": said}
    return said


def _last_auction(
    log: list[Entry], state: GameState, catalog: Catalog, language: str
) -> dict[str, Any] | None:
    """This turn's auction as the director saw it behind the screen (rules §4.9)."""
    ev = None
    for e in reversed(log):  # back to this turn's first entry only: the log goes turn by turn
        if e.turn != state.turn:
            break
        if e.kind == Kind.AUCTION_RESOLVED:
            ev = e
            break
    if ev is None:
        return None
    names = {p.seat: p.name for p in state.players}
    auction = payload(ev, AuctionResolved)

    def title(instance):
        return card_title(catalog, instance, language) if instance else ""

    return {
        "bids": [
            {
                **b,
                "name": names.get(b["seat"]),
                "asset": title(b["asset"]),
                "round": words.bid_round(b["round"]),
                "status": words.bid_status(b["status"]),
            }
            for b in auction["bids"]
        ],
        "void": [
            {"name": names.get(v["seat"]), "reason": words.say(v["reason"])}
            for v in auction["void"]
        ],
    }
