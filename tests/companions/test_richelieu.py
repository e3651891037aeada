"""Richelieu scoring (companions spec §1.4–§1.7), with the seed's worked examples."""

import pytest

from consell.companions.inputs import ScoreInputError
from consell.companions.richelieu import score


def cards(region, coats, symbol=None, n=1):
    card = {"region": region, "coats": coats}
    if symbol:
        card["symbol"] = symbol
    return [dict(card) for _ in range(n)]


def player(name, hand, tiles=None):
    entry = {"name": name, "cards": hand}
    if tiles is not None:
        entry["tiles"] = tiles
    return entry


def play(*players, **extra):
    return {"game": "richelieu", "players": list(players), **extra}


def test_example_1_the_tile_counts_as_a_coat():
    """Example 1: "Andreas besitzt 5 Wappen der Bourgogne und das entsprechende Spielplättchen.
    Bernd besitzt die anderen 5 Wappen der Bourgogne. Andreas schreibt sich 6 Punkte gut;
    Bernd geht leer aus." """
    result = score(
        play(
            player("Andreas", cards("Bourgogne", 2, n=2) + cards("Bourgogne", 1), ["Bourgogne"]),
            player("Bernd", cards("Bourgogne", 2) + cards("Bourgogne", 1, n=3)),
        )
    )
    assert result["breakdown"]["Andreas"]["majority:Bourgogne"] == 6
    assert "majority:Bourgogne" not in result["breakdown"]["Bernd"]


def test_example_2_tied_players_score_in_full():
    """Example 2: "Zwei Spieler besitzen je 4 Wappen der Normandie. Beide bekommen jeweils
    4 Punkte." """
    result = score(
        play(
            player("Andreas", cards("Normandie", 2, n=2)),
            player("Bernd", cards("Normandie", 1, n=4)),
        )
    )
    assert result["breakdown"]["Andreas"]["majority:Normandie"] == 4
    assert result["breakdown"]["Bernd"]["majority:Normandie"] == 4


def test_example_3_five_crosses_beat_four():
    """Example 3: "Andreas besitzt 5 Kreuze und Bernd die restlichen 4 Kreuze ... Andreas
    schreibt sich 5 Punkte gut; Bernd geht leer aus." """
    result = score(
        play(
            player("Andreas", cards("Anjou", 1, "cross", n=5)),
            player("Bernd", cards("Anjou", 1, "cross", n=4)),
        )
    )
    assert result["breakdown"]["Andreas"]["majority:cross"] == 5
    assert "majority:cross" not in result["breakdown"]["Bernd"]


def test_example_3_with_the_cross_tile_both_score_five():
    """Example 3: "(Hätte Bernd das Spielplättchen besessen, hätte beide 5 Punkte bekommen.)" """
    result = score(
        play(
            player("Andreas", cards("Anjou", 1, "cross", n=5)),
            player("Bernd", cards("Anjou", 1, "cross", n=4), ["cross"]),
        )
    )
    assert result["breakdown"]["Andreas"]["majority:cross"] == 5
    assert result["breakdown"]["Bernd"]["majority:cross"] == 5


def test_tie_scores_none_gives_a_tied_majority_to_nobody():
    """§1.7.2: retail descriptions say "bei einem Gleichstand erhält kein Spieler Punkte"."""
    result = score(
        play(
            player("Alice", cards("Normandie", 2, n=2)),
            player("Bob", cards("Normandie", 1, n=4)),
        ),
        tie_scores="none",
    )
    assert "majority:Normandie" not in result["breakdown"]["Alice"]
    assert "majority:Normandie" not in result["breakdown"]["Bob"]


def test_tie_scores_none_still_pays_a_clear_majority():
    """§1.7.2: the switch changes ties only; a true majority still scores its count."""
    result = score(
        play(player("Alice", cards("Normandie", 2, n=2)), player("Bob", cards("Normandie", 1))),
        tie_scores="none",
    )
    assert result["breakdown"]["Alice"]["majority:Normandie"] == 4


