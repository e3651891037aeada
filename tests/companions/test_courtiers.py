"""Louis XIV courtier evaluation for one round (companions spec §2.7), after the seed's
pictured examples: yellow (Alice), red (Bob), green (Carles), blue (Dídac)."""

import pytest

from consell.companions.courtiers import evaluate
from consell.companions.inputs import ScoreInputError

PLAYERS = ["Alice", "Bob", "Carles", "Dídac"]


def board(number, side, markers, **extra):
    entry = {"number": number, "side": side, "markers": markers, **extra}
    if side == "gold":
        entry.setdefault("price", 3)
    if side == "influence":
        entry.setdefault("threshold", 3)
    return entry


def one(entry, king=1, **extra):
    """Evaluate a single board; the King stands on `king`."""
    result = evaluate({"players": PLAYERS, "king": king, "boards": [entry], **extra})
    return result["boards"][0]


def test_gold_side_alone_first_gets_the_gift_free_and_others_may_bribe():
    """§2.7 Gold side: "If one player alone has the most, that player gets the gift free and
    moves those markers to the general supply. Every other player with at least 1 marker there
    may then bribe ... The board flips." (seed: yellow gets a helmet, red and green may buy one
    for 3 Louis d'or, blue may not.)"""
    result = one(board(4, "gold", {"Alice": 3, "Bob": 1, "Carles": 2}), king=1)
    assert result["receives"] == {"Alice": ["helmet"]}
    assert result["may_bribe"] == {"Bob": 3, "Carles": 3}
    assert result["to_general"] == {"Alice": 3}
    assert result["to_own"] == {"Bob": 1, "Carles": 2}
    assert result["flips"] is True


def test_gold_side_tie_for_the_most_everyone_may_bribe_and_no_flip():
    """§2.7: "If the most is tied, or there are no markers, nobody gets the gift free. Everyone
    with a marker may bribe, all markers return to their own supplies, and the board does not
    flip." """
    result = one(board(4, "gold", {"Alice": 2, "Bob": 2, "Carles": 1}), king=1)
    assert result["receives"] == {}
    assert result["may_bribe"] == {"Alice": 3, "Bob": 3, "Carles": 3}
    assert result["to_general"] == {}
    assert result["flips"] is False


def test_first_place_side_alone_first_takes_the_gift_others_nothing():
    """§2.7 1st place side: "that player gets the gift and moves those markers to the general
    supply. Everyone else gets nothing ... The board flips." """
    result = one(board(1, "first", {"Alice": 2, "Bob": 1}), king=2)
    assert result["receives"] == {"Alice": ["scepter"]}
    assert result["may_bribe"] == {}
    assert result["to_own"] == {"Bob": 1}
    assert result["flips"] is True


def test_first_place_side_tie_nobody_gets_anything():
    """§2.7: "On a tie nobody gets anything, all markers go back to their own supplies, and
    there is no flip." """
    result = one(board(1, "first", {"Alice": 2, "Bob": 2}), king=2)
    assert result["receives"] == {}
    assert result["to_own"] == {"Alice": 2, "Bob": 2}
    assert result["flips"] is False


def test_influence_side_everyone_at_the_threshold_gets_the_gift():
    """§2.7 Influence side, seed example: "yellow and red reach the threshold and both get 2
    coats; green does not." """
    result = one(board(10, "influence", {"Alice": 3, "Bob": 4, "Carles": 2}, threshold=3))
    assert result["receives"] == {"Alice": ["two_coats"], "Bob": ["two_coats"]}
    assert result["to_own"] == {"Alice": 3, "Bob": 4, "Carles": 2}
    assert result["flips"] is True


def test_influence_side_nobody_at_the_threshold_does_not_flip():
    """§2.7: "The board flips if at least one player received the gift." """
    result = one(board(10, "influence", {"Alice": 2}, threshold=3))
    assert result["receives"] == {}
    assert result["flips"] is False


def test_king_alone_first_gets_gift_and_crown_alone_second_gets_the_gift():
    """§2.7 The King: first "receives two tokens: the gift plus a crown"; "If one player alone
    is second, that player receives the gift"; others may bribe (seed: yellow helmet and
    crown, red a helmet, green may bribe)."""
    result = one(board(4, "gold", {"Alice": 3, "Bob": 2, "Carles": 1}), king=4)
    assert result["receives"] == {"Alice": ["helmet", "crown"], "Bob": ["helmet"]}
    assert result["may_bribe"] == {"Carles": 3}
    assert result["to_general"] == {"Alice": 3}
    assert result["to_own"] == {"Bob": 2, "Carles": 1}
    assert result["flips"] is True


def test_king_tie_for_the_most_gift_to_each_and_no_crown():
    """§2.7: "Tie for the most: every tied player gets the gift, but nobody gets a crown. The
    tied players' markers go to the general supply." (seed: yellow and red a helmet each,
    green and blue may bribe.)"""
    result = one(board(4, "gold", {"Alice": 2, "Bob": 2, "Carles": 1, "Dídac": 1}), king=4)
    assert result["receives"] == {"Alice": ["helmet"], "Bob": ["helmet"]}
    assert result["may_bribe"] == {"Carles": 3, "Dídac": 3}
    assert result["to_general"] == {"Alice": 2, "Bob": 2}
    assert result["flips"] is True


def test_king_alone_first_but_a_tie_for_second():
    """§2.7: "One player alone first but a tie for second: the first player gets gift and
    crown, and nobody else gets the gift" (seed: yellow scepter and crown, others nothing)."""
    result = one(board(1, "first", {"Alice": 3, "Bob": 1, "Carles": 1}), king=1)
    assert result["receives"] == {"Alice": ["scepter", "crown"]}
    assert result["to_own"] == {"Bob": 1, "Carles": 1}


