"""Translatable messages without Django (docs/principles.md, principle 1: the rules are a library).

Rule messages are written in English and marked with ``_()`` so ``makemessages`` finds them.
``_`` translates through a replaceable translator, the identity by default; the web app
installs Django's ``gettext`` at start-up (``consell.game.apps``), so a message is translated
into the language active when the error is raised. Placeholders are named and filled after
translation: ``_("Seat %(seat)s cannot pay.") % {"seat": seat}``.

A message is kept in the log (an abort's reason is read later, by its owner, in the owner's
language, not the director's), so ``_`` returns a ``Message``: the translated text that also
remembers its English source and its parameters. ``as_words`` turns it into JSON the log can
keep; the web app says it again in any language (``consell.wording.words.say``). Amounts of
resources travel as ``Amounts``, so they are named in the reader's language too.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any


def _identity(message: str) -> str:
    return message


_translator: Callable[[str], str] = _identity


def set_translator(func: Callable[[str], str] | None) -> Callable[[str], str]:
    """Install ``func`` as the translator (``None``: the identity); return the previous one."""
    global _translator
    previous = _translator
    _translator = func if func is not None else _identity
    return previous


class Message(str):
    """A translated text that remembers its source (``msgid``) and parameters (``params``)."""

    msgid: str
    params: Mapping[str, Any] | None = None

    def __mod__(self, params: Any) -> Message:
        out = Message(str.__mod__(self, params))
        out.msgid = self.msgid
        out.params = dict(params) if isinstance(params, Mapping) else None
        return out


class Amounts(str):
    """Resource amounts as text (``"2 Power, 1 Favor"``), keeping the amounts themselves."""

    amounts: dict[str, int]


class Texts(str):
    """A card's own words in several languages (``{"ca": ..., "en": ...}``); the text is the
    English one, and a message that keeps it is said again in the reader's language."""

    texts: dict[str, str]


def texts(value: Mapping[str, str], fallback: str) -> Texts:
    out = Texts(value.get("en") or value.get("ca") or fallback)
    out.texts = {k: str(v) for k, v in value.items()}
    return out


def _(message: str) -> Message:
    """``message`` in the current language, as the installed translator gives it."""
    out = Message(_translator(message))
    out.msgid = message
    return out


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it now (``makemessages`` finds it).

    For messages kept in module-level tables: translate them with ``_`` when they are shown.
    """
    return message


def as_words(value: Any) -> Any:
    """A message (or a parameter of one) as JSON that can be said again in another language:
    ``{"msgid": ..., "params": {...}}`` for a message, ``{"amounts": {...}}`` for amounts;
    anything else as it is (plain text stays plain text)."""
    if isinstance(value, Amounts):
        return {"amounts": dict(value.amounts)}
    if isinstance(value, Texts):
        return {"texts": dict(value.texts)}
    if isinstance(value, Message):
        params = value.params
        if params is None:
            return {"msgid": value.msgid, "params": None}
        return {"msgid": value.msgid, "params": {k: as_words(v) for k, v in params.items()}}
    if isinstance(value, (list, tuple)):
        return [as_words(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value if not isinstance(value, str) else str(value)
    return str(value)
