"""Malformed packs are refused by file, card and field, never with a traceback (issue 10).

Each test starts from the shipped default pack, copied to a tmp dir, and changes one thing as
issue 10 found it or as a pack writer might: "``load_content`` of a non-UTF-8 file,
``version: 10**23``, or a 50,000-term formula" answered with a traceback, and "a crisis
threshold ``m // 0`` passes validation and freezes the game at Crisis for good". A refused pack
loads nothing (all or nothing).

Rules digest G56: "the same 1–5 scale as the indicators ... (e.g. crisis threshold = 2·m +
Peril)"; §4.10 pseudo-code: "threshold = c.requirement evaluated now (m = current member count,
Peril = current)". A formula must therefore work for every m and Peril a game can reach.
"""

from __future__ import annotations

import copy
import random
import shutil
from io import StringIO
from pathlib import Path

import pytest
import yaml
from django.core.management import CommandError, call_command

from consell.content import formulas
from consell.content.checks import DEFAULT_PACK
from consell.content.errors import PackInvalid
from consell.content.models import Card, Pack
from consell.content.reader import MAX_DEPTH, read_pack
from consell.content.schema import validate_pack
from consell.rules.formula import evaluate

pytestmark = pytest.mark.django_db


@pytest.fixture
def copy_of_default(tmp_path) -> Path:
    directory = tmp_path / "default"
    shutil.copytree(DEFAULT_PACK, directory)
    return directory


def refused(directory: Path) -> list[str]:
    """The error lines of ``load_content`` on ``directory``; nothing may have been loaded."""
    with pytest.raises(CommandError) as caught:
        call_command("load_content", str(directory), stdout=StringIO())
    assert (Pack.objects.count(), Card.objects.count()) == (0, 0)
    return [line.strip() for line in str(caught.value).splitlines()[1:]]


def replace_in(directory: Path, file_name: str, old: str, new: str) -> None:
    path = directory / file_name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def first_crisis(directory: Path) -> str:
    return yaml.safe_load((directory / "crises.yaml").read_text("utf-8"))["cards"][0]["id"]


def set_threshold(directory: Path, threshold: str) -> str:
    """Give the first crisis ``threshold``; returns the crisis id."""
    path = directory / "crises.yaml"
    document = yaml.safe_load(path.read_text("utf-8"))
    document["cards"][0]["threshold"] = threshold
    path.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False), "utf-8")
    return document["cards"][0]["id"]


def test_a_file_that_is_not_utf8_is_named_without_a_traceback(copy_of_default):
    path = copy_of_default / "laws.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_bytes(text.encode("utf-8").replace(b"kind: law", b"kind: law # \xe9s", 1))
    line = text[: text.index("kind: law")].count("\n") + 1
    assert refused(copy_of_default) == [
        f"laws.yaml: line {line}: is not UTF-8 text (byte 0xe9 at byte "
        f"{text.encode().index(b'kind: law') + 12}); save the file as UTF-8"
    ]


def test_an_enormous_version_is_refused_clearly(copy_of_default):
    replace_in(copy_of_default, "pack.yaml", "version: 5", f"version: {10**23}")
    assert refused(copy_of_default) == [
        "pack.yaml: version: must be a whole number <= 1000000, not a 24-digit number"
    ]


def test_a_50000_term_formula_is_refused_before_it_is_parsed(copy_of_default):
    crisis = set_threshold(copy_of_default, " + ".join(["m"] * 50_000))
    assert refused(copy_of_default) == [
        f"crises.yaml: {crisis}: threshold: is 199997 characters long; "
        f"a formula may have at most {formulas.MAX_FORMULA_CHARS}"
    ]


def test_a_threshold_dividing_by_zero_is_refused(copy_of_default):
    """Issue 10: ``m // 0`` passed validation and froze the game at Crisis."""
    crisis = set_threshold(copy_of_default, "m // 0")
    assert refused(copy_of_default) == [
        f"crises.yaml: {crisis}: threshold: divides by zero when m = 0"
    ]


def test_a_divisor_that_reaches_zero_for_some_kingdom_is_refused(copy_of_default):
    """m is the crisis kingdom's member count: a kingdom of one makes ``m - 1`` zero."""
    crisis = set_threshold(copy_of_default, "2*peril + 10 // (m - 1)")
    assert refused(copy_of_default) == [
        f"crises.yaml: {crisis}: threshold: divides by zero when m = 1, peril = 1"
    ]


