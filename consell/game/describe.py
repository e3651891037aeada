"""One readable line per logged event, in the viewer's language (the "What happened" list).

Only called on events the viewer may already read (``visibility``), so it can name whatever
the payload holds. Unknown kinds fall back to a plain label rather than disappearing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from django.utils.translation import gettext as _

from consell.rules.cards import Catalog
from consell.rules.event_kinds import Kind
from consell.rules.state import card_id_of

from . import naming, words
from .describe_more import MORE_LINES, STEP_WORDS
from .describe_upheavals import UPHEAVAL_LINES
from .templatetags.consell_game import indicator_label, phase_label


class Names:
    """Turns seats, kingdoms and card ids in a payload into what players call them."""

    def __init__(
        self,
        state: Mapping[str, Any] | None,
        catalog: Catalog,
        language: str,
        seats: Mapping[int, str] | None = None,
    ):
        """``seats`` names the players where the state cannot (before the deal)."""
        state = state or {}
        self.seats = dict(seats or {p["seat"]: p["name"] for p in state.get("players", [])})
        self.catalog = catalog
        self.language = language
        self.kingdoms = {k["id"]: self.title_of(k["name"]) for k in state.get("kingdoms", [])}

    def title_of(self, name) -> str:
        """A name that may be a card's id (a kingdom named after its house): its title."""
        return self.card(name) if card_id_of(str(name)) in self.catalog else str(name)

    def seat(self, value) -> str:
        return self.seats.get(value, _("someone")) if value is not None else _("nobody")

    def seats_of(self, values) -> str:
        return ", ".join(self.seat(v) for v in values or [])

    def kingdom(self, value) -> str:
        if value is None:
            return _("the players without a kingdom")
        return self.kingdoms.get(value, str(value))

    def words(self, text: Mapping[str, str] | None) -> str:
        """A card's words in this language, Catalan when the card has none in it."""
        return naming.text(text, self.language)

    def card(self, instance) -> str:
        if not instance:
            return ""
        c = self.catalog.get(card_id_of(str(instance)))
        if c is None:
            return _("a card")
        return self.words(c.get("title")) or _("a card")

    def cards(self, instances) -> str:
        return ", ".join(self.card(c) for c in instances or []) or _("none")

    def ability(self, d: Mapping[str, Any]) -> str:
        """The ability a payload is about, by its title (the card's words), never its id."""
        if isinstance(d.get("title"), Mapping):
            return self.words(d["title"])
        if isinstance(d.get("ability_title"), Mapping):
            return self.words(d["ability_title"])
        wanted = d.get("ability")
        _kind, _sep, card = str(d.get("source") or "").partition(":")
        first = self.catalog.get(card_id_of(card))
        for c in ([first] if first else []) + list(self.catalog.values()):
            for a in c.get("abilities", []):
                if a["id"] == wanted:
                    return self.words(a["title"]) or self.words(c["title"])
        return self.card(card) if card else _("an ability")

    def chest_change(self, d: Mapping[str, Any]) -> str:
        """What a chest gained and lost (``{"gained": {...}, "lost": {...}}``), named."""
        parts = []
        if d.get("gained"):
            parts.append(_("gains %(what)s") % {"what": _amounts(d["gained"])})
        if d.get("lost"):
            parts.append(_("loses %(what)s") % {"what": _amounts(d["lost"])})
        for key in ("tactics", "assets", "objectives"):
            if d.get(key):
                parts.append(self.cards(d[key]))
        return "; ".join(parts) or _("no change")

    def target(self, ref) -> str:
        """``seat:2`` -> the player; ``kingdom:1`` -> the kingdom; a bare number, a seat."""
        kind, _sep, value = str(ref).partition(":")
        if not value:
            return self.seat(int(kind)) if kind.isdigit() else _("someone")
        return self.kingdom(int(value)) if kind == "kingdom" else self.seat(int(value))


def _plot_words(d: Mapping[str, Any], n: Names) -> str:
    """What a plot was (§4.6): its title and its text, as the card words it."""
    title, text = n.words(d.get("title")), n.words(d.get("text"))
    return f"«{title}» ({text})" if text else f"«{title}»"


