"""La Cour de Versailles scoring (companions spec §3.4–§3.8)."""

import pytest

from consell.companions.inputs import ScoreInputError
from consell.companions.versailles import score


def c(card, *symbols):
    return {"card": card, "symbols": list(symbols)}


def grid(*placed):
    """A Circle from (row, col, cell) triples; every other cell is face down."""
    rows = [[None, None, None] for _ in range(3)]
    for row, col, cell in placed:
        rows[row][col] = cell
    return rows


def points(circle, category_start, other=None):
    """Alice's points for the categories starting with `category_start`."""
    other = other or grid()
    result = score(
        {"players": [{"name": "Alice", "circle": circle}, {"name": "Bob", "circle": other}]}
    )
    return sum(v for k, v in result["breakdown"]["Alice"].items() if k.startswith(category_start))


def test_louis_xiv_in_the_centre_gains_seven_and_one_per_favorite():
    """§3.5: "+7 if he is in the centre; +1 per favorite seal in the Circle"."""
    circle = grid((1, 1, c("louis-xiv", "favorite")), (0, 0, c("hamilton", "favorite")))
    assert points(circle, "card:louis-xiv") == 7 + 2


def test_louis_xiv_off_centre_gains_only_his_favorites():
    """§3.5: the +7 needs the centre (1,1)."""
    assert points(grid((0, 1, c("louis-xiv", "favorite"))), "card:louis-xiv") == 1


def test_marie_therese_loses_one_per_favorite():
    """§3.5: "−1 per favorite seal in the Circle"."""
    circle = grid((0, 0, c("marie-therese")), (0, 1, c("colbert", "favorite", "favorite")))
    assert points(circle, "card:marie-therese") == -2


def test_philippe_gains_four_for_the_chevalier_and_four_for_palatine():
    """§3.5: "+4 if you have the Chevalier de Lorraine; +4 if you have the Princesse Palatine"."""
    circle = grid(
        (0, 0, c("philippe-dorleans")),
        (2, 2, c("chevalier-de-lorraine")),
        (2, 0, c("palatine")),
    )
    assert points(circle, "card:philippe-dorleans") == 8


def test_montespan_gains_nine_with_louis_and_no_other_favorite():
    """§3.5: "+9 if you have Louis XIV (01)(11) and no favorite seal on any other card"."""
    circle = grid((0, 0, c("montespan", "favorite")), (1, 1, c("louis-xiv")))
    assert points(circle, "card:montespan") == 9


def test_montespan_loses_her_nine_to_another_favorite():
    """§3.5: another card's favorite seal spoils the +9 (§3.9.6: Louis's own seal too)."""
    circle = grid((0, 0, c("montespan")), (1, 1, c("louis-xiv", "favorite")))
    assert points(circle, "card:montespan") == 0


def test_toussaint_rose_stands_for_louis_xiv_for_montespan():
    """§3.6: Toussaint Rose "meets every "(01)(11)" condition: Montespan, Maintenon, Colbert"."""
    circle = grid((0, 0, c("montespan")), (2, 2, c("toussaint-rose")))
    assert points(circle, "card:montespan") == 9


def test_louis_and_toussaint_rose_together_pay_montespan_once():
    """§3.4: "It is met at most once: having both ... never doubles the bonus"."""
    circle = grid((0, 0, c("montespan")), (1, 1, c("louis-xiv")), (2, 2, c("toussaint-rose")))
    assert points(circle, "card:montespan") == 9


def test_montespan_loses_three_with_maintenon():
    """§3.5: "−3 if you have Maintenon"."""
    circle = grid((0, 0, c("montespan")), (2, 2, c("maintenon")))
    assert points(circle, "card:montespan") == -3


def test_maintenon_gains_per_clergy_and_five_with_louis():
    """§3.5: "+1 per clergy seal; +5 if you have Louis XIV (01)(11); −7 if you have Montespan"."""
    circle = grid(
        (0, 0, c("maintenon", "clergy")),
        (0, 1, c("bossuet", "clergy", "clergy")),
        (1, 1, c("toussaint-rose")),
        (2, 2, c("louis-xiv")),
    )
    assert points(circle, "card:maintenon") == 3 + 5


