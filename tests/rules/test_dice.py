"""Auditable dice (docs/principles.md, principle 5; rules §4.5, §4.6 roll dice, §2 shuffles
decks)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from consell.rules.dice import (
    FixedDice,
    HmacDice,
    Mismatch,
    PhysicalDice,
    Roll,
    commitment,
    derive,
    reduce_uniform,
    verify,
)
from consell.rules.errors import RuleError

SEED = bytes(range(32))


def test_the_same_seed_gives_the_same_rolls_and_shuffles():
    a, b = HmacDice(SEED), HmacDice(SEED)
    assert [a.d6() for _ in range(50)] == [b.d6() for _ in range(50)]
    assert a.shuffle(range(60)) == b.shuffle(range(60))


def test_another_seed_gives_other_rolls():
    a, b = HmacDice(SEED), HmacDice(b"another seed")
    assert [a.roll(1000) for _ in range(3)] != [b.roll(1000) for _ in range(3)]


def test_every_draw_is_recorded_with_its_counter_and_purpose():
    dice = HmacDice(SEED, counter=7)
    with dice.purpose("plot success"):
        value = dice.d6()
    assert dice.rolls == [Roll(7, 6, value, "plot success")]
    assert dice.counter == 8


def test_the_commitment_is_the_sha256_of_the_seed():
    assert commitment(b"abc") == (
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    )


def test_verify_recomputes_every_roll_and_shuffle_from_the_seed():
    dice = HmacDice(SEED)
    dice.shuffle(range(20))
    dice.d6()
    assert verify(SEED, commitment(SEED), dice.rolls) == []


def test_verify_names_an_altered_roll():
    dice = HmacDice(SEED)
    with dice.purpose("detection"):
        dice.d6()
        dice.d6()
    tampered = list(dice.rolls)
    tampered[1] = dataclasses.replace(tampered[1], value=tampered[1].value % 6 + 1)
    problems = verify(SEED, commitment(SEED), tampered)
    assert [p.counter for p in problems] == [1]
    assert "roll #1 (detection)" in str(problems[0])


def test_verify_refuses_a_seed_that_does_not_match_the_commitment():
    dice = HmacDice(SEED)
    dice.d6()
    problems = verify(b"another seed", commitment(SEED), dice.rolls)
    assert problems and problems[0].counter == -1


def test_entered_dice_are_marked_and_not_recomputed():
    dice = PhysicalDice([6, 1])
    assert (dice.d6(), dice.d6()) == (6, 1)
    assert all(r.entered for r in dice.rolls)
    assert verify(SEED, commitment(SEED), dice.rolls) == []


def test_entered_dice_stand_for_dice_only_a_shuffle_comes_from_the_seed():
    """docs/principles.md, principle 5: "The director may enter a physical die instead"; a shuffle
    or a pick at random in the same step uses the game's dice, and the proof recomputes it."""
    dice = PhysicalDice([6, 2], seed=SEED)
    first = dice.d6()
    shuffled = dice.shuffle(["a", "b", "c", "d"])
    second = dice.d6()
    assert (first, second) == (6, 2)
    assert sorted(shuffled) == ["a", "b", "c", "d"]
    assert [r.entered for r in dice.rolls] == [True, False, False, False, True]
    assert verify(SEED, commitment(SEED), dice.rolls) == []
    assert shuffled == HmacDice(SEED, counter=1).shuffle(["a", "b", "c", "d"])


def test_an_entered_die_out_of_range_is_refused():
    with pytest.raises(RuleError) as err:
        PhysicalDice([7]).d6()
    assert err.value.code == "bad_die"
    # The refusal carries the typed value, for the director's screen to point at it.
    assert err.value.details == {"value": 7}


def test_an_entered_pick_out_of_range_names_the_range_a_pick_takes():
    """DESIGN principle 5: without a seed a random pick takes an entered value, counted from 0
    as its ``Roll`` records it ("0..sides-1 (kind == "below")"); a wrong one says so, never
    "between 1 and 1; got 1"."""
    with pytest.raises(RuleError) as err:
        PhysicalDice([1]).choice(["only"])
    assert err.value.code == "bad_die"
    assert str(err.value) == "An entered pick among 1 must be between 0 and 0; got 1."
    with pytest.raises(RuleError) as shuffled:
        PhysicalDice([3]).shuffle(["a", "b", "c"])
    assert str(shuffled.value) == "An entered pick among 3 must be between 0 and 2; got 3."
    assert PhysicalDice([0]).choice(["only"]) == "only"
    with pytest.raises(RuleError) as die:
        PhysicalDice([7]).d6()
    assert str(die.value) == "An entered die must be between 1 and 6; got 7."


def test_fixed_dice_say_when_they_run_out():
    dice = FixedDice([3])
    dice.d6()
    with pytest.raises(RuleError) as err:
        dice.d6()
    assert err.value.code == "dice_exhausted"


