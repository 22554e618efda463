"""AnimOuch! things in motion: knockback, falling, collisions, charges, scatter, running away, movement.

Distances are in inches (the seed's tabletop scale). Where the seed counts "points" of
collision or falling damage, its Margos example rolls them as dice, so we return them as impact:
one die each.
"""

from __future__ import annotations

import enum
from fractions import Fraction

from ...values import frozen
from ..dice import MAX_DICE, Roller, roll_d6
from ..errors import RulesError
from .checks import BASE_TARGET, Check, Outcome, check

__all__ = [
    "COLLISION_INCHES_PER_DIE",
    "COLLISION_SPEED_OVER",
    "Collision",
    "CollisionOutcome",
    "Fall",
    "KnockbackRoll",
    "RunAway",
    "Scatter",
    "attacker_chooses_direction",
    "charge_impact",
    "collision",
    "collision_impact",
    "damage_cap",
    "fall",
    "knockback_impact",
    "landing_cost",
    "may_get_scared",
    "obstacle_cost",
    "roll_knockback",
    "roll_scatter",
    "run_away_check",
    "scale_knockback",
    "scatter_dice",
    "space_speed_change",
    "terrain_cost",
]

#: Collisions and charges: one die of damage per five inches moved that turn.
COLLISION_INCHES_PER_DIE = 5
#: Only a character moving more than this many inches in the turn may collide.
COLLISION_SPEED_OVER = 10


def _inches(value: float, what: str = "distance") -> float:
    if value < 0:
        raise RulesError(f"The {what} cannot be negative.")
    return value


@frozen
class KnockbackRoll:
    """Knockback: one die per point of Knockback; the faces' sum is the distance in inches."""

    points: int
    faces: tuple[int, ...]

    @property
    def distance(self) -> int:
        return sum(self.faces)


def roll_knockback(points: int, roller: Roller) -> KnockbackRoll:
    """Roll one die per point of Knockback the attack does (AnimOuch! "Knockback")."""
    if not 0 <= points <= MAX_DICE:
        raise RulesError(f"Knockback must be between 0 and {MAX_DICE}.")
    return KnockbackRoll(points=points, faces=roll_d6(points, roller))


def attacker_chooses_direction(knockback_rolled: int, damage_rolled: int, zero_range: bool) -> bool:
    """For a zero-range attack whose knockback roll beats its damage roll, the attacker picks
    the direction; otherwise the target flies straight away from the attack."""
    return zero_range and knockback_rolled > damage_rolled


def knockback_impact(distance: int, moved_before_hit: int) -> int:
    """Slamming into something: one point (rolled as a die) per inch not travelled; the thing
    hit takes the same.

    Slabo, knocked back 12" into an office block after 2", takes 10 dice and so does the block.
    """
    _inches(distance)
    _inches(moved_before_hit)
    return max(0, distance - moved_before_hit)


def scale_knockback(distance: int, carries: int) -> int:
    """Optional: divide knockback by how many characters the target can carry (fractions dropped).

    A bus that carries 12 passengers moves 1" for 12" of knockback.
    """
    if carries < 1:
        raise RulesError("A target carries at least 1 (itself).")
    _inches(distance)
    return distance // carries


@frozen
class Fall:
    """A fall: the distance, leap, the 7-or-less roll for knockback falls, and the impact taken."""

    distance: int
    leap: int
    roll: Check | None = None

    @property
    def full_distance(self) -> bool:
        """A knockback fall whose 7-or-less roll failed hurts for the whole drop."""
        return self.roll is not None and not self.roll.succeeded

    @property
    def impact(self) -> int:
        if self.full_distance:
            return self.distance
        return max(0, self.distance - self.leap)


def fall(distance: int, leap: int, roller: Roller | None = None, from_knockback: bool = False) -> Fall:
    """One point (a die) per inch fallen beyond leap; a knockback fall needs a roll of 7 or less
    or hurts for the full distance (AnimOuch! "Knockback", "Falling")."""
    _inches(distance)
    _inches(leap, "leap")
    if from_knockback:
        if roller is None:
            raise RulesError("A knockback fall needs a roll.")
        return Fall(distance, leap, check(BASE_TARGET, roller))
    return Fall(distance, leap)


def charge_impact(moved: int) -> int:
    """A charge (body check): one die per 5" moved, to attacker and target alike, zero accuracy."""
    return int(_inches(moved)) // COLLISION_INCHES_PER_DIE


def collision_impact(speed: int) -> int:
    """A collision while moving: one die per 5" being moved that turn, to both."""
    return int(_inches(speed, "speed")) // COLLISION_INCHES_PER_DIE


def damage_cap(toughness: int, wounds: int) -> int:
    """The most damage an obstacle can deal before it breaks: toughness x wounds.

    A toughness 5, wounds 2 door deals at most 10.
    """
    if toughness < 0 or wounds < 0:
        raise RulesError("Toughness and wounds cannot be negative.")
    return toughness * wounds


class CollisionOutcome(enum.Enum):
    """How a near miss with an obstacle ends."""

    #: Under the target number: no contact, the move goes on.
    AVOIDED = "avoided"
    #: Exactly the target number: clipped, no damage, half the remaining move lost.
    CLIPPED = "clipped"
    #: Over it: both take one die per 5" of speed; a survivor loses half the remaining move.
    HIT = "hit"