def test_maintenon_loses_seven_with_montespan():
    """§3.5: "−7 if you have Montespan"."""
    circle = grid((0, 0, c("maintenon")), (2, 2, c("montespan")))
    assert points(circle, "card:maintenon") == -7


def test_colbert_counts_statesman_seals_on_orthogonal_neighbours_only():
    """§3.5: "+2 per statesman seal on cards adjacent to him (his own seal does not count)";
    §3.4: "Diagonal cells are not adjacent." """
    circle = grid(
        (1, 1, c("colbert", "statesman")),
        (0, 1, c("bossuet", "statesman")),
        (1, 2, c("louvois", "statesman", "statesman")),
        (0, 0, c("gigault", "statesman")),
    )
    assert points(circle, "card:colbert") == 2 * 3


def test_colbert_gains_four_once_for_louis_and_toussaint_rose_adjacent():
    """§3.5: "+4 if Louis XIV (01)(11) is adjacent (once)"."""
    circle = grid((1, 1, c("colbert")), (0, 1, c("louis-xiv")), (1, 0, c("toussaint-rose")))
    assert points(circle, "card:colbert") == 4


def test_colbert_gets_nothing_for_louis_on_a_diagonal():
    """§3.4: adjacency is orthogonal."""
    assert points(grid((1, 1, c("colbert")), (0, 0, c("louis-xiv"))), "card:colbert") == 0


def test_palatine_gains_four_for_philippe_and_three_for_the_chevalier():
    """§3.5: "+4 if you have Philippe d'Orléans; +3 if you have the Chevalier de Lorraine"."""
    circle = grid(
        (0, 0, c("palatine")), (0, 1, c("philippe-dorleans")), (0, 2, c("chevalier-de-lorraine"))
    )
    assert points(circle, "card:palatine") == 7


def test_louis_de_france_needs_the_real_louis_for_five():
    """§3.6: Toussaint Rose "does not meet conditions that name only "(01)": Louis de
    France's +5"; he gives Louis de France +1 instead."""
    circle = grid((0, 0, c("louis-de-france")), (1, 1, c("toussaint-rose")))
    assert points(circle, "card:louis-de-france") == 1


def test_louis_de_france_full_family():
    """§3.5: "+9 if you have Marie-Thérèse; +5 ... the real Louis XIV; +4 if you have
    Marie-Anne de Bavière"."""
    circle = grid(
        (0, 0, c("louis-de-france")),
        (0, 1, c("marie-therese")),
        (1, 1, c("louis-xiv")),
        (2, 2, c("marie-anne-de-baviere")),
    )
    assert points(circle, "card:louis-de-france") == 9 + 5 + 4


def test_sainte_maure_needs_both_louis_de_france_and_bossuet():
    """§3.5: "+6 if you have both Louis de France and Bossuet"."""
    both = grid((0, 0, c("sainte-maure")), (0, 1, c("louis-de-france")), (0, 2, c("bossuet")))
    one = grid((0, 0, c("sainte-maure")), (0, 1, c("louis-de-france")))
    assert points(both, "card:sainte-maure") == 6
    assert points(one, "card:sainte-maure") == 0


def test_racine_counts_feathers_with_the_extras_of_boileau_and_la_fontaine():
    """§3.5: "+1 per feather seal, including the 2 extra feathers granted by Boileau and the 2
    granted by La Fontaine"; Boileau "if you have Racine: +2 points"."""
    circle = grid(
        (0, 0, c("racine", "feather")),
        (0, 1, c("boileau", "feather")),
        (0, 2, c("la-fontaine")),
    )
    assert points(circle, "card:racine") == 2 + 2 + 2
    assert points(circle, "card:boileau") == 2


