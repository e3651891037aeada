"""The phone pages where a play is entered by taps and scored as it is entered.

The play travels with the page as the spec's JSON (hidden field `play`); each tap posts it
with one operation and the page's form comes back re-rendered with every player's score
(htmx swaps the form; without JavaScript the whole page reloads). Anyone may score;
saving needs an account (see `plays.py`).
"""

import json

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import editing, labels
from ..games import GAMES, score
from ..inputs import JSONInputError, ScoreInputError, load_json
from ..models import Play, VersaillesCatalogue
from ..versailles import CARDS, SEALS


def check_game(game: str) -> None:
    if game not in GAMES:
        raise Http404


def new_play(game: str) -> dict:
    names = [_("Player %(n)d") % {"n": n} for n in (1, 2)]
    return editing.blank(game, names, region_label=_("Region %d"))


@require_http_methods(["GET", "POST"])
def entry(request: HttpRequest, game: str) -> HttpResponse:
    """A new play (GET), or the play after one tap (POST)."""
    check_game(game)
    if request.method == "GET":
        return render_entry(request, game, new_play(game))
    try:
        play = load_json(request.POST.get("play", ""))
    except JSONInputError:
        return HttpResponseBadRequest(_("The page's play data is damaged; reload the page."))
    if not isinstance(play, dict) or play.get("game") != game:
        return HttpResponseBadRequest(_("The page's play data is damaged; reload the page."))
    catalogue = chosen_catalogue(request)
    error = None
    try:
        play = editing.apply(
            play, request.POST.get("op", ""), request.POST, catalogue.seals if catalogue else {}
        )
    except editing.EditError as problem:
        error = str(problem)
    try:
        return render_entry(
            request,
            game,
            play,
            play_id=request.POST.get("play_id") or None,
            catalogue=catalogue,
            pick=request.POST.get("pick", ""),
            error=error,
        )
    except (AttributeError, IndexError, KeyError, TypeError):
        return HttpResponseBadRequest(_("The page's play data is damaged; reload the page."))


def chosen_catalogue(request: HttpRequest) -> VersaillesCatalogue | None:
    """The Versailles catalogue picked on the page, if it is the user's own."""
    pk = request.POST.get("catalogue") or request.GET.get("catalogue")
    if not pk or not pk.isdigit() or len(pk) > 18 or not request.user.is_authenticated:
        return None
    return VersaillesCatalogue.objects.filter(owner=request.user, pk=pk).first()


def render_entry(
    request, game, play, *, play_id=None, catalogue=None, pick="", error=None, status=200
) -> HttpResponse:
    """The entry page, or only its form when htmx asks for it."""
    try:
        result = score(game, play)
        problem = None
    except ScoreInputError as failure:
        result, problem = None, str(failure)
    context = {
        "game": game,
        "game_label": labels.GAMES[game],
        "play": play,
        "play_json": json.dumps(play, ensure_ascii=False),
        "play_id": play_id,
        "players_max": editing.PLAYERS_MAX[game],
        "scores": _scores(game, play, result),
        "problem": problem,
        "error": error,
        "table": _table(game, play, result),
        "catalogue": catalogue,
        "catalogues": _catalogues(request) if game == "versailles" else [],
        "pick": pick,
        "cards": [(slug, card.number, card.name) for slug, card in CARDS.items()],
        "saved": _saved(request, play_id),
    }
    template = "companions/entry.html"
    if getattr(request, "htmx", False):
        template += "#entry"
    return render(request, template, context, status=status)


def _saved(request, play_id) -> Play | None:
    if not play_id or not str(play_id).isdigit() or len(str(play_id)) > 18:
        return None
    if not request.user.is_authenticated:
        return None
    return Play.objects.filter(owner=request.user, pk=play_id).first()


def _catalogues(request):
    if not request.user.is_authenticated:
        return []
    return list(VersaillesCatalogue.objects.filter(owner=request.user))


def _scores(game: str, play: dict, result: dict | None) -> list[dict]:
    """Each player's total, breakdown lines and whether they win, in seat order."""
    if result is None:
        return []
    rows = []
    for player in play["players"]:
        name = player["name"].strip()
        parts = result["breakdown"][name]
        rows.append(
            {
                "name": name,
                "total": result["totals"][name],
                "winner": name in result["winners"],
                "lines": [(labels.category(game, key), points) for key, points in parts.items()],
                "exchange": result.get("exchange", {}).get(name),
            }
        )
    return rows


def _table(game: str, play: dict, result: dict | None) -> list[dict]:
    """What the tap area shows for each player."""
    players = []
    counts = editing.richelieu_counts(play) if game == "richelieu" else None
    for index, player in enumerate(play["players"]):
        row = {"index": index, "name": player["name"]}
        if game == "richelieu" and counts is not None:
            tiles = player.get("tiles", [])
            row["regions"] = [
                {
                    **region,
                    "cells": [(k, labels.CARD_KINDS[k], n) for k, n in region["counts"].items()],
                }
                for region in counts[index]
            ]
            row["region_tiles"] = [
                (k, region, region in tiles) for k, region in enumerate(play["regions"])
            ]
            row["symbol_tiles"] = [(s, labels.SYMBOLS[s], s in tiles) for s in labels.SYMBOLS]
            row["markers"] = tiles.count("marker")
            row["marker_op"] = f"marker:{index}"
        elif game == "louis14":
            row["coats"] = [
                {"label": kind, "value": count, "op": f"coat:{index}:{kind}"}
                for kind, count in player["coats"].items()
            ]
            row["counts"] = [
                {"label": label, "value": player.get(key, 0), "op": f"{key}:{index}"}
                for key, label in ((k, labels.COUNTS[k]) for k in ("missions", "own_supply"))
            ]
            leftover = player.get("leftover", {})
            row["leftover"] = [
                {"label": label, "value": leftover.get(key, 0), "op": f"leftover:{index}:{key}"}
                for key, label in labels.LEFTOVERS.items()
            ]
            row["exchange"] = (result or {}).get("exchange", {}).get(player["name"].strip())
            # Kept open once anything is entered: a tap re-renders the panel, and closing it
            # under the thumb after each tap made leftovers impossible to count (issue 13).
            row["leftover_open"] = any(item["value"] for item in row["leftover"])
        else:
            row["circle"] = [
                [_cell(row_index, col, cell) for col, cell in enumerate(cells)]
                for row_index, cells in enumerate(player["circle"])
            ]
        players.append(row)
    return players


def _cell(row: int, col: int, cell) -> dict:
    if cell is None:
        return {"row": row, "col": col, "card": None}
    symbols = cell.get("symbols", [])
    return {
        "row": row,
        "col": col,
        "card": cell["card"],
        "name": CARDS[cell["card"]].name if cell["card"] in CARDS else cell["card"],
        "seals": [
            (seal, labels.SEALS[seal], symbols.count(seal), labels.SEAL_ICONS[seal])
            for seal in SEALS
        ],
    }
