"""Balance: many simulated games per table size, summed up for a group tuning its ruleset.

    .venv/bin/python bench/balance.py                          # 50 games at 3, 5, 9, 16 players
    .venv/bin/python bench/balance.py --games 5 --sizes 3 5    # a quick look
    .venv/bin/python bench/balance.py --games 50 --sizes 16 --log /tmp/b16.jsonl  # one size
    .venv/bin/python bench/balance.py --report /tmp/b3.jsonl /tmp/b16.jsonl       # tables only

Each game is played by the simulator's bots (``consell.simulator``) through the services
the views use, on a fresh SQLite file, with the default pack and ruleset, seeds 1..N; nobody
listens to the websocket notices, so they are not sent. Each game's figures go to a JSON-lines
log as soon as it ends (``--log``; ``--report`` reads logs back), and the tables in
docs/balance.md are printed at the end: plot success and detection rates against the odds the
engine predicted for each target (``consell.rules.odds``, logged with every plot), crises won,
votes decided with nobody spending, kingdom sizes at the end, the Prestige spread and the
winners' margin.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from collections import Counter
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SIZES = (3, 5, 9, 16)


def setup() -> None:
    sys.path.insert(0, str(ROOT))
    if not os.environ.get("DATABASE_URL") and not os.environ.get("SQLITE_PATH"):
        os.environ["SQLITE_PATH"] = str(Path(tempfile.mkdtemp()) / "balance.sqlite3")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "consell.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from consell.game.signals import game_changed

    call_command("migrate", verbosity=0)
    game_changed.disconnect(dispatch_uid="consell.live.game_changed")  # no phones listen


def figures(players: int, turns: int, seed: int) -> dict:
    """One game played and read back: the summary and what the tables need."""
    from consell.simulator import simulate, summarize

    played = simulate(players, turns, seed)
    summary = summarize(played.game, played.elapsed, played.lasting_effects_applied)
    tests = plot_tests(played.game)
    prestige = sorted(summary["prestige"].values(), reverse=True)
    winners = len(summary["winners"])
    margin = prestige[0] - prestige[winners] if winners < len(prestige) else 0
    return {
        "players": players,
        "seed": seed,
        "summary": summary,
        "plot_tests": tests,
        "spread": prestige[0] - prestige[-1],
        "margin": margin,
        "overruled": played.overruled,
    }


def plot_tests(game) -> list[dict]:
    """Each target's test of each plot: [predicted, seen] for its own success die (the odds of
    its threshold, ``odds.roll_odds``), for the plot's success against it once a Spymaster's
    test is counted (the odds logged with the plot), and for its detection (detected or
    partially, §4.6)."""
    from consell.game.models import Event
    from consell.rules.odds import roll_odds

    tests = []
    for payload in Event.objects.filter(game=game, kind="plot_resolved").values_list(
        "payload", flat=True
    ):
        odds = {o["target"]: o for o in (payload.get("odds") or {}).get("targets", [])}
        for target in payload.get("targets", []):
            test, predicted = target.get("test"), odds.get(target.get("target"))
            if not test or not predicted:
                continue  # a test the plot never rolled (it aborted, or another test decided)
            tests.append(
                {
                    "own": [str(roll_odds(test["threshold"]).success), bool(test["succeeded"])],
                    "success": [predicted["success"], bool(target["succeeded"])],
                    "detected": [
                        str(Fraction(predicted["detected"]) + Fraction(predicted["partial"])),
                        test["detection"] in ("detected", "partial"),
                    ],
                }
            )
    return tests


def report(games: list[dict]) -> str:
    """The markdown tables of docs/balance.md, one row per table size."""
    by_size: dict[int, list[dict]] = {}
    for g in games:
        by_size.setdefault(g["players"], []).append(g)
    rows = {size: _row(gs) for size, gs in sorted(by_size.items())}
    out = []
    for title, columns in TABLES:
        out += [f"### {title}", "", "| players | " + " | ".join(c for c, _ in columns) + " |"]
        out.append("|---:|" + "---:|" * len(columns))
        for size, row in rows.items():
            out.append(f"| {size} | " + " | ".join(str(row[key]) for _, key in columns) + " |")
        out.append("")
    return "\n".join(out)


def _row(played: list[dict]) -> dict:
    games = [g for g in played if "stuck" not in g]
    s = [g["summary"] for g in games]
    tests = [t for g in games for t in g["plot_tests"]]
    total = lambda key: sum(x[key] for x in s)  # noqa: E731
    crises = total("crises_won") + total("crises_lost")
    votes = total("votes")
    sizes = Counter(n for x in s for n in x["kingdom_sizes"])
    mechanics = Counter()
    reactions = Counter()
    for x in s:
        mechanics.update(x["mechanics"])
        reactions.update(x["reactions"])
    return {
        "games": len(played),
        "stuck": len(played) - len(games) + sum(x["status"] != "finished" for x in s),
        "seconds": f"{statistics.mean(x['elapsed_seconds'] for x in s):.1f}",
        "tests": len(tests),
        "own_predicted": _rate(sum(Fraction(t["own"][0]) for t in tests), len(tests)),
        "own_seen": _rate(sum(t["own"][1] for t in tests), len(tests)),
        "success_predicted": _rate(sum(Fraction(t["success"][0]) for t in tests), len(tests)),
        "success_seen": _rate(sum(t["success"][1] for t in tests), len(tests)),
        "detected_predicted": _rate(sum(Fraction(t["detected"][0]) for t in tests), len(tests)),
        "detected_seen": _rate(sum(t["detected"][1] for t in tests), len(tests)),
        "plots": f"{total('plots') / len(s):.1f}",
        "crises": f"{crises / len(s):.1f}",
        "crises_won": _rate(total("crises_won"), crises),
        "votes": f"{votes / len(s):.1f}",
        "no_spend": _rate(mechanics["votes_without_spend"], votes),
        "kingdoms": f"{statistics.mean(x['kingdoms'] for x in s):.1f}",
        "sizes": ", ".join(f"{n}×{c}" for n, c in sorted(sizes.items(), reverse=True)),
        "alone": _rate(sizes[1], sum(sizes.values())),
        "kingdomless": f"{statistics.mean(x['kingdomless'] for x in s):.1f}",
        "spread": _spread([g["spread"] for g in games]),
        "margin": _spread([g["margin"] for g in games]),
        "shared": _rate(sum(len(x["winners"]) > 1 for x in s), len(s)),
        "founded": f"{mechanics['kingdoms_founded'] / len(s):.1f}",
        "joined": f"{mechanics['kingdoms_joined'] / len(s):.1f}",
        "expelled": f"{mechanics['expulsions'] / len(s):.1f}",
        "successions": mechanics["successions_contested"],
        "dissolved": mechanics["kingdoms_dissolved"],
        "seized": mechanics["assets_seized"],
        "reactions": f"{sum(reactions.values()) / len(s):.1f}",
        "lasting": f"{total('lasting_effects_applied') / len(s):.1f}",
    }


def _rate(part, whole) -> str:
    return f"{100 * float(part) / whole:.1f}%" if whole else "–"


def _spread(values: list[int]) -> str:
    return (
        f"{statistics.mean(values):.1f} (median {statistics.median(values):g}, max {max(values)})"
    )


TABLES = [
    (
        "Games",
        [("games", "games"), ("stuck", "stuck"), ("s per game", "seconds"), ("plots", "plots")],
    ),
    (
        "Plots against the predicted odds (per target test)",
        [
            ("tests", "tests"),
            ("own die predicted", "own_predicted"),
            ("own die seen", "own_seen"),
            ("success predicted", "success_predicted"),
            ("success seen", "success_seen"),
            ("detection predicted", "detected_predicted"),
            ("detection seen", "detected_seen"),
        ],
    ),
    (
        "Crises and votes",
        [
            ("crises per game", "crises"),
            ("crises won", "crises_won"),
            ("votes per game", "votes"),
            ("decided with no spend", "no_spend"),
        ],
    ),
    (
        "Kingdoms at the end",
        [
            ("kingdoms", "kingdoms"),
            ("sizes (members×kingdoms)", "sizes"),
            ("one-member kingdoms", "alone"),
            ("kingdomless players", "kingdomless"),
        ],
    ),
    (
        "Prestige",
        [
            ("spread, first to last", "spread"),
            ("winners' margin", "margin"),
            ("games shared", "shared"),
        ],
    ),
    (
        "Mechanics (per game; successions, dissolutions and seizures in all games)",
        [
            ("founded", "founded"),
            ("joined", "joined"),
            ("expelled", "expelled"),
            ("successions fought", "successions"),
            ("dissolved", "dissolved"),
            ("assets seized", "seized"),
            ("reactions", "reactions"),
            ("lasting effects", "lasting"),
        ],
    ),
]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--sizes", type=int, nargs="+", default=list(SIZES))
    parser.add_argument("--turns", type=int, default=10)
    parser.add_argument("--log", type=Path, help="append each game's figures (JSON lines)")
    parser.add_argument("--report", type=Path, nargs="+", help="only print the tables of logs")
    args = parser.parse_args()
    if args.report:
        games = [json.loads(line) for log in args.report for line in log.read_text().splitlines()]
        print(report(games))
        return 0
    setup()
    from consell.simulator import SimulationStuck

    games, began = [], time.perf_counter()
    for seed in range(1, args.games + 1):  # seed by seed, so a log cut short covers every size
        for size in args.sizes:
            try:
                games.append(figures(size, args.turns, seed))
            except SimulationStuck as exc:
                games.append({"players": size, "seed": seed, "stuck": str(exc)})
            if args.log:
                with args.log.open("a") as log:
                    log.write(json.dumps(games[-1], ensure_ascii=False) + "\n")
            print(f"{size} players, seed {seed}: {time.perf_counter() - began:.0f} s", flush=True)
    print(report(games))
    return 0


if __name__ == "__main__":
    sys.exit(main())
