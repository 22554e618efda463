"""Rolls against a target number: attack rolls, characteristic and skill rolls, range.

The rules file uses these without stating them (Starfire's "11 + 4 - 7 = 8 or less");
HERO 5E: attack roll 3D6 <= 11 + OCV - DCV, a 3 always hits and an 18 always
misses; characteristic rolls 9 + CHAR/5; range modifier -2 per doubling beyond 4".
"""

from __future__ import annotations

from ...values import frozen
from ..dice import Roller, roll_d6
from ..errors import RulesError
from .rounding import hero_divide

__all__ = [
    "AttackRoll",
    "SkillRoll",
    "attack_roll",
    "attack_target",
    "characteristic_roll",
    "characteristic_target",
    "cv",
    "effective_dcv",
    "range_modifier",
    "skill_roll",
]

#: HERO 5E: a 3 on 3D6 always succeeds, an 18 always fails.
ALWAYS_SUCCEEDS = 3
ALWAYS_FAILS = 18


def attack_target(ocv: int, dcv: int) -> int:
    """The number to roll on 3D6 or less to hit: 11 + OCV - DCV (HERO 5E).

    OCV 8 vs DCV 6 -> 13; Starfire's Move Through, OCV 4 vs DCV 7 -> 8.
    """
    return 11 + ocv - dcv


def cv(dex: int) -> int:
    """Base OCV and DCV from DEX: DEX / 3, to the nearest (HERO 5E)."""
    if dex < 0:
        raise RulesError("DEX cannot be negative.")
    return hero_divide(dex, 3)


def effective_dcv(dcv: int, *, stunned: bool = False, knocked_out: bool = False,
                  prone: bool = False, recovering: bool = False, braced: bool = False,
                  awed: bool = False, cowed: bool = False, halved: bool = False) -> int:
    """DCV under the conditions the rules file names.

    RULES DAMAGE EFFECTS: Stunned is ½ DCV; Knocked Out makes DCV 0. RULES KNOCKBACK 2 and 5:
    lying on the ground after Knockback is ½ DCV. RULES RECOVERING: taking a Recovery is ½ DCV.
    RULES PRE ATTACKS 2: Awed is ½ DCV, Cowed 0 DCV. HERO 5E Brace: ½ DCV; ``halved``: another
    ½ DCV of HERO 5E revised (Grabbed, a Sweep or Rapid Fire until the next Phase, unable to see
    his attacker after a Flash: RULES FLASH).
    Several halvings do not stack (the rules file is silent; HERO 5E applies ½ DCV once), and a
    halved DCV rounds .5 up, in the character's favour (HERO 5E).
    """
    if knocked_out or cowed:
        return 0
    if stunned or prone or recovering or braced or awed or halved:
        return hero_divide(dcv, 2)
    return dcv


@frozen
class AttackRoll:
    """A rolled attack: the 3 dice, whether it hit, and the highest DCV it hits."""

    ocv: int
    dcv: int | None  #: None when the roll was made without a known DCV
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def target(self) -> int | None:
        """11 + OCV - DCV, or None without a DCV."""
        return None if self.dcv is None else attack_target(self.ocv, self.dcv)

    @property
    def hits_dcv(self) -> int:
        """The highest DCV this roll hits: 11 + OCV - roll ("hits DCV 6 or less").

        A 3 hits any DCV and an 18 none; read :attr:`hit` for those.
        """
        return 11 + self.ocv - self.total

    @property
    def hit(self) -> bool | None:
        """Hit or miss against ``dcv`` (a 3 always hits, an 18 always misses); None without
        a DCV unless the roll is a 3 or an 18."""
        total = self.total
        if total == ALWAYS_SUCCEEDS:
            return True
        if total == ALWAYS_FAILS:
            return False
        target = self.target
        return None if target is None else total <= target


def attack_roll(ocv: int, dcv: int | None, roller: Roller) -> AttackRoll:
    """Roll 3D6 to hit: ``attack_roll(8, 6, roller).hit`` (HERO 5E)."""
    return AttackRoll(ocv=ocv, dcv=dcv, faces=roll_d6(3, roller))


def characteristic_target(value: int) -> int:
    """Characteristic roll: 9 + CHAR/5, to the nearest (HERO 5E): DEX 18 -> 13."""
    if value < 0:
        raise RulesError("A characteristic cannot be negative here.")
    return 9 + hero_divide(value, 5)


@frozen
class SkillRoll:
    """A rolled skill or characteristic roll: ``margin`` >= 0 is made by, < 0 missed by."""

    target: int  #: the roll needed, modifier included
    faces: tuple[int, ...]

    @property
    def total(self) -> int:
        return sum(self.faces)

    @property
    def margin(self) -> int:
        """Made by (>= 0) or missed by (< 0)."""
        return self.target - self.total

    @property
    def success(self) -> bool:
        """Made when 3D6 <= target; a 3 always succeeds, an 18 always fails (HERO 5E)."""
        if self.total == ALWAYS_SUCCEEDS:
            return True
        if self.total == ALWAYS_FAILS:
            return False
        return self.margin >= 0


def skill_roll(target: int, roller: Roller, *, modifier: int = 0) -> SkillRoll:
    """Roll 3D6 against ``target`` + ``modifier`` (a Breakfall at -2 is ``modifier=-2``)."""
    return SkillRoll(target=target + modifier, faces=roll_d6(3, roller))


def characteristic_roll(value: int, roller: Roller, *, modifier: int = 0) -> SkillRoll:
    """Roll against 9 + CHAR/5 + ``modifier`` (e.g. DEX at -1 per 2" of KB)."""
    return skill_roll(characteristic_target(value), roller, modifier=modifier)


def range_modifier(inches: int) -> int:
    """Range modifier: 0 to 4", then -2 per doubling (5-8" -2, 9-16" -4...) (HERO 5E)."""
    if inches < 0:
        raise RulesError("Range cannot be negative.")
    modifier, limit = 0, 4
    while inches > limit:
        modifier -= 2
        limit *= 2
    return modifier
