"""The pack format's JSON Schema, published for editors (issue 11, item 7): what
``manage.py pack_schema`` writes is current, and the default pack validates against it."""

from io import StringIO

import pytest
import yaml
from django.core.management import CommandError, call_command
from jsonschema import Draft202012Validator
from packdata import complete_pack

from consell.content.checks import DEFAULT_PACK
from consell.content.json_schema import (
    CARDS_SCHEMA,
    PACK_SCHEMA,
    SCHEMA_DIRECTORY,
    cards_schema,
    pack_schema,
    schema_texts,
)


def default_files() -> dict[str, object]:
    return {
        path.name: yaml.safe_load(path.read_text("utf-8"))
        for path in sorted(DEFAULT_PACK.glob("*.yaml"))
    }


def schema_errors(schema: dict, document: object) -> list[str]:
    validator = Draft202012Validator(schema)
    return [
        f"{'/'.join(str(part) for part in error.absolute_path)}: {error.message[:200]}"
        for error in validator.iter_errors(document)
    ]


def test_the_published_schemas_are_valid_json_schema():
    Draft202012Validator.check_schema(pack_schema())
    Draft202012Validator.check_schema(cards_schema())


def test_the_schemas_kept_in_the_repository_are_current():
    """Run ``manage.py pack_schema`` after changing the pack format."""
    for name, text in schema_texts().items():
        assert (SCHEMA_DIRECTORY / name).read_text("utf-8") == text, name


def test_pack_schema_writes_both_files_where_it_is_told(tmp_path):
    out = StringIO()
    call_command("pack_schema", "--out", str(tmp_path), stdout=out)
    assert sorted(path.name for path in tmp_path.iterdir()) == [CARDS_SCHEMA, PACK_SCHEMA]
    assert (tmp_path / PACK_SCHEMA).read_text("utf-8") == schema_texts()[PACK_SCHEMA]
    assert out.getvalue().count("Wrote ") == 2


def test_every_file_of_the_default_pack_validates_against_the_schema():
    files = default_files()
    assert schema_errors(pack_schema(), files.pop("pack.yaml")) == []
    assert len(files) == 9
    for name, document in files.items():
        assert schema_errors(cards_schema(), document) == [], name


def test_the_test_pack_validates_against_the_schema():
    """The test pack uses every kind of box and a plot, which the default pack may not."""
    files = complete_pack()
    assert schema_errors(pack_schema(), files.pop("pack.yaml")) == []
    for name, document in files.items():
        assert schema_errors(cards_schema(), document) == [], name


@pytest.mark.parametrize(
    ("change", "where"),
    [
        (lambda card: card.update(discard_bonnus={"POW": 1}), "misspelt field"),
        (lambda card: card["title"].pop("en"), "title without English"),
        (lambda card: card["abilities"][0].update(type="instant"), "unknown ability type"),
        (lambda card: card["abilities"][0]["effect"].append({"op": "teleport"}), "unknown op"),
        (lambda card: card.update(copies=0), "no copies"),
    ],
)
def test_the_schema_flags_what_an_editor_should_underline(change, where):
    """A typo is underlined as it is typed, before load_content is run."""
    document = complete_pack()["tactics.yaml"]
    change(next(card for card in document["cards"] if card["id"] == "maniobra"))
    assert schema_errors(cards_schema(), document), where


def test_a_card_file_is_judged_by_the_cards_of_its_kind():
    document = {"kind": "law", "cards": complete_pack()["houses.yaml"]["cards"][:1]}
    assert schema_errors(cards_schema(), document)


def test_a_folder_that_cannot_be_written_is_a_clear_error(tmp_path):
    """Bad input changes nothing and shows no traceback: the command says where and why."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    with pytest.raises(CommandError, match="Cannot write the schemas into"):
        call_command("pack_schema", out=str(blocker / "schemas"))
    assert not (blocker.parent / "schemas").exists()
