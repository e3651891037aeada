"""What the game announces once a change is committed, for the layers above it to act on.

The services know nothing of sockets. A committed change sends ``game_changed`` with the new
version of every viewer it reached; a revoked seat link sends ``seat_revoked``. The live layer
connects the receivers that tell the open pages (``consell.live.apps``). They are sent with
``send_robust`` from ``transaction.on_commit``: a receiver that fails is logged and never turns
a saved change into an error.
"""

from __future__ import annotations

import logging

from django.dispatch import Signal

logger = logging.getLogger(__name__)

# Keyword arguments: ``game_id``; ``versions``, {viewer key: that viewer's new version};
# ``runs_on``, whether the game's phase now runs on (``turn.carry_on``); and ``stand_ins``,
# whether a stand-in plays a seat (``services.stand_ins``).
game_changed = Signal()
# Keyword arguments: ``game_id``, and ``position``, the seat whose link was reissued.
seat_revoked = Signal()


def announce(signal: Signal, **kwargs) -> None:
    """Send ``signal`` to its receivers; one that fails is logged, never raised."""
    for receiver, result in signal.send_robust(sender=None, **kwargs):
        if isinstance(result, Exception):
            logger.error("%s failed on %r", receiver, kwargs, exc_info=result)


# Keyword arguments: ``game_id``; ``seats``, the positions a deadline still waits for; ``until``,
# when it ends (ISO 8601). Sent once per deadline, a few minutes before it ends.
deadline_near = Signal()
