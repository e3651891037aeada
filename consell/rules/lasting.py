"""Lasting rules: what laws in force and lasting events change while active (rules §1.7).

"Les lleis són propostes legislatives que, de ser aprovades, canvien un o més aspectes del joc";
an event may "quedar en joc per un o més torns" (G46). A card says what it changes in its
``lasting`` field (vocabulary: ``primitives.LASTING_RULES``; format: docs/content-packs.md).
Each rule is active while its law is in force in a kingdom (G33: ``Kingdom.laws``) or its event
is in play (``GameState.in_play``), and applies in that kingdom (None: the kingdomless group),
or everywhere with ``scope: everyone``.

The engine asks this module at each point the rules consult: may this player join (without a
vote, after an expulsion), found, expel, start a duel, use this card, plan it again, trade
outside Planning; what a crisis accepts (from whom) and asks; how much a kingdom produces and its
distributors may keep; how much a vigilance or a bid counts; what an ability costs; who breaks a
tied vote; whether a deposed King contends for the throne. ``end_of_game`` rules are applied by
``endgame_turns``. A ``manual`` rule is shown to the director when its moment comes
(``manual_now``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from . import cards
from .card_shapes import Ability, LastingRule, Op
from .errors import NotEligibleError
from .i18n import _
from .resources import Resource
from .state import GameState, card_id_of


@dataclass(frozen=True)
class Active:
    """One lasting rule in force: its card instance, its kingdom and the rule as written."""

    card: str
    kingdom: int | None
    rule: LastingRule

    def applies_to(self, kingdom: int | None) -> bool:
        return self.rule.get("scope") == "everyone" or self.kingdom == kingdom


def active(state: GameState, catalog: cards.Catalog) -> Iterator[Active]:
    """Every lasting rule in force: laws kingdom by kingdom, then events in play."""
    for kingdom in state.kingdoms:
        for law in kingdom.laws:
            for rule in cards.card(catalog, law).get("lasting", []):
                yield Active(law, kingdom.id, rule)
    for dc in state.in_play:
        if dc.kind == "event":
            for rule in cards.card(catalog, dc.card).get("lasting", []):
                yield Active(dc.card, dc.kingdom, rule)


def rules(state: GameState, catalog: cards.Catalog, name: str, kingdom: int | None) -> list[Active]:
    """The active rules called ``name`` that apply in ``kingdom``."""
    return [
        a for a in active(state, catalog) if a.rule.get("rule") == name and a.applies_to(kingdom)
    ]


# -- permissions ----------------------------------------------------------------------------


def forbidding(
    state: GameState,
    catalog: cards.Catalog,
    what: str,
    kingdom: int | None,
    *,
    source: str = "",
    ability: str = "",
) -> Active | None:
    """The active rule forbidding ``what`` in ``kingdom`` (for an expulsion, by that ability)."""
    for a in rules(state, catalog, "forbid", kingdom):
        if a.rule.get("what") != what:
            continue
        by = a.rule.get("with")
        if by is None or (by["card"] == source_card_id(source) and by["ability"] == ability):
            return a
    return None


def check_allowed(
    state: GameState,
    catalog: cards.Catalog,
    what: str,
    kingdom: int | None,
    *,
    source: str = "",
    ability: str = "",
) -> None:
    """Refuse ``what`` when a law or event forbids it, naming the card (the ability aborts)."""
    found = forbidding(state, catalog, what, kingdom, source=source, ability=ability)
    if found is not None:
        raise NotEligibleError(
            _("%(card)s forbids it while it is in force.")
            % {"card": cards.title(catalog, found.card)}
        )


def blocks_ability(
    state: GameState, catalog: cards.Catalog, seat: int, instance: str, ability: Ability
) -> Active | None:
    """The rule forbidding this card's abilities (by keyword) to ``seat``, if any.

    Quaresma's "les del final de la partida no en queden afectades": an ``at_end_of_game``
    reaction is never blocked.
    """
    if ability.get("trigger") == "at_end_of_game":
        return None
    words = cards.keywords(catalog, instance)
    for a in rules(state, catalog, "forbid", state.player(seat).kingdom):
        if a.rule.get("what") == "keyword_abilities" and a.rule.get("keyword") in words:
            return a
    return None


def trade_permit(
    state: GameState, catalog: cards.Catalog, first: int, second: int | None = None
) -> Active | None:
    """The rule letting ``first`` trade now, outside Planning, with ``second`` (any partner
    when None): "els membres d'aquest regne poden intercanviar entre ells durant la fase
    d'accions". Both must belong to the same kingdom (or both to the kingdomless group)."""
    kingdom = state.player(first).kingdom
    if second is not None and state.player(second).kingdom != kingdom:
        return None
    for a in rules(state, catalog, "trade", kingdom):
        if a.rule["during"] == str(state.phase):
            return a
    return None


