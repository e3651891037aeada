"""Louis XIV end-of-game scoring (companions spec §2.3–§2.5), with the seed's Péter example."""

import pytest

from consell.companions.inputs import ScoreInputError
from consell.companions.louis14 import exchange, score


def player(name, coats, missions=0, **extra):
    return {"name": name, "coats": coats, "missions": missions, **extra}


def play(*players):
    return {"game": "louis14", "players": list(players)}


def test_exchange_example_peter_draws_seven_coats():
    """§2.3: "1 influence card + 2 intrigue cards + 8 gold (2 coats) + 2 markers on board 5
    → 1 + 2 + 2 + 2 = 7 coats." """
    leftover = {"influence_cards": 1, "intrigue_cards": 2, "gold": 8, "markers_on_courtiers": 2}
    assert exchange(leftover) == 7


def test_exchange_counts_only_full_threes_of_gold():
    """§2.3: "every full 3 Louis d'or (round down)"."""
    assert exchange({"gold": 2}) == 0
    assert exchange({"gold": 9, "mission_tokens": 1}) == 4


def test_the_exchange_is_reported_and_never_added_twice():
    """§2.3: "The `coats` field of the input already includes the coats drawn here, so the
    exchange is reported, never added a second time." """
    leftover = {"influence_cards": 1, "intrigue_cards": 2, "gold": 8, "markers_on_courtiers": 2}
    result = score(
        play(
            player("Péter", {"lion": 7}, leftover=leftover),
            player("Alice", {"eagle": 1}, own_supply=4),
        )
    )
    assert result["exchange"] == {"Péter": 7}
    assert result["totals"]["Péter"] == 7 + 1


def test_no_leftovers_no_exchange():
    """§2.3: "`leftover` is optional. When it is given, return `exchange[name]`." """
    result = score(play(player("Alice", {"lion": 2}), player("Bob", {"lion": 1})))
    assert "exchange" not in result


def test_the_most_of_a_kind_draws_one_bonus_coat():
    """§2.4: "if M >= 1: every p with coats[p][K] == M draws 1 extra face-down coat"."""
    result = score(play(player("Alice", {"lion": 3}), player("Bob", {"lion": 2})))
    assert result["breakdown"]["Alice"]["bonus:lion"] == 1
    assert "bonus:lion" not in result["breakdown"]["Bob"]


def test_a_tie_for_the_most_gives_each_a_bonus_coat():
    """§2.4: "A tie for the most gives each tied player one bonus coat." """
    result = score(
        play(
            player("Alice", {"lion": 3}, own_supply=2),
            player("Bob", {"lion": 3}, own_supply=5),
            player("Carles", {"lion": 1}),
        )
    )
    assert result["breakdown"]["Alice"]["bonus:lion"] == 1
    assert result["breakdown"]["Bob"]["bonus:lion"] == 1
    assert "bonus:lion" not in result["breakdown"]["Carles"]


def test_a_kind_nobody_holds_gives_no_bonus():
    """§2.4: "if nobody holds a kind, there is no bonus for it. Inputs may list a kind with a
    count of 0." """
    result = score(
        play(
            player("Alice", {"lion": 1, "tower": 0}, own_supply=2),
            player("Bob", {"lion": 1, "tower": 0}, own_supply=3),
        )
    )
    assert result["totals"] == {"Alice": 2, "Bob": 2}
    assert "bonus:tower" not in result["breakdown"]["Alice"]


def test_a_kind_missing_from_a_player_counts_as_none():
    """§2.4: "M = max over players of coats[p][K] (missing = 0)"."""
    result = score(
        play(player("Alice", {"lion": 1}, own_supply=2), player("Bob", {"tower": 1}, own_supply=1))
    )
    assert result["breakdown"]["Alice"]["bonus:lion"] == 1
    assert result["breakdown"]["Bob"]["bonus:tower"] == 1


