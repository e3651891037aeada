"""One readable line per logged event, in the viewer's language (the "What happened" list).

Only called on events the viewer may already read (``visibility``), so it can name whatever
the payload holds. Unknown kinds fall back to a plain label rather than disappearing.

Each kind's sentence is a ``sentences.Line`` built with the kind's payload
(``line(VoteOpened, lambda d, n: ...)``): ``d`` is that ``TypedDict``, so mypy checks every key
a sentence reads, and tests/game/test_sentence_payloads.py checks no sentence reads another.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from consell.rules.chain import short
from consell.rules.event_kinds import Kind
from consell.rules.payloads import (
    AbilityExecuted,
    Aborted,
    AssetAcquired,
    AssetOwnerChanged,
    Correction,
    CrisisResolved,
    DestinyRevealed,
    DiceEntropy,
    Distributed,
    DuelFistIn,
    DuelRevealed,
    DuelStarted,
    EndOfGameChoice,
    EndOfGamePassed,
    EventExpired,
    EverythingRevealed,
    Executed,
    Expelled,
    FinalPrestige,
    GameCreated,
    GameWon,
    HousesDealt,
    IndicatorMoved,
    InsurrectionPledged,
    InsurrectionRolled,
    KingCrowned,
    KingDeposed,
    KingdomCreated,
    KingdomDissolved,
    KingdomlessIncome,
    KingdomsFounded,
    LastingForbade,
    LawRow,
    MarketRows,
    Nothing,
    ObjectiveRevealed,
    ObjectivesDealt,
    ObjectivesJudged,
    ObjectivesKept,
    ObjectiveVerdict,
    Office,
    OfficesLost,
    PhaseStarted,
    PlanClosedByDirector,
    PlanEdit,
    PlanHandedIn,
    PlanLocked,
    PlanSealed,
    PlotNote,
    Production,
    Refusal,
    Repair,
    ResourcesChanged,
    ResourcesDealt,
    RulesetChanged,
    SecretsChestChanges,
    SecretsPublicChanges,
    StepDone,
    TacticSacrificed,
    TacticsDealt,
    TacticsDrawn,
    Trade,
    TradeOffered,
    TurnOrder,
    TurnStarted,
    VigilancePaid,
    VoteOpened,
    VoteResult,
    VoteStake,
    VoteTied,
)
from consell.wording import words
from consell.wording.describe_absence import ABSENCE_LINES
from consell.wording.describe_more import MORE_LINES, STEP_WORDS
from consell.wording.describe_upheavals import UPHEAVAL_LINES
from consell.wording.elision import elide
from consell.wording.sentences import Line, Names, acted, line
from consell.wording.templatetags.consell_game import indicator_label, phase_label


def _plot_words(d: PlotNote, n: Names) -> str:
    """What a plot was (§4.6): its title and its text, as the card words it."""
    title, text = n.words(d["title"]), n.words(d["text"])
    return f"«{title}» ({text})" if text else f"«{title}»"


def _plot_results(d: PlotNote, n: Names) -> str:
    """What a plot did (§4.6): success or failure against each target the note is about."""
    results = []
    for outcome in d["outcomes"]:
        kind, _sep, value = outcome["target"].partition(":")
        who = n.kingdom(int(value)) if kind == "kingdom" else n.seat(int(value))
        verdict = _("success") if outcome["succeeded"] else _("failure")
        results.append(_("against %(who)s, %(verdict)s") % {"who": who, "verdict": verdict})
    return "; ".join(results)


def _reason(d: Aborted | Refusal) -> str:
    """Why something was refused, in the reader's language (``consell.wording.words.say``)."""
    return words.say(d.get("reason_words") or d.get("reason") or "")


