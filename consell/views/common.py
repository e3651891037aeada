"""What every game view shares: running a service with clear errors, and the viewer's view."""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from django.contrib import messages
from django.utils.translation import gettext as _

from consell.game.services import clock
from consell.game.services.games import SetupError
from consell.game.services.store import AlreadyApplied, StaleRequest, acting_for
from consell.projection.visibility import view_for
from consell.rules.audience import Viewer
from consell.rules.errors import RuleError
from consell.wording.elision import elide
from consell.wording.words import content_language

logger = logging.getLogger(__name__)


def viewer_view(game, viewer: Viewer) -> Mapping[str, Any]:
    """Everything ``viewer`` may see of ``game``, with card texts in the viewer's language."""
    return view_for(game, viewer, content_language())


def on_time(game) -> bool:
    """Fire what the game's clock owes now (``clock.tick``) as a page of it opens, so a passed
    deadline is answered at the next visit even where the ``clock`` command does not run. True
    when it changed the game (the caller reads it again). A refusal (a change that raced it)
    is left for the next look: opening a page never fails on it."""
    try:
        return clock.tick(game)
    except (RuleError, AlreadyApplied):
        logger.warning("clock: game %s not moved on now", game.pk, exc_info=True)
        return False


def run_service(request, service: Callable[..., object], *args, **kwargs) -> bool:
    """Call a service; turn refusals into a message for the user. True when it changed things.

    Bad input never reaches the user as a traceback: a rule refusal or bad setup input is
    shown as an error message, a repeated submission (double click, retry) as already done,
    and a submission from an outdated page is refused so nothing changes twice.
    """
    try:
        service(*args, **kwargs)
    except AlreadyApplied:
        messages.info(request, _("That was already done."))
        return False
    except StaleRequest:
        messages.warning(
            request, _("The game changed since this page was shown; nothing was done. Try again.")
        )
        return False
    except (RuleError, SetupError) as exc:
        messages.error(request, elide(str(exc)))
        return False
    return True


def run_directors(request, service: Callable[..., object], *args, **kwargs) -> bool:
    """``run_service`` for a step of the game's director (``access.directing``): its change
    is refused unless the logged-in account directs the game, as the row it locks says."""
    with acting_for(request.user.pk):
        return run_service(request, service, *args, **kwargs)


def int_or_none(value) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def expected_seq(request) -> int | None:
    """The game version the page was rendered at (``seq``); None when the form has none.

    A value that is not a number is no version of this game: -1 matches none, so the service
    refuses it as coming from an outdated page.
    """
    raw = request.POST.get("seq")
    if raw is None or raw == "":
        return None
    value = int_or_none(raw)
    return value if value is not None and value >= 0 else -1
