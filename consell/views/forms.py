"""Forms of the director's pages, and a phone's own preferences. Every field says what is wrong
in the table's language."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from consell.content.models import Pack
from consell.rules.ruleset import Ruleset


class NewGameForm(forms.Form):
    name = forms.CharField(label=_("Game name"), max_length=120)
    # Django 6.1's own empty choice has no Catalan in Django's catalog; ours names it.
    pack = forms.ModelChoiceField(
        label=_("Content pack"),
        queryset=Pack.objects.all(),
        empty_label=_("- Choose a content pack -"),
    )
    players = forms.CharField(
        label=_("Players, one name per line"),
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=_("Between 3 and 16 players, not counting the director."),
    )

    def clean_players(self):
        names = [n.strip() for n in self.cleaned_data["players"].splitlines() if n.strip()]
        ruleset = Ruleset.default()
        if not ruleset.players_min <= len(names) <= ruleset.players_max:
            raise forms.ValidationError(
                _("A game needs %(min)s to %(max)s players; you entered %(n)s."),
                params={"min": ruleset.players_min, "max": ruleset.players_max, "n": len(names)},
            )
        if len({n.casefold() for n in names}) != len(names):
            raise forms.ValidationError(_("Two players have the same name."))
        if any(len(n) > 60 for n in names):
            raise forms.ValidationError(_("A name may have at most 60 characters."))
        return names


class DealForm(forms.Form):
    """Kings chosen by the director, or left to chance (rules §2 step 4)."""

    kings = forms.CharField(required=False, label=_("Kings (seat numbers, comma separated)"))

    def __init__(self, *args, seats: int, kingdoms: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = seats
        self.kingdoms = kingdoms

    def clean_kings(self):
        raw = self.cleaned_data["kings"].strip()
        if not raw:
            return None
        try:
            kings = [int(x) for x in raw.replace(" ", "").split(",") if x]
        except ValueError as exc:
            raise forms.ValidationError(_("Write seat numbers separated by commas.")) from exc
        if len(kings) != self.kingdoms or len(set(kings)) != len(kings):
            raise forms.ValidationError(
                _("Choose exactly %(n)s different Kings."), params={"n": self.kingdoms}
            )
        if any(not 1 <= k <= self.seats for k in kings):
            raise forms.ValidationError(
                _("Seat numbers go from 1 to %(n)s."), params={"n": self.seats}
            )
        return kings


class NotifyForm(forms.Form):
    """A remote seat's player asks to be e-mailed when the game waits for them (issue 37)."""

    email = forms.EmailField(
        label=_("E-mail address"),
        required=False,
        max_length=254,
        error_messages={"invalid": _("That is not an e-mail address: nothing was changed.")},
    )
    notify = forms.BooleanField(label=_("E-mail me when the game waits for me"), required=False)

    def clean(self):
        data = super().clean() or {}
        if data.get("notify") and not data.get("email") and "email" not in self.errors:
            raise forms.ValidationError(
                _("Give an e-mail address to be told by e-mail: nothing was changed.")
            )
        return data
