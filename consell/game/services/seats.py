"""Seat links: reissuing one closes the old browser's access, open websocket included."""

from __future__ import annotations

import secrets

from django.db import transaction

from consell.rules.event_kinds import Kind
from consell.rules.events import director
from consell.rules.payloads import (
    SeatLinkReissued,
)

from ..broadcast import close_seat
from ..models import Seat
from .store import change


def reissue_link(game_id: int, position: int, *, nonce: str | None = None) -> Seat:
    """A lost phone: the seat gets a new link and the old one stops working at once."""
    with change(game_id, nonce=nonce) as ch:
        seat = Seat.objects.select_for_update().get(game_id=game_id, position=position)
        seat.token = secrets.token_urlsafe(24)
        seat.reissued += 1
        seat.save(update_fields=["token", "reissued"])
        ch.record(
            None,
            [director(Kind.SEAT_LINK_REISSUED, SeatLinkReissued(seat=position, name=seat.name))],
        )
        transaction.on_commit(lambda: close_seat(game_id, position))
    return seat
