"""`manage.py score GAME FILE` (issue 7): the result as JSON, or one message and status 2."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

ROOT = Path(__file__).resolve().parents[2]

RICHELIEU = {
    "game": "richelieu",
    "players": [
        {"name": "Alice", "cards": [{"region": "Anjou", "coats": 2}]},
        {
            "name": "Bob",
            "cards": [{"region": "Anjou", "coats": 1}, {"region": "Anjou", "coats": 1}],
        },
    ],
}
VERSAILLES = {
    "players": [
        {
            "name": "Alice",
            "circle": [[None, None, None], [None, {"card": "louis-xiv"}, None], [None] * 3],
        },
        {"name": "Bob", "circle": [[None] * 3, [None] * 3, [None] * 3]},
    ]
}


def run(*args, stdin=None):
    out = io.StringIO()
    if stdin is not None:
        sys.stdin = io.StringIO(stdin)
    try:
        call_command("score", *args, stdout=out)
    finally:
        sys.stdin = sys.__stdin__
    return json.loads(out.getvalue())


def fails(*args, stdin=None) -> CommandError:
    out = io.StringIO()
    with pytest.raises(CommandError) as error:
        if stdin is not None:
            sys.stdin = io.StringIO(stdin)
        try:
            call_command("score", *args, stdout=out)
        finally:
            sys.stdin = sys.__stdin__
    assert out.getvalue() == ""
    assert error.value.returncode == 2
    return error.value


def write(tmp_path, data, name="play.json") -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return str(path)


def test_it_prints_totals_winners_and_breakdown(tmp_path):
    result = run("richelieu", write(tmp_path, RICHELIEU))
    assert result["totals"] == {"Alice": 2 - 15, "Bob": 2 - 15}
    assert result["winners"] == ["Alice"]
    assert result["breakdown"]["Bob"]["majority:Anjou"] == 2


def test_it_reads_standard_input_for_a_dash():
    assert run("richelieu", "-", stdin=json.dumps(RICHELIEU))["winners"] == ["Alice"]


def test_tie_scores_none_switch(tmp_path):
    """§1.7.2: `tie_scores = full | none`, with `full` as the default."""
    result = run("richelieu", write(tmp_path, RICHELIEU), "--tie-scores", "none")
    assert "majority:Anjou" not in result["breakdown"]["Alice"]


def test_three_rows_switch_needs_the_region_list(tmp_path):
    """§1.5: the variant needs the full regions list."""
    error = fails("richelieu", write(tmp_path, RICHELIEU), "--three-rows")
    assert str(error).startswith("regions:")


def test_catalogue_switch_gives_the_seals(tmp_path):
    """§3.9.1: the seals of each card come from the group's catalogue."""
    catalogue = write(tmp_path, {"louis-xiv": ["favorite"]}, "catalogue.json")
    result = run("versailles", write(tmp_path, VERSAILLES), "--catalogue", catalogue)
    assert result["breakdown"]["Alice"]["card:louis-xiv:1,1"] == 8


def test_louis14_prints_the_exchange(tmp_path):
    """§2.3: "When it is given, return exchange[name]"."""
    play = {
        "players": [
            {"name": "Alice", "coats": {"I": 3}, "missions": 1, "leftover": {"gold": 8}},
            {"name": "Bob", "coats": {"II": 1}, "missions": 0},
        ]
    }
    assert run("louis14", write(tmp_path, play))["exchange"] == {"Alice": 2}


