"""Validation of abilities, effects and conditions (rules §1.9, §4.6, primitives)."""

from packdata import card, errors, gain


def falcon_plot(pack) -> dict:
    return card(pack, "houses.yaml", "casa-falco")["abilities"][0]


def maneuvre(pack) -> dict:
    return card(pack, "tactics.yaml", "maniobra")["abilities"][0]


def test_error_names_file_card_and_field_path(pack):
    """Errors read like houses.yaml: casa-falco: abilities[0].cost.POW: <message>."""
    falcon_plot(pack)["cost"] = {"POW": -1}
    assert errors(pack) == [
        "houses.yaml: casa-falco: abilities[0].cost.POW: must be a whole number >= 0"
    ]


def test_cost_names_known_resources(pack):
    falcon_plot(pack)["cost"] = {"GOLD": 1}
    [error] = errors(pack)
    assert error.startswith("houses.yaml: casa-falco: abilities[0].cost.GOLD: unknown resource")


def test_cost_may_be_a_formula_over_peril_and_amount_params(pack):
    """§6: effects scale with Peril; a cost amount may be a formula."""
    falcon_plot(pack)["cost"] = {"INT": "intrigue + peril"}
    assert errors(pack) == []


def test_ability_type_is_one_of_the_five(pack):
    """§1.9: action, secret, reaction, indication, constant."""
    maneuvre(pack)["type"] = "instant"
    assert errors(pack) == [
        "tactics.yaml: maniobra: abilities[0].type: must be one of: "
        "action, secret, reaction, indication, constant"
    ]


def test_reaction_needs_a_trigger(pack):
    """§1.9: a reaction resolves whenever its stated trigger condition occurs."""
    maneuvre(pack)["type"] = "reaction"
    assert errors(pack) == [
        "tactics.yaml: maniobra: abilities[0].trigger: is required for reaction abilities"
    ]


def test_only_reactions_have_a_trigger(pack):
    maneuvre(pack)["trigger"] = "end_of_turn"
    assert errors(pack) == [
        "tactics.yaml: maniobra: abilities[0].trigger: only reaction abilities have a trigger"
    ]


def test_trigger_is_a_known_one(pack):
    abilities = card(pack, "assets.yaml", "xarxa-d-informadors")["abilities"]
    abilities[0]["trigger"] = "at_midnight"
    [error] = errors(pack)
    assert error.startswith(
        "assets.yaml: xarxa-d-informadors: abilities[0].trigger: must be one of: at_end_of_game"
    )


def test_indication_names_what_it_indicates(pack):
    """§1.9: indications are read where they modify: vigilance, bids, contributions, exemptions."""
    del card(pack, "common_actions.yaml", "apostes")["abilities"][0]["indication"]
    assert errors(pack) == [
        "common_actions.yaml: apostes: abilities[0].indication: is required for indication "
        "abilities"
    ]


def test_constant_ability_has_no_cost(pack):
    """§1.9: a constant is always active; payment: none."""
    maneuvre(pack)["type"] = "constant"
    maneuvre(pack)["cost"] = {"POW": 1}
    assert errors(pack) == [
        "tactics.yaml: maniobra: abilities[0].cost: a constant ability is always active and "
        "has no cost (§1.9)"
    ]


def test_ability_ids_are_unique_within_a_card(pack):
    house = card(pack, "houses.yaml", "casa-falco")
    house["abilities"].append(dict(house["abilities"][0]))
    assert errors(pack) == [
        "houses.yaml: casa-falco: abilities[1].id: repeats the ability id 'robatori'"
    ]


def test_complot_is_resolved_as_a_secret(pack):
    """§4.6: a plot is an ability with the keyword complot, resolved as a Secret [G27]."""
    falcon_plot(pack)["type"] = "action"
    assert errors(pack) == [
        "houses.yaml: casa-falco: abilities[0].type: a complot ability is resolved as a secret "
        "(rules §4.6, G27)"
    ]


def test_complot_needs_targets(pack):
    """§4.6: the player fills in the target(s) and the Intrigue invested."""
    plot = falcon_plot(pack)
    plot["params"] = [p for p in plot["params"] if p["name"] != "targets"]
    plot["effect"] = [gain("self", "MON", 1)]
    assert errors(pack) == [
        "houses.yaml: casa-falco: abilities[0].params: a complot needs a 'targets' parameter "
        "of type player, players or kingdom (§4.6)"
    ]


def test_complot_intrigue_is_at_least_one(pack):
    """§4.6: Intrigue invested, I >= 1."""
    falcon_plot(pack)["params"][1]["min"] = 0
    assert errors(pack) == [
        "houses.yaml: casa-falco: abilities[0].params: a complot needs an 'intrigue' amount "
        "parameter with min >= 1 (rules §4.6)"
    ]


def test_param_type_is_known(pack):
    falcon_plot(pack)["params"][0]["type"] = "person"
    found = errors(pack)
    assert found[0].startswith(
        "houses.yaml: casa-falco: abilities[0].params[0].type: must be one of: player, players"
    )
    assert not any("effect" in error for error in found)


