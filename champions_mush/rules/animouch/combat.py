"""AnimOuch! combat turns: initiative, the to-hit target number and its modifiers, terrain, area fire.

AnimOuch! "Combat Turn Sequence", "Initiative" and "Hitting": each turn everyone rolls 1D6 plus
initiative (highest first, ties re-roll within their slot); an attack needs 7 or less on 2D6,
raised by the attacker's accuracy, lowered by the defender's avoidance and the listed modifiers;
a natural 2 always hits and a natural 12 always misses.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Iterable

import attrs

from ...values import frozen
from ..dice import Roller
from ..errors import RulesError
from .checks import BASE_TARGET, Check, check

__all__ = [
    "HURT_INITIATIVE_PENALTY",
    "ConePosition",
    "HitModifiers",
    "InitiativeEntry",
    "InitiativeRoll",
    "RangeBand",
    "TerrainShot",
    "indirect_clears",
    "range_band",
    "roll_initiative",
    "roll_to_hit",
    "terrain_shot",
]

#: Optional rule: a character hurt last turn subtracts 3 from initiative.
HURT_INITIATIVE_PENALTY = 3


@frozen
class InitiativeEntry:
    """One character (or pleb group) in the turn: initiative modifier, and hurt last turn."""

    name: str
    modifier: int = 0
    hurt_last_turn: bool = False


@frozen
class InitiativeRoll:
    """A character's initiative: the 1D6, the total, and any tie-breaking re-rolls."""

    name: str
    face: int
    total: int
    tie_breaks: tuple[int, ...] = ()


def _break_ties(group: list[InitiativeRoll], roller: Roller) -> list[InitiativeRoll]:
    """Characters that tied re-roll for position within their slot, until none tie."""
    if len(group) < 2:
        return group
    rerolled = [attrs.evolve(r, tie_breaks=(*r.tie_breaks, roller.die(6))) for r in group]
    ordered: list[InitiativeRoll] = []
    for face in sorted({r.tie_breaks[-1] for r in rerolled}, reverse=True):
        ordered += _break_ties([r for r in rerolled if r.tie_breaks[-1] == face], roller)
    return ordered


def roll_initiative(entries: Iterable[InitiativeEntry], roller: Roller) -> tuple[InitiativeRoll, ...]:
    """Roll 1D6 + initiative (-3 if hurt last turn) for each, highest first, ties re-rolled."""
    rolls = []
    for entry in entries:
        face = roller.die(6)
        penalty = HURT_INITIATIVE_PENALTY if entry.hurt_last_turn else 0
        rolls.append(InitiativeRoll(entry.name, face, face + entry.modifier - penalty))
    ordered: list[InitiativeRoll] = []
    for total in sorted({r.total for r in rolls}, reverse=True):
        ordered += _break_ties([r for r in rolls if r.total == total], roller)
    return tuple(ordered)


class RangeBand(enum.Enum):
    """A ranged attack's band and its to-hit modifier (AnimOuch! "Hitting")."""

    #: Under a quarter of the range (ground zero for area effects): +1.
    SHORT = 1
    #: A quarter to a half of the range: no modifier.
    MEDIUM = 0
    #: Over half the range, up to the range: -1.
    LONG = -1
    #: Beyond the range but less than twice it: -3 (and damage halved).
    EXTREME = -3

    @property
    def modifier(self) -> int:
        return self.value


def range_band(distance: float, effective_range: float) -> RangeBand:
    """The band of a ranged attack at ``distance`` inches with the given effective range.

    Raises:
        RulesError: the target is twice the range or further away (out of reach).
    """
    if effective_range <= 0 or distance < 0:
        raise RulesError("Range and distance must be positive.")
    if distance >= 2 * effective_range:
        raise RulesError(f"Out of range: extreme range ends short of {2 * effective_range:g}\".")
    if distance > effective_range:
        return RangeBand.EXTREME
    if distance > effective_range / 2:
        return RangeBand.LONG
    if distance < effective_range / 4:
        return RangeBand.SHORT
    return RangeBand.MEDIUM


class ConePosition(enum.Enum):
    """Optional direct area fire: where a target stands, and its to-hit modifier."""

    #: In the target area: no modifier.
    TARGET_AREA = 0
    #: In the cone between the firer and the target area: -2.
    IN_CONE = -2
    #: Partly in the cone, the centre of its base outside it: -2 and another -1.
    EDGE_OF_CONE = -3


@frozen
class HitModifiers:
    """Everything that moves an attack's target number (AnimOuch! "Hitting"); booleans are the
    listed situations, ``gm`` any further modifier (at least +1 for an entertaining attack)."""

    accuracy: int = 0
    avoidance: int = 0
    #: False for ranged attacks from the blind side, or attacks the defender did not expect.
    avoidance_counts: bool = True
    #: Hit with the same attack by the same character last turn: +1.
    repeated_target: bool = False
    #: None for hand-to-hand attacks.
    range: RangeBand | None = None
    #: More than half the target behind cover of toughness over 5: -1.
    solid_cover: bool = False
    #: The attacker has lost half or more of her original wounds: -1.
    attacker_half_wounds: bool = False
    #: A ranged attack where either side is flying: -1.
    flying_ranged: bool = False
    #: The attack happens partway through the attacker's move: -2.
    during_move: bool = False
    cone: ConePosition | None = None
    gm: int = 0

    def items(self) -> tuple[tuple[str, int], ...]:
        """Each modifier that applies, with its value, in the seed's order."""
        listed = [
            ("accuracy", self.accuracy),
            ("avoidance", -self.avoidance if self.avoidance_counts else 0),
            ("same target", 1 if self.repeated_target else 0),
            (f"{self.range.name.lower()} range" if self.range else "range",
             self.range.modifier if self.range else 0),
            ("cover", -1 if self.solid_cover else 0),
            ("half wounds", -1 if self.attacker_half_wounds else 0),
            ("flying", -1 if self.flying_ranged else 0),
            ("moving", -2 if self.during_move else 0),
            ("cone", self.cone.value if self.cone else 0),
            ("GM", self.gm),
        ]
        return tuple((name, value) for name, value in listed if value)

    @property
    def target(self) -> int:
        """7 plus every modifier."""
        return BASE_TARGET + sum(value for _, value in self.items())


def roll_to_hit(modifiers: HitModifiers, roller: Roller) -> Check:
    """Roll 2D6 against the attack's target number; a natural 2 hits, a natural 12 misses.

    The :class:`Check` grades it: exactly the target number is a glancing blow (partial),
    four or more under is a skill shot.
    """
    return check(modifiers.target, roller)


@frozen
class TerrainShot:
    """An attack on an immobile item: automatic within 10x its narrowest facing side, else a bonus."""

    automatic: bool
    modifier: int


def terrain_shot(distance: float, narrowest_side: float) -> TerrainShot:
    """AnimOuch! "Attacking Terrain": within 10x the narrowest side the hit is automatic
    (effectively +5); the bonus drops by 1 for each further multiple of that distance.

    A barn wall 25" by 12" is hit automatically from up to 120".
    """
    if narrowest_side <= 0 or distance < 0:
        raise RulesError("Sizes and distances must be positive.")
    reach = 10 * narrowest_side
    if distance <= reach:
        return TerrainShot(automatic=True, modifier=5)
    return TerrainShot(automatic=False, modifier=5 - (math.ceil(distance / reach) - 1))


def indirect_clears(height: float, effective_range: float) -> bool:
    """Optional indirect area fire clears obstacles up to a quarter of its effective range high."""
    return 0 <= height <= effective_range / 4

