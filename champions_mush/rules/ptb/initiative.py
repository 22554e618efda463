"""PTB initiative from Boldness (PTB 2C Initiative).

The seed says only that the initiative modifier follows Boldness and that the Narrator may give
unimportant NPCs a passive initiative. We roll initiative like any other score (1 to Boldness
by default, docs/rulesets.md); a passive initiative is half Boldness rounded up, as a passive defense
is. Higher goes first; ties go to the higher Boldness, then to the order given.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from ...values import frozen
from ..dice import Roller
from .scores import DEFAULT_ROLL_METHOD, ScoreRoll, check_score, half_score, roll_score

__all__ = ["InitiativeEntry", "InitiativeResult", "roll_initiative"]


@frozen
class InitiativeEntry:
    """One combatant: a name, a Boldness score, and whether the Narrator makes it passive."""

    name: str
    boldness: int = attrs.field()
    passive: bool = False

    @boldness.validator
    def _check(self, attribute: attrs.Attribute, value: int) -> None:
        check_score(value, "Boldness")


@frozen
class InitiativeResult:
    """A combatant's initiative: the roll (None when passive) and the value that orders them."""

    name: str
    boldness: int
    roll: ScoreRoll | None
    value: int

    @property
    def passive(self) -> bool:
        return self.roll is None


def _one(entry: InitiativeEntry, roller: Roller, method: str) -> InitiativeResult:
    if entry.passive or entry.boldness == 0:
        return InitiativeResult(entry.name, entry.boldness, None, half_score(entry.boldness))
    rolled = roll_score(entry.boldness, roller, method)
    return InitiativeResult(entry.name, entry.boldness, rolled, rolled.total)


def roll_initiative(
    entries: Iterable[InitiativeEntry], roller: Roller, method: str = DEFAULT_ROLL_METHOD
) -> tuple[InitiativeResult, ...]:
    """Roll everyone's initiative in the order given and return them, first to act first."""
    results = [_one(entry, roller, method) for entry in entries]
    return tuple(sorted(results, key=lambda r: (-r.value, -r.boldness)))
