"""PTB attack resolution: active or passive Dodge Resist, ties to the defender, damage from the margin.

PTB 2C "The basic combat sequence": the defender declares an active Dodge Resist (a roll, costs
AP) or a passive one (half the total score, rounded up) before the attack is rolled. The attack
hits only when its roll beats the defense; damage = margin x the weapon's Damage Multiplier,
then bonus damage (Strength, built-in) is added, even on a margin of 1.
"""

from __future__ import annotations

import enum
import math
from fractions import Fraction

from ...values import frozen
from ..dice import Roller
from ..errors import RulesError
from .scores import DEFAULT_ROLL_METHOD, ScoreRoll, check_score, half_score, roll_score

__all__ = [
    "AttackResult",
    "Contest",
    "Defense",
    "DefenseKind",
    "KnockoutResult",
    "Maneuver",
    "active_defense",
    "attack_score_for",
    "knockout_resist",
    "passive_defense",
    "resolve_attack",
    "round_damage",
]


class DefenseKind(enum.Enum):
    """How the defender meets an attack (declared before the attack roll)."""

    #: A Dodge Resist roll; costs AP.
    ACTIVE = "active"
    #: Half the Dodge Resist total score, rounded up; costs nothing.
    PASSIVE = "passive"


@frozen
class Defense:
    """A declared defense: its kind, the total score, the roll if active, and any bonus
    (Serpentine against ranged attacks) added to the result."""

    kind: DefenseKind
    score: int
    roll: ScoreRoll | None = None
    bonus: int = 0

    @property
    def value(self) -> int:
        """What the attack roll must beat."""
        base = self.roll.total if self.roll is not None else half_score(self.score)
        return base + self.bonus


def passive_defense(score: int, bonus: int = 0) -> Defense:
    """A passive Dodge Resist: half the total score, rounded up (PTB 2C)."""
    check_score(score, "Dodge Resist")
    return Defense(kind=DefenseKind.PASSIVE, score=score, bonus=bonus)


def active_defense(
    score: int, roller: Roller, method: str = DEFAULT_ROLL_METHOD, bonus: int = 0
) -> Defense:
    """An active Dodge Resist: a roll against the total score (PTB 2C; docs/rulesets.md for the dice).

    A score of 0 cannot be rolled and defends at 0.
    """
    check_score(score, "Dodge Resist")
    rolled = roll_score(score, roller, method) if score else None
    if rolled is None:
        return Defense(kind=DefenseKind.PASSIVE, score=0, bonus=bonus)
    return Defense(kind=DefenseKind.ACTIVE, score=score, roll=rolled, bonus=bonus)


class Maneuver(enum.Enum):
    """An attack's maneuver (PTB 2C)."""

    #: A plain attack at the full total score.
    NORMAL = "normal"
    #: Half score (rounded up); on a hit the target resists the damage or is knocked out.
    KNOCKOUT = "knockout"
    #: Half score (rounded up); the damage skips Vigor and goes straight to Vim.
    LETHAL = "lethal"


def attack_score_for(score: int, maneuver: Maneuver = Maneuver.NORMAL) -> int:
    """The score an attack rolls against: halved, rounded up, for Knockout and Lethal Attack.

    The score passed in already includes situational adjustments (PTB 2C: "easiest done on an
    ambush").
    """
    check_score(score, "attack score")
    return score if maneuver is Maneuver.NORMAL else half_score(score)


def round_damage(value: Fraction) -> int:
    """Margin x multiplier as whole damage: nearest whole number, halves up.

    PTB 2C is silent on fractions (its examples are whole); this is our choice, stated in
    the ptb RULES DAMAGE topic.
    """
    return math.floor(value + Fraction(1, 2))


@frozen
class Contest:
    """An attack roll (plus any bonus) against a declared defense; ties go to the defender."""

    attack: ScoreRoll
    defense: Defense
    attack_bonus: int = 0

    @property
    def attack_value(self) -> int:
        return self.attack.total + self.attack_bonus

    @property
    def won(self) -> bool:
        return self.attack_value > self.defense.value

    @property
    def margin(self) -> int:
        """By how much the attack beat the defense (0 on a miss or tie)."""
        return self.attack_value - self.defense.value if self.won else 0


@frozen
class AttackResult:
    """A resolved attack: the contest, the multiplier and bonus used, and the maneuver."""

    contest: Contest
    multiplier: Fraction
    bonus: int = 0
    maneuver: Maneuver = Maneuver.NORMAL

    @property
    def hit(self) -> bool:
        return self.contest.won

    @property
    def margin(self) -> int:
        return self.contest.margin

    @property
    def base_damage(self) -> int:
        """Margin x Damage Multiplier, rounded (:func:`round_damage`)."""
        return round_damage(self.margin * self.multiplier) if self.hit else 0

    @property
    def damage(self) -> int:
        """Base damage plus the bonus; nothing on a miss (PTB 2C)."""
        return self.base_damage + self.bonus if self.hit else 0

    @property
    def to_vim(self) -> bool:
        """A Lethal Attack's damage skips Vigor and goes to Vim (PTB 2C)."""
        return self.maneuver is Maneuver.LETHAL and self.hit


def resolve_attack(
    attack: ScoreRoll,
    defense: Defense,
    multiplier: Fraction | int = 1,
    bonus: int = 0,
    maneuver: Maneuver = Maneuver.NORMAL,
    attack_bonus: int = 0,
) -> AttackResult:
    """Resolve a rolled attack against a declared defense (PTB 2C basic combat sequence)."""
    multiplier = Fraction(multiplier)
    if multiplier < 0:
        raise RulesError("A Damage Multiplier cannot be negative.")
    contest = Contest(attack=attack, defense=defense, attack_bonus=attack_bonus)
    return AttackResult(contest=contest, multiplier=multiplier, bonus=bonus, maneuver=maneuver)


@frozen
class KnockoutResult:
    """A Physical Resist against a Knockout's damage: rounds unconscious = the amount failed by."""

    damage: int
    resist: ScoreRoll | None

    @property
    def resist_value(self) -> int:
        return self.resist.total if self.resist is not None else 0

    @property
    def rounds_unconscious(self) -> int:
        """Damage minus the resist roll, when the roll falls short (PTB 2C Knockout)."""
        return max(0, self.damage - self.resist_value)

    @property
    def knocked_out(self) -> bool:
        return self.rounds_unconscious > 0


def knockout_resist(
    damage: int, physical_resist: int, roller: Roller, method: str = DEFAULT_ROLL_METHOD
) -> KnockoutResult:
    """The target of a successful Knockout rolls a Physical Resist needing the damage dealt.

    PTB 2C Knockout: "must make a Physical Resist equal to the damage dealt. The amount they
    fail by is the number of rounds they are rendered unconscious for." No roll is made when
    the Knockout did no damage.
    """
    check_score(damage, "damage")
    check_score(physical_resist, "Physical Resist")
    if damage == 0 or physical_resist == 0:
        return KnockoutResult(damage=damage, resist=None)
    return KnockoutResult(damage=damage, resist=roll_score(physical_resist, roller, method))
