"""``manage.py demo``: a director login and a dealt five-seat game to try the app at once.

Running it again reuses both and prints the same links, so ``./dev serve`` can call it every
time.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from consell.content.models import Pack
from consell.game.models import Game
from consell.game.services import games as game_services

DEMO_USER = "dora"
DEMO_PASSWORD = "consell-demo"
DEMO_GAME = "Partida de demostració"
DEMO_PLAYERS = ["Alice", "Bob", "Carles", "Dídac", "Elena"]


def demo_director():
    """The demo director, created with the demo password the first time it is asked for."""
    user, created = get_user_model().objects.get_or_create(username=DEMO_USER)
    if created:
        user.set_password(DEMO_PASSWORD)
        user.save()
    return user


class Command(BaseCommand):
    help = "Create (or reuse) the demo director and a dealt demo game, and print their links."

    def add_arguments(self, parser):
        parser.add_argument("--base-url", default="http://127.0.0.1:8000")

    def handle(self, *args, base_url: str, **options):
        pack = Pack.objects.filter(slug="default").order_by("-version").first()
        if pack is None:
            raise CommandError(
                "The default content pack is not loaded: run "
                "`manage.py load_content consell/content/packs/default` first."
            )
        with transaction.atomic():
            user = demo_director()
            game = Game.objects.filter(director=user, name=DEMO_GAME).first()
        if game is None:
            game = game_services.create_game(user, DEMO_GAME, pack, DEMO_PLAYERS)
            game_services.deal(game.pk)
        base = base_url.rstrip("/")
        out = self.stdout
        out.write(self.style.SUCCESS("Consell demo"))
        out.write(
            f"  Director login: {base}/accounts/login/  user {DEMO_USER}  password {DEMO_PASSWORD}"
        )
        out.write(f"  Dashboard:      {base}/games/{game.pk}/")
        out.write(f"  Public board:   {base}/board/{game.board_token}/")
        for seat in game.seats.order_by("position"):
            out.write(f"  Seat {seat.position} {seat.name:<8} {base}/s/{seat.token}/")
