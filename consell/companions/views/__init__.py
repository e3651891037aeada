"""Views of the companion scorers: entry pages, saved plays, catalogues, courtier helper."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from .. import labels


def index(request: HttpRequest) -> HttpResponse:
    """The three games and the courtier helper."""
    return render(request, "companions/index.html", {"games": list(labels.GAMES.items())})
