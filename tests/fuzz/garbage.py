"""What a forged form or a broken page may send: the values the fuzz tests draw from."""

from __future__ import annotations

import os

from hypothesis import strategies as st

# Examples per fuzzed form (and socket): enough for CI to run tests/fuzz in well under a
# minute; FUZZ_EXAMPLES=200 searches longer.
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "12"))

# Text a browser can send: any character but the lone surrogates, which no encoding carries.
TEXT = st.text(st.characters(exclude_categories=["Cs"]), max_size=40)

SPECIAL = st.sampled_from(
    [
        "",
        " ",
        "0",
        "-1",
        "1",
        "2",
        "99",
        "1.5",
        "1e9",
        "NaN",
        "inf",
        "-0",
        "+3",
        "0x10",
        "٣",  # a digit int() reads, from another script
        "9" * 30,
        "9" * 5000,
        "x" * 20_000,
        "\x00",
        "None",
        "null",
        "true",
        "[]",
        "{}",
        '{"a": 1}',
        "accept",
        "refuse",
        "up",
        "down",
        "actions",
        "secrets",
        "indications",
        "POW",
        "MON",
        "<script>alert(1)</script>",
        "../../etc/passwd",
        "'; DROP TABLE game_game; --",
    ]
)

NUMBERS = st.integers(min_value=-(10**20), max_value=10**20).map(str)

VALUE = st.one_of(SPECIAL, TEXT, NUMBERS)

# One value, or a field sent several times (a list).
VALUES = st.one_of(VALUE, st.lists(VALUE, min_size=0, max_size=4))
