"""The dice proof: recompute every number the app drew from the revealed seed (docs/principles.md,
principle 5).

Works on the exported log alone (``docs/audit-log.md``), so the audit page, the management
command and a third party running ``python -m consell.audit.verify_export`` check exactly the
same thing. A game is proven when:

- the revealed seed hashes to the commitment published at creation (also recorded in the
  public ``game_created`` event);
- every draw from 0 to the game's dice counter is in the log, once (a missing draw could hide
  a result the director did not like);
- every die and shuffle step rolled by the app is what HMAC-SHA256(seed, counter) gives
  (``consell.rules.dice.verify``); dice typed in by the director are marked entered and only
  checked to be a face of the die;
- every die an event shows (a plot's dice, for instance) is the die of the log;
- the hash chain holds (``consell.rules.chain``): every link follows from the one before, every
  event and roll the document shows hashes to its link's digest, and every head published to
  the table during the game is a link of it. The first bad link is named.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from consell.rules import chain
from consell.rules.dice import Roll, entropy_of, verify
from consell.rules.event_kinds import Kind
from consell.rules.payloads import (
    DiceEntropy,
    GameCreated,
    PlanLocked,
    PlanSealed,
    PlotResolved,
    payload,
)

VERIFIED = "verified"
ENTERED = "entered"
MISMATCH = "mismatch"
SEALED = "sealed"  # the seed is not revealed yet: the roll cannot be checked
UNPROVEN = "unproven"  # the revealed seed is not the committed one: no roll can be trusted


class MalformedLog(ValueError):
    """The document is not an audit log this verifier can read."""


@dataclass(frozen=True)
class RollCheck:
    counter: int
    sides: int
    kind: str
    value: int
    purpose: str
    entered: bool
    event_seq: int | None
    status: str
    expected: int | None = None


@dataclass(frozen=True)
class Proof:
    commitment: str
    seed: str | None
    rolls: tuple[RollCheck, ...]
    problems: tuple[str, ...]
    chain: chain.ChainCheck | None = None  # None: the log predates the chain
    hidden_links: int = 0  # links this reader may not read, checked by their digest alone
    sealed_plans: int = 0  # plans proven to be resolved as they were sealed at hand-in

    @property
    def revealed(self) -> bool:
        return self.seed is not None

    @property
    def ok(self) -> bool:
        """Every roll proven: the seed is out and nothing disagrees with it."""
        return self.revealed and not self.problems

    def count(self, status: str) -> int:
        return sum(1 for r in self.rolls if r.status == status)


def prove(document: Mapping[str, Any]) -> Proof:
    """Check the dice of an exported audit log; problems name the roll they are about."""
    try:
        dice = document["dice"]
        commitment, seed_hex = str(dice["commitment"]), dice.get("seed")
        counter = int(dice["counter"])
        rolls = [Roll.from_dict(r) for r in document["rolls"]]
        seqs = [r.get("event_seq") for r in document["rolls"]]
        events = list(document["events"])
    except (KeyError, TypeError, ValueError) as exc:
        raise MalformedLog(f"Not an audit log: {exc!r}") from exc
    checked, chain_problems, hidden = _chain(document, commitment)
    entropies = {
        int(p["turn"]): dict(p["entropies"])
        for p in (payload(e, DiceEntropy) for e in events if e.get("kind") == Kind.DICE_ENTROPY)
    }
    sealed_plans, plan_problems = _sealed_plans(events, entropies)
    problems = chain_problems + _published(commitment, events) + _coverage(rolls, counter)
    problems += plan_problems
    problems += [f"roll #{r.counter} has no range ({r.sides} sides)" for r in rolls if r.sides < 1]
    rolls_ok = [r for r in rolls if r.sides >= 1]
    expected: dict[int, int] = {}
    seed_ok = False
    if seed_hex is not None:
        try:
            seed = bytes.fromhex(str(seed_hex))
        except ValueError as exc:
            raise MalformedLog("The revealed seed is not hexadecimal.") from exc
        mismatches = verify(seed, commitment, rolls_ok, entropies)
        seed_ok = not any(m.counter == -1 for m in mismatches)
        if not seed_ok:
            problems.append(f"the revealed seed does not hash to the commitment {commitment}")
        keys = {r.counter: r.key for r in rolls_ok}
        problems += [
            str(m)
            if m.expected != -1
            else f"roll #{m.counter} ({m.purpose or 'unlabelled'}): drawn with the key "
            f"{keys[m.counter]}, whose players' entropy is not in the log"
            for m in mismatches
            if m.counter != -1
        ]
        expected = {m.counter: m.expected for m in mismatches if m.counter != -1}
    problems += _entered_out_of_range(rolls)
    problems += _shown_in_events(rolls, events)
    unchecked = SEALED if seed_hex is None else None if seed_ok else UNPROVEN
    checks = tuple(
        RollCheck(
            counter=r.counter,
            sides=r.sides,
            kind=r.kind,
            value=r.value,
            purpose=r.purpose,
            entered=r.entered,
            event_seq=seq,
            status=_status(r, expected, unchecked),
            expected=expected.get(r.counter),
        )
        for r, seq in sorted(zip(rolls, seqs, strict=True), key=lambda pair: pair[0].counter)
    )
    return Proof(commitment, seed_hex, checks, tuple(problems), checked, hidden, sealed_plans)


def _sealed_plans(
    events: list[Mapping[str, Any]], entropies: Mapping[int, Mapping[str, str]]
) -> tuple[int, list[str]]:
    """Each plan resolved (``plan_locked``) is the plan sealed at its hand-in, and each phone's
    secret gave the entropy the turn's dice mixed in (``consell.game.services.sealing``):
    as far as this reader may read them."""
    sealed = {
        (p["turn"], p["seat"]): p
        for p in (payload(e, PlanSealed) for e in events if e.get("kind") == Kind.PLAN_SEALED)
    }
    problems, proven = [], 0
    for (turn, seat), p in sealed.items():
        given = entropies.get(int(turn), {}).get(str(seat))
        if p.get("phone") and int(turn) in entropies and given != entropy_of(p["secret"]):
            problems.append(f"turn {turn}: the dice did not mix the entropy of seat {seat}'s phone")
    for event in events:
        if event.get("kind") != Kind.PLAN_LOCKED:
            continue
        locked = payload(event, PlanLocked)
        seal = sealed.get((locked["turn"], locked["seat"]))
        if seal is None:
            continue  # closed by the director, or never handed in: nothing was sealed
        receipt = chain.plan_receipt(locked["turn"], locked["seat"], locked["plan"], seal["secret"])
        if receipt != seal["receipt"]:
            problems.append(
                f"turn {locked['turn']}: the plan of seat {locked['seat']} resolved is not the "
                "plan sealed at its hand-in"
            )
        else:
            proven += 1
    return proven, problems


def _chain(
    document: Mapping[str, Any], commitment: str
) -> tuple[chain.ChainCheck | None, list[str], int]:
    """Recompute the hash chain; the first bad link comes first among the problems."""
    sealed = document.get("chain")
    if sealed is None:
        return None, [], 0
    try:
        links = [
            chain.Link(int(x["link"]), str(x["digest"]), str(x["hash"])) for x in sealed["links"]
        ]
        contents: dict[int, dict[str, Any]] = {}
        names: dict[int, str] = {}
        for event in document["events"]:
            number = int(event["link"])
            contents[number] = chain.event_content(event)
            names[number] = f"event #{event['seq']} ({event['kind']})"
        for roll in document["rolls"]:
            number = int(roll["link"])
            contents[number] = chain.roll_content(roll)
            names[number] = f"roll #{roll['counter']} ({roll['purpose'] or 'unlabelled'})"
        published = [(int(h["link"]), str(h["head"])) for h in sealed.get("published", [])]
    except (KeyError, TypeError, ValueError) as exc:
        raise MalformedLog(f"The chain cannot be read: {exc!r}") from exc
    try:
        result = chain.check(chain.genesis(commitment), links, contents)
    except chain.NotCanonical as exc:
        raise MalformedLog(f"The chain cannot be read: {exc}") from exc
    problems: list[str] = []
    if str(sealed.get("start")) != chain.genesis(commitment):
        problems.append("the chain does not start from this game's commitment")
    if not result.ok:
        name = names.get(result.first_bad or 0)
        where = f", {name}" if name else ""
        problems.append(f"the chain breaks at link {result.first_bad}{where}: {result.problem}")
    elif result.head != str(sealed.get("head")):
        problems.append(f"the chain ends at {chain.short(result.head)}, not at the head it states")
    hashes = {link.number: link.hash for link in links}
    problems += [
        f"the head {chain.short(head)} shown to the table at link {number} is not in the chain"
        for number, head in published
        if hashes.get(number) != head
    ]
    return result, problems, len(links) - len(contents)


def _status(roll: Roll, expected: Mapping[int, int], unchecked: str | None) -> str:
    if roll.entered:
        return ENTERED
    if unchecked:
        return unchecked
    return MISMATCH if roll.counter in expected or roll.sides < 1 else VERIFIED


def _published(commitment: str, events: list[Mapping[str, Any]]) -> list[str]:
    """The commitment of the log must be the one announced publicly when the game was created."""
    announced = [
        payload(e, GameCreated).get("commitment")
        for e in events
        if e.get("kind") == Kind.GAME_CREATED and e.get("audience") == "public"
    ]
    if announced and announced[0] != commitment:
        return [f"the commitment {commitment} is not the one published at creation: {announced[0]}"]
    return []


def _coverage(rolls: list[Roll], counter: int) -> list[str]:
    """Every draw 0..counter-1 once: a gap or a repeat means the log was edited."""
    seen = Counter(r.counter for r in rolls)
    problems = [f"roll #{c} is missing from the log" for c in range(counter) if c not in seen]
    problems += [f"roll #{c} appears {n} times" for c, n in sorted(seen.items()) if n > 1]
    problems += [
        f"roll #{c} is beyond the dice counter {counter}" for c in sorted(seen) if c >= counter
    ]
    return problems


def _entered_out_of_range(rolls: list[Roll]) -> list[str]:
    return [
        f"roll #{r.counter} ({r.purpose or 'unlabelled'}): entered value {r.value} "
        f"is not a face of a d{r.sides}"
        for r in rolls
        if r.entered and r.kind == "die" and not 1 <= r.value <= r.sides
    ]


def _shown_in_events(rolls: list[Roll], events: list[Mapping[str, Any]]) -> list[str]:
    """A die an event shows (a resolved plot's, the only payload with ``rolls``) must be the die
    of the log, with the same counter."""
    logged = {r.counter: r.value for r in rolls}
    problems = []
    for event in events:
        if event.get("kind") != Kind.PLOT_RESOLVED:
            continue
        for shown in payload(event, PlotResolved).get("rolls") or []:
            if not isinstance(shown, Mapping) or "counter" not in shown:
                continue
            c = int(shown["counter"])
            if logged.get(c) != shown.get("value"):
                problems.append(
                    f"roll #{c}: event #{event.get('seq')} shows {shown.get('value')}, "
                    f"the dice log has {logged.get(c, 'nothing')}"
                )
    return problems
