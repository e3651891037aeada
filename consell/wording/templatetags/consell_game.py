"""Template helpers for game pages: request nonces, resource labels, shared public parts."""

import uuid

from django import template
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy as _

from consell.rules.names import PENDING_NAMES
from consell.rules.phases import PHASE_NAMES
from consell.wording.elision import elide as elide_text

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

# The phases by the rules' own names (``consell.rules.phases``).
PHASE_LABELS = {str(phase): _(name) for phase, name in PHASE_NAMES.items()}


# What a live part's forms hold for their one-time key: the part's rendering is kept and
# shown again (``rendered``), so each delivery writes fresh keys in (``page_parts.stamped``).
NONCE_LATER = "nonce-given-at-delivery"
# Where a live part's form takes the browser's CSRF token: filled in when the part is delivered
# in a page loaded whole, so the form works without JavaScript; emptied in a pushed part,
# whose form gets the token from ``forms.js`` (``page_parts.stamped``).
CSRF_LATER = "<!--csrf-given-at-delivery-->"


@register.simple_tag(takes_context=True)
def nonce_input(context):
    """A hidden one-time key: the same form submitted twice is applied once."""
    if context.get("nonce_later"):
        return format_html(
            '{}<input type="hidden" name="nonce" value="{}">', mark_safe(CSRF_LATER), NONCE_LATER
        )
    return format_html('<input type="hidden" name="nonce" value="{}">', uuid.uuid4().hex)


@register.filter
def elide(text):
    """A filled sentence with Catalan's "de" before a vowel made "d'" (``elision``)."""
    return elide_text(text)


@register.filter
def kingdom_of(board, seat):
    """The kingdom of the player in ``seat`` as ``board`` shows it; None without one."""
    kingdom = next((p["kingdom"] for p in board.get("players", []) if p["seat"] == seat), None)
    if not kingdom:
        return None
    return next((k for k in board.get("kingdoms", []) if k["name"] == kingdom), None)


@register.filter
def only(rows, fields):
    """``players|only:"seat,name"``: each row with just those fields, so a ``shared_part`` given
    them is rendered again when one of them changed, not when anything else in the rows did."""
    names = fields.split(",")
    return [{name: row.get(name) for name in names} for row in rows or ()]


@register.filter
def resource_label(code):
    return RESOURCE_LABELS.get(str(code), code)


@register.filter
def indicator_label(name):
    return INDICATOR_LABELS.get(str(name), name)


@register.filter
def vacant_titles(offices):
    """The titles of a kingdom's offices nobody holds, for the shared screen."""
    return [o["title"] for o in offices if o["holder"] is None]


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


DECK_LABELS = {
    "houses": _("Houses"),
    "collective_objectives": _("Collective objectives"),
    "personal_objectives": _("Personal objectives"),
    "tactics": _("Tactics"),
    "assets_visible": _("Visible assets"),
    "assets_hidden": _("Hidden assets"),
    "laws": _("Laws"),
    "crises": _("Crises"),
    "events": _("Events"),
    "destiny": _("Destiny pile"),
}

# The decisions the game waits for, by the rules' own names (``consell.rules.names``).
PENDING_LABELS = {kind: _(name) for kind, name in PENDING_NAMES.items()}


@register.filter
def deck_label(name):
    """``"tactics_discard"`` -> "Tactics (discards)"."""
    name = str(name)
    if name.endswith("_discard"):
        base = DECK_LABELS.get(name.removesuffix("_discard"), name)
        return _("%(deck)s (discards)") % {"deck": base}
    return DECK_LABELS.get(name, name)


@register.filter
def pending_label(kind):
    return PENDING_LABELS.get(str(kind), _("a decision"))
