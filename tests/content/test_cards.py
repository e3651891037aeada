"""Validation of card fields, kind by kind (rules §1.7, §1.8, §6)."""

from packdata import card, errors

from consell.content.cards import House, Law
from consell.content.schema import validate_pack


def test_the_complete_test_pack_is_valid(pack):
    assert errors(pack) == []


def test_unknown_field_is_an_error_so_typos_do_not_pass(pack):
    """Typos must not pass silently: a misspelt field is refused, not ignored."""
    card(pack, "tactics.yaml", "maniobra")["discard_bonnus"] = {"POW": 1}
    assert errors(pack) == [
        "tactics.yaml: maniobra: discard_bonnus: unknown field (expected one of: id, title, "
        "text, keywords, copies, abilities, discard_bonus)"
    ]


def test_title_needs_both_languages(pack):
    """Card texts in packs are bilingual {ca: ..., en: ...}."""
    card(pack, "houses.yaml", "casa-2")["title"] = {"ca": "Casa dos"}
    assert errors(pack) == ["houses.yaml: casa-2: title.en: is required"]


def test_empty_translation_is_an_error(pack):
    card(pack, "laws.yaml", "llei-de-comerc")["text"]["en"] = "  "
    assert errors(pack) == ["laws.yaml: llei-de-comerc: text.en: must be a non-empty text"]


def test_a_yaml_boolean_is_not_a_number(pack):
    card(pack, "objectives.yaml", "regne-estable")["prestige"] = True
    assert errors(pack) == ["objectives.yaml: regne-estable: prestige: must be a whole number >= 1"]


def test_objective_needs_condition_and_prestige(pack):
    """§1.7: objectives give conditions and a number of Prestige points."""
    objective = card(pack, "objectives.yaml", "regne-estable")
    del objective["condition"], objective["prestige"]
    assert errors(pack) == [
        "objectives.yaml: regne-estable: prestige: is required",
        "objectives.yaml: regne-estable: condition: is required",
    ]


def test_objective_scope_is_collective_or_personal(pack):
    card(pack, "objectives.yaml", "regne-estable")["scope"] = "public"
    found = errors(pack)
    assert found[0] == "objectives.yaml: regne-estable: scope: must be one of: collective, personal"


def test_crisis_needs_a_threshold(pack):
    """§1.7: each crisis has a requirement (resource types and a threshold)."""
    del card(pack, "crises.yaml", "invasors")["threshold"]
    assert errors(pack) == ["crises.yaml: invasors: threshold: is required"]


def test_crisis_threshold_formula_must_parse(pack):
    card(pack, "crises.yaml", "invasors")["threshold"] = "2*m +"
    [error] = errors(pack)
    assert error.startswith("crises.yaml: invasors: threshold: bad formula: Formula '2*m +'")


def test_crisis_threshold_formula_knows_only_m_n_peril_and_turn(pack):
    card(pack, "crises.yaml", "invasors")["threshold"] = "2*members + peril"
    assert errors(pack) == [
        "crises.yaml: invasors: threshold: bad formula: "
        "Formula '2*members + peril' uses unknown names: members."
    ]


def test_crisis_accepts_known_resources_once(pack):
    card(pack, "crises.yaml", "invasors")["accepts"] = ["FOR", "GOLD", "FOR"]
    assert errors(pack) == [
        "crises.yaml: invasors: accepts[1]: unknown resource 'GOLD' "
        "(expected one of: PRE, POW, MON, INT, FOR, FAI, FAV)",
        "crises.yaml: invasors: accepts[2]: repeats the resource FOR",
    ]


def test_crisis_needs_a_reward_and_a_penalty(pack):
    card(pack, "crises.yaml", "invasors")["penalty"] = []
    assert errors(pack) == ["crises.yaml: invasors: penalty: must not be empty"]