def test_a_threshold_beyond_the_limit_is_refused_with_the_values_that_reach_it(copy_of_default):
    crisis = set_threshold(copy_of_default, "1000 * m * peril")
    assert refused(copy_of_default) == [
        f"crises.yaml: {crisis}: threshold: reaches 12000 when m = 3, peril = 4; "
        f"a formula may give at most {formulas.RESULT_LIMIT}"
    ]


def test_a_formula_safe_for_every_table_loads(copy_of_default):
    """A kingdom never has more members than the game has players, so n - m + 1 >= 1."""
    set_threshold(copy_of_default, "m + ceil_div(n, n - m + 1) + peril")
    call_command("load_content", str(copy_of_default), stdout=StringIO())
    assert Pack.objects.count() == 1


def plot_ability(directory: Path) -> tuple[str, dict, dict]:
    """The first plot of the pack: its file's document, the card and the ability."""
    for path in sorted(directory.glob("*.yaml")):
        document = yaml.safe_load(path.read_text("utf-8"))
        for card in document.get("cards", []) if isinstance(document, dict) else []:
            for ability in card.get("abilities", []):
                if "complot" in ability.get("keywords", []):
                    return path.name, document, card, ability
    raise AssertionError("the default pack has a plot")


def test_an_amount_formula_is_checked_over_the_values_its_box_allows(copy_of_default):
    file_name, document, card, ability = plot_ability(copy_of_default)
    intrigue = next(p for p in ability["params"] if p["name"] == "intrigue")
    intrigue.update(min=1, max=10)
    ability["cost"] = {"INT": "intrigue + 12 // (intrigue - 3)"}
    index = card["abilities"].index(ability)
    (copy_of_default / file_name).write_text(
        yaml.safe_dump(document, allow_unicode=True, sort_keys=False), "utf-8"
    )
    assert refused(copy_of_default) == [
        f"{file_name}: {card['id']}: abilities[{index}].cost.INT: divides by zero when intrigue = 3"
    ]
    intrigue.update(min=4)
    (copy_of_default / file_name).write_text(
        yaml.safe_dump(document, allow_unicode=True, sort_keys=False), "utf-8"
    )
    call_command("load_content", str(copy_of_default), stdout=StringIO())


def test_a_box_without_maximum_is_checked_up_to_the_cap(copy_of_default):
    file_name, document, card, ability = plot_ability(copy_of_default)
    intrigue = next(p for p in ability["params"] if p["name"] == "intrigue")
    intrigue.pop("max", None)
    ability["cost"] = {"INT": "intrigue * intrigue"}
    (copy_of_default / file_name).write_text(
        yaml.safe_dump(document, allow_unicode=True, sort_keys=False), "utf-8"
    )
    [error] = refused(copy_of_default)
    assert error.endswith(
        f"cost.INT: reaches 10201 when intrigue = 101; a formula may give at most "
        f"{formulas.RESULT_LIMIT}"
    )


def test_many_combinations_are_judged_by_their_bounds():
    """Past ``GRID_LIMIT`` combinations the checker bounds the formula instead: a divisor that
    can reach 0 is still found, a sound formula still passes."""
    box = {"intrigue": (1, formulas.PARAM_CAP)}
    sound = "n + m + turn + peril + intrigue // 2"
    assert formulas.problem_of(sound, box) is None
    assert formulas.problem_of("turn * n // (intrigue - 500)", box).startswith(
        "may divide by zero (with"
    )
    assert formulas.problem_of("turn * n * m * intrigue", box).startswith("may reach 7680000 ")


def test_every_formula_of_the_default_pack_evaluates_over_the_whole_domain():
    """What the checker promises, seen through the engine's own evaluator."""
    pack = read_pack(DEFAULT_PACK)
    thresholds = [card.data["threshold"] for card in pack.cards if card.kind == "crisis"]
    assert thresholds and all(isinstance(t, str) for t in thresholds)
    for threshold in thresholds:
        for m in range(0, formulas.PLAYERS_MAX + 1):
            for peril in range(1, 6):
                env = {"m": m, "peril": peril, "n": formulas.PLAYERS_MAX, "turn": 1}
                assert 0 <= evaluate(threshold, env) <= formulas.RESULT_LIMIT


