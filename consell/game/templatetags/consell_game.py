"""Template helpers for game pages: request nonces and resource labels."""

import uuid

from django import template
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

register = template.Library()

RESOURCE_LABELS = {
    "PRE": _("Prestige"),
    "POW": _("Power"),
    "MON": _("Money"),
    "INT": _("Intrigue"),
    "FOR": _("Force"),
    "FAI": _("Faith"),
    "FAV": _("Favor"),
}

INDICATOR_LABELS = {
    "stability": _("Stability"),
    "wealth": _("Wealth"),
    "army": _("Army"),
    "grace": _("Grace"),
}

PHASE_LABELS = {
    "destiny": _("Destiny"),
    "planning": _("Planning"),
    "actions": _("Actions"),
    "secrets": _("Secrets"),
    "acquisition": _("Acquisition"),
    "crisis": _("Crisis resolution"),
    "production": _("Production"),
    "end_of_turn": _("End of turn"),
}


@register.simple_tag
def nonce_input():
    """A hidden one-time key: the same form submitted twice is applied once."""
    return format_html('<input type="hidden" name="nonce" value="{}">', uuid.uuid4().hex)


@register.filter
def resource_label(code):
    return RESOURCE_LABELS.get(str(code), code)


@register.filter
def indicator_label(name):
    return INDICATOR_LABELS.get(str(name), name)


@register.filter
def phase_label(name):
    return PHASE_LABELS.get(str(name), name)


@register.filter
def cost_text(cost):
    """``{"POW": 2}`` -> ``2 Power``."""
    if not cost:
        return ""
    return ", ".join(f"{n} {RESOURCE_LABELS.get(r, r)}" for r, n in cost.items())


@register.filter
def get_pile(plan, name):
    """``plan|get_pile:"actions"``: one pile of a plan view."""
    return plan.get(name, []) if plan else []