@pytest.mark.parametrize(
    ("game", "data", "message"),
    [
        ("chess", RICHELIEU, "game: unknown game 'chess'"),
        ("richelieu", "{not json", "FILE: invalid JSON at line 1 column 2"),
        (
            "louis14",
            {
                "players": [
                    {"name": "Alice", "coats": {}},
                    {"name": "Bob", "coats": {}, "missions": 0},
                ]
            },
            "players[0].missions: is missing",
        ),
        (
            "louis14",
            {
                "players": [
                    {"name": "Alice", "coats": {}, "missions": "two"},
                    {"name": "Bob", "coats": {}, "missions": 0},
                ]
            },
            "players[0].missions: must be a whole number",
        ),
        (
            "versailles",
            {
                "players": [
                    {
                        "name": "Alice",
                        "circle": [
                            [{"card": "le-roi", "symbols": []}, None, None],
                            [None] * 3,
                            [None] * 3,
                        ],
                    },
                    {"name": "Bob", "circle": [[None] * 3] * 3},
                ]
            },
            "players[0].circle[0][0].card: unknown card 'le-roi'",
        ),
        (
            "versailles",
            {
                "players": [
                    {"name": "Alice", "circle": [[None] * 3] * 2},
                    {"name": "Bob", "circle": [[None] * 3] * 3},
                ]
            },
            "players[0].circle: must be 3 rows of 3 cells",
        ),
        (
            "richelieu",
            {
                "players": [
                    {"name": "Alice", "cards": [{"region": "Anjou", "coats": -1}]},
                    {"name": "Bob", "cards": []},
                ]
            },
            "players[0].cards[0].coats: must not be negative",
        ),
        (
            "richelieu",
            {
                "players": [
                    {"name": "Alice", "cards": [], "tile": ["cross"]},
                    {"name": "Bob", "cards": []},
                ]
            },
            "players[0].tile: is not a field of this input",
        ),
        ("louis14", RICHELIEU, "game: this input is for 'richelieu', not 'louis14'"),
    ],
)
def test_bad_input_prints_one_message_naming_the_field(tmp_path, game, data, message):
    """Issue 7: "Bad input ... prints one clear message naming the field and exits with status
    2, printing no result." """
    error = fails(game, write(tmp_path, data))
    assert str(error).startswith(message)


def test_a_missing_file_is_named(tmp_path):
    error = fails("richelieu", str(tmp_path / "nowhere.json"))
    assert str(error).startswith("FILE: cannot read")


def test_a_switch_of_another_game_is_refused(tmp_path):
    error = fails("louis14", write(tmp_path, RICHELIEU), "--tie-scores", "none")
    assert str(error).startswith("options:")


def test_an_unknown_tie_rule_is_refused(tmp_path):
    error = fails("richelieu", write(tmp_path, RICHELIEU), "--tie-scores", "half")
    assert str(error).startswith("options.tie_scores:")


def test_a_bad_catalogue_is_named(tmp_path):
    catalogue = write(tmp_path, {"card-15": ["favorite"]}, "catalogue.json")
    error = fails("versailles", write(tmp_path, VERSAILLES), "--catalogue", catalogue)
    assert str(error).startswith("catalogue.card-15: unknown card")


def test_the_process_exits_with_status_2_and_prints_no_result():
    """Issue 7: run as a program, bad input exits 2 with the message on standard error."""
    completed = subprocess.run(
        [sys.executable, "manage.py", "score", "versailles", "-"],
        input='{"players": [{"name": "Alice", "circle": "round"}, {"name": "Bob", "circle": []}]}',
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert completed.returncode == 2
    assert completed.stdout == ""
    assert "players[0].circle: must be a list" in completed.stderr
    assert completed.stderr.count("\n") == 1


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "FILE: the JSON is nested more than 16 levels deep"),
        (
            json.dumps(RICHELIEU).replace('"coats": 2', '"coats": ' + "9" * 5000),
            "FILE: a number has more than 9 digits or is not finite",
        ),
    ],
    ids=["deep", "huge"],
)
def test_json_no_play_can_be_exits_2_with_one_line(tmp_path, text, message):
    """Issue 10: `manage.py score` with deep or huge JSON "prints one clear message and exits
    2 instead of a traceback"."""
    completed = subprocess.run(
        [sys.executable, "manage.py", "score", "richelieu", write(tmp_path, text)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,
    )
    assert completed.returncode == 2
    assert completed.stdout == ""
    assert completed.stderr == f"CommandError: {message}\n"
