"""Auditable dice (docs/principles.md, principle 5).

A game draws a secret seed at creation and publishes ``commitment(seed)``, its SHA-256.
Every number the app draws, die or shuffle step, is ``HMAC-SHA256(seed, counter)`` reduced to
the wanted range by rejection sampling, so no value is more likely than another (no modulo
bias). Each draw is recorded as a ``Roll`` with its counter; at the end the seed is revealed and
``verify`` recomputes every roll. Dice rolled at the table and typed in by the director go
through ``PhysicalDice`` and are marked ``entered``.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from typing import Any, Protocol, TypeVar

from .errors import RuleError
from .i18n import _

T = TypeVar("T")

_SPACE = 2**256


@dataclass(frozen=True)
class Roll:
    """One drawn number: ``value`` in 1..sides (dice) or 0..sides-1 (``kind == "below"``)."""

    counter: int
    sides: int
    value: int
    purpose: str = ""
    entered: bool = False
    kind: str = "die"  # "die": 1..sides; "below": 0..sides-1 (shuffles and picks)
    key: str = ""  # the key that drew it: "" the seed, "turn:N" turn N's (``turn_key``)

    def to_dict(self) -> dict[str, Any]:
        return {
            "counter": self.counter,
            "sides": self.sides,
            "value": self.value,
            "purpose": self.purpose,
            "entered": self.entered,
            "kind": self.kind,
            "key": self.key,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Roll:
        return cls(
            counter=int(data["counter"]),
            sides=int(data["sides"]),
            value=int(data["value"]),
            purpose=str(data.get("purpose", "")),
            entered=bool(data.get("entered", False)),
            kind=str(data.get("kind", "die")),
            key=str(data.get("key", "")),
        )


@dataclass(frozen=True)
class Mismatch:
    """A recorded roll that the seed does not reproduce."""

    counter: int
    purpose: str
    recorded: int
    expected: int

    def __str__(self) -> str:
        return (
            f"roll #{self.counter} ({self.purpose or 'unlabelled'}): recorded {self.recorded}, "
            f"the seed gives {self.expected}"
        )


class Dice(Protocol):
    """What the rules need from a source of randomness."""

    rolls: list[Roll]

    def d6(self) -> int: ...
    def roll(self, sides: int) -> int: ...
    def randbelow(self, n: int) -> int: ...
    def shuffle(self, items: Iterable[T]) -> list[T]: ...
    def choice(self, items: Sequence[T]) -> T: ...
    def purpose(self, label: str) -> AbstractContextManager[None]: ...


def commitment(seed: bytes) -> str:
    """The public SHA-256 of the seed, shown to everyone when the game is created."""
    return hashlib.sha256(seed).hexdigest()


def entropy_of(secret: str) -> str:
    """What a player's secret (drawn in their browser at hand-in) gives the dice: its hash, so
    that publishing it reveals nothing of the secret that seals their plan."""
    return hashlib.sha256(f"consell-entropy\n{secret}".encode()).hexdigest()


def turn_key(seed: bytes, turn: int, entropies: Mapping[str, str]) -> bytes:
    """The key of turn ``turn``'s dice once its hand-ins close: the committed seed, keyed with
    every player's entropy (seat -> hex). Nobody alone steers it: the server does not know
    the players' entropy before they hand in, and no player knows the seed."""
    mixed = "".join(f"{seat}={entropies[seat]};" for seat in sorted(entropies, key=int))
    return hmac.new(seed, f"turn:{turn}\n{mixed}".encode(), hashlib.sha256).digest()


def derive(seed: bytes, counter: int, n: int) -> int:
    """The number in 0..n-1 that draw ``counter`` gives for ``seed`` (rejection sampling)."""
    if n < 1:
        raise RuleError(_("Cannot draw from an empty range (%(n)s).") % {"n": n}, code="bad_range")
    attempt = 0
    while True:
        message = f"{counter}" if attempt == 0 else f"{counter}:{attempt}"
        digest = hmac.new(seed, message.encode(), hashlib.sha256).digest()
        value = reduce_uniform(int.from_bytes(digest, "big"), _SPACE, n)
        if value is not None:
            return value
        attempt += 1


def reduce_uniform(raw: int, space: int, n: int) -> int | None:
    """Map ``raw`` (uniform in 0..space-1) to 0..n-1 without bias, or None to draw again.

    Values at or above the largest multiple of ``n`` below ``space`` are rejected, so every
    result is reached by exactly ``space // n`` raw values.
    """
    limit = space - (space % n)
    return raw % n if raw < limit else None


