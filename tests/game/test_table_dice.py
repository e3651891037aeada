"""Dice rolled at the table and typed in by the director (docs/principles.md, principle 5;
rules §4.6, G29).

A plot rolls, per target and then per Spymaster test, "un dau d'èxit" and "dos daus de
detecció". Typed dice must be exactly those: a wrong count or value is refused with what each
die is for, and nothing changes; the right ones resolve the plot with the table's values.
"""

from __future__ import annotations

import pytest

from consell.content.catalog import load_catalog
from consell.game.models import DiceRoll, Event
from consell.game.services.turn import table_dice
from consell.rules import resolution
from consell.rules.dice import FixedDice
from consell.rules.ruleset import Ruleset
from consell.rules.state import Phase
from consell.simulator.runner import default_pack

from .simulated import director_client, hidden_fields, play_until, refusals_of, state_of

pytestmark = pytest.mark.django_db


def _plot_next(aborts: bool):
    """Stop when a plot with a Spymaster test is next, one that can (or cannot) be paid."""
    catalog = load_catalog(default_pack())
    ruleset = Ruleset.default()

    def where(state) -> bool:
        if state.phase is not Phase.SECRETS or resolution.VIGILANCE not in state.progress:
            return False
        tests = table_dice(state, catalog, ruleset, "en") or []
        if len(tests) < 2 or (not aborts and not any("Spymaster" in t for t in tests)):
            return False
        dry = resolution.resolve_next(
            state, catalog, ruleset, FixedDice([1] * 3 * len(tests)), "secrets"
        )
        return any(ev.kind == "aborted" for ev in dry.events) == aborts

    return where


@pytest.fixture
def game():
    """``simulate --players 9 --seed 1``, at its first plot with a Spymaster test that can
    be paid."""
    return play_until(9, 10, 1, _plot_next(aborts=False))


def _tests(game):
    return table_dice(
        state_of(game), load_catalog(game.pack), Ruleset.from_dict(game.ruleset), "en"
    )


def _type(game, dice: list):
    """Type ``dice`` into the dashboard's labelled boxes (one box per die of the plot), send."""
    director = director_client(game)
    action = f"/games/{game.pk}/turn/secret/"
    page = director.get(f"/games/{game.pk}/")
    boxes = page.content.decode().split(f'action="{action}" class="form table-dice"')[1]
    assert boxes.split("</form>")[0].count('name="die"') == 3 * len(_tests(game))
    form = hidden_fields(page, action)
    return director.post(action, {**form, "die": [str(d) for d in dice]})


def _unchanged(game):
    game.refresh_from_db()
    return game.seq, game.state, game.dice_counter


def test_too_few_dice_are_refused_with_what_each_die_is_for(game):
    tests = _tests(game)
    before = _unchanged(game)
    response = _type(game, [3, 4])
    [message] = refusals_of(response)
    assert f"This plot needs {3 * len(tests)} dice and 2 were typed." in message
    assert "dice 1 to 3: " + tests[0] in message
    assert "Spymaster" in message
    assert _unchanged(game) == before


def test_a_die_that_is_not_a_d6_is_refused(game):
    before = _unchanged(game)
    response = _type(game, [7] * 3 * len(_tests(game)))
    assert refusals_of(response) == ["Each die is a whole number from 1 to 6."]
    assert _unchanged(game) == before


def test_the_plots_own_count_of_dice_resolves_it_with_the_tables_values(game):
    needed = 3 * len(_tests(game))
    values = [(i % 6) + 1 for i in range(needed)]
    first_seq = game.seq
    response = _type(game, values)
    assert refusals_of(response) == []
    rolls = DiceRoll.objects.filter(game=game, entered=True).order_by("counter")
    assert [r.value for r in rolls] == values
    assert not Event.objects.filter(game=game, seq__gt=first_seq, kind="aborted").exists()


def test_dice_typed_for_a_plot_that_aborts_before_rolling_are_refused_with_the_reason():
    """§4.1: an ability that cannot be paid aborts; its plot rolls nothing."""
    game = play_until(9, 10, 3, _plot_next(aborts=True))
    before = _unchanged(game)
    response = _type(game, [4] * 3 * len(_tests(game)))
    [message] = refusals_of(response)
    assert message.startswith("This plot is aborted before any die is rolled (Cannot pay")
    assert _unchanged(game) == before


def test_the_dashboard_lists_each_die_with_its_purpose_in_the_rules_order(game):
    """§4.6: "one success test + one detection test per target", then the Spymaster test:
    a box per die, labelled with what it decides, in the order the plot reads them."""
    page = director_client(game).get(f"/games/{game.pk}/").content.decode()
    form = page.split('class="form table-dice"')[1].split("</form>")[0]
    labels = [chunk.split("<small")[0].strip() for chunk in form.split("<label")[1:]]
    labels = [label.split(">", 1)[1].strip() for label in labels]
    tests = _tests(game)
    assert len(labels) == 3 * len(tests) == form.count('name="die"')
    assert form.count('min="1" max="6"') == len(labels)
    first = tests[0].removeprefix("the test against ")  # a player or a kingdom (§4.6)
    assert labels[:3] == [
        f"Success against {first}",
        f"Detection for {first} (1 of 2)",
        f"Detection for {first} (2 of 2)",
    ]
    spymaster = labels[-3]
    assert spymaster.startswith("Spymaster test of ") and spymaster.endswith(": success")
    assert spymaster.removeprefix("Spymaster test of ").removesuffix(": success") in tests[-1]


def test_a_covered_target_is_not_called_the_spymaster(game):
    page = director_client(game).get(f"/games/{game.pk}/").content.decode()
    odds = page.split('class="plot-odds"')[1].split("</table>")[0]
    assert "(covered by the Spymaster of " in odds
    assert "(Spymaster of " not in odds


def test_an_empty_box_is_refused_with_what_each_die_is_for(game):
    needed = 3 * len(_tests(game))
    before = _unchanged(game)
    response = _type(game, [4] * (needed - 1) + [""])
    [message] = refusals_of(response)
    assert f"This plot needs {needed} dice and {needed - 1} were typed." in message
    assert _unchanged(game) == before