def test_tie_scores_can_come_from_the_input_options():
    """A saved play keeps its switch in `options`; an explicit switch overrides it."""
    data = play(
        player("Alice", cards("Normandie", 2)),
        player("Bob", cards("Normandie", 1, n=2)),
        options={"tie_scores": "none"},
    )
    assert "majority:Normandie" not in score(data)["breakdown"]["Alice"]
    assert score(data, tie_scores="full")["breakdown"]["Alice"]["majority:Normandie"] == 2


def test_three_or_four_players_gain_two_per_region_with_a_card():
    """§1.4: "if N >= 3: every p holding >= 1 card of R gains 2"."""
    result = score(
        play(
            player("Alice", cards("Anjou", 1) + cards("Provence", 2)),
            player("Bob", cards("Anjou", 2)),
            player("Carles", cards("Provence", 1)),
        )
    )
    assert result["breakdown"]["Alice"]["presence:Anjou"] == 2
    assert result["breakdown"]["Alice"]["presence:Provence"] == 2
    assert "presence:Provence" not in result["breakdown"]["Bob"]


def test_a_tile_is_no_presence_with_three_players():
    """§1.4: presence looks at cards only: "ein passendes Spielplättchen nützt hier also nichts"."""
    result = score(
        play(
            player("Alice", cards("Anjou", 2)),
            player("Bob", cards("Provence", 1), ["Anjou"]),
            player("Carles", cards("Provence", 2)),
        )
    )
    assert "presence:Anjou" not in result["breakdown"]["Bob"]


def test_three_players_have_no_symbol_penalty():
    """§1.5: with 3–4 players, symbol presence scores nothing."""
    result = score(
        play(
            player("Alice", cards("Anjou", 2)),
            player("Bob", cards("Anjou", 1)),
            player("Carles", cards("Anjou", 1)),
        )
    )
    assert result["totals"] == {"Alice": 2 + 2, "Bob": 2, "Carles": 2}


def test_two_players_lose_five_per_region_without_a_card():
    """§1.4: "if N == 2: every p holding no card of R loses 5"."""
    result = score(
        play(
            player("Alice", cards("Anjou", 2) + cards("Provence", 1, "sword")),
            player("Bob", cards("Anjou", 1, "cross")),
        )
    )
    assert result["breakdown"]["Bob"]["penalty:Provence"] == -5
    assert "penalty:Anjou" not in result["breakdown"]["Bob"]


def test_a_coat_tile_does_not_avoid_the_region_penalty():
    """§1.4: presence looks at cards only; a Provence tile still costs 5 without a card."""
    result = score(
        play(
            player("Alice", cards("Provence", 2)),
            player("Bob", cards("Anjou", 2), ["Provence"]),
        )
    )
    assert result["breakdown"]["Bob"]["penalty:Provence"] == -5


def test_two_players_lose_five_per_symbol_without_a_card():
    """§1.4: "if N == 2: every p holding no CARD showing S loses 5"."""
    result = score(
        play(
            player("Alice", cards("Anjou", 1, "sword") + cards("Anjou", 1, "cross")),
            player("Bob", cards("Anjou", 1, "tower")),
        )
    )
    assert result["breakdown"]["Alice"]["penalty:tower"] == -5
    assert result["breakdown"]["Bob"]["penalty:sword"] == -5
    assert result["breakdown"]["Bob"]["penalty:cross"] == -5
    assert "penalty:sword" not in result["breakdown"]["Alice"]


def test_a_symbol_tile_does_not_avoid_the_symbol_penalty():
    """§1.7.5: "This spec decides that a symbol tile does not avoid the −5"."""
    result = score(
        play(
            player("Alice", cards("Anjou", 1, "sword") + cards("Anjou", 1, "cross")),
            player("Bob", cards("Anjou", 1, "tower"), ["sword"]),
        )
    )
    assert result["breakdown"]["Bob"]["penalty:sword"] == -5
    assert result["breakdown"]["Bob"]["majority:sword"] == 1


