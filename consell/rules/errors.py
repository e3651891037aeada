"""Errors raised by the rules engine.

Every illegal input raises a ``RuleError`` with a stable ``code`` (for programs and tests)
and a message a director can read at the table. Extra keyword arguments are kept in
``details`` so a service can show what was missing without parsing the message.
"""

from __future__ import annotations


class RuleError(ValueError):
    """An action the rules do not allow, or input the rules cannot use."""

    code = "rule_error"

    def __init__(self, message: str, *, code: str | None = None, **details: object) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.details = details

    def __str__(self) -> str:
        return self.message


class UnaffordableError(RuleError):
    """The cost cannot be paid in full; nothing was paid (rules §4.1)."""

    code = "unaffordable"


class InvalidParameterError(RuleError):
    """A parameter box is missing or holds a value that is invalid now (rules §4.2, G47)."""

    code = "invalid_parameter"


class NotEligibleError(RuleError):
    """The player may not take this part now (out of turn, not a member, not the King...)."""

    code = "not_eligible"


class IllegalTransitionError(RuleError):
    """The game cannot move from its current phase or step to the one asked for (rules §3)."""

    code = "illegal_transition"


class InvalidStateError(RuleError):
    """The state handed to the engine breaks an invariant (a negative chest, an unknown card)."""

    code = "invalid_state"
