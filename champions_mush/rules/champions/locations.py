"""Hit locations (optional rule): HERO 5E's 3D6 table. The rules file is silent; 5E fills in.

With hit locations a Killing Attack's STUN multiplier is the location's STUNx; a Normal
attack's STUN is multiplied by N STUN; BODY getting through defenses is multiplied by BODYx
(see :func:`~champions_mush.rules.champions.defenses.apply_damage`).
"""

from __future__ import annotations

from fractions import Fraction

from ...values import frozen
from ..dice import Roller, roll_d6
from ..errors import RulesError

__all__ = ["HIT_LOCATIONS", "HitLocation", "LocationRoll", "hit_location", "roll_hit_location"]


@frozen
class HitLocation:
    """One row of the 5E hit location table."""

    low: int  #: lowest 3D6 roll of the row
    high: int  #: highest 3D6 roll of the row
    name: str
    stun_x: int  #: STUN multiplier of a Killing Attack
    n_stun: Fraction  #: STUN multiplier of a Normal attack
    body_x: Fraction  #: multiplier of the BODY that gets through defenses
    ocv: int  #: OCV modifier to aim at the location


_HALF = Fraction(1, 2)

#: HERO 5E hit location table (3D6): roll, location, STUNx, N STUN, BODYx, OCV to aim.
HIT_LOCATIONS: tuple[HitLocation, ...] = (
    HitLocation(3, 5, "Head", 5, Fraction(2), Fraction(2), -8),
    HitLocation(6, 6, "Hands", 1, _HALF, _HALF, -6),
    HitLocation(7, 8, "Arms", 2, _HALF, _HALF, -5),
    HitLocation(9, 9, "Shoulders", 3, Fraction(1), Fraction(1), -5),
    HitLocation(10, 11, "Chest", 3, Fraction(1), Fraction(1), -3),
    HitLocation(12, 12, "Stomach", 4, Fraction(3, 2), Fraction(1), -7),
    HitLocation(13, 13, "Vitals", 4, Fraction(3, 2), Fraction(2), -8),
    HitLocation(14, 14, "Thighs", 2, Fraction(1), Fraction(1), -4),
    HitLocation(15, 16, "Legs", 2, _HALF, _HALF, -6),
    HitLocation(17, 18, "Feet", 1, _HALF, _HALF, -8),
)


def hit_location(total: int) -> HitLocation:
    """The location a 3D6 total (3..18) lands on (HERO 5E hit location table)."""
    for row in HIT_LOCATIONS:
        if row.low <= total <= row.high:
            return row
    raise RulesError(f"A hit location roll is 3 to 18, not {total}.")


@frozen
class LocationRoll:
    """A rolled hit location with its three dice."""

    faces: tuple[int, ...]
    location: HitLocation

    @property
    def total(self) -> int:
        return sum(self.faces)


def roll_hit_location(roller: Roller) -> LocationRoll:
    """Roll 3D6 on the hit location table (HERO 5E, optional rule)."""
    faces = roll_d6(3, roller)
    return LocationRoll(faces=faces, location=hit_location(sum(faces)))