class _BaseDice:
    """Shared bookkeeping: purpose labels, the roll record and Fisher-Yates shuffles."""

    def __init__(self) -> None:
        self.rolls: list[Roll] = []
        self._purpose = ""

    @contextmanager
    def purpose(self, label: str) -> Iterator[None]:
        previous, self._purpose = self._purpose, label
        try:
            yield
        finally:
            self._purpose = previous

    def d6(self) -> int:
        return self.roll(6)

    def roll(self, sides: int) -> int:
        return self._draw(sides, "die") + 1

    def randbelow(self, n: int) -> int:
        return self._draw(n, "below")

    def shuffle(self, items: Iterable[T]) -> list[T]:
        """A new list in random order (Fisher-Yates, one draw per position)."""
        out = list(items)
        for i in range(len(out) - 1, 0, -1):
            j = self.randbelow(i + 1)
            out[i], out[j] = out[j], out[i]
        return out

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise RuleError(_("Cannot choose from nothing."), code="bad_range")
        return items[self.randbelow(len(items))]

    def _draw(self, n: int, kind: str) -> int:  # pragma: no cover - overridden
        raise NotImplementedError


class HmacDice(_BaseDice):
    """Dice derived from a secret seed and a counter (docs/principles.md, principle 5)."""

    def __init__(self, seed: bytes, counter: int = 0, key: str = "") -> None:
        super().__init__()
        self.seed = seed  # the game's seed, or a turn's key (``turn_key``), named by ``key``
        self.counter = counter
        self.key = key

    def _draw(self, n: int, kind: str) -> int:
        value = derive(self.seed, self.counter, n)
        shown = value + 1 if kind == "die" else value
        self.rolls.append(Roll(self.counter, n, shown, self._purpose, kind=kind, key=self.key))
        self.counter += 1
        return value


class PhysicalDice(_BaseDice):
    """Values rolled at the table and entered by the director, used in order.

    Only dice (``roll``/``d6``) may be entered: a shuffle or a random pick needs the app's own
    dice, so with the game's ``seed`` those draws come from it, provable like any other, and
    the entered values are kept for the dice they stand for.
    """

    def __init__(
        self, values: Iterable[int], counter: int = 0, seed: bytes | None = None, key: str = ""
    ) -> None:
        super().__init__()
        self.values = list(values)
        self.counter = counter
        self.seed = seed
        self.key = key

    def _draw(self, n: int, kind: str) -> int:
        if kind != "die" and self.seed is not None:
            value = derive(self.seed, self.counter, n)
            self.rolls.append(Roll(self.counter, n, value, self._purpose, kind=kind, key=self.key))
            self.counter += 1
            return value
        if not self.values:
            raise RuleError(_("No more entered dice values."), code="dice_exhausted")
        value = self.values.pop(0)
        shown = value if kind == "die" else value + 1
        if not 1 <= shown <= n:
            if kind == "die":
                message = _("An entered die must be between 1 and %(n)s; got %(value)s.") % {
                    "n": n,
                    "value": value,
                }
            else:  # a pick or a shuffle step is entered from 0, as its roll records it
                message = _(
                    "An entered pick among %(n)s must be between 0 and %(high)s; got %(value)s."
                ) % {"n": n, "high": n - 1, "value": value}
            raise RuleError(message, code="bad_die", value=value)
        self.rolls.append(Roll(self.counter, n, value, self._purpose, entered=True, kind=kind))
        self.counter += 1
        return shown - 1


class FixedDice(PhysicalDice):
    """Predetermined values for tests; raises ``dice_exhausted`` when they run out."""


def verify(
    seed: bytes,
    published: str,
    rolls: Iterable[Roll],
    entropies: Mapping[int, Mapping[str, str]] | None = None,
) -> list[Mismatch]:
    """Recompute every app-rolled value from the revealed seed, and for a roll drawn with a
    turn's key, from the seed and that turn's published ``entropies`` (turn -> seat -> hex).

    A seed that does not match the published commitment makes every roll suspect: it is
    reported as a mismatch at counter -1. Entered (physical) rolls are not recomputed. A roll
    whose turn's entropy is not published cannot be recomputed: a mismatch expecting -1.
    """
    problems: list[Mismatch] = []
    if commitment(seed) != published:
        problems.append(Mismatch(-1, "seed does not match the commitment", 0, 0))
        return problems
    keys = {f"turn:{t}": turn_key(seed, t, e) for t, e in (entropies or {}).items()}
    keys[""] = seed
    for roll in rolls:
        if roll.entered:
            continue
        key = keys.get(roll.key)
        if key is None:
            problems.append(Mismatch(roll.counter, roll.purpose, roll.value, -1))
            continue
        raw = derive(key, roll.counter, roll.sides)
        expected = raw + 1 if roll.kind == "die" else raw
        if expected != roll.value:
            problems.append(Mismatch(roll.counter, roll.purpose, roll.value, expected))
    return problems