@frozen
class Collision:
    """A collision check (AnimOuch! "Collisions"): the 2D6 roll, the speed, and where it happened."""

    roll: Check
    speed: int
    moved: int

    @property
    def outcome(self) -> CollisionOutcome:
        result = self.roll.outcome
        if result is Outcome.PARTIAL:
            return CollisionOutcome.CLIPPED
        return CollisionOutcome.HIT if result is Outcome.FAILURE else CollisionOutcome.AVOIDED

    @property
    def impact(self) -> int:
        """Dice each side takes (0 unless hit)."""
        return collision_impact(self.speed) if self.outcome is CollisionOutcome.HIT else 0

    @property
    def move_left(self) -> int:
        """Movement left this turn: all of it when avoided, half (rounded down) otherwise.

        The pilot at 20" who clips a wall after 6" has (20 - 6) / 2 = 7" left.
        """
        left = self.speed - self.moved
        return left if self.outcome is CollisionOutcome.AVOIDED else left // 2


def collision(
    speed: int, moved: int, initiative: int, avoidance: int, roller: Roller, modifier: int = 0
) -> Collision:
    """Roll to avoid an obstacle passed within a base width while moving over 10".

    The target number is 7 + initiative + avoidance (a driving skill instead of avoidance at
    the wheel) + the referee's modifier; under it avoids, equal to it clips.

    Raises:
        RulesError: the character is not moving over 10", or has moved further than its speed.
    """
    if speed <= COLLISION_SPEED_OVER:
        raise RulesError(f"Only a character moving over {COLLISION_SPEED_OVER}\" can collide.")
    if not 0 <= moved <= speed:
        raise RulesError("The distance moved must be between 0 and the speed.")
    target = BASE_TARGET + initiative + avoidance + modifier
    return Collision(roll=check(target, roller), speed=speed, moved=moved)


@frozen
class Scatter:
    """Where a missed area attack goes: a direction die and the distance dice."""

    direction: int
    sides: int
    faces: tuple[int, ...]

    @property
    def distance(self) -> int:
        return sum(self.faces)

    @property
    def dice_text(self) -> str:
        return f"D{self.sides}" if len(self.faces) == 1 and self.sides == 3 else f"{len(self.faces)}D6"


def scatter_dice(range_inches: float) -> tuple[int, int]:
    """How many dice (and of what size) for scatter: the fewest whose top roll just exceeds half
    the range to the target. 4": one D3; 7": one D6; 30": 3D6.

    Returns:
        ``(count, sides)``.
    """
    half = _inches(range_inches, "range") / 2
    if 3 > half:
        return (1, 3)
    count = int(half // 6) + 1
    if count > MAX_DICE:
        raise RulesError("That range is too long to scatter over.")
    return (count, 6)


def roll_scatter(range_inches: float, roller: Roller) -> Scatter:
    """Roll one die for direction (the seed's direction chart is missing), then the distance."""
    count, sides = scatter_dice(range_inches)
    direction = roller.die(6)
    faces = tuple(roller.die(sides) for _ in range(count))
    return Scatter(direction=direction, sides=sides, faces=faces)


def may_get_scared(
    enemy_points: int = 0,
    own_points: int = 1,
    protected: bool = False,
    wounds_lost: int = 0,
    wounds_total: int = 1,
    lost_in_one_attack: int = 0,
) -> bool:
    """AnimOuch! "Running Away": who must test their nerve.

    Seeing an enemy worth ten or more times one's Character Points (unless a nearer friend at
    least as valuable gives protection); or having lost half or more of one's wounds, or a
    quarter of them in one attack.
    """
    outclassed = own_points > 0 and enemy_points >= 10 * own_points and not protected
    battered = wounds_total > 0 and (
        2 * wounds_lost >= wounds_total or 4 * lost_in_one_attack >= wounds_total
    )
    return outclassed or battered


@frozen
class RunAway:
    """A nerve test: roll under 7 + avoidance on 2D6 or run away."""

    roll: Check

    @property
    def holds(self) -> bool:
        """Strictly under the target; rolling it exactly is not enough (the seed says 'lower than')."""
        return self.roll.outcome in (Outcome.SKILL_SHOT, Outcome.SUCCESS)


def run_away_check(avoidance: int, roller: Roller, modifier: int = 0) -> RunAway:
    """Roll 2D6; lower than 7 + avoidance (+ GM modifier) stands firm, anything else runs."""
    return RunAway(roll=check(BASE_TARGET + avoidance + modifier, roller))


def terrain_cost(inches: float, rough: bool = False) -> float:
    """Movement spent crossing ground: double in rough terrain (AnimOuch! "Movement")."""
    return _inches(inches) * (2 if rough else 1)


def obstacle_cost(height: float) -> float:
    """Climbing a vertical obstacle instead of leaping it costs twice its height."""
    return 2 * _inches(height, "height")


def landing_cost(movement: int) -> Fraction:
    """A flier landing at the end of a turn spends a quarter of its movement."""
    return Fraction(int(_inches(movement, "movement")), 4)


def space_speed_change(movement: int) -> Fraction:
    """Optional space flight: a craft changes speed by up to half its movement per turn."""
    return Fraction(int(_inches(movement, "movement")), 2)
