"""What every game view shares: running a service with clear errors, and the viewer's view."""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from consell.content.fields import LANGUAGES as CONTENT_LANGUAGES
from consell.rules.errors import RuleError

from ..recent import Recent
from ..services.games import SetupError
from ..services.store import AlreadyApplied, StaleRequest, acting_for
from ..visibility import TableView, Viewer, behind_screen_for, table_view, view_for


def language() -> str:
    """The language of the card texts for this viewer: theirs if packs carry it, else Catalan.

    The interface speaks every language in ``settings.LANGUAGES`` (Spanish too), but content
    packs hold card titles and texts in Catalan and English only, so a Spanish viewer reads
    the cards in Catalan, the table's language, never an empty title or a card id.
    """
    lang = (get_language() or "ca")[:2]
    return lang if lang in CONTENT_LANGUAGES else "ca"


# Each viewer's view is built once per version of the game (DESIGN principle 7): after a
# notice a phone fetches three fragments at once, and they share one build. The key holds the
# game's last save (every change saves the row, in the same transaction as its events), the
# viewer and both languages, so a change, another viewer or another language is another entry;
# the views are never changed after they are built.
_VIEWS: Recent[dict] = Recent(256)


# What the viewers of one version share (the board, the state, the log's wording) is built
# once for all of them, on each side of the Secrets screen (``visibility.table_view``).
_TABLES: Recent[TableView] = Recent(32)


# The newest version of each game this process has built views of, by the game's id and its
# creation (an id SQLite gives again after a rolled-back creation is another game).
_NEWEST: dict[tuple, int] = {}


def viewer_view(game, viewer: Viewer) -> dict:
    """``view_for`` of this viewer, built once per version of the game."""
    cards = language()
    version = (game.pk, game.seq, game.updated_at, get_language(), cards)
    if game.seq > _NEWEST.get((game.pk, game.created_at), -1):
        _forget_before(game, game.seq)
    key = (*version, viewer.key)
    view = _VIEWS.get(key)
    if view is not None:
        return view
    table = None
    if game.state is not None:  # before the deal there is no board to share
        behind = behind_screen_for(game, viewer)
        table = _TABLES.get_or_build((*version, behind), lambda: table_view(game, behind, cards))
    return _VIEWS.put(key, view_for(game, viewer, cards, table))


def _forget_before(game, seq: int) -> None:
    """Drop the views and tables of ``game`` older than the newest before ``seq``.

    No page asks for them again (a page shows the newest version; the one before is kept
    for renderings still under way), and what they hold is most of the process's heap: a
    full garbage collection walks all of it, and pauses every screen while it does (the
    long tail of B1, docs/performance.md).
    """
    before = _NEWEST.get((game.pk, game.created_at), -1)
    _NEWEST[(game.pk, game.created_at)] = seq

    def stale(key) -> bool:
        return key[0] == game.pk and key[1] < before

    _VIEWS.drop(stale)
    _TABLES.drop(stale)


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
        messages.error(request, str(exc))
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
