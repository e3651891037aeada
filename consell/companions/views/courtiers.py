"""Louis XIV courtier evaluation helper for one round (companions spec §2.7).

The page holds the 12 boards with their side, price or threshold and each player's
markers, plus an adjustment per board for what intrigue cards changed (their rule is missing
from the seed). Every change re-evaluates the round and shows who receives what and which
boards flip.
"""

import re

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from .. import labels
from ..courtiers import COURTIERS, KING_BOARDS, START_GOLD_SIDES, evaluate
from ..inputs import MAX_DIGITS, ScoreInputError

WHOLE = re.compile(r"^-?\d+$")
DEFAULT_VALUE = 3
PLAYER_SLOTS = 4


def _number(text: str, blank=0):
    """A typed number as an int; anything else (a number longer than any count included) is
    passed on for the evaluator to name."""
    text = text.strip()
    if not text:
        return blank
    return int(text) if WHOLE.match(text) and len(text.lstrip("-")) <= MAX_DIGITS else text


def _form(post) -> dict:
    """The page's fields as typed (strings), with the defaults of a first round."""
    players = [post.get(f"player-{i}", "").strip() for i in range(PLAYER_SLOTS)]
    if not post:
        players = [_("Player %(n)d") % {"n": n} for n in (1, 2, 3)] + [""]
    boards = []
    for number in COURTIERS:
        side = post.get(f"side-{number}", "gold" if number in START_GOLD_SIDES else "first")
        boards.append(
            {
                "number": number,
                "label": labels.courtier(number),
                "gift": labels.GIFTS[COURTIERS[number].gift],
                "side": side,
                "value": post.get(f"value-{number}", str(DEFAULT_VALUE)),
                "once_first": post.get(f"once_first-{number}", ""),
                "cells": [
                    {
                        "slot": slot,
                        "markers": post.get(f"markers-{number}-{slot}", ""),
                        "adjust": post.get(f"adjust-{number}-{slot}", ""),
                    }
                    for slot in range(PLAYER_SLOTS)
                ],
            }
        )
    return {
        "players": players,
        "king": post.get("king", "1"),
        "round": post.get("round", "1"),
        "cheaper": [slot for slot in range(PLAYER_SLOTS) if post.get(f"cheaper-{slot}")],
        "boards": boards,
    }


def _data(form: dict) -> dict:
    """The evaluator's input from the page's fields; empty player slots are left out."""
    seated = [(slot, name) for slot, name in enumerate(form["players"]) if name]
    boards = []
    for board in form["boards"]:
        entry = {"number": board["number"], "side": board["side"]}
        if board["side"] == "gold":
            entry["price"] = _number(board["value"])
        elif board["side"] == "influence":
            entry["threshold"] = _number(board["value"])
        entry["markers"] = {name: _number(board["cells"][slot]["markers"]) for slot, name in seated}
        adjust = {name: _number(board["cells"][slot]["adjust"]) for slot, name in seated}
        entry["adjust"] = {name: delta for name, delta in adjust.items() if delta != 0}
        once_first = board["once_first"]
        if once_first.isdigit() and len(once_first) <= 3 and int(once_first) < len(form["players"]):
            entry["once_first"] = form["players"][int(once_first)]
        boards.append(entry)
    return {
        "players": [name for _slot, name in seated],
        "king": _number(form["king"]),
        "round": _number(form["round"], blank=1),
        "cheaper": [name for slot, name in seated if slot in form["cheaper"]],
        "boards": boards,
    }


@require_http_methods(["GET", "POST"])
def courtiers(request: HttpRequest) -> HttpResponse:
    form = _form(request.POST)
    try:
        result, problem = evaluate(_data(form)), None
    except ScoreInputError as error:
        result, problem = None, str(error)
    context = {
        "form": form,
        "result": _readable(result) if result else None,
        "problem": problem,
        "sides": list(labels.SIDES.items()),
        "king_boards": KING_BOARDS,
        "rounds": (1, 2, 3, 4),
        "slots": range(PLAYER_SLOTS),
    }
    template = "companions/courtiers.html"
    if getattr(request, "htmx", False):
        template += "#verdict"
    return render(request, template, context)


def _readable(result: dict) -> dict:
    """Translate gifts and reasons for the page."""
    boards = []
    for board in result["boards"]:
        boards.append(
            {
                **board,
                "label": labels.courtier(board["number"]),
                "side_label": labels.SIDES[board["side"]],
                "gets": [
                    (
                        name,
                        [labels.GIFTS[item] for item in items],
                        labels.REASONS[board["reasons"][name]],
                    )
                    for name, items in board["receives"].items()
                ],
            }
        )
    return {**result, "boards": boards}
