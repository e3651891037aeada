"""Translatable messages without Django (DESIGN principle 1: the rules are a library).

Rule messages are written in English and marked with ``_()`` so ``makemessages`` finds them.
``_`` translates through a replaceable translator, the identity by default; the web app
installs Django's ``gettext`` at start-up (``consell.game.apps``), so a message is translated
into the language active when the error is raised. Placeholders are named and filled after
translation: ``_("Seat %(seat)s cannot pay.") % {"seat": seat}``.
"""

from __future__ import annotations

from collections.abc import Callable


def _identity(message: str) -> str:
    return message


_translator: Callable[[str], str] = _identity


def set_translator(func: Callable[[str], str] | None) -> Callable[[str], str]:
    """Install ``func`` as the translator (``None``: the identity); return the previous one."""
    global _translator
    previous = _translator
    _translator = func if func is not None else _identity
    return previous


def _(message: str) -> str:
    """``message`` in the current language, as the installed translator gives it."""
    return _translator(message)


def gettext_noop(message: str) -> str:
    """Mark ``message`` for translation without translating it now (``makemessages`` finds it).

    For messages kept in module-level tables: translate them with ``_`` when they are shown.
    """
    return message
