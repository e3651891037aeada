"""What one viewer may not see now, computed from the real state (rules §1.10, §2, §3.4, §4.17).

``Knowledge`` follows a game from step to step and remembers what each seat has legitimately
seen: every card it ever held (in the live state or in the Secrets snapshot its phone shows)
and every card that ever lay in a public place (market, law row, cards in play, laws in force,
offices, houses, visible assets). ``Secret`` is one thing a viewer's output must not hold, with
its owner and what it is, so a failure says whose secret leaked.

Hidden from seat S now:
- another seat's tactics, kept objectives and hidden assets, until the end (§4.17 reveals them);
- another seat's returned objectives (dealt, not kept: "go back unseen", §2), for ever;
- the abilities another seat planned from its own hidden cards or its house, in any pile during
  Planning and in the secrets and indications piles until the turn's Secrets are over (§3.2,
  §3.4: "only the owner and the director know what was declared");
- another seat's private notes (plot results, aborts, auctions; §1.3), for ever;
- the free text of a trade between two other seats (planted by the harness), for ever;
- cards still in a deck (nobody has seen them).
The public board is hidden everything a seat is hidden, for every seat.
"""

from __future__ import annotations

import html
import json
from dataclasses import dataclass, field

from consell.rules.state import GameState, Phase, Status, card_id_of
from consell.wording.describe import Names, describe

from .pack import Markers

PLAN_OPEN = (Phase.PLANNING,)
SECRET_PILES_OPEN = (Phase.PLANNING, Phase.ACTIONS, Phase.SECRETS)


@dataclass(frozen=True)
class Secret:
    """One thing that must not be shown: ``needles`` are its forms in a page or a JSON."""

    owner: int  # the seat whose secret it is (0: nobody's, e.g. a deck)
    what: str  # "tactic discurs-inflamat", "note 'Your plot…'", ...
    needles: tuple[str, ...]


@dataclass
class Knowledge:
    markers: Markers
    held: dict[int, set[str]] = field(default_factory=dict)  # seat -> card ids ever held
    public: set[str] = field(default_factory=set)  # card ids ever in a public place
    planted: dict[str, tuple[int, int | None]] = field(default_factory=dict)  # text -> (from,to)
    # Planted texts secret only while the game runs: a director's correction of a chest is
    # that player's until the end, then open to every seat's audit ("the director may correct
    # any state, with an audit log", G1).
    until_end: set[str] = field(default_factory=set)
    offered: dict[int, set[str]] = field(default_factory=dict)  # seat -> objectives dealt
    kept: dict[int, set[str]] = field(default_factory=dict)  # seat -> objectives ever kept

    def observe(self, states: list[GameState], catalog) -> None:
        for state in states:
            for p in state.players:
                mine = self.held.setdefault(p.seat, set())
                mine.update(card_id_of(c) for c in p.tactics + p.assets + p.objectives)
                mine.update(card_id_of(c) for c in p.objective_offer)
                self.offered.setdefault(p.seat, set()).update(p.objective_offer)
                self.kept.setdefault(p.seat, set()).update(p.objectives)
                if p.house:
                    self.public.add(card_id_of(p.house))
                self.public.update(
                    card_id_of(a)
                    for a in p.assets
                    if catalog[card_id_of(a)].get("visibility") == "visible"
                )
            for k in state.kingdoms:
                self.public.update(card_id_of(c) for c in list(k.offices) + k.laws)
            for row in state.market.values():
                self.public.update(card_id_of(c) for c in row)
            self.public.update(card_id_of(c) for c in state.law_row)
            self.public.update(card_id_of(c.card) for c in state.in_play)

    # -- what a viewer must not see ------------------------------------------------------

    def hidden_from(self, state: GameState, catalog, seat: int | None) -> list[Secret]:
        """Secrets the seat ``seat`` (None: the public board) must not see in ``state``."""
        out: list[Secret] = []
        finished = state.status is Status.FINISHED
        known = self.public | (self.held.get(seat, set()) if seat is not None else set())
        # An objective that went back and was drawn again is its new holder's (checked there).
        held_now = {o for p in state.players for o in p.objectives + p.objective_offer}
        for p in state.players:
            if p.seat == seat:
                continue
            returned = self.offered.get(p.seat, set()) - self.kept.get(p.seat, set()) - held_now
            cards = [("returned objective", o) for o in sorted(returned)]
            cards += [("objective on offer", o) for o in p.objective_offer]
            if not finished:
                cards += [("objective", o) for o in p.objectives]
                cards += [("tactic", t) for t in p.tactics]
                cards += [
                    ("hidden asset", a)
                    for a in p.assets
                    if catalog[card_id_of(a)].get("visibility") != "visible"
                ]
            for what, instance in cards:
                card = card_id_of(instance)
                if card not in known:
                    out.append(self._card(p.seat, f"{what} {card}", card))
            if state.status is Status.PLAYING:
                out += self._plan(state, catalog, p, known)
            out += notes_of(state, catalog, p)
        for name, deck in state.decks.items() if not finished else ():
            if "discard" in name or name == "houses":  # houses left over are nobody's secret
                continue
            for instance in deck:
                card = card_id_of(instance)
                if card not in known:
                    out.append(self._card(0, f"card {card} still in deck {name}", card))
        for words, (sender, receiver) in self.planted.items():
            if finished and words in self.until_end:
                continue
            if seat not in (sender, receiver):
                out.append(
                    Secret(
                        sender, f"private text {words!r} of seats {sender} and {receiver}", (words,)
                    )
                )
        return out

    def _card(self, owner: int, what: str, card: str) -> Secret:
        marker = self.markers.of_card[card]
        return Secret(owner, what, (marker, json.dumps(card), json.dumps(card)[:-1] + "#"))

    def _plan(self, state: GameState, catalog, player, known: set[str]) -> list[Secret]:
        piles = []
        if state.phase in PLAN_OPEN:
            piles = ["indications", "actions", "secrets"]
        elif state.phase in SECRET_PILES_OPEN:
            piles = ["indications", "secrets"]
        out = []
        for pile in piles:
            for tile in getattr(player.plan, pile):
                kind, _, instance = tile.source.partition(":")
                if kind == "house":
                    card = card_id_of(player.house)
                elif kind in ("tactic", "asset"):
                    card = card_id_of(instance)
                    if card in known:
                        continue
                else:
                    continue
                marker = self.markers.abilities_of.get(card, {}).get(tile.ability)
                if marker:
                    what = f"planned {pile} tile {card}:{tile.ability}"
                    out.append(Secret(player.seat, what, (marker,)))
        return out


def notes_of(state: GameState, catalog, player) -> list[Secret]:
    """A player's private notes as the pages write them (English: the tests' language)."""
    names = Names(state.to_dict(), catalog, "en")
    out = []
    for note in player.notes:
        words = describe(note.kind, note.data, names).strip()
        if len(words) >= 25:
            out.append(
                Secret(
                    player.seat,
                    f"private note ({note.kind}, turn {note.turn}) {words!r}",
                    (html.escape(words), words),
                )
            )
    return out


def found(body: str, secrets: list[Secret], mine: set[str] = frozenset()) -> list[Secret]:
    """The secrets whose needles ``body`` holds (a needle the viewer itself owns is skipped)."""
    return [s for s in secrets if any(n in body and n not in mine for n in s.needles)]