def test_a_region_nobody_owns_costs_both_players_five():
    """§1.4: "a region or symbol that nobody owns ... costs both players 5"."""
    result = score(
        play(
            player("Alice", cards("Anjou", 1, "sword")),
            player("Bob", cards("Anjou", 1, "cross")),
            regions=["Anjou", "Auvergne"],
        )
    )
    assert result["breakdown"]["Alice"]["penalty:Auvergne"] == -5
    assert result["breakdown"]["Bob"]["penalty:Auvergne"] == -5
    assert "majority:Auvergne" not in result["breakdown"]["Alice"]


def test_a_coat_tile_outside_the_region_list_is_ignored():
    """§1.3: "A coat tile for a region that is not in the region list is ignored." """
    result = score(
        play(
            player("Alice", cards("Anjou", 2), ["Bourgogne"]),
            player("Bob", cards("Anjou", 1)),
            player("Carles", cards("Anjou", 1)),
        )
    )
    assert not any("Bourgogne" in category for category in result["breakdown"]["Alice"])


def test_the_marker_back_tile_is_worth_nothing():
    """§1.2: "The marker-back tile ... is worth nothing at scoring." """
    with_tile = play(
        player("Alice", cards("Anjou", 2), ["marker", "marker"]),
        player("Bob", cards("Anjou", 1)),
        player("Carles", cards("Anjou", 1)),
    )
    assert score(with_tile)["totals"]["Alice"] == 4


def test_equal_totals_fewer_cards_wins():
    """§1.6: "Equal totals: the tied player with fewer cards in total wins." """
    result = score(
        play(
            player("Alice", cards("Anjou", 2) + cards("Provence", 1)),
            player("Bob", cards("Anjou", 1, n=2)),
            player("Carles", cards("Provence", 1, n=2) + cards("Anjou", 1, n=1)),
        )
    )
    # Alice: Anjou 2 (tied) + 2 presences; Carles: Provence 2 + 2 presences; Bob: 2 + 2.
    assert result["totals"] == {"Alice": 6, "Bob": 4, "Carles": 6}
    assert result["winners"] == ["Alice"]


def test_still_tied_after_counting_cards_they_share_the_win():
    """§1.6: "If they are still tied, they share the win." """
    result = score(
        play(
            player("Alice", cards("Anjou", 1, "sword")),
            player("Bob", cards("Anjou", 1, "sword")),
        )
    )
    assert result["winners"] == ["Alice", "Bob"]


def test_the_total_is_the_sum_of_the_breakdown():
    """§1.4: "total[p] = sum of the above"."""
    result = score(
        play(
            player("Alice", cards("Anjou", 2) + cards("Anjou", 1, "sword"), ["tower"]),
            player("Bob", cards("Provence", 1, "cross")),
        )
    )
    # Alice: Anjou 3, sword 1, tower 1 (tile), no Provence −5, no cross −5, no tower card −5.
    assert result["totals"]["Alice"] == 3 + 1 + 1 - 5 - 5 - 5
    assert result["totals"]["Bob"] == sum(result["breakdown"]["Bob"].values())


def test_three_rows_variant_charges_the_regions_nobody_took():
    """§1.5: scoring when three rows are cleared; "The app should pass the full regions list so
    that the −5 for a region nobody took is applied." """
    nine = ["Bourgogne", "Normandie", "Auvergne", "Provence", "Anjou", "R6", "R7", "R8", "R9"]
    result = score(
        play(
            player("Alice", cards("Bourgogne", 2) + cards("Anjou", 1, "sword")),
            player("Bob", cards("Normandie", 2)),
            regions=nine,
        ),
        three_rows=True,
    )
    assert result["breakdown"]["Alice"]["penalty:R9"] == -5
    assert result["breakdown"]["Bob"]["penalty:R9"] == -5