def test_the_kings_board_always_flips():
    """§2.7: "After the King's board is evaluated it always flips"."""
    assert one(board(2, "first", {"Alice": 1, "Bob": 1}), king=2)["flips"] is True


def test_once_first_wins_a_tie_with_the_king():
    """§2.7 "once first" (seed example, Krisztina): three players tied at 3 on the King's
    first-place board 4; she takes the helmet and a crown, the other two get nothing, and the
    board flips."""
    entry = board(4, "first", {"Alice": 3, "Bob": 3, "Carles": 3}, once_first="Alice")
    result = one(entry, king=4)
    assert result["receives"] == {"Alice": ["helmet", "crown"]}
    assert result["to_general"] == {"Alice": 3}
    assert result["to_own"] == {"Bob": 3, "Carles": 3}
    assert result["flips"] is True


def test_once_first_needs_a_tie_for_the_most():
    """§2.7: "once first": "win a tie for the most"."""
    entry = board(5, "first", {"Alice": 3, "Bob": 2}, once_first="Bob")
    with pytest.raises(ScoreInputError) as error:
        one(entry)
    assert error.value.field == "boards[0].once_first"


def test_once_first_only_once_per_round():
    """§2.7: "once per evaluation phase"."""
    tie = {"Alice": 1, "Bob": 1}
    data = {
        "players": PLAYERS,
        "king": 1,
        "boards": [
            board(5, "first", tie, once_first="Alice"),
            board(9, "first", tie, once_first="Alice"),
        ],
    }
    with pytest.raises(ScoreInputError) as error:
        evaluate(data)
    assert error.value.field == "boards[1].once_first"


def test_one_gold_cheaper_lowers_every_bribe():
    """§2.7: ""1 gold cheaper": every bribe costs 1 Louis d'or less"."""
    result = one(board(8, "gold", {"Alice": 2, "Bob": 1}, price=2), cheaper=["Bob"])
    assert result["may_bribe"] == {"Bob": 1}


def test_an_adjustment_changes_the_markers_before_evaluation():
    """§2.7: the intrigue cards' effect is missing from the seed, so the markers on a board
    may be adjusted just before it is evaluated."""
    entry = board(7, "first", {"Alice": 2, "Bob": 2}, adjust={"Bob": -1})
    result = one(entry)
    assert result["receives"] == {"Alice": ["five_gold"]}
    assert result["markers"]["Bob"] == 1


def test_an_adjustment_below_zero_is_refused():
    """A board cannot hold fewer than no markers."""
    with pytest.raises(ScoreInputError) as error:
        one(board(7, "first", {"Alice": 1}, adjust={"Alice": -2}))
    assert error.value.field == "boards[0].adjust.Alice"


def test_round_four_boards_do_not_flip():
    """§2.7: "In round 4 the boards need not flip, but markers must still be returned"."""
    result = evaluate(
        {"players": PLAYERS, "king": 1, "round": 4, "boards": [board(5, "first", {"Alice": 2})]}
    )
    assert result["flips"] == []
    assert result["boards"][0]["to_general"] == {"Alice": 2}


def test_the_round_lists_flips_and_each_players_gifts_in_board_order():
    """§2.7: "Each round they are evaluated in number order, 1 → 12"."""
    result = evaluate(
        {
            "players": PLAYERS,
            "king": 3,
            "boards": [
                board(12, "gold", {"Bob": 1}, price=4),
                board(3, "first", {"Alice": 1}),
                board(6, "first", {"Alice": 2, "Bob": 2}),
            ],
        }
    )
    assert [b["number"] for b in result["boards"]] == [3, 6, 12]
    assert result["flips"] == [3, 12]
    assert result["players"]["Alice"]["receives"] == [{"board": 3, "items": ["ring", "crown"]}]
    assert result["players"]["Bob"]["to_general"] == 1
    assert result["players"]["Bob"]["to_own"] == 2


@pytest.mark.parametrize(
    ("data", "field"),
    [
        ({"players": PLAYERS, "king": 5, "boards": []}, "king"),
        ({"players": PLAYERS, "boards": []}, "king"),
        ({"players": ["Alice"], "king": 1, "boards": []}, "players"),
        ({"players": PLAYERS, "king": 1, "boards": [board(13, "first", {})]}, "boards[0].number"),
        ({"players": PLAYERS, "king": 1, "boards": [board(2, "silver", {})]}, "boards[0].side"),
        ({"players": PLAYERS, "king": 2, "boards": [board(2, "influence", {})]}, "boards[0].side"),
        (
            {"players": PLAYERS, "king": 1, "boards": [board(2, "first", {"Mallory": 1})]},
            "boards[0].markers.Mallory",
        ),
        (
            {"players": PLAYERS, "king": 1, "boards": [board(2, "first", {"Alice": -1})]},
            "boards[0].markers.Alice",
        ),
        (
            {"players": PLAYERS, "king": 1, "boards": [{"number": 2, "side": "gold"}]},
            "boards[0].price",
        ),
        (
            {
                "players": PLAYERS,
                "king": 1,
                "boards": [board(2, "first", {}), board(2, "first", {})],
            },
            "boards[1].number",
        ),
    ],
)
def test_bad_boards_are_refused_naming_the_field(data, field):
    """§2.7: 12 boards, three sides, the King on boards 1–4 (gold or first place)."""
    with pytest.raises(ScoreInputError) as error:
        evaluate(data)
    assert error.value.field == field
