"""The languages of a pack's texts (issue 35, item 5, docs/content-packs.md "Languages").

Every text is given in Catalan and English; Spanish may be left out, and a Spanish reader then
reads the Catalan, marked "(ca)". The default pack leaves out nothing: every text it has, down
to a box's title and the pack's own name, is in all three languages.
"""

from pathlib import Path

from packdata import card, errors

from consell.content.checks import DEFAULT_PACK
from consell.content.fields import LANGUAGES, REQUIRED_LANGUAGES
from consell.content.reader import load_yaml
from consell.content.schema import PACK_FILE
from consell.game.naming import text


def _documents() -> dict[str, object]:
    folder = Path(DEFAULT_PACK)
    meta, problems = load_yaml(PACK_FILE, (folder / PACK_FILE).read_text(encoding="utf-8"))
    assert not problems
    documents = {PACK_FILE: meta}
    for name in meta["files"]:
        documents[name], problems = load_yaml(name, (folder / name).read_text(encoding="utf-8"))
        assert not problems
    return documents


def _texts(value: object, where: str = "") -> list[tuple[str, dict]]:
    """Every language-keyed text under ``value``, with where it is."""
    if isinstance(value, dict):
        if "ca" in value:
            return [(where, value)]
        return [t for key, v in value.items() for t in _texts(v, f"{where}.{key}")]
    if isinstance(value, list):
        found = []
        for index, item in enumerate(value):
            name = item.get("id", index) if isinstance(item, dict) else index
            found += _texts(item, f"{where}[{name}]")
        return found
    return []


def test_every_text_of_the_default_pack_is_in_catalan_english_and_spanish():
    found = [
        (name, where, words) for name, doc in _documents().items() for where, words in _texts(doc)
    ]
    assert len(found) > 800  # titles, texts, specials, boxes, the pack's name and description
    for name, where, words in found:
        assert sorted(words) == sorted(LANGUAGES), f"{name}{where}: {sorted(words)}"
        assert all(isinstance(w, str) and w.strip() for w in words.values()), f"{name}{where}"


def test_the_default_packs_spanish_is_not_its_catalan_copied():
    """A long text the same in Spanish as in Catalan was not translated (a short title may
    be: "Muralla", "Bancarrota de la corona")."""
    same = [
        f"{name}{where}"
        for name, doc in _documents().items()
        for where, words in _texts(doc)
        if len(words["ca"]) > 30 and words["es"] == words["ca"]
    ]
    assert same == []


def test_spanish_may_be_left_out_catalan_and_english_may_not(pack):
    assert REQUIRED_LANGUAGES == ("ca", "en")
    assert "es" not in card(pack, "houses.yaml", "casa-falco")["title"]
    assert errors(pack) == []
    del card(pack, "houses.yaml", "casa-falco")["title"]["en"]
    assert errors(pack) == ["houses.yaml: casa-falco: title.en: is required"]


def test_a_spanish_text_given_must_be_a_text(pack):
    card(pack, "houses.yaml", "casa-falco")["title"]["es"] = " "
    card(pack, "laws.yaml", card_id(pack, "laws.yaml"))["text"]["fr"] = "Loi"
    assert errors(pack) == [
        "houses.yaml: casa-falco: title.es: must be a non-empty text",
        f"laws.yaml: {card_id(pack, 'laws.yaml')}: text.fr: unknown field (expected one of: "
        "ca, en, es)",
    ]


def card_id(pack: dict, file_name: str) -> str:
    return pack[file_name]["cards"][0]["id"]


def test_a_missing_language_falls_back_to_catalan_visibly():
    both = {"ca": "Casa del Falcó", "en": "House of the Falcon"}
    assert text(both, "es") == "Casa del Falcó (ca)"
    assert text({**both, "es": "Casa del Halcón"}, "es") == "Casa del Halcón"
    assert text(both, "ca") == "Casa del Falcó"
    assert text(both, "en") == "House of the Falcon"
    assert text(None, "es") == ""


def test_a_law_states_a_rule_in_force_only_if_it_keeps_one(pack):
    """A law's ``in_force`` is the rule it keeps, stated alone for the board. A law with
    ``lasting: []`` keeps none, so such a text would tell the table something untrue."""
    law = card(pack, "laws.yaml", card_id(pack, "laws.yaml"))
    law["in_force"] = {"ca": "Cap duel.", "en": "No duel."}
    law["lasting"] = [{"rule": "extra_cost", "op": "start_duel", "cost": {"POW": 1}}]
    assert errors(pack) == []
    law["lasting"] = []
    assert errors(pack) == [
        f"laws.yaml: {law['id']}: in_force: a law with no lasting rule has no rule in force "
        "to state"
    ]
