"""Pack errors are said in the table's language (issue 11 item 7): the message is translated
when it is made, in the active language; the file, card and field stay as the author wrote."""

from __future__ import annotations

import re

import pytest
from django.core.management import CommandError, call_command
from django.utils import translation
from packdata import card

from consell.content.errors import PackInvalid
from consell.content.reader import read_pack

ENGLISH = {"must", "whole", "number", "short", "characters", "unknown", "field", "expected"}
ENGLISH |= {"one", "of", "errors", "the", "content", "pack", "has", "required"}

SAID = {
    "en": [
        "houses.yaml: casa-2: emblem: must be a short text (1 to 8 characters)",
        "events.yaml: bona-collita: duration: must be a whole number >= 0",
        "pack.yaml: autor: unknown field (expected one of: id, version, name, files, description)",
        "pack.yaml: version: must be a whole number >= 1",
    ],
    "ca": [
        "houses.yaml: casa-2: emblem: ha de ser un text curt (d'1 a 8 caràcters)",
        "events.yaml: bona-collita: duration: ha de ser un nombre enter >= 0",
        "pack.yaml: autor: camp desconegut "
        "(s'esperava un d'aquests: id, version, name, files, description)",
        "pack.yaml: version: ha de ser un nombre enter >= 1",
    ],
    "es": [
        "houses.yaml: casa-2: emblem: debe ser un texto corto (de 1 a 8 caracteres)",
        "events.yaml: bona-collita: duration: debe ser un número entero >= 0",
        "pack.yaml: autor: campo desconocido "
        "(se esperaba uno de estos: id, version, name, files, description)",
        "pack.yaml: version: debe ser un número entero >= 1",
    ],
}
HEADER = {
    "en": "The content pack has 4 error(s):",
    "ca": "El paquet de contingut té 4 error(s):",
    "es": "El paquete de contenido tiene 4 error(es):",
}


def broken(pack: dict) -> dict:
    card(pack, "houses.yaml", "casa-2")["emblem"] = ""
    card(pack, "events.yaml", "bona-collita")["duration"] = "forever"
    pack["pack.yaml"]["version"] = "one"
    pack["pack.yaml"]["autor"] = "Dora"
    return pack


def words(text: str) -> set[str]:
    """The words of ``text`` but the place (file: card: field:) and the field names listed."""
    message = text.split(": ", 3)[-1] if text.count(": ") >= 2 else text
    message = re.sub(r"\(s'esperava.*|\(se esperaba.*", "", message)
    return set(re.findall(r"[a-zà-ÿ]+", message.lower()))


@pytest.mark.parametrize("language", ["en", "ca", "es"])
def test_a_broken_pack_is_refused_in_the_active_language(pack, write_pack, language):
    directory = write_pack(broken(pack))
    with translation.override(language), pytest.raises(PackInvalid) as refused:
        read_pack(directory)
    said = [str(error) for error in refused.value.errors]
    assert said == SAID[language]
    assert str(refused.value).splitlines()[0] == HEADER[language]
    if language != "en":
        for line in [*said, HEADER[language]]:
            assert not words(line) & ENGLISH, line


def test_the_place_of_an_error_stays_as_written(pack, write_pack):
    """File, card id and field path are the author's ids: the same in every language."""
    directory = write_pack(broken(pack))
    places = {}
    for language in ("en", "ca", "es"):
        with translation.override(language), pytest.raises(PackInvalid) as refused:
            read_pack(directory)
        places[language] = [(e.file, e.card, e.field) for e in refused.value.errors]
    assert places["ca"] == places["en"] == places["es"]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["ca", "es"])
def test_load_content_refuses_in_the_active_language(pack, write_pack, language):
    directory = write_pack(broken(pack))
    with translation.override(language), pytest.raises(CommandError) as refused:
        call_command("load_content", str(directory))
    assert str(refused.value).splitlines() == [HEADER[language]] + [
        f"  {line}" for line in SAID[language]
    ]


def test_a_yaml_error_is_said_in_catalan(pack, write_pack):
    pack["events.yaml"] = "kind: event\ncards: [\n"
    directory = write_pack(pack)
    with translation.override("ca"), pytest.raises(PackInvalid) as refused:
        read_pack(directory)
    (error,) = refused.value.errors
    assert error.file == "events.yaml"
    assert error.message.startswith("línia ") and "error de YAML" in error.message


def test_a_formula_error_is_said_in_spanish(pack):
    from consell.content.formulas import problem_of

    with translation.override("es"):
        assert problem_of("peril // (m - m)") == "divide por cero cuando m = 0, peril = 1"