def plans_again(state: GameState, catalog: cards.Catalog, seat: int) -> Counter[tuple[str, str]]:
    """How many more times than once ``seat`` may plan each ability this turn, by its card and
    ability ids (G22): "cada membre pot proposar una llei addicional" (Corts generals)."""
    return Counter(
        (a.rule["ability"]["card"], a.rule["ability"]["ability"])
        for a in rules(state, catalog, "plan_again", state.player(seat).kingdom)
    )


def source_card_id(source: str) -> str:
    """``"office:rei"`` -> ``rei``; ``"tactic:daga#2"`` -> ``daga``."""
    return card_id_of(source.split(":", 1)[1]) if ":" in source else source


# -- numbers the rules consult -----------------------------------------------------------


def crisis_accepts(
    state: GameState,
    catalog: cards.Catalog,
    kingdom: int | None,
    accepts: Sequence[Resource],
    seat: int | None = None,
) -> list[Resource]:
    """A crisis's accepted resources with those the kingdom's rules add ("accepten també").

    A rule naming an ``office`` adds its resource only for ``seat``, when it holds that office
    of the kingdom ("el Mariscal pot contribuir a les crisis que accepten Força amb Diners").
    """
    out = list(accepts)
    for a in rules(state, catalog, "crisis_accepts", kingdom):
        office = a.rule.get("office")
        if office is not None and (seat is None or _office_holder(state, kingdom, office) != seat):
            continue
        also = Resource(a.rule["also"])
        if Resource(a.rule["accepts"]) in accepts and also not in out:
            out.append(also)
    return out


def crisis_threshold_delta(
    state: GameState, catalog: cards.Catalog, kingdom: int | None, accepts: Iterable[Resource]
) -> int:
    """How much more (or less) a crisis accepting these resources asks ("demanen 2 més")."""
    accepted = set(accepts)
    return sum(
        a.rule["delta"]
        for a in rules(state, catalog, "crisis_threshold", kingdom)
        if Resource(a.rule["accepts"]) in accepted
    )


def production_delta(
    state: GameState, catalog: cards.Catalog, kingdom: int, resource: Resource
) -> int:
    """How much more (or less) of ``resource`` the kingdom produces ("és 1 menys")."""
    return sum(
        a.rule["delta"]
        for a in rules(state, catalog, "production", kingdom)
        if Resource(a.rule["resource"]) is resource
    )


def privilege(
    state: GameState, catalog: cards.Catalog, kingdom: int, resource: Resource, default: int
) -> int:
    """How many units the distributor of ``resource`` may keep (the privilege, §4.11).

    The newest rule wins when two disagree (G35: "the new law wins"; events after laws).
    """
    found = [
        a.rule["keep"]
        for a in rules(state, catalog, "privilege", kingdom)
        if Resource(a.rule["resource"]) is resource
    ]
    return found[-1] if found else default


def vigilance_delta(state: GameState, catalog: cards.Catalog, seat: int) -> int:
    """Points a player's vigilance counts more (or less): "compta 1 punt més"."""
    kingdom = state.player(seat).kingdom
    offices = set(state.offices_of(seat))
    return sum(
        a.rule["delta"]
        for a in rules(state, catalog, "vigilance", kingdom)
        if "office" not in a.rule or a.rule["office"] in offices
    )


def bid_delta(state: GameState, catalog: cards.Catalog, seat: int) -> int:
    """How much more (or less) a player's asset bids count: "compten 1 Diner més"."""
    return sum(a.rule["delta"] for a in rules(state, catalog, "bid", state.player(seat).kingdom))


