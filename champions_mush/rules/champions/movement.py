"""Movement: RULES MOVEMENT (inches, half and full moves, human movement).

1" is 2 m; velocities are in "/Phase.
"""

from __future__ import annotations

import enum
from fractions import Fraction

from ..errors import RulesError

__all__ = [
    "HUMAN_RUNNING",
    "HUMAN_SWIMMING",
    "METRES_PER_INCH",
    "MoveKind",
    "forward_leap",
    "inches_to_metres",
    "move_kind",
    "vertical_leap",
]

#: RULES MOVEMENT: "1" is 2 meters."
METRES_PER_INCH = 2

#: RULES MOVEMENT: normal humans have 6" of Running and 2" of Swimming.
HUMAN_RUNNING = 6
HUMAN_SWIMMING = 2


def inches_to_metres(inches: int | Fraction) -> int | Fraction:
    """Game inches to metres: 1" = 2 m (RULES MOVEMENT)."""
    return inches * METRES_PER_INCH


class MoveKind(enum.Enum):
    """RULES MOVEMENT: a Half Move or a Full Move."""

    #: Up to half the movement.
    HALF = "half move"
    #: More than half, up to all of it.
    FULL = "full move"


def move_kind(distance: int, movement: int) -> MoveKind:
    """Half or Full Move for ``distance``" with ``movement``" (RULES MOVEMENT).

    Sonar's 20" of Flight: 1-10" is a Half Move, 11-20" a Full Move. With an odd movement
    the half is rounded down (15": 7" is a Half Move, 8" a Full Move).

    Raises:
        RulesError: farther than the movement allows.
    """
    if distance < 0 or movement < 0:
        raise RulesError("Distance and movement cannot be negative.")
    if distance > movement:
        raise RulesError(f"{distance}\" is more than the {movement}\" of movement.")
    return MoveKind.HALF if 2 * distance <= movement else MoveKind.FULL


def forward_leap(strength: int) -> Fraction:
    """Human forward leap: 1" per 5 STR (RULES MOVEMENT); exact, e.g. STR 23 -> 23/5"."""
    if strength < 0:
        raise RulesError("STR cannot be negative.")
    return Fraction(strength, 5)


def vertical_leap(strength: int) -> Fraction:
    """Human vertical leap: 1" per 10 STR (RULES MOVEMENT)."""
    if strength < 0:
        raise RulesError("STR cannot be negative.")
    return Fraction(strength, 10)
