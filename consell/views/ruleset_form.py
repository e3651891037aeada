"""The ruleset screen's form: each value with the widget it needs, grouped (rules §7).

Whole numbers are number boxes with their bounds, yes/no values checkboxes, choices lists with
words, and every table a small grid: one box per resource, per indicator value, per number of
successes. The grid's boxes are plain fields named ``key__part``; ``clean`` puts each value
back together in the stored form (``Ruleset.to_dict``), and ``Ruleset.validate`` has the last
word, its refusals shown beside the value in the director's words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, TypedDict

from django import forms
from django.utils.translation import gettext_lazy as _

from consell.rules.errors import RuleError
from consell.rules.resources import NON_PRESTIGE, RESOURCES
from consell.rules.ruleset import BOUNDS, DIE_BOUNDS, OUTCOMES, Ruleset
from consell.wording.ruleset_labels import CHOICES, ENTRIES, GROUPS, OUTCOME_LABELS, SUBLABELS
from consell.wording.templatetags.consell_game import RESOURCE_LABELS

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


class Row(TypedDict):
    """One ruleset value on the screen: its boxes, what it means, and its default in words."""

    key: str
    label: StrPromise
    help: StrPromise
    section: str
    grid: bool
    boxes: list[tuple[str, forms.BoundField]]
    errors: list[str]
    default: str
    changed: bool


class Group(TypedDict):
    """A group of the screen (``ruleset_labels.GROUPS``) and its rows."""

    title: StrPromise
    rows: list[Row]


PAIR_BOUNDS = {"objectives_dealt": (1, 10), "objectives_kept": (1, 1), "plot_clamp": DIE_BOUNDS}
AMOUNT_MAX = 100

# The rules' refusals (``ruleset_problems``), said in the words of the screen.
PROBLEMS = {
    "players_min": _("The fewest players cannot be more than the most players."),
    "indicator_min": _("The lowest indicator value must be below the highest."),
    "indicator_start": _("The starting value must lie between the lowest and the highest."),
    "destiny_events": _("The destiny pile needs at least one card."),
    "plot_clamp": _("The lowest limit cannot be above the highest."),
    "insurrection_table": _("Each outcome must appear exactly once."),
    "tradeable": _("Choose at least one resource."),
    "succession_duel": _("Choose at least one resource."),
    "expulsion_duel": _("Choose at least one resource."),
}


def _number(low: int | None, high: int | None, initial, required=True) -> forms.IntegerField:
    attrs = {"inputmode": "numeric"}
    return forms.IntegerField(
        min_value=low,
        max_value=high,
        initial=initial,
        required=required,
        widget=forms.NumberInput(attrs=attrs),
    )


class RulesetForm(forms.Form):
    """Every ruleset value, by group; ``groups()`` gives the screen its rows."""

    def __init__(self, *args, ruleset: dict, offices: list[tuple[str, str]], **kwargs):
        super().__init__(*args, **kwargs)
        self.current = ruleset
        self.offices = offices
        self.parts: dict[str, list[tuple[str, str]]] = {}
        for key, entry in ENTRIES.items():
            getattr(self, f"_add_{entry.kind}")(key, ruleset[key])

    # -- building the boxes ---------------------------------------------------------------------

    def _part(self, key: str, part: str, label, field: forms.Field) -> None:
        name = key if part == "" else f"{key}__{part}"
        field.label = label
        self.fields[name] = field
        self.parts.setdefault(key, []).append((name, label))

    def _add_int(self, key, value):
        self._part(key, "", ENTRIES[key].label, _number(*BOUNDS[key], value))

    def _add_optional_int(self, key, value):
        field = _number(*BOUNDS[key], value, required=False)
        self._part(key, "", ENTRIES[key].label, field)

    def _add_bool(self, key, value):
        self._part(key, "", ENTRIES[key].label, forms.BooleanField(required=False, initial=value))

    def _add_choice(self, key, value):
        self._part(
            key, "", ENTRIES[key].label, forms.ChoiceField(choices=CHOICES[key], initial=value)
        )

    def _add_resource(self, key, value):
        field = forms.ChoiceField(choices=list(RESOURCE_LABELS.items()), initial=value)
        self._part(key, "", ENTRIES[key].label, field)

    def _add_pair(self, key, value):
        low, high = PAIR_BOUNDS[key]
        for i, label in enumerate(SUBLABELS[key]):
            self._part(key, str(i), label, _number(low, high, value[i]))

    def _add_amounts(self, key, value):
        for r in RESOURCES:
            self._part(key, r, RESOURCE_LABELS[r], _number(0, AMOUNT_MAX, value.get(r, 0)))

    def _add_resources(self, key, value):
        for r in NON_PRESTIGE:
            field = forms.BooleanField(required=False, initial=r in value)
            self._part(key, r, RESOURCE_LABELS[r], field)

    def _add_offices(self, key, value):
        known = dict(self.offices)
        for r in NON_PRESTIGE:
            choices = list(self.offices)
            if value.get(r) not in known:
                choices.append((value.get(r), value.get(r)))
            field = forms.ChoiceField(choices=choices, initial=value.get(r))
            self._part(key, r, RESOURCE_LABELS[r], field)

    def _add_friction(self, key, value):
        r = self.current
        steps = [v for v in range(r["indicator_min"], r["indicator_max"] + 1)]
        for step in [*(s for s in steps if s != r["indicator_start"]), 0]:
            label = f"→ {step}" if step else _("insurrection")
            self._part(key, str(step), label, _number(0, AMOUNT_MAX, value.get(str(step), 0)))

    def _add_outcomes(self, key, value):
        choices = [(o, OUTCOME_LABELS[o]) for o in OUTCOMES]
        for successes, outcome in enumerate(value):
            label = _("%(n)s successes") % {"n": successes}
            field = forms.ChoiceField(choices=choices, initial=outcome)
            self._part(key, str(successes), label, field)

    # -- reading them back ----------------------------------------------------------------------

    def clean(self):
        data = super().clean() or {}
        if self.errors:
            return data
        values = {key: self._value(key, data) for key in ENTRIES}
        try:
            Ruleset.from_dict({**self.current, **values})
        except RuleError as exc:
            problems = exc.details.get("problems")
            keys: list[str | None] = list(problems) if isinstance(problems, dict) else []
            for key in keys or [None]:
                message = PROBLEMS.get(key or "", _("This value cannot be played with."))
                self.add_error(self.parts[key][0][0] if key in self.parts else None, message)
        return values

    def _value(self, key: str, data: dict) -> Any:
        kind, names = ENTRIES[key].kind, [name for name, _label in self.parts[key]]
        parts = {name.partition("__")[2]: data.get(name) for name in names}
        if kind in ("int", "optional_int", "bool", "choice", "resource"):
            return data.get(key)
        if kind == "pair":
            return [parts["0"], parts["1"]]
        if kind == "outcomes":
            return [parts[str(i)] for i in range(len(parts))]
        if kind == "resources":
            return [r for r, on in parts.items() if on]
        if kind == "offices":
            return parts
        if kind == "friction":
            low, high = data["indicator_min"], data["indicator_max"]
            return {k: v for k, v in parts.items() if v and (k == "0" or low <= int(k) <= high)}
        return {r: v for r, v in parts.items() if v or key == "initial_resources"}

    # -- what the screen shows --------------------------------------------------------------------

    def groups(self) -> list[Group]:
        """The rows of the screen, group by group, in the order of ``ruleset_labels``."""
        default = Ruleset.default().to_dict()
        out: dict[str, Group] = {g: {"title": title, "rows": []} for g, title in GROUPS.items()}
        for key, entry in ENTRIES.items():
            boxes = [(label, self[name]) for name, label in self.parts[key]]
            out[entry.group]["rows"].append(
                {
                    "key": key,
                    "label": entry.label,
                    "help": entry.help,
                    "section": entry.section,
                    "grid": len(boxes) > 1 or entry.kind in ("amounts", "resources", "offices"),
                    "boxes": boxes,
                    "errors": [
                        str(e) for name, _label in self.parts[key] for e in self[name].errors
                    ],
                    "default": self.describe(key, default[key]),
                    "changed": self.current[key] != default[key],
                }
            )
        return list(out.values())

    def describe(self, key: str, value: Any) -> str:
        """A stored value in words, as the screen shows a default."""
        kind = ENTRIES[key].kind
        offices = dict(self.offices)
        if kind == "bool":
            return str(_("yes") if value else _("no"))
        if kind == "optional_int":
            return str(value) if value is not None else str(_("as many as players"))
        if kind == "choice":
            return str(dict(CHOICES[key])[value])
        if kind == "resource":
            return str(RESOURCE_LABELS[value])
        if kind == "pair":
            return ", ".join(f"{label} {v}" for label, v in zip(SUBLABELS[key], value, strict=True))
        if kind == "resources":
            return ", ".join(str(RESOURCE_LABELS[r]) for r in value)
        if kind == "offices":
            return ", ".join(f"{RESOURCE_LABELS[r]}: {offices.get(o, o)}" for r, o in value.items())
        if kind == "outcomes":
            return ", ".join(f"{i}: {OUTCOME_LABELS[o]}" for i, o in enumerate(value))
        if kind == "friction":
            return ", ".join(
                f"{k if k != '0' else _('insurrection')}: {v}"
                for k, v in sorted(value.items(), key=lambda kv: (kv[0] == "0", int(kv[0])))
            )
        if kind == "amounts":
            return ", ".join(f"{RESOURCE_LABELS[r]} {v}" for r, v in value.items() if v)
        return str(value)