def extra_cost(
    state: GameState,
    catalog: cards.Catalog,
    seat: int,
    effect: Sequence[Op],
    *,
    duels_in: Sequence[int | None] = (),
) -> dict[Resource, int]:
    """What an ability whose effect holds a costed op costs more ("paga abans 1 Poder").

    A rule is read in the owner's kingdom; one on ``start_duel`` also in each kingdom the
    ability's duels are in (``duels_in``, see ``duel_kingdoms``), each rule counted once.
    """
    used = set(_op_names(effect))
    own = state.player(seat).kingdom
    counted: set[tuple[str, int | None]] = set()
    out: dict[Resource, int] = {}
    for kingdom in (own, *duels_in):
        for a in rules(state, catalog, "extra_cost", kingdom):
            if a.rule["op"] not in used or (a.card, a.kingdom) in counted:
                continue
            if kingdom != own and a.rule["op"] != "start_duel":
                continue
            counted.add((a.card, a.kingdom))
            for resource, amount in a.rule["cost"].items():
                out[Resource(resource)] = out.get(Resource(resource), 0) + amount
    return out


def duel_kingdoms(state: GameState, seats: Iterable[int], where: int | None) -> list[int | None]:
    """The kingdoms a duel is in: ``where`` (the initiator's, or an event's) and each
    participant's (None: the kingdomless group).

    "Un duel és un conflicte entre dos o més jugadors" (Duels): a duel has no place but its
    players, so it is in every kingdom one of them belongs to. *Temps de pau*'s "ningú no pot
    iniciar duels en aquest regne" and *Llei d'ordre públic*'s "qui inicia un duel dins el
    regne" thus reach an outsider who challenges a member.
    """
    out = [where]
    for seat in seats:
        kingdom = state.player(seat).kingdom
        if kingdom not in out:
            out.append(kingdom)
    return out


def _op_names(ops: Sequence[Op]) -> Iterator[str]:
    for op in ops:
        yield op["op"]
        for nested in (
            op.get("then"),
            op.get("else"),
            op.get("do"),
            op.get("on_win"),
            op.get("on_tie"),
        ):
            yield from _op_names(nested or [])


# -- procedure ------------------------------------------------------------------------------

NOBODY = -1
"""``tie_breaker`` answer: nobody breaks the tie, so the motion is rejected."""


def tie_breaker(
    state: GameState,
    catalog: cards.Catalog,
    kingdom: int | None,
    motion: str,
    king: int,
    voters: Iterable[int],
) -> int:
    """Who breaks a tied vote: the King (§4.7), or who a rule names; ``NOBODY`` rejects it.

    ``voters`` are the seats that spent in the vote ("si el Rei no hi ha votat").
    """
    breaker = king
    spent = set(voters)
    for a in rules(state, catalog, "tie_break", kingdom):
        if a.rule.get("motion", motion) != motion:
            continue
        if a.rule.get("when") == "king_did_not_vote" and king in spent:
            continue
        if a.rule["by"] == "nobody":
            return NOBODY
        holder = _office_holder(state, kingdom, a.rule["office"])
        if holder is not None:
            breaker = holder
    return breaker


def _office_holder(state: GameState, kingdom: int | None, office: str) -> int | None:
    if kingdom is None:
        return None
    return state.kingdom(kingdom).offices.get(office)


def rejoins_without_vote(
    state: GameState, catalog: cards.Catalog, kingdom: int, seat: int
) -> Active | None:
    """The rule letting ``seat``, once expelled from ``kingdom``, join it again without a vote
    ("els jugadors expulsats d'aquest regne hi poden tornar a entrar sense votació")."""
    if seat not in state.kingdom(kingdom).expelled:
        return None
    found = rules(state, catalog, "rejoin_without_vote", kingdom)
    return found[0] if found else None


def deposed_king_contends(
    state: GameState, catalog: cards.Catalog, kingdom: int | None
) -> Active | None:
    """The rule letting a deposed King take part in the kingdom's succession struggle and keep
    the throne on a tie ("el Rei destronat hi participa i guanya els empats")."""
    found = rules(state, catalog, "deposed_king_contends", kingdom)
    return found[0] if found else None


# -- manual rules ---------------------------------------------------------------------------


def manual_now(state: GameState, catalog: cards.Catalog) -> list[Active]:
    """The manual rules whose moment it is, for the director's dashboard.

    A phase's rules show during that phase; ``vote``, ``succession`` and ``end_of_game`` while
    such a vote, succession duel or the end of the game waits.
    """
    moments = {str(state.phase)}
    for pending in state.pending:
        if pending.kind == "vote":
            moments.add("vote")
        if pending.data.get("purpose") == "succession":
            moments.add("succession")
        if pending.kind == "end_of_game":  # endgame.END_OF_GAME
            moments.add("end_of_game")
    return [
        a
        for a in active(state, catalog)
        if a.rule.get("rule") == "manual" and a.rule.get("at") in moments
    ]
