"""The one family of errors the rules engines raise.

Every RulesError message is a sentence a player can read; the command layer shows it as it is.
"""

from __future__ import annotations

__all__ = ["DiceError", "RollerExhausted", "RulesError"]


class RulesError(ValueError):
    """A rule was asked something it cannot answer (bad amount, bad value)."""


class DiceError(RulesError):
    """A dice amount could not be read, or is out of range."""


class RollerExhausted(RuntimeError):
    """A FixedRoller ran out of faces: a test supplied too few dice. A programming error, not a
    player's: it is never shown as a message, so the test fails."""
