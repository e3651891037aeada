"""The ``lasting`` field of laws and events (rules §1.7: laws "canvien un o més aspectes del
joc"; G46: lasting events "quedar en joc per un o més torns"): a card that lasts says what it
changes, as rules the engine applies or as a manual rule for the director, or it is refused."""

from packdata import card, errors

LAW, EVENT = "llei-de-comerc", "bona-collita"


def test_a_law_without_a_lasting_field_is_refused(pack):
    del card(pack, "laws.yaml", LAW)["lasting"]
    assert errors(pack) == [
        "laws.yaml: llei-de-comerc: lasting: is required: write the rule the law puts in force "
        "(or [] when it has none), or a manual rule for the director"
    ]


def test_a_law_whose_text_says_mentre_sigui_vigent_may_not_have_an_empty_lasting(pack):
    law = card(pack, "laws.yaml", LAW)
    law["text"] = {"ca": "Mentre sigui vigent, es pot comerciar.", "en": "Trade is allowed."}
    law["lasting"] = []
    assert errors(pack) == [
        'laws.yaml: llei-de-comerc: lasting: must not be empty: the text says "Mentre sigui '
        'vigent"; write the rule it puts in force, or a manual rule for the director'
    ]
    law["text"] = {"ca": "En aprovar-se, es pot comerciar.", "en": "While in force, trade."}
    assert len(errors(pack)) == 1, "the English text says it too"
    law["text"] = {"ca": "No té cap altra regla vigent.", "en": "It has no other lasting rule."}
    assert errors(pack) == []


def test_a_lasting_event_with_neither_rules_nor_a_manual_rule_is_refused(pack):
    card(pack, "events.yaml", EVENT)["duration"] = 2
    assert errors(pack) == [
        "events.yaml: bona-collita: lasting: is required for a lasting event: write what it "
        "changes while it lasts, or a manual rule for the director"
    ]
    card(pack, "events.yaml", EVENT)["lasting"] = []
    assert errors(pack) == ["events.yaml: bona-collita: lasting: must not be empty"]


def test_an_immediate_event_has_no_lasting_rule(pack):
    card(pack, "events.yaml", EVENT)["lasting"] = [{"rule": "forbid", "what": "join"}]
    assert errors(pack) == [
        "events.yaml: bona-collita: lasting: an immediate event (duration 0) has no lasting rule"
    ]


def test_every_rule_of_the_vocabulary_is_accepted(pack):
    card(pack, "laws.yaml", LAW)["lasting"] = [
        {"rule": "forbid", "what": "expel", "with": {"card": "rei", "ability": "x"}},
        {"rule": "forbid", "what": "keyword_abilities", "keyword": "Luxe", "scope": "everyone"},
        {"rule": "extra_cost", "op": "start_duel", "cost": {"POW": 1}},
        {"rule": "crisis_threshold", "accepts": "FOR", "delta": 2},
        {"rule": "crisis_accepts", "accepts": "FAI", "also": "POW"},
        {"rule": "crisis_accepts", "accepts": "FOR", "also": "MON", "office": "rei"},
        {"rule": "production", "resource": "MON", "delta": -1},
        {"rule": "privilege", "resource": "FAI", "keep": 2},
        {"rule": "vigilance", "delta": 1, "office": "rei"},
        {"rule": "tie_break", "by": "nobody", "motion": "law"},
        {"rule": "tie_break", "by": "office", "office": "rei", "when": "king_did_not_vote"},
        {
            "rule": "law_passed",
            "effect": [{"op": "gain", "who": "self", "resource": "PRE", "amount": 1}],
        },
        {"rule": "trade", "during": "actions"},
        {"rule": "bid", "delta": 1},
        {"rule": "deposed_king_contends"},
        {"rule": "rejoin_without_vote"},
        {"rule": "plan_again", "ability": {"card": "proposar-llei", "ability": "proposar-llei"}},
        {
            "rule": "end_of_game",
            "effect": [{"op": "lose", "who": "members", "resource": "PRE", "amount": 1}],
        },
        {"rule": "manual", "at": "succession", "text": {"ca": "Fes-ho.", "en": "Do it."}},
    ]
    assert errors(pack) == []


def test_a_wrong_rule_is_refused_with_the_field_it_gets_wrong(pack):
    card(pack, "laws.yaml", LAW)["lasting"] = [
        {"rule": "forbid", "what": "dance"},
        {"rule": "production", "resource": "MON", "delta": 0},
        {"rule": "forbid", "what": "join", "with": {"card": "no-such-card", "ability": "x"}},
        {"rule": "tie_break", "by": "office"},
        {"rule": "manual", "at": "lunch", "text": {"ca": "Fes-ho.", "en": "Do it."}},
        {"rule": "privileges", "resource": "MON", "keep": 2},
        {"rule": "trade", "during": "planning"},
    ]
    found = errors(pack)
    assert any("lasting[0].what: must be one of: join, join_another" in e for e in found)
    assert any("lasting[1].delta: must be a whole number other than 0" in e for e in found)
    assert any("lasting[2].with: only an expulsion can be forbidden" in e for e in found)
    assert any("lasting[2].with.card: no card 'no-such-card' in this pack" in e for e in found)
    assert any("lasting[3].office: names the office that breaks ties" in e for e in found)
    assert any("lasting[4].at: must be one of: planning" in e for e in found)
    assert any("lasting[5].rule: unknown rule 'privileges'" in e for e in found)
    assert any("lasting[6].during: must be one of: destiny, actions" in e for e in found)
