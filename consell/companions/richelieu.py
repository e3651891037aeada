"""End-of-play scorer for Richelieu (companions spec §1).

Coats of each region and each symbol are counted per player; the most scores its count,
presence of a region's cards scores +2 (3–4 players) or its absence −5 (2 players), the
absence of a symbol's cards −5 (2 players). Fewer cards wins a tie (§1.6).
"""

from collections.abc import Mapping
from typing import Any

from .inputs import (
    ScoreInputError,
    as_count,
    as_list,
    as_object,
    as_text,
    check_game,
    join,
    player_list,
    required,
    winners_by,
)

SYMBOLS = ("sword", "cross", "tower")
MARKER = "marker"
TIE_SCORES = ("full", "none")
FULL_REGION_COUNT = 9
DEFAULTS = {"tie_scores": "full", "three_rows": False}


def score(data: Mapping, tie_scores: str | None = None, three_rows: bool | None = None) -> dict:
    """Score a finished play of Richelieu.

    `tie_scores` is how a tie for a majority scores: "full" (the seed, §1.4) or "none" (the
    retail descriptions of §1.7.2). `three_rows` is the 2-player variant that scores when three
    rows are cleared (§1.5): it needs the full list of 9 regions, so a region nobody took
    still costs both players 5. Options left as None come from the input's `options`, then
    from the defaults.
    """
    data = as_object(data, "", {"game", "players", "regions", "options"})
    check_game(data, "richelieu")
    options = _options(data, tie_scores, three_rows)
    players = player_list(data, 2, 4)
    hands = [_hand(player, join("players", i)) for i, player in enumerate(players)]
    regions = _regions(data, hands, options["three_rows"], len(players))
    _check_tiles(hands)

    breakdown: dict[str, dict[str, Any]] = {hand["name"]: {} for hand in hands}
    for region in regions:
        counts = {h["name"]: _coats(h, region) + h["tiles"].count(region) for h in hands}
        _award_majority(breakdown, f"majority:{region}", counts, options["tie_scores"])
        for hand in hands:
            holds_card = any(card["region"] == region for card in hand["cards"])
            if len(hands) >= 3 and holds_card:
                breakdown[hand["name"]][f"presence:{region}"] = 2
            if len(hands) == 2 and not holds_card:
                breakdown[hand["name"]][f"penalty:{region}"] = -5
    for symbol in SYMBOLS:
        counts = {h["name"]: _symbols(h, symbol) + h["tiles"].count(symbol) for h in hands}
        _award_majority(breakdown, f"majority:{symbol}", counts, options["tie_scores"])
        for hand in hands:
            if len(hands) == 2 and _symbols(hand, symbol) == 0:
                breakdown[hand["name"]][f"penalty:{symbol}"] = -5

    totals = {name: sum(parts.values()) for name, parts in breakdown.items()}
    cards = {hand["name"]: len(hand["cards"]) for hand in hands}
    return {
        "totals": totals,
        "winners": winners_by(totals, lambda name: -cards[name]),
        "breakdown": breakdown,
    }


def _options(data: Mapping, tie_scores, three_rows) -> dict:
    given = as_object(data.get("options", {}), "options", set(DEFAULTS))
    options = {**DEFAULTS, **given}
    if tie_scores is not None:
        options["tie_scores"] = tie_scores
    if three_rows is not None:
        options["three_rows"] = three_rows
    if options["tie_scores"] not in TIE_SCORES:
        raise ScoreInputError("options.tie_scores", "must be 'full' or 'none'")
    if not isinstance(options["three_rows"], bool):
        raise ScoreInputError("options.three_rows", "must be true or false")
    return options


