"""AnimOuch! attempts: 2D6 roll-under a target number, skill shots, automatic results, opposed rolls.

AnimOuch! "The Basic System": roll 2D6 equal to or under the target number. The default is 7
for a partial success and 6 for a total one, moved by the GM's modifier and then raised by the
character's ability or skill. Rolling exactly the target number is a partial success; four or
more under it is a Skill Shot. A 2 always succeeds and a 12 always fails (10, 11 and 12 when
the character lacks the skill).
"""

from __future__ import annotations

import enum

from ...values import frozen
from ..dice import Roller, roll_d6
from ..errors import RulesError

__all__ = [
    "BASE_TARGET",
    "DIFFICULTY_LADDER",
    "SKILL_SHOT_MARGIN",
    "UNSKILLED_FAILS_FROM",
    "Check",
    "Opposed",
    "Outcome",
    "check",
    "grade",
    "opposed",
    "target_number",
]

#: The default target number: 7 or less for a partial success (6 or less for a total one).
BASE_TARGET = 7
#: A roll this far or further under the target number is a Skill Shot.
SKILL_SHOT_MARGIN = 4
#: An unskilled character fails automatically on this roll or higher.
UNSKILLED_FAILS_FROM = 10
#: The natural rolls that decide an attempt regardless of the target number.
AUTOMATIC_SUCCESS = 2
AUTOMATIC_FAILURE = 12

#: The seed's suggested target numbers, easiest first (AnimOuch! "Target Number Suggestions").
DIFFICULTY_LADDER: dict[str, int] = {
    "ridiculously easy": 10,
    "simple": 9,
    "basic": 8,
    "normal": 7,
    "tricky": 6,
    "tough": 5,
    "really hard": 4,
}

#: Target numbers beyond this are refused as typing mistakes (2D6 tops out at 12).
MAX_TARGET = 40


class Outcome(enum.Enum):
    """How an attempt went, best first."""

    #: Four or more under the target number: done exceptionally well.
    SKILL_SHOT = "skill shot"
    #: Under the target number: a total success.
    SUCCESS = "success"
    #: Exactly the target number: a partial success (a glancing blow, a clipped wall).
    PARTIAL = "partial success"
    #: Over the target number, or an automatic failure.
    FAILURE = "failure"

    @property
    def succeeded(self) -> bool:
        """True for any success, partial included."""
        return self is not Outcome.FAILURE


def target_number(skill: int = 0, modifier: int = 0, base: int = BASE_TARGET) -> int:
    """The target number: the base (7), the GM's modifier, then the ability or skill added.

    Raises:
        RulesError: the result is absurd (beyond +/-40).
    """
    total = base + modifier + skill
    if abs(total) > MAX_TARGET:
        raise RulesError(f"A target number of {total} makes no sense (keep it within 2 to 12).")
    return total


def grade(roll: int, target: int, skilled: bool = True) -> Outcome:
    """Grade a 2D6 roll against a target number, automatic results first."""
    if roll >= AUTOMATIC_FAILURE or (not skilled and roll >= UNSKILLED_FAILS_FROM):
        return Outcome.FAILURE
    if roll <= target - SKILL_SHOT_MARGIN:
        return Outcome.SKILL_SHOT
    if roll < target or roll <= AUTOMATIC_SUCCESS:
        return Outcome.SUCCESS
    return Outcome.PARTIAL if roll == target else Outcome.FAILURE


@frozen
class Check:
    """A 2D6 attempt: the faces, the target number, whether the character has the skill."""

    faces: tuple[int, ...]
    target: int
    skilled: bool = True

    @property
    def roll(self) -> int:
        return sum(self.faces)

    @property
    def outcome(self) -> Outcome:
        return grade(self.roll, self.target, self.skilled)

    @property
    def succeeded(self) -> bool:
        return self.outcome.succeeded

    @property
    def automatic(self) -> bool:
        """True when the natural roll, not the target number, decided it."""
        roll = self.roll
        if roll <= AUTOMATIC_SUCCESS:
            return roll >= self.target
        if roll >= AUTOMATIC_FAILURE or (not self.skilled and roll >= UNSKILLED_FAILS_FROM):
            return roll <= self.target
        return False


def check(target: int, roller: Roller, skilled: bool = True) -> Check:
    """Roll 2D6 against a target number (AnimOuch! "The Basic System")."""
    if abs(target) > MAX_TARGET:
        raise RulesError(f"A target number of {target} makes no sense (keep it within 2 to 12).")
    return Check(faces=roll_d6(2, roller), target=target, skilled=skilled)


@frozen
class Opposed:
    """An opposed attempt: each side's 2D6 plus ability; the higher total wins."""

    faces: tuple[tuple[int, ...], tuple[int, ...]]
    bonuses: tuple[int, int]

    @property
    def totals(self) -> tuple[int, int]:
        return (sum(self.faces[0]) + self.bonuses[0], sum(self.faces[1]) + self.bonuses[1])

    @property
    def winner(self) -> int | None:
        """0 or 1 for the side that won; None on a tie (the seed does not settle ties)."""
        first, second = self.totals
        if first == second:
            return None
        return 0 if first > second else 1


def opposed(first_bonus: int, second_bonus: int, roller: Roller) -> Opposed:
    """Both sides roll 2D6 and add their ability, skill and GM modifiers (AnimOuch! "Opposed Attempts")."""
    for bonus in (first_bonus, second_bonus):
        if abs(bonus) > MAX_TARGET:
            raise RulesError(f"A modifier of {bonus} makes no sense.")
    faces = (roll_d6(2, roller), roll_d6(2, roller))
    return Opposed(faces=faces, bonuses=(first_bonus, second_bonus))
