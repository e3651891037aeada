"""A stand-in: the simulator's bot made to play a live seat whose player is away (G62).

It sees what that seat's phone sees and nothing else: every choice is made from
``visibility.view_for(game, the seat)``, the view the phone's page is rendered from, and its
answers go through the same services the phone's forms reach, checked by the same rules. It
never reads the game's state: another seat's hand, plan or fist cannot steer it
(tests/simulator/test_stand_in.py plants a marker to prove it).

What it does is what a careful player in a hurry would do, weighed by the seat's simulated
person (``people.Person``): it plans the indications its phone offers now and then, and puts in
each crisis's share from its own chest; in a vote it spends Power only on a motion it cares
about, else withdraws; it commits a modest fist to a duel; it declines paid reactions, answers
a law choice, a distribution or an income by the first choice its phone offers, and passes at
the end. Each move is logged as the stand-in's (``Kind.STAND_IN_PLAYED``), to the seat's own
player and the director, revealed at the end, so the audit shows which turns it played.

When it plays: a decision as soon as its phone shows that it is the seat's turn; a plan once
every seat a person plays has handed in, so that a stand-in never takes an early place in the
turn order (G58), or at once when only stand-ins are left.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from contextvars import ContextVar
from typing import Any

from consell.game import game_rows
from consell.game.models import Game
from consell.game.services import decisions, planning, store
from consell.game.services.store import AlreadyApplied
from consell.projection.visibility import view_for
from consell.rules.absence import least_commitment
from consell.rules.audience import Viewer
from consell.rules.errors import RuleError
from consell.rules.event_kinds import Kind
from consell.rules.events import private
from consell.rules.payloads import StandInPlayed
from consell.rules.state import Phase, Status
from consell.simulator.people import Person

# A stand-in reads the view in English: its choices are codes and numbers, never words.
LANGUAGE = "en"
KEEN_INDICATION = 0.5
MAX_MOVES = 400

_playing: ContextVar[bool] = ContextVar("consell_stand_in_playing", default=False)


class StandIn:
    """The moves of one seat's stand-in, from that seat's view alone."""

    def __init__(self, view: Mapping[str, Any], seat: int) -> None:
        self.seat = seat
        # Its own generator, from the game's public commitment and the seat's own version
        # (how much this seat has seen): the same game at the same point plays the same way,
        # the seed stays secret, and how many private events others logged cannot sway it.
        game = view["game"]
        self.rng = random.Random(f"stand-in:{game['commitment']}:{seat}:{game['version']}")
        self.person = Person.drawn(random.Random(f"stand-in:{game['commitment']}:{seat}"))

    # -- Planning (rules §3.2) -----------------------------------------------------------

    def tiles(self, me: Mapping[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
        """The tiles it plans: each crisis's share, and now and then an indication."""
        purse = {r["code"]: r["amount"] for r in me.get("resources", ())}
        out = []
        for option in me.get("plannable", ()):
            if option["planned"]:
                continue
            fields = option["fields"]
            crises = next((f for f in fields if f["type"] == "contributions"), None)
            if crises is not None:
                if crises["choices"]:
                    entries = self._contributions(crises["choices"], purse)
                    out.append((option["source"], option["ability"], {crises["name"]: entries}))
                continue
            if option["type"] != "indication" or self.rng.random() >= KEEN_INDICATION:
                continue
            params = self._boxes(fields, purse)
            if params is not None:
                out.append((option["source"], option["ability"], params))
        return out

    def _contributions(self, crises, purse: dict[str, int]) -> dict[str, dict[str, int]]:
        """A share of each crisis from the types it accepts, Favor last; a thrifty person
        less."""
        out = {}
        for crisis in crises:
            share = 1 + round(2 * (1 - self.person.thrift))
            entry: dict[str, int] = {}
            for code, _label in sorted(crisis["accepts"], key=lambda c: c[0] == "FAV"):
                give = min(share - sum(entry.values()), purse.get(code, 0))
                if give > 0:
                    entry[code] = give
                    purse[code] -= give
            out[crisis["card"]] = entry
        return out

    def _boxes(self, fields, purse: dict[str, int]) -> dict[str, Any] | None:
        """Each box from the choices the phone shows; None when a box needs words or has no
        choice (a stand-in writes nothing in a player's name)."""
        params: dict[str, Any] = {}
        for field in fields:
            kind, choices = field["type"], field["choices"]
            if field.get("depends_on") or kind == "text":
                return None
            if kind == "amount":
                low = field["min"] if field["min"] is not None else 0
                params[field["name"]] = low
            elif kind == "players":
                others = [s for s, _ in choices if s != self.seat]
                if not others:
                    return None
                params[field["name"]] = [self.rng.choice(others)]
            elif choices:
                mine = [c for c, _ in choices if c != self.seat] or [c for c, _ in choices]
                params[field["name"]] = self.rng.choice(mine)
            elif not field["optional"]:
                return None
        return params

    # -- decisions (rules §4.3-§4.17) -------------------------------------------------------

    def answer(self, item: Mapping[str, Any], me: Mapping[str, Any]) -> dict[str, Any] | None:
        """Its answer to one decision its phone shows, or None when it is not its turn."""
        kind = item["kind"]
        if not item.get("mine") or item.get("my_turn") is False and not item.get("tie_break"):
            return None
        if kind == "vote":
            return self._vote(item)
        if kind == "duel":
            if item.get("my_fist_in"):
                return None
            boxes = [(code, most) for code, most in item["boxes"] if most]
            fist = {}
            if boxes and self.rng.random() < self.person.boldness:
                code, most = self.rng.choice(boxes)
                fist[code] = min(most, 1 + round(self.person.boldness))
            return {"fist": fist}
        if kind == "reaction":
            return {"use": False}
        if kind == "kingdom_joiners":
            return {"join": False}
        if kind == "law_choice":
            return {"law": item["laws"][0][0]}
        if kind == "discard_choice":
            return {"tactics": [t for t, _title in item["hand"]][: item["count"]]}
        if kind == "distribution":
            return {}
        if kind == "kingdomless_income":
            return {"resources": list(item["choices"])[: item["income"]]}
        if kind == "insurrection":
            return {"pledge": 0} if item.get("stage") == "pledging" else {"die": 1}
        if kind == "end_of_game":
            mandatory = [o["key"] for o in item.get("options", ()) if o.get("mandatory")]
            return {"choose": mandatory[0]} if mandatory else {"pass": True}
        return None  # a kind the director settles

    def _vote(self, item: Mapping[str, Any]) -> dict[str, Any]:
        """Withdraw, unless it cares and a little Power puts its side ahead (§4.7)."""
        if item.get("tie_break"):
            return {"tie": "for"}
        side = item.get("my_side") or ("for" if self.rng.random() < 0.5 else "against")
        mine, theirs = (
            (item["for_total"], item["against_total"])
            if side == "for"
            else (item["against_total"], item["for_total"])
        )
        needed = theirs - mine + 1
        power = item.get("power") or 0
        if self.person.zeal > 0.5 and 0 < needed <= min(power, 2):
            return {"side": side, "spend": needed}
        return {"withdraw": True}