def _plot_results(d: Mapping[str, Any], n: Names) -> str:
    """What a plot did (§4.6): success or failure against each target the note is about."""
    results = []
    for outcome in d.get("outcomes", []):
        kind, _sep, value = str(outcome.get("target", "")).partition(":")
        who = n.kingdom(int(value)) if kind == "kingdom" else n.seat(int(value))
        verdict = _("success") if outcome.get("succeeded") else _("failure")
        results.append(_("against %(who)s, %(verdict)s") % {"who": who, "verdict": verdict})
    return "; ".join(results)


def _amounts(values: Mapping[str, int] | None) -> str:
    return words.amounts(values)


def _reason(d: Mapping[str, Any]) -> str:
    """Why something was refused, in the reader's language (``consell.game.words.say``)."""
    return words.say(d.get("reason_words") or d.get("reason") or "")


LINES: dict[str, Callable[[Mapping[str, Any], Names], str] | None] = {
    Kind.GAME_CREATED: lambda d, n: (
        _("The game was created. Dice commitment %(c)s.")
        % {"c": str(d.get("commitment", ""))[:12] + "…"}
    ),
    Kind.GAME_STARTED: lambda d, n: _("The game begins."),
    Kind.TURN_STARTED: lambda d, n: (
        _("Turn %(t)s begins (Peril %(p)s).") % {"t": d.get("turn"), "p": d.get("peril")}
    ),
    Kind.PHASE_STARTED: lambda d, n: _("Phase: %(p)s.") % {"p": phase_label(d.get("phase"))},
    Kind.TURN_ORDER: lambda d, n: _("Turn order: %(o)s.") % {"o": n.seats_of(d.get("order"))},
    Kind.DESTINY_REVEALED: lambda d, n: (
        _("Destiny for %(k)s: %(c)s.")
        % {"k": n.kingdom(d.get("kingdom")), "c": n.card(d.get("card"))}
    ),
    Kind.PLAN_HANDED_IN: lambda d, n: (
        _("%(who)s handed in their chest.") % {"who": n.seat(d.get("seat"))}
    ),
    Kind.PLAN_CLOSED_BY_DIRECTOR: lambda d, n: (
        _("The director closed Planning for %(who)s.") % {"who": n.seat(d.get("seat"))}
    ),
    Kind.ABILITY_EXECUTED: lambda d, n: _("%(title)s was carried out.") % {"title": n.ability(d)},
    Kind.ABORTED: lambda d, n: (
        (_("Aborted: %(what)s. %(why)s") % {"what": n.ability(d), "why": _reason(d)})
        if d.get("reason")
        else _("%(who)s's %(what)s was aborted.")
        % {"who": n.seat(d.get("seat")), "what": n.ability(d)}
    ),
    Kind.ABORT_REASON: lambda d, n: (
        _("Aborted: %(what)s. %(why)s") % {"what": n.ability(d), "why": _reason(d)}
    ),
    Kind.RESOURCES_GAINED: lambda d, n: (
        _("%(who)s gains %(what)s.")
        % {"who": n.seat(d.get("seat")), "what": _amounts(d.get("resources"))}
    ),
    Kind.RESOURCES_LOST: lambda d, n: (
        _("%(who)s loses %(what)s.")
        % {"who": n.seat(d.get("seat")), "what": _amounts(d.get("resources"))}
    ),
    Kind.INDICATOR_MOVED: lambda d, n: (
        _("%(k)s: %(i)s from %(a)s to %(b)s.")
        % {
            "k": n.kingdom(d.get("kingdom")),
            "i": indicator_label(d.get("indicator")),
            "a": d.get("before"),
            "b": d.get("after"),
        }
    ),
    Kind.VOTE_OPENED: lambda d, n: (
        _("A vote opens: %(what)s.")
        % {
            "what": n.card(d.get("law"))
            if d.get("law")
            else _("joining %(k)s") % {"k": n.kingdom(d.get("kingdom"))}
        }
    ),
    Kind.VOTE_SPEND: lambda d, n: (
        _("%(who)s spends %(x)s %(side)s (for %(f)s, against %(a)s).")
        % {
            "who": n.seat(d.get("seat")),
            "x": d.get("amount"),
            "side": _("for") if d.get("side") == "for" else _("against"),
            "f": d.get("for_total"),
            "a": d.get("against_total"),
        }
    ),
    Kind.VOTE_WITHDRAWN: lambda d, n: (
        _("%(who)s withdraws from the vote.") % {"who": n.seat(d.get("seat"))}
    ),
    Kind.VOTE_TIED: lambda d, n: (
        _("The vote is tied; %(king)s decides.") % {"king": n.seat(d.get("tie_breaker"))}
    ),
    Kind.VOTE_RESULT: lambda d, n: (
        (
            _("The vote passes (%(f)s to %(a)s).")
            if d.get("passed")
            else _("The vote fails (%(f)s to %(a)s).")
        )
        % {"f": d.get("for_total"), "a": d.get("against_total")}
    ),
    Kind.DUEL_STARTED: lambda d, n: (
        _("A duel: %(who)s.") % {"who": n.seats_of(d.get("participants"))}
    ),
    Kind.DUEL_FIST_IN: lambda d, n: (
        _("%(who)s has committed a fist.") % {"who": n.seat(d.get("seat"))}
    ),
    Kind.DUEL_REVEALED: lambda d, n: (
        _("The fists are revealed; winner: %(w)s.")
        % {"w": n.seat(d.get("winner")) if d.get("winner") is not None else _("none (a tie)")}
    ),
    Kind.EXPELLED: lambda d, n: (
        _("%(who)s is expelled from %(k)s.")
        % {"who": n.seat(d.get("seat")), "k": n.kingdom(d.get("kingdom"))}
    ),
    Kind.EXECUTED: lambda d, n: (
        _("%(who)s is executed; the heir takes over.") % {"who": n.seat(d.get("seat"))}
    ),
    Kind.KING_CROWNED: lambda d, n: (
        _("%(who)s is crowned King of %(k)s.")
        % {"who": n.seat(d.get("seat")), "k": n.kingdom(d.get("kingdom"))}
    ),
    Kind.KINGDOM_CREATED: lambda d, n: (
        _("%(who)s founds a new kingdom.") % {"who": n.seat(d.get("founder", d.get("king")))}
    ),
    Kind.KINGDOM_DISSOLVED: lambda d, n: (
        _("%(k)s is dissolved.") % {"k": n.kingdom(d.get("kingdom"))}
    ),
    Kind.ASSET_OWNER_CHANGED: lambda d, n: (
        _("%(a)s now belongs to %(who)s.")
        % {"a": n.card(d.get("asset")), "who": n.seat(d.get("owner"))}
    ),
    Kind.MARKET_REFRESHED: lambda d, n: _("The market moves on: a new row 2 is laid out."),
    Kind.PRODUCTION: lambda d, n: (
        _("%(k)s produces its resources.") % {"k": n.kingdom(d.get("kingdom"))}
    ),
    Kind.INSURRECTION_ROLLED: lambda d, n: (
        _("Insurrection! Dice: %(d)s.") % {"d": ", ".join(str(x) for x in d.get("dice", []))}
    ),
    Kind.SECRETS_PUBLIC_CHANGES: lambda d, n: (
        _("The secrets of this turn changed %(n)s things in public.")
        % {"n": len(d.get("changes", []))}
    ),
    Kind.SECRETS_CHEST_CHANGES: lambda d, n: _("Your chest changed during the secrets."),
    Kind.EVERYTHING_REVEALED: lambda d, n: _("Everything is revealed."),
    Kind.GAME_WON: lambda d, n: (
        _("The game is over. Winners: %(w)s.") % {"w": n.seats_of(d.get("winners"))}
    ),
    Kind.CORRECTION: lambda d, n: (
        _("Correction by the director: %(r)s") % {"r": d.get("reason", "")}
    ),
    Kind.REPAIR: lambda d, n: _("Repair of the game: %(r)s") % {"r": d.get("reason", "")},
    Kind.TRADE: lambda d, n: _("Trade between %(who)s.") % {"who": n.seats_of(d.get("parties"))},
    Kind.TRADE_OFFERED: lambda d, n: (
        _("%(who)s offers a trade.") % {"who": n.seat(d.get("seat", None))}
    ),
    Kind.TACTIC_SACRIFICED: lambda d, n: (
        _("A tactic is sacrificed for %(b)s.") % {"b": _amounts(d.get("bonus"))}
    ),
    Kind.ABILITY_PLANNED: lambda d, n: _("An ability was added to your plan."),
    Kind.ABILITY_UNPLANNED: lambda d, n: _("An ability was taken out of your plan."),
    Kind.PILE_REORDERED: lambda d, n: _("You reordered a pile."),
    Kind.OBJECTIVES_KEPT: lambda d, n: _("You kept your objectives."),
    Kind.OBJECTIVES_CHOSEN: lambda d, n: _("A player has chosen their objectives."),
    Kind.TACTICS_DRAWN: lambda d, n: (
        _("You drew %(c)s.") % {"c": ", ".join(n.card(c) for c in d.get("tactics", []))}
    ),
    Kind.VIGILANCE_PAID: lambda d, n: (
        _("Your vigilance this turn: %(v)s.") % {"v": d.get("vigilance")}
    ),
    Kind.OBJECTIVE_REVEALED: lambda d, n: (
        _("Interrogation: one of %(who)s's objectives is %(o)s.")
        % {"who": n.seat(d.get("seat")), "o": n.card(d.get("objective"))}
    ),
    Kind.PLOT_OUTCOME: lambda d, n: (
        _("Your plot %(plot)s: %(r)s.") % {"plot": _plot_words(d, n), "r": _plot_results(d, n)}
    ),
    Kind.PLOT_DETECTED: lambda d, n: (
        _("You detected a plot by %(who)s: %(plot)s. %(r)s.")
        % {"who": n.seat(d.get("conspirator")), "plot": _plot_words(d, n), "r": _plot_results(d, n)}
    ),
    Kind.PLOT_PARTIALLY_DETECTED: lambda d, n: (
        _("You noticed a plot, but not who was behind it: %(plot)s. %(r)s.")
        % {"plot": _plot_words(d, n), "r": _plot_results(d, n)}
    ),
    Kind.LAW_ROW: lambda d, n: (
        _("The law row: %(l)s.")
        % {"l": ", ".join(n.card(c) for c in d.get("laws", d.get("row", [])))}
    ),
    Kind.MARKET_OPENED: lambda d, n: _("The market is laid out."),
    Kind.HOUSES_DEALT: lambda d, n: _("The houses are dealt."),
    Kind.KINGDOMS_FOUNDED: lambda d, n: _("The kingdoms are founded and their Kings chosen."),
    Kind.OBJECTIVES_DEALT: lambda d, n: _("Your objectives are dealt: keep one of each kind."),
    Kind.TACTICS_DEALT: lambda d, n: (
        _("You receive %(c)s.") % {"c": ", ".join(n.card(c) for c in d.get("tactics", []))}
    ),
    Kind.RESOURCES_DEALT: lambda d, n: (
        _("You receive %(r)s.") % {"r": _amounts(d.get("resources"))}
    ),
    Kind.OFFICE_APPOINTED: lambda d, n: (
        _("%(who)s is appointed %(o)s.")
        % {"who": n.seat(d.get("seat")), "o": n.card(d.get("office"))}
    ),
    Kind.OFFICE_DISMISSED: lambda d, n: _("%(o)s is taken back.") % {"o": n.card(d.get("office"))},
    Kind.OFFICES_LOST: lambda d, n: (
        _("%(who)s loses their offices.") % {"who": n.seat(d.get("seat"))}
    ),
    Kind.KING_DEPOSED: lambda d, n: (
        _("The King of %(k)s is deposed.") % {"k": n.kingdom(d.get("kingdom"))}
    ),
    Kind.CRISIS_RESOLVED: lambda d, n: (
        (
            _("The crisis is overcome (%(p)s of %(t)s).")
            if d.get("success")
            else _("The crisis is lost (%(p)s of %(t)s).")
        )
        % {"p": d.get("pool"), "t": d.get("threshold")}
    ),
    Kind.DISTRIBUTED: lambda d, n: (
        _("%(who)s distributes %(r)s.")
        % {
            "who": n.seat(d.get("distributor")),
            "r": words.resource(d.get("resource")),
        }
    ),
    Kind.KINGDOMLESS_INCOME: lambda d, n: (
        _("%(who)s takes %(r)s.")
        % {"who": n.seat(d.get("seat")), "r": _amounts(d.get("resources"))}
    ),
    Kind.ASSET_ACQUIRED: lambda d, n: (
        _("%(who)s acquires %(a)s.") % {"who": n.seat(d.get("owner")), "a": n.card(d.get("asset"))}
    ),
    Kind.INSURRECTION_PLEDGED: lambda d, n: (
        _("%(who)s pledges %(x)s Force to crush the revolt.")
        % {"who": n.seat(d.get("seat")), "x": d.get("amount")}
    ),
    Kind.EVENT_EXPIRED: lambda d, n: _("%(c)s is over.") % {"c": n.card(d.get("card"))},
    Kind.LASTING_FORBADE: lambda d, n: (
        _("%(c)s forbids it while it is in force, so it does not happen.")
        % {"c": n.card(d.get("card"))}
    ),
    Kind.FINAL_PRESTIGE: lambda d, n: _("Final Prestige is counted."),
    Kind.OBJECTIVES_JUDGED: lambda d, n: _("The objectives are judged."),
    Kind.END_OF_GAME_CHOICE: lambda d, n: (
        _("%(who)s uses an end-of-game reaction: %(c)s.")
        % {"who": n.seat(d.get("seat")), "c": n.card(d.get("card"))}
    ),
    Kind.END_OF_GAME_PASSED: lambda d, n: (
        _("%(who)s uses no more end-of-game reactions.") % {"who": n.seat(d.get("seat"))}
    ),
    Kind.OBJECTIVE_JUDGED: lambda d, n: (
        (
            _("%(who)s meets the objective %(o)s.")
            if d.get("met")
            else _("%(who)s does not meet the objective %(o)s.")
            if d.get("met") is False
            else _("%(who)s shows the objective %(o)s; the director rules on it.")
        )
        % {"who": n.seat(d.get("seat")), "o": n.card(d.get("objective"))}
    ),
    Kind.STEP_DONE: lambda d, n: (
        _("Done: %(step)s.")
        % {"step": STEP_WORDS.get(str(d.get("step")), _("a step of the director"))}
    ),
    Kind.RULESET_CHANGED: lambda d, n: _("The director changed the ruleset of the game."),
    **UPHEAVAL_LINES,
    **MORE_LINES,
}


# Kinds with a sentence that only the director's log and the audit show: the steps of the
# game's machinery, and every kind of ``describe_more`` (players' logs keep to the kinds
# they have always read; the audit shows the rest after the end).
DIRECTOR_ONLY = frozenset({Kind.STEP_DONE})


def readable(kind: str) -> bool:
    """Whether players see this kind in their log (the director sees every event)."""
    return kind in LINES and kind not in DIRECTOR_ONLY and kind not in MORE_LINES


def describe(kind: str, payload: Mapping[str, Any], names: Names) -> str:
    """The event in one sentence of the current language; a kind without one (a newer log)
    or a payload it cannot read says so in words, never by its code."""
    line = LINES.get(kind)
    if line is None:
        return _("Something happened that this version cannot describe.")
    try:
        return line(payload, names)
    except (KeyError, TypeError, ValueError, AttributeError):
        return _("Something happened that this version cannot describe.")
