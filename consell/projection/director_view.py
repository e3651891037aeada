"""What the director's dashboard shows next (rules §3): the step at hand and its details.

Director only: it reads every pile and computes the exact odds of the next plot
(``consell.rules.odds``), so it is called from ``visibility.view_for`` for the director alone.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from consell.game.naming import kingdom_names, target_name
from consell.rules import (
    acquisition,
    cards,
    crisis_phase,
    destiny,
    effects,
    endgame,
    lasting,
    odds,
    phases,
    plots,
    production_phase,
    resolution,
)
from consell.rules.cards import Catalog
from consell.rules.errors import RuleError
from consell.rules.ruleset import Ruleset
from consell.rules.state import GameState, Phase, Status
from consell.wording import words
from consell.wording.describe import Names
from consell.wording.elision import elide


def turn_panel(
    state: GameState, catalog: Catalog, ruleset: Ruleset, language: str, text
) -> dict[str, Any]:
    names = {p.seat: p.name for p in state.players}
    panel: dict[str, Any] = {
        "phase": str(state.phase),
        "playing": state.status is Status.PLAYING,
        "blockers": (
            [elide(b) for b in phases.can_advance(state)] if state.status is Status.PLAYING else []
        ),
        "pending": [
            {
                "id": p.id,
                "kind": p.kind,
                "waiting_for": [names.get(s, s) for s in p.waiting_for],
                "data": {k: v for k, v in p.data.items() if k != "continuation"},
            }
            for p in state.pending
            if p.kind != phases.STEP
        ],
    }
    panel["lasting_manual"] = _lasting_manual(state, catalog, language, text)
    panel["running_on"] = bool(state.progress.get(phases.RUN_ON))
    if state.status is not Status.PLAYING:
        return panel
    if state.phase is Phase.DESTINY:
        step = phases.find_step(state, destiny.DESTINY_STEP)
        waiting = destiny.groups_waiting(state, step) if step else []
        kingdoms = kingdom_names(state, catalog, language)
        panel["destiny_waiting"] = [kingdoms.get(g, None) for g in waiting]
    if state.phase is Phase.PLANNING:
        panel["planning"] = [
            {
                "seat": p.seat,
                "name": p.name,
                "handed_in": p.plan.handed_in,
                "closed": p.plan.closed_by_director,
                "rank": p.plan.handed_in_rank,
            }
            for p in state.players
        ]
    if state.phase is Phase.ACQUISITION:
        panel["auction_pending"] = phases.find_step(state, "auction") is not None
        if panel["auction_pending"]:
            panel["bids_written"] = _bids_written(state, catalog, ruleset, language, text, names)
    if state.phase is Phase.CRISIS:
        panel["crises"] = [
            text(cards.card(catalog, c.card).get("title"), language)
            for c in crisis_phase.crises_waiting(state)
        ]
    if state.phase is Phase.PRODUCTION:
        panel["production_closed"] = not state.progress.get(production_phase.OPENED)
    if state.phase is Phase.END_OF_TURN:
        panel["end_of_turn_pending"] = phases.find_step(state, "end_of_turn") is not None
    ending = next((p for p in state.pending if p.kind == endgame.END_OF_GAME), None)
    if ending is not None:
        panel["end_of_game"] = True
        panel["end_of_game_turn"] = [names[s] for s in ending.waiting_for]
        panel["rulings"] = _rulings(state, catalog, language, text, names)
    if state.phase in (Phase.ACTIONS, Phase.SECRETS):
        pile = "actions" if state.phase is Phase.ACTIONS else "secrets"
        panel["vigilance_committed"] = resolution.VIGILANCE in state.progress
        panel["next"] = _next_tile(state, catalog, ruleset, pile, language, text, names)
        panel["left"] = sum(len(getattr(p.plan, pile)) for p in state.players)
    return panel


def _bids_written(state, catalog: Catalog, ruleset, language, text, names) -> dict[str, Any]:
    """The bids the players wrote, and what the auction would make of them if resolved now, so
    the director can see them behind the screen before resolving it (rules §4.9)."""
    result, written = acquisition.preview_auction(state, catalog, ruleset)
    spoke = (
        {b.seat for b in written.bids}
        | {v["seat"] for v in written.void}
        | {r.seat for r in written.unreadable}
    )

    def title(instance) -> str:
        try:
            return text(cards.card(catalog, instance).get("title"), language)
        except RuleError:
            return str(instance or "—")

    return {
        "bids": [
            {
                "name": names.get(r.bid.seat),
                "round": words.bid_round(r.bid.round),
                "asset": title(r.bid.asset),
                "amount": r.bid.amount,
                "capped": r.capped,
                "status": words.bid_status(r.status),
            }
            for r in result.records
        ],
        "void": [
            {"name": names.get(v["seat"]), "reason": elide(_(v["reason"]))} for v in written.void
        ],
        "unreadable": [
            {"name": names.get(r.seat), "reason": elide(str(r.void))} for r in written.unreadable
        ],
        "silent": [names[seat] for seat in state.turn_order if seat not in spoke],
    }


def _lasting_manual(
    state: GameState, catalog: Catalog, language: str, text
) -> list[dict[str, Any]]:
    """The lasting rules the director applies by hand, shown while their moment lasts (a law in
    force or an event in play whose card keeps a ``manual`` rule, ``lasting.manual_now``)."""
    kingdoms = kingdom_names(state, catalog, language)
    return [
        {
            "card": text(cards.card(catalog, a.card).get("title"), language),
            "kingdom": kingdoms.get(a.kingdom),
            "text": text(a.rule.get("text"), language),
        }
        for a in lasting.manual_now(state, catalog)
    ]


def _next_tile(
    state, catalog: Catalog, ruleset, pile, language, text, names
) -> dict[str, Any] | None:
    found = resolution.next_tile(state, pile)
    if found is None:
        return None
    seat, tile = found
    out: dict[str, Any] = {"seat": seat, "name": names[seat], "source": tile.source}
    try:
        instance = effects.source_card(state, catalog, seat, tile.source)
        ability = cards.ability(catalog, instance, tile.ability)
    except RuleError as exc:
        said = Names(None, catalog, language).ability(
            {"ability": tile.ability, "source": tile.source}
        )
        out.update(title=said, problem=elide(str(exc)), params={})
        return out
    out.update(
        title=text(ability.get("title"), language),
        card=text(cards.card(catalog, instance).get("title"), language),
        text=text(ability.get("text"), language),
        cost=dict(ability.get("cost") or {}),
        params=words.named_params(state, catalog, language, ability, tile.params),
    )
    if (
        pile == "secrets"
        and effects.plots_keyword(ability)
        and resolution.VIGILANCE in state.progress
    ):
        out["plot"] = _plot_preview(state, catalog, ruleset, seat, ability, tile, names, language)
    return out


def _plot_preview(
    state, catalog: Catalog, ruleset, seat, ability, tile, names, language
) -> dict[str, Any]:
    """Conspirator, targets, I, each V, Spymasters and exemptions, thresholds and exact odds."""
    try:
        plot, context = effects.plot_setup(
            state, ruleset, seat, ability, tile, resolution.secrets_for(state)
        )
        chances = odds.plot_odds(plot, context, ruleset)
    except (RuleError, KeyError, ValueError, TypeError) as exc:
        return {"problem": elide(str(exc))}
    kingdoms = kingdom_names(state, catalog, language)

    def label(target: plots.Target) -> str:
        return target_name(target, names, kingdoms)

    return {
        "conspirator": names[plot.conspirator],
        "intrigue": plot.intrigue,
        "targets": [
            {
                "name": label(t.target),
                "threshold": t.test.threshold,
                "vigilance": (
                    context.vigilance.get(t.target.seat, 0)
                    if isinstance(t.target, plots.PlayerTarget)
                    else 0
                ),
                "own_success": _pct(t.test.success),
                "success": _pct(t.success),
                "detected": _pct(t.test.detected),
                "partial": _pct(t.test.partial),
                "discreet": _pct(t.test.discreet),
                "spymaster_kingdom": kingdoms.get(t.spymaster_kingdom),
            }
            for t in chances.targets
        ],
        "spymasters": [
            {
                "kingdom": kingdoms.get(s.coverage.kingdom),
                "spymaster": names.get(s.coverage.spymaster),
                "covered": [label(t) for t in s.coverage.covered],
                "own_test_stands_in": s.coverage.doubled,
                "success": _pct(s.success),
            }
            for s in chances.spymasters
        ],
        "exemptions": {
            kingdoms.get(k, k): [label(t) for t in sorted(v, key=str)]
            for k, v in context.exemptions.items()
        },
        "any_success": _pct(chances.any_success),
        "dice": _dice_order(chances, label, names),
    }


def _dice_order(chances, label, names) -> list[dict[str, Any]]:
    """Each die the table rolls for this plot, in the order the rules read them (§4.6, G29).

    "One success test + one detection test per target", then each Spymaster test not stood
    in for by the Spymaster's own target test: a success die, then two detection dice each
    (``plots.resolve_plot``). The detection of a kingdom target warns its King.
    """
    tests = [(label(t.target), t.test, False) for t in chances.targets]
    tests += [
        (names.get(s.coverage.spymaster), s.test, True)
        for s in chances.spymasters
        if s.test is not None
    ]
    out = []
    for who, test, spymaster in tests:
        th = test.threshold
        success = (
            _("Spymaster test of %(name)s: success") if spymaster else _("Success against %(name)s")
        ) % {"name": who}
        out.append({"purpose": success, "hint": _("succeeds on 1 to %(th)s") % {"th": th}})
        for n in (1, 2):
            out.append(
                {
                    "purpose": _("Detection for %(name)s (%(n)s of 2)") % {"name": who, "n": n},
                    "hint": _("notices above %(th)s") % {"th": th},
                }
            )
    return out


def _pct(fraction) -> str:
    return f"{float(fraction) * 100:.1f}%"


def _rulings(state, catalog: Catalog, language, text, names) -> list[dict[str, Any]]:
    """Objectives chosen whose condition the app cannot judge (``manual``): the director
    rules (G48)."""
    return [
        {
            "seat": v.seat,
            "name": names[v.seat],
            "objective": v.objective,
            "title": text(cards.card(catalog, v.objective).get("title"), language),
        }
        for v in endgame.unruled(state)
    ]
