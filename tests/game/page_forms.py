"""The values a browser would send for a form of a page: every box as the page rendered it."""

from __future__ import annotations

from html.parser import HTMLParser


class _Values(HTMLParser):
    """Inputs, checked boxes and selected options of each post form, by form action."""

    def __init__(self):
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._open = False
        self._select: str | None = None
        self._first: dict[str, str] = {}

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "form" and (a.get("method") or "").lower() == "post":
            self.forms.append((a.get("action") or "", {}))
            self._open = True
        if not self._open or not self.forms:
            return
        values = self.forms[-1][1]
        if tag == "input" and a.get("name"):
            kind = a.get("type") or "text"
            if kind in ("checkbox", "radio"):
                if "checked" in a:
                    values[a["name"]] = a.get("value") or "on"
            elif kind not in ("submit", "button"):
                values[a["name"]] = a.get("value") or ""
        elif tag == "select":
            self._select = a.get("name")
        elif tag == "option" and self._select:
            self._first.setdefault(self._select, a.get("value") or "")
            if "selected" in a:
                values[self._select] = a.get("value") or ""

    def handle_endtag(self, tag):
        if tag == "select" and self._select:
            values = self.forms[-1][1]
            values.setdefault(self._select, self._first.get(self._select, ""))
            self._select = None
        elif tag == "form":
            self._open = False


def form_values(response, action: str) -> dict[str, str]:
    """What submitting the first form posting to ``action`` sends, untouched."""
    parser = _Values()
    parser.feed(response.content.decode())
    for url, values in parser.forms:
        if url == action:
            values.pop("csrfmiddlewaretoken", None)
            return values
    raise AssertionError(f"No form posts to {action} on this page.")


def ruleset_post(game, **changes) -> dict[str, str]:
    """The ruleset form of the director's dashboard as shown, with ``changes`` typed in.

    A change names a box (``turns``, ``plot_clamp__0``, ``friction__2``); ``None`` unticks a
    box or empties it.
    """
    from django.test import Client

    client = Client()
    client.force_login(game.director)
    action = f"/games/{game.pk}/ruleset/"
    values = form_values(client.get(f"/games/{game.pk}/"), action)
    for name, value in changes.items():
        if value is None:
            values.pop(name, None)
        else:
            values[name] = str(value)
    return values