@pytest.mark.parametrize(
    ("label", "text", "error"),
    [
        (
            "deep",
            "kind: law\ncards: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n",
            f"laws.yaml: line 2: nested more than {MAX_DEPTH} levels deep",
        ),
        (
            "aliases",
            "kind: law\na: &a [x, x, x]\nb: &b [*a, *a, *a]\ncards: [*b]\n",
            "laws.yaml: line 3: YAML aliases (*a) are not allowed; write it out",
        ),
        (
            "list key",
            "kind: law\n? [a, b]\n: 1\ncards: []\n",
            "laws.yaml: line 2: YAML error: a list or a mapping cannot be a key",
        ),
        (
            "5000-digit number",
            "kind: law\nx: " + "9" * 5000 + "\ncards: []\n",
            "laws.yaml: line 2: YAML error: cannot read the value '99999999999999999999...' "
            "(Exceeds the limit (4300 digits) for integer string conversion)",
        ),
        (
            "impossible date",
            "kind: law\nx: 2020-13-45\ncards: []\n",
            "laws.yaml: line 2: YAML error: cannot read the value '2020-13-45' "
            "(month must be in 1..12)",
        ),
        (
            "raw NUL",
            "kind: law\ncards: []\n# \x00\n",
            "laws.yaml: line 3: YAML error: character #x0000 is not allowed",
        ),
    ],
)
def test_pathological_yaml_is_refused_by_file(copy_of_default, label, text, error):
    (copy_of_default / "laws.yaml").write_text(text, encoding="utf-8")
    assert refused(copy_of_default)[0] == error


def test_an_escaped_nul_in_a_title_is_refused_by_card_and_field(copy_of_default):
    """PostgreSQL cannot store a NUL in JSON: it would fail while saving, not validating."""
    path = copy_of_default / "laws.yaml"
    document = yaml.safe_load(path.read_text("utf-8"))
    law = document["cards"][0]
    law["title"]["ca"] += "\x00"  # written out by PyYAML as the escape "\0"
    path.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False), "utf-8")
    assert "\\0" in path.read_text("utf-8")
    assert refused(copy_of_default) == [
        f"laws.yaml: {law['id']}: title.ca: holds the control character U+0000"
    ]


def test_a_file_too_big_to_be_a_pack_is_not_read(copy_of_default):
    from consell.content.reader import MAX_FILE_BYTES

    with (copy_of_default / "events.yaml").open("a", encoding="utf-8") as out:
        out.write("#" + "x" * MAX_FILE_BYTES + "\n")
    [error] = refused(copy_of_default)
    assert error.startswith("events.yaml: is ") and error.endswith(
        f"bytes; a pack file may hold at most {MAX_FILE_BYTES}"
    )


def test_a_long_title_is_refused_before_the_database_would(copy_of_default):
    path = copy_of_default / "houses.yaml"
    document = yaml.safe_load(path.read_text("utf-8"))
    house = document["cards"][0]
    house["title"]["en"] = "Falcon " * 40
    path.write_text(yaml.safe_dump(document, allow_unicode=True, sort_keys=False), "utf-8")
    assert refused(copy_of_default) == [
        f"houses.yaml: {house['id']}: title.en: is 280 characters long; at most 200"
    ]


JUNK = [None, [], {}, "", "x", 10**23, -1, 0, True, 1.5, {"a": [1]}, [None], [{}], {"op": {}}]


def paths(value, path=()):
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from paths(child, (*path, index))


def test_wrong_types_anywhere_in_the_default_pack_give_errors_not_crashes():
    """Values of the default pack (a seeded sample) replaced by a value of the wrong type:
    the validator answers ``PackInvalid`` each time. With more samples this found four crashes
    (a mapping as an op name, keywords or params that are not lists, a list as a box name)."""
    meta = yaml.safe_load((DEFAULT_PACK / "pack.yaml").read_text("utf-8"))
    documents = {
        name: yaml.safe_load((DEFAULT_PACK / name).read_text("utf-8")) for name in meta["files"]
    }
    places = [(name, path) for name, doc in documents.items() for path in paths(doc) if path]
    rng = random.Random(10)
    refusals = 0
    for name, path in rng.sample(places, 120):
        broken = {**documents, name: copy.deepcopy(documents[name])}
        parent = broken[name]
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = copy.deepcopy(rng.choice(JUNK))
        try:
            validate_pack(meta, broken)
        except PackInvalid:
            refusals += 1
    assert refusals > 80, "most wrong types are refused (a few, like a text for a text, pass)"


def test_an_enormous_indicator_step_is_refused(copy_of_default):
    replace_in(
        copy_of_default,
        "assets.yaml",
        "indicator: grace, delta: 1}",
        f"indicator: grace, delta: -{10**23}}}",
    )
    [error] = refused(copy_of_default)
    assert error.endswith(".delta: must be a whole number from -1000 to 1000")