def _hand(player: Mapping, path: str) -> dict:
    player = as_object(player, path, {"name", "cards", "tiles"})
    cards = []
    for index, card in enumerate(as_list(required(player, "cards", path), join(path, "cards"))):
        cards.append(_card(card, join(join(path, "cards"), index)))
    tiles = []
    for index, tile in enumerate(as_list(player.get("tiles", []), join(path, "tiles"))):
        tiles.append(as_text(tile, join(join(path, "tiles"), index)))
    return {"name": player["name"].strip(), "cards": cards, "tiles": tiles, "path": path}


def _card(card, path: str) -> dict:
    """A region card: 1 or 2 coats; a symbol only on a single-coat card (§1.2, §1.7.6)."""
    card = as_object(card, path, {"region", "coats", "symbol"})
    region = _region_name(required(card, "region", path), join(path, "region"))
    coats = as_count(required(card, "coats", path), join(path, "coats"))
    if coats not in (1, 2):
        raise ScoreInputError(join(path, "coats"), f"must be 1 or 2 (got {coats})")
    symbol = card.get("symbol")
    if symbol is not None:
        if symbol not in SYMBOLS:
            raise ScoreInputError(join(path, "symbol"), "must be 'sword', 'cross' or 'tower'")
        if coats == 2:
            raise ScoreInputError(join(path, "symbol"), "a card with two coats shows no symbol")
    return {"region": region, "coats": coats, "symbol": symbol}


def _region_name(value, path: str) -> str:
    name = as_text(value, path)
    if name in SYMBOLS or name == MARKER:
        raise ScoreInputError(path, f"{name!r} is a symbol or tile name, not a region")
    return name


def _regions(data: Mapping, hands: list[dict], three_rows: bool, players: int) -> list[str]:
    """The regions to score: the input's list, or every region found on a card (§1.3)."""
    if three_rows and players != 2:
        raise ScoreInputError("players", "the three-rows variant is for 2 players")
    if "regions" not in data:
        if three_rows:
            raise ScoreInputError(
                "regions", "the three-rows variant needs the full list of 9 regions"
            )
        return list(dict.fromkeys(card["region"] for h in hands for card in h["cards"]))
    regions = []
    for index, value in enumerate(as_list(data["regions"], "regions")):
        name = _region_name(value, join("regions", index))
        if name in regions:
            raise ScoreInputError(join("regions", index), f"{name!r} is listed twice")
        regions.append(name)
    if three_rows and len(regions) != FULL_REGION_COUNT:
        raise ScoreInputError(
            "regions", f"the three-rows variant needs all 9 regions (got {len(regions)})"
        )
    for hand in hands:
        for index, card in enumerate(hand["cards"]):
            if card["region"] not in regions:
                field = join(join(join(hand["path"], "cards"), index), "region")
                raise ScoreInputError(field, f"{card['region']!r} is not in regions")
    return regions


def _check_tiles(hands: list[dict]) -> None:
    """Each coat and symbol tile exists once, the marker-back tile twice (§1.2)."""
    holders: dict[str, list[str]] = {}
    for hand in hands:
        for index, tile in enumerate(hand["tiles"]):
            holders.setdefault(tile, []).append(hand["name"])
            limit = 2 if tile == MARKER else 1
            if len(holders[tile]) > limit:
                field = join(join(hand["path"], "tiles"), index)
                raise ScoreInputError(field, f"there are only {limit} {tile!r} tile(s) in the game")


def _coats(hand: dict, region: str) -> int:
    return sum(card["coats"] for card in hand["cards"] if card["region"] == region)


def _symbols(hand: dict, symbol: str) -> int:
    return sum(1 for card in hand["cards"] if card["symbol"] == symbol)


def _award_majority(breakdown: dict, category: str, counts: dict, tie_scores: str) -> None:
    """The most scores its count; tied players score in full, or not at all (§1.4, §1.7.2)."""
    best = max(counts.values())
    if best == 0:
        return
    leaders = [name for name, count in counts.items() if count == best]
    if len(leaders) > 1 and tie_scores == "none":
        return
    for name in leaders:
        breakdown[name][category] = best
