"""What each ruleset value means to a director: its group, label, one line and rule (rules §7).

The ruleset screen is read at the table, before the deal, by someone who has not read the rules
spec: every value is shown under a group, by name, with one line saying what it changes and the
section of the rules it changes. ``tests/game/test_ruleset_screen.py`` fails when a ruleset
value has no entry here, so a new value cannot reach the screen as a raw key.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

if TYPE_CHECKING:
    from django_stubs_ext import StrPromise


@dataclass(frozen=True)
class Entry:
    """One ruleset value on the screen. ``kind`` picks the widget (``ruleset_form``)."""

    group: str
    kind: str
    label: StrPromise
    help: StrPromise
    section: str


GROUPS = {
    "setup": _("Setup"),
    "economy": _("Economy, kingdoms and votes"),
    "plots": _("Plots"),
    "auction": _("Market and auction"),
    "crises": _("Insurrections and duels"),
    "end": _("Game length"),
}

OUTCOME_LABELS = {
    "revolution": _("Revolution"),
    "uprising": _("Uprising"),
    "unrest": _("Unrest"),
    "crushed": _("Revolt crushed"),
}

CHOICES = {
    "auction_tiebreak": (
        ("lowest_prestige", _("the lowest Prestige wins; still tied, nobody")),
        ("none", _("nobody wins a tied bid")),
    ),
    "law_scope": (
        ("kingdom", _("the proposer's kingdom votes and is bound")),
        ("global", _("every player votes and everyone is bound")),
    ),
}

SUBLABELS = {
    "objectives_dealt": (_("collective"), _("personal")),
    "objectives_kept": (_("collective"), _("personal")),
    "plot_clamp": (pgettext_lazy("threshold", "lowest"), pgettext_lazy("threshold", "highest")),
}

E = Entry
ENTRIES: dict[str, Entry] = {
    # -- setup ----------------------------------------------------------------------------------
    "players_min": E(
        "setup", "int", _("Fewest players"), _("A game cannot start with fewer."), "§1.2, G2"
    ),
    "players_max": E(
        "setup", "int", _("Most players"), _("A game cannot start with more."), "§1.2, G2"
    ),
    "kingdom_divisor": E(
        "setup",
        "int",
        _("Players per kingdom"),
        _("Kingdoms at setup: the number of players divided by this, rounded down, at least 1."),
        "§2, G3",
    ),
    "objectives_dealt": E(
        "setup",
        "pair",
        _("Objectives dealt"),
        _("Collective and personal objectives each player is dealt."),
        "§2",
    ),
    "objectives_kept": E(
        "setup",
        "pair",
        _("Objectives kept"),
        _("How many of each the player keeps; the rest go back unseen."),
        "§2",
    ),
    "tactics_initial": E(
        "setup", "int", _("Tactics at setup"), _("Tactic cards each player starts with."), "§2"
    ),
    "initial_resources": E(
        "setup",
        "amounts",
        _("Starting chest"),
        _("The resources each player starts with."),
        "§2, G6",
    ),
    "law_row_size": E(
        "setup", "int", _("Laws in the row"), _("Laws on offer for a vote at once."), "§2, §4.7"
    ),
    "destiny_crises": E(
        "setup",
        "int",
        _("Crises in each destiny pile"),
        _("Crisis cards shuffled into the destiny pile."),
        "§3.1, G11",
    ),
    "destiny_events": E(
        "setup",
        "int",
        _("Events in each destiny pile"),
        _("Event cards shuffled into the destiny pile."),
        "§3.1, G11",
    ),
    "indicator_min": E(
        "setup",
        "int",
        _("Lowest indicator value"),
        _("Below it an insurrection happens instead."),
        "§1.6, §4.4",
    ),
    "indicator_max": E(
        "setup", "int", _("Highest indicator value"), _("No indicator rises above it."), "§1.6"
    ),
    "indicator_start": E(
        "setup",
        "int",
        _("Starting indicator value"),
        _("Every indicator of a new kingdom starts here; moving away from it costs friction."),
        "§1.6, §4.4",
    ),
    "office_for_resource": E(
        "setup",
        "offices",
        _("Who distributes each resource"),
        _("The office that distributes each resource a kingdom produces; vacant, the King."),
        "§1.4, §4.11, G26",
    ),
    # -- economy --------------------------------------------------------------------------------
    "friction": E(
        "economy",
        "friction",
        _("Friction"),
        _("Extra cost of a step that lands on each value, paid in the linked resource."),
        "§4.4, G16, G17",
    ),
    "production_divisor": E(
        "economy",
        "int",
        _("Production divisor"),
        _("A kingdom produces members × indicator ÷ this, rounded up."),
        "§4.11, G25",
    ),
    "favor_divisor": E(
        "economy",
        "int",
        _("Favor divisor"),
        _("Favor produced: (members − 1) × (lowest indicator − 1) ÷ this, rounded up."),
        "§4.11, G26",
    ),
    "distributor_keep": E(
        "economy",
        "int",
        _("Kept by the distributor"),
        _("What the distributor keeps of each resource before sharing it out."),
        "§4.11",
    ),
    "kingdomless_income": E(
        "economy",
        "int",
        _("Income without a kingdom"),
        _("Different resources a kingdomless player gains each Production."),
        "§4.11",
    ),
    "tradeable": E(
        "economy",
        "resources",
        _("Tradeable resources"),
        _("What players may give each other in a trade."),
        "§4.14, G14",
    ),
    "new_kingdom_cost": E(
        "economy",
        "int",
        _("Price of a new kingdom"),
        _("Halved for each player who joins the founder, rounded up, at least 1."),
        "§4.12, G40",
    ),
    "new_kingdom_resource": E(
        "economy",
        "resource",
        _("A new kingdom is paid in"),
        _("The resource the founder pays."),
        "§4.12, G40",
    ),
    "law_scope": E(
        "economy", "choice", _("Who votes a law"), _("Who votes, and who is bound."), "§4.7, G33"
    ),
    "vote_withdraw_final": E(
        "economy",
        "bool",
        _("Withdrawing from a vote is final"),
        _("A player who withdraws cannot come back into the same vote."),
        "§4.7, G32",
    ),
    "vote_side_locked": E(
        "economy",
        "bool",
        _("A vote's side is locked"),
        _("Once a player has chosen a side they cannot change it."),
        "§4.7, G32",
    ),
    # -- plots ----------------------------------------------------------------------------------
    "plot_base": E(
        "plots",
        "int",
        _("Base threshold"),
        _("Threshold of a plot: this + Intrigue invested − the target's vigilance."),
        "§4.6",
    ),
    "plot_clamp": E(
        "plots",
        "pair",
        _("Threshold limits"),
        _("The threshold never goes below the first or above the second."),
        "§4.6",
    ),
    "plot_min_intrigue": E(
        "plots",
        "int",
        _("Least Intrigue invested"),
        _("A plot needs at least this much Intrigue invested."),
        "§4.6",
    ),
    # -- auction --------------------------------------------------------------------------------
    "market_row_size": E(
        "auction",
        "optional_int",
        _("Assets in a market row"),
        _("Empty: as many as players; visible ones rounded up, hidden ones down."),
        "§4.9, G8, G9",
    ),
    "auction_tiebreak": E(
        "auction",
        "choice",
        _("A tied bid"),
        _("Who wins when two bids for an asset are equal."),
        "§4.9, G39",
    ),
    # -- insurrections and duels -------------------------------------------------------------------
    "insurrection_dice": E(
        "crises",
        "int",
        _("Insurrection dice"),
        _("Dice rolled in an insurrection; each success counts."),
        "§4.5",
    ),
    "insurrection_reroll_cost": E(
        "crises",
        "int",
        _("Price of a reroll"),
        _("What the members pay together to roll one insurrection die again."),
        "§4.5, G31",
    ),
    "insurrection_reroll_resource": E(
        "crises",
        "resource",
        _("A reroll is paid in"),
        _("The resource of that price."),
        "§4.5, G31",
    ),
    "insurrection_table": E(
        "crises",
        "outcomes",
        _("Insurrection outcomes"),
        _("What happens for each number of successes."),
        "§4.5, G57",
    ),
    "succession_duel": E(
        "crises",
        "resources",
        _("Succession duel"),
        _("The resources each side commits in a fight for the crown."),
        "§4.8, §4.12, G38",
    ),
    "expulsion_duel": E(
        "crises",
        "resources",
        _("Expulsion duel"),
        _("The resources each side commits when a King expels a member."),
        "§4.8, §4.12, G38",
    ),
    "execution_loss": E(
        "crises",
        "amounts",
        _("Lost on execution"),
        _("What the house of an executed leader loses."),
        "§4.13, G43",
    ),
    # -- game length ----------------------------------------------------------------------------
    "turns": E(
        "end",
        "int",
        _("Turns"),
        _("The game ends after this turn; Peril rises with the turns."),
        "§1.1, §4.17, G56",
    ),
    "tactics_per_turn": E(
        "end",
        "int",
        _("Tactics drawn each turn"),
        _("Tactic cards each player draws at the End of turn."),
        "§3.8, G45",
    ),
}
