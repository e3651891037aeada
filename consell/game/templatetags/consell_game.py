"""Template helpers for game pages: request nonces, resource labels, shared public parts."""

import uuid

from django import template
from django.template.loader import render_to_string
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from consell.rules.names import PENDING_NAMES
from consell.rules.phases import PHASE_NAMES

from ..digests import digest
from ..recent import Recent

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


@register.simple_tag
def nonce_input():
    """A hidden one-time key: the same form submitted twice is applied once."""
    return format_html('<input type="hidden" name="nonce" value="{}">', uuid.uuid4().hex)


@register.filter
def kingdom_of(board, seat):
    """The kingdom of the player in ``seat`` as ``board`` shows it; None without one."""
    kingdom = next((p["kingdom"] for p in board.get("players", []) if p["seat"] == seat), None)
    if not kingdom:
        return None
    return next((k for k in board.get("kingdoms", []) if k["name"] == kingdom), None)


# What a phone's view adds to its chest (what it may plan and trade now): the planner shows it,
# the chest does not, so the chest's rendering is keyed without it.
PLANNER_KEYS = frozenset({"plannable", "offers", "may_trade"})


@register.filter
def chest_alone(me):
    """A phone's chest without what the planner shows (``PLANNER_KEYS``)."""
    return {key: value for key, value in me.items() if key not in PLANNER_KEYS}


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


# Rendered parts, shared by the viewers and the versions whose data for them is the same. A
# version of a table makes about 30 (the board on each side of the screen, each kingdom, the
# chests, the correction's boxes): 1024 keep what 20 tables share from one change to the next.
# They are strings, which the garbage collector never walks.
_SHARED: Recent[str] = Recent(1024)


@register.simple_tag
def shared_part(template_name: str, **data):
    """``template_name`` rendered with ``data`` alone, once for every viewer given the same data.

    The board of a version is the same for the 16 phones and the public screen: rendered once
    instead of 17 times (issue 14). Each viewer's own view still decides what goes in: the key
    is the data itself (and the language), so viewers whose data differ in anything get their
    own rendering, and the template sees nothing but that data (no request, no form tokens).
    A player's chest is kept the same way: most changes leave it as it was, so the phone's
    chest and its sixteen copies on the director's dashboard are rendered again only when the
    chest itself changed, not at every version.
    """
    key = (template_name, get_language(), _digest(data))
    return _SHARED.get_or_build(key, lambda: render_to_string(template_name, data))


# The digests of data already seen, by the identity of its values: a version's board is one
# dict that every view of the version holds and nobody changes (``visibility.TableView``), so
# its 20 kB are written out and hashed once, not once per viewer. A dict given as a value is
# known by its own values' identities: a phone's chest reaches its part as a new dict at every
# version (``chest_alone``), yet holds the kept chest's values (``visibility._chest_kept``),
# so a chest that did not change is not hashed again; a list likewise, by its items' (the
# director's 16 chests). The values are kept with their digest, so an identity is never
# reused while its entry lives. A version of a table makes about 40
# (the board, the kingdoms, the phones' and the director's chests, the decks).
_DIGESTS: Recent[tuple[tuple, bytes]] = Recent(512)


def _digest(data: dict) -> bytes:
    identity = tuple((name, _identity(value)) for name, value in sorted(data.items()))
    known = _DIGESTS.get(identity)
    if known is None:
        known = _DIGESTS.put(identity, (tuple(data.values()), digest(data)))
    return known[1]


def _identity(value) -> int | tuple:
    if type(value) is dict:
        return tuple((name, id(inner)) for name, inner in value.items())
    if type(value) is list:  # the director's 16 kept chests, in a new list at every version
        return ("list", *(id(inner) for inner in value))
    return id(value)


# The log's lines, rendered once per wording: most of a phone's log is the public entries every
# phone of the table shows alike, and it is re-sent with each change.
_LINES: Recent[str] = Recent(4096)


# Each line found for a line of a view's log, by the line's identity and the language: the
# lines of a view's log are kept from one version to the next (``visibility._log``), so each
# of a table's 18 logs finds its 60 lines here by one lookup each, not by building the key of
# ``_LINES`` again. A line is kept with its entry, so an identity is never reused while it is
# here; the whole memo is dropped when it grows past ``ITEM_LINES_MAX``.
_ITEM_LINES: dict[tuple[int, str | None], tuple[dict, str]] = {}
ITEM_LINES_MAX = 8192


@register.simple_tag
def log_lines(log) -> str:
    """Each entry of a viewer's log (``view.log``) as its ``<li>``, newest first as given.

    A line is keyed by everything it shows (the language, the turn, the phase, the sentence
    as this viewer's view worded it, whether the director made it), so two viewers share a
    line only when they would read the very same words.
    """
    language = get_language()
    lines = []
    for ev in log:
        found = _ITEM_LINES.get((id(ev), language))
        if found is None or found[0] is not ev:
            found = _line_of(ev, language)
        lines.append(found[1])
    return mark_safe("\n".join(lines))


def _line_of(ev: dict, language: str | None) -> tuple[dict, str]:
    key = (language, ev["turn"], ev["phase"], ev["text"] or ev["kind"], ev["by_director"])
    line = _LINES.get(key)
    if line is None:
        line = _LINES.put(key, _log_line(*key[1:]))
    if len(_ITEM_LINES) >= ITEM_LINES_MAX:
        _ITEM_LINES.clear()
    found = _ITEM_LINES[(id(ev), language)] = (ev, line)
    return found


def _log_line(turn, phase, said, by_director) -> str:
    when = _("T%(turn)s") % {"turn": turn}
    if phase:
        when = format_html("{} · {}", when, phase_label(phase))
    badge = ""
    if by_director:
        badge = format_html(' <span class="badge">{}</span>', _("by the director"))
    return format_html("<li><small>{}</small>\n        {}{}</li>", when, said, badge)