def play(game_id: int) -> int:
    """Every move the game's stand-ins owe now, one after another; how many they made.

    Called after every committed change of a game with stand-ins (``consell.simulator.apps``)
    and by the ``clock`` command; a call made while one is already playing (the changes it
    makes announce themselves) leaves the moves to it."""
    if _playing.get():
        return 0
    token = _playing.set(True)
    try:
        moves = 0
        for _round in range(MAX_MOVES):
            if not _one_move(game_id):
                return moves
            moves += 1
        return moves
    finally:
        _playing.reset(token)


def _one_move(game_id: int) -> bool:
    """The first move a stand-in owes, made; False when none owes any."""
    game = game_rows.read(game_id)
    if not game.stand_ins or game.clock.get("paused"):
        return False
    state = store.load_state(game)
    if state is None or state.status is not Status.PLAYING:
        return False
    for seat in game.stand_ins:
        view = view_for(game, Viewer.for_seat(seat), LANGUAGE)
        me = view.get("me", {})
        stand_in = StandIn(view, seat)
        for item in view.get("decisions", ()):
            answer = stand_in.answer(item, me)
            if answer is not None and _decide(game_id, seat, item, answer):
                return True
    if state.phase is Phase.PLANNING:
        people = [p for p in state.players if p.seat not in game.stand_ins]
        if all(p.plan.handed_in for p in people):
            for seat in game.stand_ins:
                if not state.player(seat).plan.handed_in:
                    _plan_and_hand_in(game, seat)
                    return True
    return False


def _decide(game_id: int, seat: int, item: Mapping[str, Any], answer: dict[str, Any]) -> bool:
    """The stand-in's answer, as the phone would send it; a refused one, the rules' default
    (what the director would give for an absent player). False when neither was taken."""
    try:
        with store.dealt(game_id) as ch:
            pending = next((p for p in ch.state.pending if p.id == item["id"]), None)
            if pending is None or seat not in pending.waiting_for:
                raise AlreadyApplied
            try:
                decisions.deciding(ch, pending.id, answer, seat)
            except RuleError:
                decisions.deciding(
                    ch, pending.id, least_commitment(ch.state, ch.ruleset, pending, seat), None
                )
            _played(ch, seat, pending.kind)
    except (AlreadyApplied, RuleError):
        return False
    return True


def _plan_and_hand_in(game: Game, seat: int) -> None:
    """Plan (when its plan is still empty) and hand in, each tile a change of its own as from
    the phone; the hand-in logged as the stand-in's."""
    view = view_for(game, Viewer.for_seat(seat), LANGUAGE)
    me = view.get("me", {})
    plan = me.get("plan", {})
    if not any(plan.get(pile) for pile in ("indications", "actions", "secrets")):
        for source, ability, params in StandIn(view, seat).tiles(me):
            try:
                planning.add(game.pk, seat, source, ability, params)
            except RuleError:
                continue  # a tile the rules refuse is left out, as on the phone
    with store.dealt(game.pk) as ch:
        try:
            planning.handing_in(seat)(ch)
        except RuleError:
            planning.closing_for(ch, seat)
        _played(ch, seat, "plan")


def _played(ch: store.DealtChange, seat: int, kind: str) -> None:
    turn = ch.state.turn
    ch.record(
        None,
        [private(Kind.STAND_IN_PLAYED, (seat,), StandInPlayed(seat=seat, turn=turn, kind=kind))],
    )