def test_tactic_that_cannot_be_sacrificed_says_null(pack):
    """§1.8: if no resources are shown, the card cannot be sacrificed."""
    card(pack, "tactics.yaml", "maniobra")["discard_bonus"] = {}
    assert errors(pack) == [
        "tactics.yaml: maniobra: discard_bonus: write null for a tactic that cannot be sacrificed"
    ]


def test_discard_bonus_amounts_are_positive_numbers(pack):
    card(pack, "tactics.yaml", "maniobra")["discard_bonus"] = {"POW": 0, "MON": "peril"}
    assert errors(pack) == [
        "tactics.yaml: maniobra: discard_bonus.POW: must be a whole number >= 1",
        "tactics.yaml: maniobra: discard_bonus.MON: must be a whole number >= 1",
    ]


def test_asset_is_visible_or_hidden(pack):
    card(pack, "assets.yaml", "joies")["visibility"] = "secret"
    assert "assets.yaml: joies: visibility: must be one of: visible, hidden" in errors(pack)


def test_law_needs_the_text_of_its_rule(pack):
    """§6: laws change rules; the text describes the lasting rule."""
    del card(pack, "laws.yaml", "llei-de-comerc")["text"]
    assert errors(pack) == [
        "laws.yaml: llei-de-comerc: text: is required: a law describes the rule it puts in force"
    ]


def test_event_duration_is_a_whole_number(pack):
    """§6: events are immediate (0) or lasting (n turns)."""
    card(pack, "events.yaml", "bona-collita")["duration"] = -1
    assert errors(pack) == ["events.yaml: bona-collita: duration: must be a whole number >= 0"]


def test_house_needs_an_emblem_and_a_special_ability(pack):
    """§1.2: each house has an emblem and a special ability."""
    house = card(pack, "houses.yaml", "casa-3")
    del house["special"]
    house["emblem"] = ""
    assert errors(pack) == [
        "houses.yaml: casa-3: special: is required",
        "houses.yaml: casa-3: emblem: must be a short text (1 to 8 characters)",
    ]


def test_a_house_is_not_dealt_in_copies(pack):
    card(pack, "houses.yaml", "casa-3")["copies"] = 2
    assert errors(pack) == [
        "houses.yaml: casa-3: copies: a house card exists once in a pack; copies must be 1"
    ]


def test_office_distributes_a_known_resource(pack):
    card(pack, "offices.yaml", "mariscal")["distributes"] = "ARMY"
    [error] = errors(pack)
    assert error.startswith("offices.yaml: mariscal: distributes: unknown resource 'ARMY'")


def test_common_action_has_exactly_one_ability(pack):
    """§1.7: each common action is one tile, usable once per turn."""
    action = card(pack, "common_actions.yaml", "vigilancia")
    action["abilities"].append(dict(action["abilities"][0], id="segona"))
    assert errors(pack) == [
        "common_actions.yaml: vigilancia: abilities: a common action has exactly one ability "
        "(rules §1.7)"
    ]


def test_repeated_keyword_is_an_error(pack):
    card(pack, "assets.yaml", "joies")["keywords"] = ["Luxe", "Luxe"]
    assert errors(pack) == ["assets.yaml: joies: keywords[1]: repeats the keyword 'Luxe'"]


def test_a_card_that_is_not_a_mapping_is_named_by_its_place(pack):
    pack["laws.yaml"]["cards"].append("llei-sense-forma")
    assert errors(pack)[0].startswith("laws.yaml: cards[1]: must be a mapping with the fields")


def test_a_valid_pack_carries_each_card_as_its_typed_model(pack):
    """Cards are typed models (issue 11, item 7); the data stays exactly as written."""
    meta = pack.pop("pack.yaml")
    files = pack
    cards = {card.id: card for card in validate_pack(meta, files).cards}
    falcon, law = cards["casa-falco"], cards["llei-de-comerc"]
    assert isinstance(falcon.model, House) and falcon.model.emblem == "🦅"
    assert falcon.model.abilities and falcon.model.abilities[0].params
    assert isinstance(law.model, Law) and law.model.copies == 15
    assert "keywords" not in falcon.data  # the defaults are the model's, not the stored card's