LINES: dict[str, Line[Any]] = {
    Kind.GAME_CREATED: line(
        GameCreated,
        lambda d, n: (
            _("The game was created. Dice commitment %(c)s.")
            % {"c": str(d["commitment"])[:12] + "…"}
        ),
    ),
    Kind.GAME_STARTED: line(Nothing, lambda d, n: _("The game begins.")),
    Kind.TURN_STARTED: line(
        TurnStarted,
        lambda d, n: _("Turn %(t)s begins (Peril %(p)s).") % {"t": d["turn"], "p": d["peril"]},
    ),
    Kind.PHASE_STARTED: line(
        PhaseStarted, lambda d, n: _("Phase: %(p)s.") % {"p": phase_label(d["phase"])}
    ),
    Kind.TURN_ORDER: line(
        TurnOrder, lambda d, n: _("Turn order: %(o)s.") % {"o": n.seats_of(d["order"])}
    ),
    Kind.DESTINY_REVEALED: line(
        DestinyRevealed,
        lambda d, n: (
            _("Destiny for %(k)s: %(c)s.") % {"k": n.kingdom(d["kingdom"]), "c": n.card(d["card"])}
        ),
    ),
    Kind.PLAN_HANDED_IN: line(
        PlanHandedIn, lambda d, n: _("%(who)s handed in their chest.") % {"who": n.seat(d["seat"])}
    ),
    Kind.PLAN_CLOSED_BY_DIRECTOR: line(
        PlanClosedByDirector,
        lambda d, n: _("The director closed Planning for %(who)s.") % {"who": n.seat(d["seat"])},
    ),
    Kind.PLAN_SEALED: line(
        PlanSealed,
        lambda d, n: (
            _("The plan of %(who)s is sealed: receipt %(code)s.")
            % {"who": n.seat(d["seat"]), "code": short(d["receipt"])}
        ),
    ),
    Kind.PLAN_LOCKED: line(
        PlanLocked,
        lambda d, n: _("The plan of %(who)s as Planning closed.") % {"who": n.seat(d["seat"])},
    ),
    Kind.DICE_ENTROPY: line(
        DiceEntropy,
        lambda d, n: (
            ngettext(
                "Planning is closed: from now on this turn's dice mix the seed with the "
                "entropy of %(count)s player's phone.",
                "Planning is closed: from now on this turn's dice mix the seed with the "
                "entropy of %(count)s players' phones.",
                len(d["entropies"]),
            )
            % {"count": len(d["entropies"])}
        ),
    ),
    Kind.ABILITY_EXECUTED: line(
        AbilityExecuted,
        lambda d, n: _("%(title)s was carried out.") % {"title": n.words(d["title"])},
    ),
    Kind.ABORTED: acted(
        Aborted,
        lambda d, n, actor: (
            (_("Aborted: %(what)s. %(why)s") % {"what": n.ability(d), "why": _reason(d)})
            if d.get("reason")
            else _("%(who)s's %(what)s was aborted.") % {"who": n.seat(actor), "what": n.ability(d)}
        ),
    ),
    Kind.ABORT_REASON: line(
        Refusal,
        lambda d, n: _("Aborted: %(what)s. %(why)s") % {"what": n.ability(d), "why": _reason(d)},
    ),
    Kind.RESOURCES_GAINED: line(
        ResourcesChanged,
        lambda d, n: (
            _("%(who)s gains %(what)s.")
            % {"who": n.seat(d["seat"]), "what": words.amounts(d["resources"])}
        ),
    ),
    Kind.RESOURCES_LOST: line(
        ResourcesChanged,
        lambda d, n: (
            _("%(who)s loses %(what)s.")
            % {"who": n.seat(d["seat"]), "what": words.amounts(d["resources"])}
        ),
    ),
    Kind.INDICATOR_MOVED: line(
        IndicatorMoved,
        lambda d, n: (
            _("%(k)s: %(i)s from %(a)s to %(b)s.")
            % {
                "k": n.kingdom(d["kingdom"]),
                "i": indicator_label(d["indicator"]),
                "a": d["before"],
                "b": d["after"],
            }
        ),
    ),
    Kind.VOTE_OPENED: line(
        VoteOpened,
        lambda d, n: (
            _("A vote opens: %(what)s.")
            % {
                "what": n.card(d.get("law"))
                if d.get("law")
                else _("joining %(k)s") % {"k": n.kingdom(d["kingdom"])}
            }
        ),
    ),
    Kind.VOTE_SPEND: line(
        VoteStake,
        lambda d, n: (
            _("%(who)s spends %(x)s %(side)s (for %(f)s, against %(a)s).")
            % {
                "who": n.seat(d["seat"]),
                "x": d["amount"],
                "side": _("for") if d["side"] == "for" else _("against"),
                "f": d["for_total"],
                "a": d["against_total"],
            }
        ),
    ),
    Kind.VOTE_WITHDRAWN: line(
        VoteStake, lambda d, n: _("%(who)s withdraws from the vote.") % {"who": n.seat(d["seat"])}
    ),
    Kind.VOTE_TIED: line(
        VoteTied,
        lambda d, n: _("The vote is tied; %(king)s decides.") % {"king": n.seat(d["tie_breaker"])},
    ),
    Kind.VOTE_RESULT: line(
        VoteResult,
        lambda d, n: (
            (
                _("The vote passes (%(f)s to %(a)s).")
                if d["passed"]
                else _("The vote fails (%(f)s to %(a)s).")
            )
            % {"f": d["for_total"], "a": d["against_total"]}
        ),
    ),
    Kind.DUEL_STARTED: line(
        DuelStarted, lambda d, n: _("A duel: %(who)s.") % {"who": n.seats_of(d["participants"])}
    ),
    Kind.DUEL_FIST_IN: line(
        DuelFistIn, lambda d, n: _("%(who)s has committed a fist.") % {"who": n.seat(d["seat"])}
    ),
    Kind.DUEL_REVEALED: line(
        DuelRevealed,
        lambda d, n: (
            _("The fists are revealed; winner: %(w)s.")
            % {"w": n.seat(d["winner"]) if d["winner"] is not None else _("none (a tie)")}
        ),
    ),
    Kind.EXPELLED: line(
        Expelled,
        lambda d, n: (
            _("%(who)s is expelled from %(k)s.")
            % {"who": n.seat(d["seat"]), "k": n.kingdom(d["kingdom"])}
        ),
    ),
    Kind.EXECUTED: line(
        Executed,
        lambda d, n: _("%(who)s is executed; the heir takes over.") % {"who": n.seat(d["seat"])},
    ),
    Kind.KING_CROWNED: line(
        KingCrowned,
        lambda d, n: (
            _("%(who)s is crowned King of %(k)s.")
            % {"who": n.seat(d["seat"]), "k": n.kingdom(d["kingdom"])}
        ),
    ),
    Kind.KINGDOM_CREATED: line(
        KingdomCreated, lambda d, n: _("%(who)s founds a new kingdom.") % {"who": n.seat(d["king"])}
    ),
    Kind.KINGDOM_DISSOLVED: line(
        KingdomDissolved, lambda d, n: _("%(k)s is dissolved.") % {"k": n.kingdom(d["kingdom"])}
    ),
    Kind.ASSET_OWNER_CHANGED: line(
        AssetOwnerChanged,
        lambda d, n: (
            _("%(a)s now belongs to %(who)s.")
            % {"a": n.card(d["asset"]), "who": n.seat(d["owner"])}
        ),
    ),
    Kind.MARKET_REFRESHED: line(
        MarketRows, lambda d, n: _("The market moves on: a new row 2 is laid out.")
    ),
    Kind.PRODUCTION: line(
        Production, lambda d, n: _("%(k)s produces its resources.") % {"k": n.kingdom(d["kingdom"])}
    ),
    Kind.INSURRECTION_ROLLED: line(
        InsurrectionRolled,
        lambda d, n: _("Insurrection! Dice: %(d)s.") % {"d": ", ".join(str(x) for x in d["dice"])},
    ),
    Kind.SECRETS_PUBLIC_CHANGES: line(
        SecretsPublicChanges,
        lambda d, n: (
            _("The secrets of this turn changed %(n)s things in public.") % {"n": len(d["changes"])}
        ),
    ),
    Kind.SECRETS_CHEST_CHANGES: line(
        SecretsChestChanges, lambda d, n: _("Your chest changed during the secrets.")
    ),
    Kind.EVERYTHING_REVEALED: line(EverythingRevealed, lambda d, n: _("Everything is revealed.")),
    Kind.GAME_WON: line(
        GameWon,
        lambda d, n: _("The game is over. Winners: %(w)s.") % {"w": n.seats_of(d["winners"])},
    ),
    Kind.CORRECTION: line(
        Correction, lambda d, n: _("Correction by the director: %(r)s") % {"r": d["reason"]}
    ),
    Kind.REPAIR: line(Repair, lambda d, n: _("Repair of the game: %(r)s") % {"r": d["reason"]}),
    Kind.TRADE: line(
        Trade, lambda d, n: _("Trade between %(who)s.") % {"who": n.seats_of(d["parties"])}
    ),
    Kind.TRADE_OFFERED: acted(
        TradeOffered, lambda d, n, actor: _("%(who)s offers a trade.") % {"who": n.seat(actor)}
    ),
    Kind.TACTIC_SACRIFICED: line(
        TacticSacrificed,
        lambda d, n: _("A tactic is sacrificed for %(b)s.") % {"b": words.amounts(d["bonus"])},
    ),
    Kind.ABILITY_PLANNED: line(PlanEdit, lambda d, n: _("An ability was added to your plan.")),
    Kind.ABILITY_UNPLANNED: line(
        PlanEdit, lambda d, n: _("An ability was taken out of your plan.")
    ),
    Kind.PILE_REORDERED: line(PlanEdit, lambda d, n: _("You reordered a pile.")),
    Kind.OBJECTIVES_KEPT: line(ObjectivesKept, lambda d, n: _("You kept your objectives.")),
    Kind.OBJECTIVES_CHOSEN: line(Nothing, lambda d, n: _("A player has chosen their objectives.")),
    Kind.TACTICS_DRAWN: line(
        TacticsDrawn,
        lambda d, n: _("You drew %(c)s.") % {"c": ", ".join(n.card(c) for c in d["tactics"])},
    ),
    Kind.VIGILANCE_PAID: line(
        VigilancePaid, lambda d, n: _("Your vigilance this turn: %(v)s.") % {"v": d["vigilance"]}
    ),
    Kind.OBJECTIVE_REVEALED: line(
        ObjectiveRevealed,
        lambda d, n: (
            _("Interrogation: one of %(who)s's objectives is %(o)s.")
            % {"who": n.seat(d["seat"]), "o": n.card(d["objective"])}
        ),
    ),
    Kind.PLOT_OUTCOME: line(
        PlotNote,
        lambda d, n: (
            _("Your plot %(plot)s: %(r)s.") % {"plot": _plot_words(d, n), "r": _plot_results(d, n)}
        ),
    ),
    Kind.PLOT_DETECTED: line(
        PlotNote,
        lambda d, n: (
            _("You detected a plot by %(who)s: %(plot)s. %(r)s.")
            % {"who": n.seat(d["conspirator"]), "plot": _plot_words(d, n), "r": _plot_results(d, n)}
        ),
    ),
    Kind.PLOT_PARTIALLY_DETECTED: line(
        PlotNote,
        lambda d, n: (
            _("You noticed a plot, but not who was behind it: %(plot)s. %(r)s.")
            % {"plot": _plot_words(d, n), "r": _plot_results(d, n)}
        ),
    ),
    Kind.LAW_ROW: line(
        LawRow,
        lambda d, n: _("The law row: %(l)s.") % {"l": ", ".join(n.card(c) for c in d["row"])},
    ),
    Kind.MARKET_OPENED: line(MarketRows, lambda d, n: _("The market is laid out.")),
    Kind.HOUSES_DEALT: line(HousesDealt, lambda d, n: _("The houses are dealt.")),
    Kind.KINGDOMS_FOUNDED: line(
        KingdomsFounded, lambda d, n: _("The kingdoms are founded and their Kings chosen.")
    ),
    Kind.OBJECTIVES_DEALT: line(
        ObjectivesDealt, lambda d, n: _("Your objectives are dealt: keep one of each kind.")
    ),
    Kind.TACTICS_DEALT: line(
        TacticsDealt,
        lambda d, n: _("You receive %(c)s.") % {"c": ", ".join(n.card(c) for c in d["tactics"])},
    ),
    Kind.RESOURCES_DEALT: line(
        ResourcesDealt, lambda d, n: _("You receive %(r)s.") % {"r": words.amounts(d["resources"])}
    ),
    Kind.OFFICE_APPOINTED: line(
        Office,
        lambda d, n: (
            _("%(who)s is appointed %(o)s.") % {"who": n.seat(d["seat"]), "o": n.card(d["office"])}
        ),
    ),
    Kind.OFFICE_DISMISSED: line(
        Office, lambda d, n: _("%(o)s is taken back.") % {"o": n.card(d["office"])}
    ),
    Kind.OFFICES_LOST: line(
        OfficesLost, lambda d, n: _("%(who)s loses their offices.") % {"who": n.seat(d["seat"])}
    ),
    Kind.KING_DEPOSED: line(
        KingDeposed,
        lambda d, n: _("The King of %(k)s is deposed.") % {"k": n.kingdom(d["kingdom"])},
    ),
    Kind.CRISIS_RESOLVED: line(
        CrisisResolved,
        lambda d, n: (
            (
                _("The crisis is overcome (%(p)s of %(t)s).")
                if d["success"]
                else _("The crisis is lost (%(p)s of %(t)s).")
            )
            % {"p": d["pool"], "t": d["threshold"]}
        ),
    ),
    Kind.DISTRIBUTED: line(
        Distributed,
        lambda d, n: (
            _("%(who)s distributes %(r)s.")
            % {
                "who": n.seat(d["distributor"]),
                "r": words.resource(d["resource"]),
            }
        ),
    ),
    Kind.KINGDOMLESS_INCOME: line(
        KingdomlessIncome,
        lambda d, n: (
            _("%(who)s takes %(r)s.")
            # One of each type chosen (§4.11): the payload keeps the types.
            % {"who": n.seat(d["seat"]), "r": words.amounts(dict.fromkeys(d["resources"], 1))}
        ),
    ),
    Kind.ASSET_ACQUIRED: line(
        AssetAcquired,
        lambda d, n: (
            _("%(who)s acquires %(a)s.") % {"who": n.seat(d["owner"]), "a": n.card(d["asset"])}
        ),
    ),
    Kind.INSURRECTION_PLEDGED: acted(
        InsurrectionPledged,
        lambda d, n, actor: (
            _("%(who)s pledges %(x)s Force to crush the revolt.")
            % {"who": n.seat(actor), "x": d["amount"]}
        ),
    ),
    Kind.EVENT_EXPIRED: line(
        EventExpired, lambda d, n: _("%(c)s is over.") % {"c": n.card(d["card"])}
    ),
    Kind.LASTING_FORBADE: line(
        LastingForbade,
        lambda d, n: (
            _("%(c)s forbids it while it is in force, so it does not happen.")
            % {"c": n.card(d["card"])}
        ),
    ),
    Kind.FINAL_PRESTIGE: line(FinalPrestige, lambda d, n: _("Final Prestige is counted.")),
    Kind.OBJECTIVES_JUDGED: line(ObjectivesJudged, lambda d, n: _("The objectives are judged.")),
    Kind.END_OF_GAME_CHOICE: line(
        EndOfGameChoice,
        lambda d, n: (
            _("%(who)s uses an end-of-game reaction: %(c)s.")
            % {"who": n.seat(d["seat"]), "c": n.card(d["card"])}
        ),
    ),
    Kind.END_OF_GAME_PASSED: line(
        EndOfGamePassed,
        lambda d, n: _("%(who)s uses no more end-of-game reactions.") % {"who": n.seat(d["seat"])},
    ),
    Kind.OBJECTIVE_JUDGED: line(
        ObjectiveVerdict,
        lambda d, n: (
            (
                _("%(who)s meets the objective %(o)s.")
                if d["met"]
                else _("%(who)s does not meet the objective %(o)s.")
                if d["met"] is False
                else _("%(who)s shows the objective %(o)s; the director rules on it.")
            )
            % {"who": n.seat(d["seat"]), "o": n.card(d["objective"])}
        ),
    ),
    Kind.STEP_DONE: line(
        StepDone,
        lambda d, n: (
            _("Done: %(step)s.")
            % {"step": STEP_WORDS.get(str(d["step"]), _("a step of the director"))}
        ),
    ),
    Kind.RULESET_CHANGED: line(
        RulesetChanged, lambda d, n: _("The director changed the ruleset of the game.")
    ),
    **UPHEAVAL_LINES,
    **MORE_LINES,
    **ABSENCE_LINES,
}


def describe(kind: str, payload: Mapping[str, Any], names: Names) -> str:
    """The event in one sentence of the current language; a kind without one (a newer log)
    or a payload it cannot read says so in words, never by its code."""
    line = LINES.get(kind)
    if line is None:
        return _("Something happened that this version cannot describe.")
    try:
        return elide(line(payload, names))
    except (KeyError, TypeError, ValueError, AttributeError):
        return _("Something happened that this version cannot describe.")