def test_param_options_depend_on_its_type(pack):
    falcon_plot(pack)["params"][1]["scope"] = "others"
    [error] = errors(pack)
    assert error.startswith("houses.yaml: casa-falco: abilities[0].params[1].scope: unknown field")


def test_amount_param_max_is_not_below_min(pack):
    falcon_plot(pack)["params"][1].update(min=3, max=2)
    assert errors(pack) == [
        "houses.yaml: casa-falco: abilities[0].params[1].max: must be >= min (3)"
    ]


def test_unknown_op_is_an_error(pack):
    maneuvre(pack)["effect"] = [{"op": "teleport", "who": "self"}]
    [error] = errors(pack)
    assert error.startswith(
        "tactics.yaml: maniobra: abilities[0].effect[0].op: unknown op 'teleport' "
        "(expected one of: gain, lose, pay"
    )


def test_op_arguments_are_checked_by_name(pack):
    maneuvre(pack)["effect"] = [{"op": "gain", "who": "self", "resource": "POW", "amout": 1}]
    assert errors(pack) == [
        "tactics.yaml: maniobra: abilities[0].effect[0].amout: unknown field "
        "(expected one of: op, who, resource, amount)",
        "tactics.yaml: maniobra: abilities[0].effect[0].amount: is required",
    ]


def test_param_reference_must_name_a_param(pack):
    falcon_plot(pack)["effect"][0]["from"] = "$victim"
    assert errors(pack) == [
        "houses.yaml: casa-falco: abilities[0].effect[0].from: names no parameter of the "
        "ability (parameters: $targets, $intrigue)"
    ]


def test_param_reference_must_have_the_right_type(pack):
    falcon_plot(pack)["effect"][0]["from"] = "$intrigue"
    assert errors(pack) == [
        "houses.yaml: casa-falco: abilities[0].effect[0].from: $intrigue is a parameter "
        "of type amount; expected player or players"
    ]


def test_formula_amount_may_use_the_ability_amount_params(pack):
    """A plot that steals as much Money as the Intrigue invested."""
    falcon_plot(pack)["effect"][0]["amount"] = "intrigue * 2"
    assert errors(pack) == []


def test_formula_amount_outside_the_ability_knows_no_params(pack):
    maneuvre(pack)["effect"] = [gain("self", "POW", "intrigue")]
    [error] = errors(pack)
    assert error.startswith(
        "tactics.yaml: maniobra: abilities[0].effect[0].amount: bad formula: "
        "Formula 'intrigue' uses unknown names: intrigue."
    )


def test_nested_ops_are_checked(pack):
    """for_each applies its ops to each selected player."""
    events = card(pack, "events.yaml", "bona-collita")
    events["effect"][0]["do"][0]["resource"] = "GOLD"
    [error] = errors(pack)
    assert error.startswith("events.yaml: bona-collita: effect[0].do[0].resource: unknown resource")


def test_indicator_delta_may_be_negative_but_not_zero(pack):
    """§4.4: indicators move up or down; a move of 0 is a mistake."""
    card(pack, "crises.yaml", "invasors")["penalty"][0]["delta"] = 0
    assert errors(pack) == ["crises.yaml: invasors: penalty[0].delta: must not be 0"]


def test_contributor_selectors_only_make_sense_in_crises(pack):
    """§6: effects reward or punish crisis contributors and non-contributors."""
    maneuvre(pack)["effect"] = [gain("top_contributors", "PRE", 1)]
    assert errors(pack) == [
        "tactics.yaml: maniobra: abilities[0].effect[0].who: top_contributors only has a "
        "meaning in a crisis or a crisis reaction"
    ]


def test_crisis_reward_may_name_non_contributors(pack):
    card(pack, "crises.yaml", "invasors")["penalty"].append(gain("non_contributors", "PRE", 0))
    card(pack, "crises.yaml", "invasors")["penalty"][1]["op"] = "lose"
    assert errors(pack) == []


def test_manual_effect_needs_its_text_in_both_languages(pack):
    """A manual effect shows its text to the director, who applies it by hand."""
    maneuvre(pack)["effect"] = [{"op": "manual", "text": {"ca": "El director decideix."}}]
    assert errors(pack) == ["tactics.yaml: maniobra: abilities[0].effect[0].text.en: is required"]


def test_condition_test_is_known(pack):
    card(pack, "objectives.yaml", "regne-estable")["condition"] = {"test": "is_happy"}
    [error] = errors(pack)
    assert error.startswith(
        "objectives.yaml: regne-estable: condition.test: unknown test 'is_happy'"
    )


def test_nested_conditions_are_checked(pack):
    card(pack, "objectives.yaml", "regne-estable")["condition"] = {
        "test": "all",
        "of": [{"test": "is_king"}, {"test": "indicator_at_least", "indicator": "joy", "value": 4}],
    }
    [error] = errors(pack)
    assert error.startswith(
        "objectives.yaml: regne-estable: condition.of[1].indicator: must be one of: stability"
    )
