"""Pack-wide rules: unique ids, one King, references, minimum deck sizes (§6, G5), pack.yaml."""

from packdata import card, errors

from consell.content.schema import MINIMUM_SIZES
from consell.rules.ruleset import Ruleset


def test_minimum_sizes_are_those_of_rules_section_6_but_objectives():
    """§6: houses 16, offices 6, tactics 60, assets 60 (half visible, half hidden), laws 15,
    crises 20, events 20, common-action tiles 6. Objectives: 32 + 32, not §6's 24 + 24 (G5)."""
    assert MINIMUM_SIZES == {
        "house": 16,
        "office": 6,
        "common_action": 6,
        "collective_objective": 32,
        "personal_objective": 32,
        "tactic": 60,
        "visible_asset": 30,
        "hidden_asset": 30,
        "law": 15,
        "crisis": 20,
        "event": 20,
    }


def test_g5_objective_decks_can_deal_to_sixteen_players():
    """§2.5: "the director deals each player 2 collective + 2 personal objectives" and G5: "no
    objective may appear twice among all objectives dealt at setup"; up to 16 players (G2)."""
    ruleset = Ruleset.default()
    collective, personal = ruleset.objectives_dealt
    assert MINIMUM_SIZES["collective_objective"] == collective * ruleset.players_max
    assert MINIMUM_SIZES["personal_objective"] == personal * ruleset.players_max


def test_g5_copies_of_an_objective_do_not_count(pack):
    """G5: a copy repeats its card, so it is set aside when dealt: 32 collective objectives of
    which 2 are copies of the same card are only 31 different ones, too few for 16 players."""
    objectives = pack["objectives.yaml"]["cards"]
    objectives.remove(card(pack, "objectives.yaml", "objectiu-col-lectiu-32"))
    card(pack, "objectives.yaml", "objectiu-col-lectiu-31")["copies"] = 2
    assert errors(pack) == [
        "pack.yaml: files: 31 different collective_objective card(s), copies not counted; "
        "dealing 2 to each of 16 players with no repeat (rules G5) needs at least 32"
    ]


def test_g5_thirty_two_different_objectives_are_enough(pack):
    """G5: 32 different personal objectives seat 16 players, copies or not."""
    card(pack, "objectives.yaml", "col-leccionista")["copies"] = 3
    assert errors(pack) == []


def test_pack_below_a_minimum_size_is_refused(pack):
    """§6: minimum pack sizes, so that decks do not run dry in a 10-turn game."""
    card(pack, "tactics.yaml", "maniobra")["copies"] = 58
    assert errors(pack) == [
        "pack.yaml: files: 59 tactic card(s), copies counted; rules §6 asks for at least 60"
    ]


def test_assets_must_be_half_hidden(pack):
    card(pack, "assets.yaml", "xarxa-d-informadors")["visibility"] = "visible"
    assert errors(pack) == [
        "pack.yaml: files: 0 hidden_asset card(s), copies counted; rules §6 asks for at least 30"
    ]


def test_card_ids_are_unique_in_the_whole_pack(pack):
    card(pack, "laws.yaml", "llei-de-comerc")["id"] = "maniobra"
    assert errors(pack) == ["laws.yaml: maniobra: id: repeats the id of a card in tactics.yaml"]


def test_exactly_one_office_is_the_king(pack):
    """§1.4: the King has an office card and excludes all other offices."""
    card(pack, "offices.yaml", "mariscal")["king"] = True
    assert errors(pack) == [
        "offices.yaml: mariscal: king: only one office is the King's; rei already has king: true"
    ]


def test_a_pack_without_a_king_is_refused(pack):
    del card(pack, "offices.yaml", "rei")["king"]
    assert errors(pack) == ["pack.yaml: files: no office has king: true (rules §1.4)"]


def test_each_resource_has_one_distributing_office(pack):
    """§1.4: each produced resource is distributed by its responsible office."""
    card(pack, "offices.yaml", "mariscal")["distributes"] = "MON"
    assert errors(pack) == ["offices.yaml: mariscal: distributes: tresorer already distributes MON"]


def test_condition_office_must_be_in_the_pack(pack):
    card(pack, "objectives.yaml", "regne-estable")["condition"] = {
        "test": "holds_office",
        "office": "almirall",
    }
    assert errors(pack) == [
        "objectives.yaml: regne-estable: condition.office: no office 'almirall' in this pack"
    ]


def test_condition_keyword_must_be_on_some_card(pack):
    """§1.8: keywords group cards; an objective may count the Luxe cards."""
    card(pack, "objectives.yaml", "col-leccionista")["condition"]["keyword"] = "Luxo"
    assert errors(pack) == [
        "objectives.yaml: col-leccionista: condition.keyword: no keyword 'Luxo' in this pack"
    ]


def test_pack_id_is_a_slug(pack):
    pack["pack.yaml"]["id"] = "Joc Base"
    assert errors(pack) == ["pack.yaml: id: must be an id made of a-z, 0-9 and -"]


def test_pack_version_is_a_positive_number(pack):
    pack["pack.yaml"]["version"] = 0
    assert errors(pack) == ["pack.yaml: version: must be a whole number >= 1"]


def test_unknown_pack_field_is_an_error(pack):
    pack["pack.yaml"]["autor"] = "Dora"
    assert errors(pack) == [
        "pack.yaml: autor: unknown field (expected one of: id, version, name, files, description)"
    ]


def test_card_file_names_its_kind(pack):
    pack["laws.yaml"]["kind"] = "statute"
    assert errors(pack)[0].startswith("laws.yaml: kind: must be one of: house, office")


def test_every_error_is_listed_at_once(pack):
    """A bad pack is refused as a whole, listing every error by file, card and field."""
    card(pack, "houses.yaml", "casa-2")["emblem"] = ""
    card(pack, "events.yaml", "bona-collita")["duration"] = "forever"
    pack["pack.yaml"]["version"] = "one"
    assert errors(pack) == [
        "houses.yaml: casa-2: emblem: must be a short text (1 to 8 characters)",
        "events.yaml: bona-collita: duration: must be a whole number >= 0",
        "pack.yaml: version: must be a whole number >= 1",
    ]
