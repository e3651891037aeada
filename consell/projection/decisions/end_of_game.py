"""The end-of-game reactions, one player at a time (rules §4.17 step 2); everything is
revealed at the end, so every seat follows them."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from consell.game.audit_categories import OTHER
from consell.projection import end_of_game_view
from consell.projection.decisions.base import Answer, DecisionForm, DecisionSpec, Seen
from consell.rules import endgame_turns
from consell.rules.decision_kinds import DecisionKind, EndOfGameAnswer


class EndOfGameForm(DecisionForm):
    """One end-of-game choice, or passing, on the player's turn (§4.17 step 2)."""

    choice = forms.CharField(required=False, max_length=200)
    pass_turn = forms.BooleanField(required=False)

    def clean(self):
        """Which choices are still open is the rules' to check."""
        data = super().clean() or {}
        if not data.get("pass_turn") and not data.get("choice"):
            raise forms.ValidationError(_("Choose one of your end-of-game reactions."))
        return data

    def answer(self) -> EndOfGameAnswer:
        if self.cleaned_data.get("pass_turn"):
            return {"pass": True}
        return {"choose": self.cleaned_data["choice"]}


def project(v: Seen) -> dict[str, Any]:
    return end_of_game_view.project(v.state, v.catalog, v.p, v.seat, v.names, v.language, v.text)


def table(t, state, pending) -> Answer:
    """The player whose turn it is uses what must be used, a paid one now and then, or passes."""
    seat = pending.waiting_for[0]
    left = endgame_turns.options(state, t.catalog, pending, seat)
    return Answer(seat, t.bot.end_of_game(left))


SPEC = DecisionSpec(DecisionKind.END_OF_GAME, project, EndOfGameForm, OTHER, table=table)