def test_every_mission_is_worth_five_whatever_its_colour():
    """§2.2: "Every fulfilled (played) mission card is worth 5 VP"."""
    result = score(play(player("Alice", {}, missions=3), player("Bob", {}, missions=0)))
    assert result["breakdown"]["Alice"]["missions"] == 15
    assert result["totals"]["Bob"] == 0


def test_total_is_coats_plus_bonuses_plus_five_per_mission():
    """§2.4: "total[p] = sum(coats[p].values()) + majority_bonuses[p] + 5 * missions[p]"."""
    coats = {"lion": 4, "tower": 2, "eagle": 1}
    result = score(play(player("Alice", coats, missions=2), player("Bob", {"lion": 4})))
    assert result["totals"]["Alice"] == 7 + 3 + 10


def test_at_most_six_bonus_coats():
    """§2.4: "With 6 kinds, a player can collect at most 6 bonus coats." """
    six = {kind: 1 for kind in "abcdef"}
    result = score(play(player("Alice", six), player("Bob", {})))
    assert result["totals"]["Alice"] == 6 + 6


def test_equal_totals_more_markers_in_own_supply_wins():
    """§2.5: "the tied player with more influence markers in their own supply wins"."""
    result = score(
        play(
            player("Alice", {"lion": 2}, own_supply=3),
            player("Bob", {"lion": 2}, own_supply=5),
        )
    )
    assert result["winners"] == ["Bob"]


def test_equal_own_supplies_share_the_win():
    """§2.5: "If players are still tied, they share the win." """
    result = score(
        play(
            player("Alice", {"lion": 2}, own_supply=4),
            player("Bob", {"lion": 2}, own_supply=4),
            player("Carles", {"lion": 1}, own_supply=9),
        )
    )
    assert result["winners"] == ["Alice", "Bob"]


def test_a_tie_without_own_supplies_asks_for_them():
    """§2.5: own supply decides ties, so a tie cannot be broken without it."""
    with pytest.raises(ScoreInputError) as error:
        score(play(player("Alice", {"lion": 2}), player("Bob", {"lion": 2}, own_supply=1)))
    assert error.value.field == "players[0].own_supply"


@pytest.mark.parametrize(
    ("alice", "field"),
    [
        ({"name": "Alice", "coats": {"lion": -1}, "missions": 0}, "players[0].coats.lion"),
        ({"name": "Alice", "coats": {"lion": 11}, "missions": 0}, "players[0].coats.lion"),
        ({"name": "Alice", "coats": {"lion": 1.5}, "missions": 0}, "players[0].coats.lion"),
        ({"name": "Alice", "coats": [1, 2], "missions": 0}, "players[0].coats"),
        ({"name": "Alice", "coats": {}}, "players[0].missions"),
        ({"name": "Alice", "missions": 1}, "players[0].coats"),
        ({"name": "Alice", "coats": {}, "missions": -2}, "players[0].missions"),
        ({"name": "Alice", "coats": {}, "missions": 0, "own_supply": 17}, "players[0].own_supply"),
        (
            {"name": "Alice", "coats": {}, "missions": 0, "leftover": {"gold": -3}},
            "players[0].leftover.gold",
        ),
        (
            {"name": "Alice", "coats": {}, "missions": 0, "leftover": {"coins": 3}},
            "players[0].leftover.coins",
        ),
    ],
)
def test_bad_player_input_is_refused_naming_its_field(alice, field):
    """§2.3–§2.4: coats by kind (10 of each kind), missions, own supply and leftovers."""
    with pytest.raises(ScoreInputError) as error:
        score(play(alice, player("Bob", {"lion": 1})))
    assert error.value.field == field


def test_a_seventh_kind_of_coat_is_refused():
    """§2.2: "60 coats of arms ...: 6 kinds, 10 of each"."""
    with pytest.raises(ScoreInputError) as error:
        score(play(player("Alice", {k: 1 for k in "abcd"}), player("Bob", {k: 1 for k in "defg"})))
    assert error.value.field == "players"
