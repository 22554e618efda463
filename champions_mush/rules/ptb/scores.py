"""Rolling a Powers That Be score: attack rolls, active Dodge Resists, Physical Resists, initiative.

PTB 2C never says which dice make a roll. Every roll in its worked example lies between 1 and
the roller's total score, so by default a roll is uniform from 1 to the total score
(docs/rulesets.md). The method is configurable: :data:`ROLL_METHODS` maps a name to a method.
"""

from __future__ import annotations

from collections.abc import Callable

from ...values import frozen
from ..dice import Roller
from ..errors import RulesError

__all__ = [
    "DEFAULT_ROLL_METHOD",
    "MAX_SCORE",
    "ROLL_METHODS",
    "RollMethod",
    "ScoreRoll",
    "half_score",
    "roll_bell",
    "roll_score",
    "roll_uniform",
]

#: Largest total score a roll accepts: far above any character, small enough to stay sane.
MAX_SCORE = 1000

#: A method turns a total score and a roller into the faces rolled (their sum is the roll).
RollMethod = Callable[[int, Roller], tuple[int, ...]]


def check_score(score: int, what: str = "score", minimum: int = 0) -> int:
    """Reject a score that is not a whole number between ``minimum`` and :data:`MAX_SCORE`."""
    if isinstance(score, bool) or not isinstance(score, int):
        raise RulesError(f"The {what} must be a whole number.")
    if not minimum <= score <= MAX_SCORE:
        raise RulesError(f"The {what} must be between {minimum} and {MAX_SCORE}, not {score}.")
    return score


def half_score(score: int) -> int:
    """Half a score, rounded up (PTB 2C: passive defense, Knockout, Lethal Attack)."""
    return -(-check_score(score) // 2)


def roll_uniform(score: int, roller: Roller) -> tuple[int, ...]:
    """The default (docs/rulesets.md): one roll from 1 to the total score."""
    return (roller.die(score),)


def roll_bell(score: int, roller: Roller) -> tuple[int, ...]:
    """An optional method: two dice of half the score each (rounded up), added.

    Results run 2..score (an odd score's top result is capped at the score, see
    :attr:`ScoreRoll.total`); middling results come up more often than extremes.
    """
    sides = -(-score // 2)
    if score == 1:
        return (roller.die(1),)
    return (roller.die(sides), roller.die(sides))


#: The roll methods a game may choose by name (game config ``ptb_roll_method``).
ROLL_METHODS: dict[str, RollMethod] = {"uniform": roll_uniform, "bell": roll_bell}

#: The method used when a game names none.
DEFAULT_ROLL_METHOD = "uniform"


@frozen
class ScoreRoll:
    """One roll against a total score: the ``faces`` rolled and their ``total`` (capped at the score)."""

    score: int
    faces: tuple[int, ...]
    method: str = DEFAULT_ROLL_METHOD

    @property
    def total(self) -> int:
        return min(sum(self.faces), self.score)

    def faces_text(self) -> str:
        """The faces as players see them: ``17`` or ``9+8``."""
        return "+".join(str(face) for face in self.faces)


def roll_score(score: int, roller: Roller, method: str = DEFAULT_ROLL_METHOD) -> ScoreRoll:
    """Roll against a total score with a named method (PTB 2C; docs/rulesets.md for the dice).

    Raises:
        RulesError: the score is below 1 or too large, or the method is unknown.
    """
    check_score(score, minimum=1)
    try:
        rolling = ROLL_METHODS[method]
    except KeyError:
        names = ", ".join(sorted(ROLL_METHODS))
        raise RulesError(f"There is no roll method '{method}' (try {names}).") from None
    return ScoreRoll(score=score, faces=rolling(score, roller), method=method)