def test_boileau_without_racine_scores_nothing():
    """§3.9.3: this spec makes Boileau's +2 depend on Racine."""
    assert points(grid((0, 0, c("boileau", "feather"))), "card:boileau") == 0


def test_la_fontaine_gains_six_with_montespan():
    """§3.5: "+6 if you have Montespan"."""
    circle = grid((0, 0, c("la-fontaine")), (2, 2, c("montespan")))
    assert points(circle, "card:la-fontaine") == 6


def test_marie_anne_gains_one_only_off_centre():
    """§3.5: "+1 if she is not in the centre"."""
    assert points(grid((0, 0, c("marie-anne-de-baviere"))), "card:marie-anne") == 1
    assert points(grid((1, 1, c("marie-anne-de-baviere"))), "card:marie-anne") == 0


def test_position_cards_score_on_corners():
    """§3.4: "A corner therefore belongs to one row and one column" (versailles-06):
    Roquelaure top-left and Hamilton top-right both gain 5."""
    circle = grid((0, 0, c("roquelaure")), (0, 2, c("hamilton")))
    assert points(circle, "card:roquelaure") == 5
    assert points(circle, "card:hamilton") == 5


def test_ferte_top_and_castelnau_bottom_on_corners():
    """§3.5: Ferté-Senneterre "+5 if in the top row", Castelnau "+5 if in the bottom row"
    (versailles-07: corners count)."""
    circle = grid((0, 2, c("ferte-senneterre")), (2, 0, c("castelnau")))
    assert points(circle, "card:ferte-senneterre") == 5
    assert points(circle, "card:castelnau") == 5


def test_position_cards_elsewhere_score_nothing():
    """§3.5: the +5 needs the named row or column."""
    circle = grid(
        (1, 0, c("ferte-senneterre")),
        (1, 2, c("roquelaure")),
        (1, 1, c("castelnau")),
        (2, 1, c("hamilton")),
    )
    assert points(circle, "card:") == 0


def test_hamilton_loses_one_with_maintenon_wherever_she_sits():
    """§3.5: Hamilton "−1 if you have Maintenon (wherever she sits)"."""
    circle = grid((1, 2, c("hamilton")), (2, 0, c("maintenon")))
    assert points(circle, "card:hamilton") == 5 - 1


def test_unknown_seals_are_ignored():
    """§3.4: "Other values are allowed and ignored." """
    assert points(grid((1, 1, c("louis-xiv", "sun", "favorite"))), "card:louis-xiv") == 8


def test_the_most_military_gains_seven_the_fewest_loses_seven():
    """§3.7: "The player with the most gains +7 ... The player with the fewest loses 7." """
    result = score(
        {
            "players": [
                {"name": "Alice", "circle": grid((0, 0, c("louvois", "military", "military")))},
                {"name": "Bob", "circle": grid((0, 0, c("louvois", "military")))},
                {"name": "Carles", "circle": grid()},
            ]
        }
    )
    assert result["breakdown"]["Alice"] == {"military:most": 7}
    assert result["breakdown"]["Bob"] == {}
    assert result["breakdown"]["Carles"] == {"military:fewest": -7}


def test_ties_for_most_and_fewest_gain_and_lose_three():
    """§3.7: "If several players tie for most, each gains +3 ... If several tie for fewest,
    each loses 3." """
    military = grid((0, 0, c("louvois", "military")))
    result = score(
        {
            "players": [
                {"name": "Alice", "circle": military},
                {"name": "Bob", "circle": military},
                {"name": "Carles", "circle": grid()},
                {"name": "Dídac", "circle": grid()},
            ]
        }
    )
    assert result["totals"] == {"Alice": 3, "Bob": 3, "Carles": -3, "Dídac": -3}


def test_everyone_equal_in_military_nets_zero():
    """§3.7: "If every player has the same count ... +3 − 3 = 0." """
    result = score(
        {"players": [{"name": "Alice", "circle": grid()}, {"name": "Bob", "circle": grid()}]}
    )
    assert result["breakdown"]["Alice"] == {"military:most": 3, "military:fewest": -3}
    assert result["totals"] == {"Alice": 0, "Bob": 0}


