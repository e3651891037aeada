"""Taps of the phone pages turn into the spec's JSON (companions spec §1.3, §2.4, §3.4)."""

import pytest

from consell.companions import editing
from consell.companions.games import score


def richelieu_play():
    return editing.blank("richelieu", ["Alice", "Bob"])


def test_a_tap_on_a_region_counter_adds_that_card():
    """§1.3: a card is {"region", "coats", "symbol"}; region 4 is Anjou, sword a 1-coat card."""
    play = editing.apply(richelieu_play(), "card:0:4:sword:1", {})
    assert play["players"][0]["cards"] == [{"region": "Anjou", "coats": 1, "symbol": "sword"}]


def test_a_minus_tap_removes_one_such_card():
    play = editing.apply(richelieu_play(), "card:1:0:2:1", {})
    play = editing.apply(play, "card:1:0:2:1", {})
    play = editing.apply(play, "card:1:0:2:-1", {})
    assert play["players"][1]["cards"] == [{"region": "Bourgogne", "coats": 2}]


def test_a_tile_moves_to_the_last_player_who_tapped_it():
    """§1.2: each coat tile exists once, so it can lie before one player only."""
    play = editing.apply(richelieu_play(), "tile:0:region:1", {})
    play = editing.apply(play, "tile:1:region:1", {})
    assert play["players"][0]["tiles"] == []
    assert play["players"][1]["tiles"] == ["Normandie"]


def test_renaming_a_region_carries_its_cards_and_tiles():
    play = editing.apply(richelieu_play(), "card:0:5:1:1", {})
    play = editing.apply(play, "tile:0:region:5", {})
    play = editing.apply(play, "", {"region-5": "Bretagne"})
    assert play["regions"][5] == "Bretagne"
    assert play["players"][0]["cards"] == [{"region": "Bretagne", "coats": 1}]
    assert play["players"][0]["tiles"] == ["Bretagne"]


def test_the_page_switches_become_the_plays_options():
    """§1.7.2 and §1.5: majority ties and the three-rows variant travel with the play."""
    play = editing.apply(richelieu_play(), "", {"tie_scores": "none", "three_rows": "1"})
    assert play["options"] == {"tie_scores": "none", "three_rows": True}


def test_a_blank_richelieu_play_lists_nine_regions_and_scores():
    """§1.5: "The app should pass the full regions list"."""
    play = richelieu_play()
    assert len(play["regions"]) == 9
    assert score("richelieu", play)["totals"] == {"Alice": -60, "Bob": -60}


def test_louis14_counters_never_go_below_zero():
    """§2.4: counts of coats are whole numbers from 0."""
    play = editing.blank("louis14", ["Alice", "Bob"])
    play = editing.apply(play, "coat:0:III:-1", {})
    play = editing.apply(play, "leftover:1:gold:1", {})
    play = editing.apply(play, "missions:1:1", {})
    assert play["players"][0]["coats"]["III"] == 0
    assert play["players"][1]["leftover"]["gold"] == 1
    assert play["players"][1]["missions"] == 1


def test_a_card_placed_in_a_circle_takes_the_catalogue_seals():
    """§3.9.1: the group's catalogue gives the seals of each card."""
    play = editing.blank("versailles", ["Alice", "Bob"])
    play = editing.apply(play, "place:0:1:1", {"pick": "louis-xiv"}, {"louis-xiv": ["favorite"]})
    play = editing.apply(play, "seal:0:1:1:military", {})
    assert play["players"][0]["circle"][1][1] == {
        "card": "louis-xiv",
        "symbols": ["favorite", "military"],
    }


def test_placing_needs_a_chosen_card():
    play = editing.blank("versailles", ["Alice", "Bob"])
    with pytest.raises(editing.EditError):
        editing.apply(play, "place:0:0:0", {"pick": ""})


@pytest.mark.parametrize("op", ["card:0:99:1:1", "card:0:1:7:1", "coat", "place:0:3:0", "fly:1"])
def test_a_tap_that_does_not_fit_the_play_is_refused(op):
    game = "versailles" if op.startswith("place") else "richelieu"
    with pytest.raises(editing.EditError):
        editing.apply(editing.blank(game, ["Alice", "Bob"]), op, {"pick": "colbert"})


def test_players_can_be_added_up_to_the_games_limit():
    """§1.5: Richelieu takes 2 to 4 players."""
    play = richelieu_play()
    play = editing.apply(play, "add-player", {"new_name": "Carles"})
    play = editing.apply(play, "add-player", {"new_name": "Dídac"})
    with pytest.raises(editing.EditError):
        editing.apply(play, "add-player", {"new_name": "Elena"})


def test_an_imported_play_without_regions_lists_those_of_its_cards():
    """§1.3: "If it is missing, the region list is every region found on any player's cards." """
    play = {
        "players": [
            {"name": "Alice", "cards": [{"region": "Anjou", "coats": 2}]},
            {"name": "Bob", "cards": [{"region": "Provence", "coats": 1}]},
        ]
    }
    assert editing.for_page("richelieu", play)["regions"] == ["Anjou", "Provence"]
