"""Seat links: reissuing one closes the old browser's access, open websocket included."""

from __future__ import annotations

import secrets

from django.db import transaction

from consell.game.models import Seat
from consell.game.services.store import change
from consell.game.signals import announce, seat_revoked
from consell.rules.event_kinds import Kind
from consell.rules.events import director
from consell.rules.payloads import (
    SeatLinkReissued,
)


def reissue_link(game_id: int, position: int, *, nonce: str | None = None) -> Seat:
    """A lost phone: the seat gets a new link and the old one stops working at once."""
    with change(game_id, nonce=nonce) as ch:
        seat = Seat.objects.select_for_update().get(game_id=game_id, position=position)
        seat.token = secrets.token_urlsafe(24)
        seat.reissued += 1
        # Whoever opens the new link sets their own notifications: the old phone's address is
        # told nothing more.
        seat.email, seat.notify, seat.notified = "", False, ""
        seat.save(update_fields=["token", "reissued", "email", "notify", "notified"])
        ch.record(
            None,
            [director(Kind.SEAT_LINK_REISSUED, SeatLinkReissued(seat=position, name=seat.name))],
        )
        transaction.on_commit(lambda: announce(seat_revoked, game_id=game_id, position=position))
    return seat