def test_two_players_with_different_military_get_seven_each_way():
    """§3.9.8: "Whether the military bonus applies with 2 players is not stated. This spec
    applies it." """
    result = score(
        {
            "players": [
                {"name": "Alice", "circle": grid((0, 0, c("louvois", "military")))},
                {"name": "Bob", "circle": grid()},
            ]
        }
    )
    assert result["totals"] == {"Alice": 7, "Bob": -7}


def test_equal_totals_share_the_win():
    """§3.8: "players with equal totals share the win"."""
    circle = grid((0, 0, c("roquelaure")))
    result = score(
        {"players": [{"name": "Alice", "circle": circle}, {"name": "Bob", "circle": circle}]}
    )
    assert result["winners"] == ["Alice", "Bob"]


def test_a_catalogue_gives_the_seals_of_cells_that_omit_them():
    """§3.9.1: "The app needs a per-card table taken from the physical cards." """
    data = {
        "players": [
            {"name": "Alice", "circle": grid((1, 1, {"card": "louis-xiv"}))},
            {"name": "Bob", "circle": grid((1, 1, {"card": "louis-xiv", "symbols": []}))},
        ]
    }
    result = score(data, catalogue={"louis-xiv": ["favorite"]})
    assert result["breakdown"]["Alice"]["card:louis-xiv:1,1"] == 8
    assert result["breakdown"]["Bob"]["card:louis-xiv:1,1"] == 7


def test_a_cell_without_seals_and_no_catalogue_is_refused():
    """§3.4: "The seed does not say which card bears which seal, so the input must always
    supply it." """
    data = {
        "players": [
            {"name": "Alice", "circle": grid((2, 1, {"card": "colbert"}))},
            {"name": "Bob", "circle": grid()},
        ]
    }
    with pytest.raises(ScoreInputError) as error:
        score(data)
    assert error.value.field == "players[0].circle[2][1].symbols"


def test_a_catalogue_of_an_unknown_card_is_refused():
    """§3.3: cards 15 and 16–19 are missing and cannot be scored."""
    data = {"players": [{"name": "Alice", "circle": grid()}, {"name": "Bob", "circle": grid()}]}
    with pytest.raises(ScoreInputError) as error:
        score(data, catalogue={"card-15": ["favorite"]})
    assert error.value.field == "catalogue.card-15"


def test_the_hand_of_grand_figures_is_accepted_and_unused():
    """§3.2: "The input field `hand_grand_figures` is therefore not used." """
    data = {
        "players": [
            {"name": "Alice", "circle": grid(), "hand_grand_figures": ["louis-xiv"]},
            {"name": "Bob", "circle": grid()},
        ]
    }
    assert score(data)["totals"] == {"Alice": 0, "Bob": 0}


@pytest.mark.parametrize(
    ("circle", "field"),
    [
        ([[None, None, None], [None, None, None]], "players[0].circle"),
        ([[None, None, None], [None, None], [None, None, None]], "players[0].circle[1]"),
        ([[None] * 4, [None] * 3, [None] * 3], "players[0].circle[0]"),
        ("3x3", "players[0].circle"),
        (grid((0, 0, c("le-roi-soleil"))), "players[0].circle[0][0].card"),
        (
            grid((0, 0, {"card": "colbert", "symbols": "favorite"})),
            "players[0].circle[0][0].symbols",
        ),
        (grid((0, 0, {"symbols": []})), "players[0].circle[0][0].card"),
    ],
)
def test_a_bad_circle_is_refused_naming_its_field(circle, field):
    """§3.4: "Circle: a 3×3 grid ... Each cell is null or {"card": slug, "symbols": [...]}"."""
    data = {"players": [{"name": "Alice", "circle": circle}, {"name": "Bob", "circle": grid()}]}
    with pytest.raises(ScoreInputError) as error:
        score(data)
    assert error.value.field == field
