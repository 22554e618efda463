"""AnimOuch! damage and wounds: impact dice, their modifiers, toughness, healing, spray fire, groups.

AnimOuch! "Damage": one die per point of impact. Per-die modifiers (+1 skill shot, +1 moved over
10" into hand-to-hand, -1 hand-to-hand while flying) are added to every die first; then a
glancing blow or extreme range halves the total, and both together quarter it. "Hurting
Characters": each whole multiple of the target's toughness is a wound; the rest is ignored.
"""

from __future__ import annotations

import enum
import math

from ...values import frozen
from ..dice import MAX_DICE, Roller, roll_d6
from ..errors import RulesError
from .checks import Check, Outcome

__all__ = [
    "LEAP_MOVE_BONUS_OVER",
    "CharacterKind",
    "DamageModifiers",
    "DamageRoll",
    "SprayFire",
    "Standing",
    "Wounds",
    "figures_remaining",
    "heal",
    "inflict",
    "moved_over_ten",
    "roll_damage",
    "spray_fire",
    "standing",
]

#: A move into hand-to-hand combat longer than this many inches adds +1 per die.
LEAP_MOVE_BONUS_OVER = 10


@frozen
class DamageModifiers:
    """The seed's damage modifiers, each a yes or no."""

    #: Exactly the target number was rolled: halve.
    glancing: bool = False
    #: Four or more under the target number: +1 per die.
    skill_shot: bool = False
    #: The attack was at extreme range: halve.
    extreme_range: bool = False
    #: A hand-to-hand attack made while flying: -1 per die.
    flying_hand_to_hand: bool = False
    #: The attacker moved over 10" into hand-to-hand this turn: +1 per die.
    moved_over_10: bool = False

    @property
    def per_die(self) -> int:
        return int(self.skill_shot) + int(self.moved_over_10) - int(self.flying_hand_to_hand)

    @property
    def halvings(self) -> int:
        return int(self.glancing) + int(self.extreme_range)

    @classmethod
    def from_hit(cls, hit: Check, **others: bool) -> DamageModifiers:
        """Modifiers read off the to-hit roll (glancing blow, skill shot) plus the others given."""
        return cls(
            glancing=hit.outcome is Outcome.PARTIAL,
            skill_shot=hit.outcome is Outcome.SKILL_SHOT,
            **others,
        )


def moved_over_ten(move: float, leap: float = 0, flying: bool = False) -> bool:
    """Did the move into hand-to-hand exceed 10"? Leap counts unless the attacker flew.

    Molly, 8" from Skaleng, adds her 3" leap: 11", so she gets +1 per die.
    """
    return move + (0 if flying else leap) > LEAP_MOVE_BONUS_OVER


@frozen
class DamageRoll:
    """Rolled damage: the impact, the faces, and the modifiers applied."""

    impact: int
    faces: tuple[int, ...]
    modifiers: DamageModifiers = DamageModifiers()

    @property
    def die_values(self) -> tuple[int, ...]:
        """Each die after the per-die modifiers (never below 0)."""
        return tuple(max(0, face + self.modifiers.per_die) for face in self.faces)

    @property
    def raw(self) -> int:
        return sum(self.die_values)

    @property
    def total(self) -> int:
        """The damage: halved once per halving (quarter for two), fractions dropped."""
        return self.raw // (2**self.modifiers.halvings)


def roll_damage(impact: int, roller: Roller, modifiers: DamageModifiers = DamageModifiers()) -> DamageRoll:
    """Roll one die per point of impact; halving is done on the total, never by rolling fewer dice.

    Raises:
        RulesError: the impact is negative or more than the dice cap.
    """
    if not 0 <= impact <= MAX_DICE:
        raise RulesError(f"Impact must be between 0 and {MAX_DICE}.")
    return DamageRoll(impact=impact, faces=roll_d6(impact, roller), modifiers=modifiers)


@frozen
class Wounds:
    """Wounds inflicted by one hit; a stun attack's wounds heal by themselves in an hour or two."""

    damage: int
    toughness: int
    stun: bool = False

    @property
    def count(self) -> int:
        return self.damage // self.toughness

    @property
    def ignored(self) -> int:
        """The damage left over after the whole multiples of toughness."""
        return self.damage % self.toughness


def inflict(damage: int, toughness: int, stun: bool = False) -> Wounds:
    """One wound per whole multiple of toughness; partial amounts are ignored.

    Chen (toughness 12) takes 2 wounds from 28 damage; the other 4 points are ignored.

    Raises:
        RulesError: toughness below 1 or negative damage.
    """
    if toughness < 1:
        raise RulesError("Toughness must be at least 1.")
    if damage < 0:
        raise RulesError("Damage cannot be negative.")
    return Wounds(damage=damage, toughness=toughness, stun=stun)


class CharacterKind(enum.Enum):
    """What a figure is, for what happens when it is hurt enough."""

    HERO = "hero"
    TOUGHIE = "toughie"
    PLEB = "pleb"
    CIVVY = "civvy"


class Standing(enum.Enum):
    """A figure's state after its wounds."""

    #: Still in the game.
    ACTIVE = "active"
    #: A hero at or past her wounds: unconscious, healing can bring her back.
    UNCONSCIOUS = "unconscious"
    #: Out for good (a civvy on its first wound, a toughie or pleb at its wounds).
    OUT = "out"


def standing(kind: CharacterKind, wounds_taken: int, wounds_total: int) -> Standing:
    """AnimOuch! "Hurting Characters": who drops out, and how."""
    if kind is CharacterKind.CIVVY:
        return Standing.OUT if wounds_taken >= 1 else Standing.ACTIVE
    if wounds_taken < wounds_total:
        return Standing.ACTIVE
    return Standing.UNCONSCIOUS if kind is CharacterKind.HERO else Standing.OUT


def heal(wounds_taken: int, healing: int) -> int:
    """A character who heals this turn recovers one wound per point of healing, never past
    her original wounds (so never below 0 taken). Returns the wounds still taken."""
    if wounds_taken < 0 or healing < 0:
        raise RulesError("Wounds and healing cannot be negative.")
    return max(0, wounds_taken - healing)


def figures_remaining(figures: int, wounds_total: int, wounds_taken: int) -> int:
    """A pleb group loses figures as it loses wounds: our reading is in proportion, rounded up.

    The seed says only "remove figures from the group to simulate the losses".
    """
    if figures < 0 or wounds_total < 1 or wounds_taken < 0:
        raise RulesError("A group needs figures and at least one wound.")
    left = max(0, wounds_total - wounds_taken)
    return math.ceil(figures * left / wounds_total)


@frozen
class SprayFire:
    """An attack's impact split into equal smaller attacks; what does not divide is lost."""

    impact: int
    attacks: int

    @property
    def impact_each(self) -> int:
        return self.impact // self.attacks

    @property
    def lost(self) -> int:
        return self.impact % self.attacks


def spray_fire(impact: int, attacks: int) -> SprayFire:
    """AnimOuch! "Spray Fire": divide impact into ``attacks`` equal attacks, each rolled separately.

    Shagren's 7-impact blaster: three attacks of 2 or two of 3 (1 impact lost either way).

    Raises:
        RulesError: fewer than one attack, or more attacks than points of impact.
    """
    if attacks < 1 or impact < 1 or attacks > impact:
        raise RulesError("Split the impact into at least one attack, each with 1 impact or more.")
    return SprayFire(impact=impact, attacks=attacks)
