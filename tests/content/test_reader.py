"""Reading a pack directory from disk: YAML errors, missing and stray files."""

import pytest
import yaml

from consell.content.errors import PackInvalid
from consell.content.reader import read_pack


def messages(directory) -> list[str]:
    with pytest.raises(PackInvalid) as caught:
        read_pack(directory)
    return [str(error) for error in caught.value.errors]


def test_a_pack_is_read_from_its_directory(pack, write_pack):
    content = read_pack(write_pack(pack))
    assert (content.id, content.version, content.counts()["tactic"]) == ("proves", 1, 60)


def test_a_pack_is_read_from_its_pack_yaml(pack, write_pack):
    assert read_pack(write_pack(pack) / "pack.yaml").id == "proves"


def test_a_directory_without_pack_yaml_is_refused(tmp_path):
    [error] = messages(tmp_path)
    assert error.endswith("pack.yaml: no pack.yaml here")


def test_a_listed_file_that_is_missing_is_an_error(pack, write_pack):
    directory = write_pack(pack)
    (directory / "events.yaml").unlink()
    assert "events.yaml: listed in pack.yaml files but not found" in messages(directory)


def test_a_yaml_file_not_listed_is_an_error(pack, write_pack):
    directory = write_pack(pack)
    (directory / "extra.yaml").write_text("kind: law\ncards: []\n", encoding="utf-8")
    assert messages(directory) == ["extra.yaml: not listed in pack.yaml files"]


def test_a_yaml_syntax_error_names_its_line(pack, write_pack):
    pack["laws.yaml"] = "kind: law\ncards:\n  - id: [unclosed\n"
    errors = messages(write_pack(pack))
    assert errors[0].startswith("laws.yaml: line 4: YAML error:")


def test_a_key_written_twice_is_an_error(pack, write_pack):
    """Plain YAML keeps the last of two equal keys; a pack must not lose one silently."""
    text = yaml.safe_dump(pack["laws.yaml"], allow_unicode=True, sort_keys=False)
    pack["laws.yaml"] = text.replace("  copies: 15\n", "  copies: 15\n  copies: 16\n", 1)
    assert messages(write_pack(pack)) == ["laws.yaml: line 19: YAML error: duplicate key 'copies'"]