@pytest.mark.parametrize("n", range(1, 40))
def test_draws_have_no_modulo_bias_exhaustively_over_a_small_space(n):
    """The reduction the dice use, run over every raw value of an 8-bit space: each result
    is reached equally often and the leftover raw values are redrawn, never folded in."""
    results = Counter(reduce_uniform(raw, 256, n) for raw in range(256))
    redrawn = results.pop(None, 0)
    assert set(results) == set(range(n))
    assert set(results.values()) == {256 // n}
    assert redrawn == 256 % n


def test_d6_faces_are_uniform_by_a_chi_square_test():
    dice = HmacDice(b"uniformity")
    counts = Counter(dice.d6() for _ in range(12000))
    expected = 2000
    chi2 = sum((counts[f] - expected) ** 2 / expected for f in range(1, 7))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    assert chi2 < 20.5  # p = 0.001 for 5 degrees of freedom


@given(st.binary(min_size=1, max_size=32), st.integers(0, 10_000), st.integers(1, 100))
def test_derive_stays_in_range_and_is_deterministic(seed, counter, n):
    value = derive(seed, counter, n)
    assert 0 <= value < n
    assert derive(seed, counter, n) == value


@given(st.lists(st.integers(), max_size=30))
def test_a_shuffle_is_a_permutation(items):
    assert sorted(HmacDice(SEED).shuffle(items)) == sorted(items)


def _by_hand(seed: bytes, counter: int, sides: int) -> tuple[int, int]:
    """docs/audit-log.md, "Checking a roll by hand", as a player would code it: the draw and
    how many attempts were rejected before it."""
    import hashlib
    import hmac

    limit = 2**256 - (2**256 % sides)
    attempt = 0
    while True:
        message = str(counter) if attempt == 0 else f"{counter}:{attempt}"
        x = int.from_bytes(hmac.new(seed, message.encode(), hashlib.sha256).digest(), "big")
        if x < limit:
            return x % sides, attempt
        attempt += 1


def test_a_draw_is_the_one_a_player_recomputes_by_hand_rejections_included():
    """docs/audit-log.md: "If x ≥ limit, add 1 to k and go back to 1 (rejection sampling)";
    "for k ≥ 1 it is "c:k"". A range just above 2²⁵⁵ rejects about half the digests, so the
    retries' messages are exercised too."""
    for sides in (6, 2, 37, 2**255 + 1):
        for counter in range(40):
            assert derive(SEED, counter, sides) == _by_hand(SEED, counter, sides)[0]
    assert any(_by_hand(SEED, counter, 2**255 + 1)[1] > 0 for counter in range(40))


def test_an_exported_roll_reads_back_as_it_was():
    """The export carries every roll (docs/audit-log.md, `rolls[]`), and the verifier reads
    it back: counter, sides, value, purpose, entered and kind all survive the trip."""
    rolls = [
        Roll(counter=3, sides=6, value=4, purpose="detection", entered=False, kind="die"),
        Roll(counter=4, sides=5, value=0, purpose="random tactic", entered=True, kind="below"),
    ]
    assert [Roll.from_dict(r.to_dict()) for r in rolls] == rolls


def test_verify_goes_on_past_an_entered_die_to_an_altered_roll():
    """Entered dice are "not recomputed"; the app's rolls after one still are."""
    dice = PhysicalDice([5], seed=SEED)
    dice.d6()
    dice.shuffle(["a", "b", "c"])
    tampered = list(dice.rolls)
    tampered[-1] = dataclasses.replace(tampered[-1], value=(tampered[-1].value + 1) % 2)
    assert [p.counter for p in verify(SEED, commitment(SEED), tampered)] == [tampered[-1].counter]


def test_principle_5_a_wrong_seed_is_one_problem_not_one_per_roll():
    """verify: "A seed that does not match the published commitment makes every roll suspect:
    it is reported as a mismatch at counter -1", alone: no roll is compared with it."""
    dice = HmacDice(SEED)
    dice.d6()
    dice.d6()
    problems = verify(b"another seed", commitment(SEED), dice.rolls)
    assert problems == [Mismatch(-1, "seed does not match the commitment", 0, 0)]


def test_principle_5_an_altered_unlabelled_roll_is_named_with_both_values():
    """docs/audit-log.md: the checker "prints one line per problem, each naming the roll". A draw
    made outside any purpose is exported with an empty purpose, and its line says "unlabelled",
    then what the log recorded and what the seed gives."""
    dice = HmacDice(SEED)
    value = dice.d6()
    assert dice.rolls[0].to_dict()["purpose"] == ""
    forged = value % 6 + 1
    tampered = [dataclasses.replace(dice.rolls[0], value=forged)]
    (problem,) = verify(SEED, commitment(SEED), tampered)
    assert str(problem) == f"roll #0 (unlabelled): recorded {forged}, the seed gives {value}"


def test_principle_5_a_shuffle_is_logged_as_below_draws_even_while_dice_are_entered():
    """docs/audit-log.md: "`below`: a shuffle step or a random pick, `value` in 0..`sides`-1";
    principle 5: each draw is "stored with its counter and purpose". A shuffle made while the
    director types in dice is logged exactly as the app's own dice would log it."""
    app = HmacDice(SEED, counter=1)
    table = PhysicalDice([4], seed=SEED)
    table.d6()
    for dice in (app, table):
        with dice.purpose("shuffle the tactics deck"):
            dice.shuffle(["a", "b", "c", "d"])
    assert [(r.counter, r.sides, r.purpose, r.entered, r.kind) for r in app.rolls] == [
        (1, 4, "shuffle the tactics deck", False, "below"),
        (2, 3, "shuffle the tactics deck", False, "below"),
        (3, 2, "shuffle the tactics deck", False, "below"),
    ]
    assert all(0 <= r.value < r.sides for r in app.rolls)
    assert table.rolls[1:] == app.rolls
    assert table.counter == app.counter == 4


def test_principle_5_entered_values_are_logged_as_typed_with_their_counters():
    """Principle 5: "The director may type in a physical die instead; it is logged as typed":
    its counter, its die, its face and purpose; a pick typed in without a seed is logged from 0,
    as a `below` draw (docs/audit-log.md)."""
    dice = PhysicalDice([5, 2, 0], counter=10)
    with dice.purpose("detection"):
        dice.d6()
        dice.d6()
    dice.choice(["x", "y"])
    assert dice.rolls == [
        Roll(10, 6, 5, "detection", entered=True, kind="die"),
        Roll(11, 6, 2, "detection", entered=True, kind="die"),
        Roll(12, 2, 0, "", entered=True, kind="below"),
    ]
    assert dice.counter == 13