def test_three_rows_variant_needs_the_full_region_list():
    """§1.5: the variant needs all 9 regions to charge the ones nobody took."""
    data = play(player("Alice", cards("Anjou", 2)), player("Bob", cards("Anjou", 1)))
    with pytest.raises(ScoreInputError) as error:
        score(data, three_rows=True)
    assert error.value.field == "regions"


def test_three_rows_variant_is_for_two_players():
    """§1.5: the "harder game" is a two-player variant."""
    data = play(
        player("Alice", cards("Anjou", 2)),
        player("Bob", cards("Anjou", 1)),
        player("Carles", cards("Anjou", 1)),
    )
    with pytest.raises(ScoreInputError) as error:
        score(data, three_rows=True)
    assert error.value.field == "players"


@pytest.mark.parametrize(
    ("card", "field"),
    [
        ({"region": "Anjou", "coats": 3}, "players[0].cards[0].coats"),
        ({"region": "Anjou", "coats": -1}, "players[0].cards[0].coats"),
        ({"region": "Anjou", "coats": "2"}, "players[0].cards[0].coats"),
        ({"region": "Anjou", "coats": True}, "players[0].cards[0].coats"),
        ({"region": "Anjou", "coats": 2, "symbol": "sword"}, "players[0].cards[0].symbol"),
        ({"region": "Anjou", "coats": 1, "symbol": "crown"}, "players[0].cards[0].symbol"),
        ({"region": "", "coats": 1}, "players[0].cards[0].region"),
        ({"region": "cross", "coats": 1}, "players[0].cards[0].region"),
        ({"coats": 1}, "players[0].cards[0].region"),
        ({"region": "Anjou", "coats": 1, "colour": "red"}, "players[0].cards[0].colour"),
    ],
)
def test_a_card_that_does_not_exist_is_refused_naming_its_field(card, field):
    """§1.3: "`coats` is 1 or 2. `symbol` is optional ... at most one per card"; a card with
    two coats has no symbol (§1.2)."""
    with pytest.raises(ScoreInputError) as error:
        score(play(player("Alice", [card]), player("Bob", cards("Anjou", 1))))
    assert error.value.field == field


def test_a_tile_held_twice_is_refused():
    """§1.2: one coat tile per region and one tile per symbol."""
    data = play(
        player("Alice", cards("Anjou", 2), ["cross"]),
        player("Bob", cards("Anjou", 1), ["cross"]),
    )
    with pytest.raises(ScoreInputError) as error:
        score(data)
    assert error.value.field == "players[1].tiles[0]"


def test_a_card_of_a_region_outside_the_list_is_refused():
    """§1.3: `regions` is the list to score; a card outside it would silently not count."""
    data = play(
        player("Alice", cards("Anjou", 2)),
        player("Bob", cards("Picardie", 1)),
        regions=["Anjou"],
    )
    with pytest.raises(ScoreInputError) as error:
        score(data)
    assert error.value.field == "players[1].cards[0].region"


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"players": [{"name": "Alice", "cards": []}]}, "players"),
        ({"players": [{"name": "Alice"}, {"name": "Bob", "cards": []}]}, "players[0].cards"),
        (
            {"players": [{"name": "Alice", "cards": []}, {"name": "Alice", "cards": []}]},
            "players[1].name",
        ),
        ({"game": "louis14", "players": []}, "game"),
        ({}, "players"),
    ],
)
def test_a_malformed_play_is_refused_naming_its_field(data, field):
    """§1.3: the input is the players with their cards; 2 to 4 players (§1.5)."""
    with pytest.raises(ScoreInputError) as error:
        score(data)
    assert error.value.field == field


def test_an_unknown_tie_rule_is_refused():
    """§1.7.2: the house-rule switch is `tie_scores = full | none`."""
    data = play(player("Alice", cards("Anjou", 2)), player("Bob", cards("Anjou", 1)))
    with pytest.raises(ScoreInputError) as error:
        score(data, tie_scores="half")
    assert error.value.field == "options.tie_scores"
