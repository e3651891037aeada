"""Django forms of the phone's planning boxes that carry more than one value (rules §4.10).

The contribution form is built from the player's own view (the crises of their kingdom), so it
offers only what the phone shows; the rules check every value it returns. The decision forms
live with their kinds, in ``consell.projection.decisions``.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

MOST = 99  # no chest holds more of a resource in a game


def contribution_key(box: str, crisis: str, code: str) -> str:
    """The input's name for one resource of one crisis of a ``contributions`` box."""
    return f"{box}__{crisis}__{code}"


class ContributionForm(forms.Form):
    """One number per accepted resource of each crisis of the player's kingdom (§4.10, G36).

    "Els jugadors poden combinar els tipus acceptats lliurement": the player types how much of
    each; empty means 0. ``entries()`` gives the box's value, ``{crisis: {code: amount}}``.
    """

    def __init__(self, *args, box: str, crises: list[dict[str, Any]], **kwargs):
        super().__init__(*args, **kwargs)
        self.box, self.crises = box, crises
        for crisis in crises:
            for code, label in crisis["accepts"]:
                self.fields[contribution_key(box, crisis["card"], code)] = forms.IntegerField(
                    label=label,
                    required=False,
                    min_value=0,
                    max_value=MOST,
                    error_messages={"invalid": _("Amounts must be whole numbers of 0 or more.")},
                )

    def entries(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for crisis in self.crises:
            entry = {
                code: self.cleaned_data[contribution_key(self.box, crisis["card"], code)]
                for code, _label in crisis["accepts"]
            }
            entry = {code: amount for code, amount in entry.items() if amount}
            if entry:
                out[crisis["card"]] = entry
        return out
