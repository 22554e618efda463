"""END: RULES END USE (cost, running out, Pushing) and RULES ADDING DAMAGE (END only for STR).

House rule of the rules file: at 0 END, each END spent costs 1D6 STUN (HERO 5E: 1D6 per 2 END).
"""

from __future__ import annotations

from ...values import frozen
from ..dice import Roller, roll_d6
from ..errors import RulesError
from .rounding import Half, hero_divide

__all__ = [
    "EndSpent",
    "MAX_PUSH",
    "Push",
    "end_cost",
    "movement_end",
    "push",
    "spend_end",
]

#: RULES END USE: "The maximum total Push allowed is 10 points."
MAX_PUSH = 10


def end_cost(active_points: int) -> int:
    """END per Phase: 1 per 10 Active Points (RULES END USE), STR counted as its points.

    The rules file does not say how to round: HERO 5E, to the nearest, .5 in the character's
    favour (25 AP -> 2), and at least 1 END for anything that costs END.
    Maneuvers never add END: pay for the STR used only (RULES ADDING DAMAGE).
    """
    if active_points < 0:
        raise RulesError("Active Points cannot be negative.")
    if active_points == 0:
        return 0
    return max(1, hero_divide(active_points, 10, Half.DOWN))


def movement_end(inches: int) -> int:
    """END for moving: 1 per 5" travelled (RULES END USE), rounded as :func:`end_cost`."""
    if inches < 0:
        raise RulesError("Distance cannot be negative.")
    if inches == 0:
        return 0
    return max(1, hero_divide(inches, 5, Half.DOWN))


@frozen
class Push:
    """A Push: the points in effect until the end of the Phase and the END it costs."""

    points: int
    end: int


def push(base_points: int, pushed: int) -> Push:
    """Push a Power or STR: +1 point per extra END, at most +10 (RULES END USE).

    Groundare pushes 20 STR by 10 to 30: 2 END for the STR + 10 for the Push = 12 END.

    Raises:
        RulesError: a Push above 10 points or below 0.
    """
    if not 0 <= pushed <= MAX_PUSH:
        raise RulesError(f"A Push is 0 to {MAX_PUSH} points.")
    return Push(points=base_points + pushed, end=end_cost(base_points) + pushed)


@frozen
class EndSpent:
    """The result of spending END: what is left and the STUN dice it cost at 0 END."""

    end: int  #: END left (never below 0)
    stun: int  #: STUN left
    stun_faces: tuple[int, ...]  #: 1D6 per END that had to come from STUN

    @property
    def stun_lost(self) -> int:
        return sum(self.stun_faces)

    @property
    def knocked_out(self) -> bool:
        """Exhausted into unconsciousness: STUN 0 or below (RULES END USE)."""
        return self.stun <= 0


def spend_end(end: int, stun: int, cost: int, roller: Roller) -> EndSpent:
    """Spend ``cost`` END; what END lacks comes from STUN at 1D6 per END (RULES END USE,
    the rules file's rule; HERO 5E is 1D6 per 2 END). END never goes below 0."""
    if cost < 0 or end < 0:
        raise RulesError("END and END costs cannot be negative.")
    from_end = min(end, cost)
    faces = roll_d6(cost - from_end, roller)
    return EndSpent(end=end - from_end, stun=stun - sum(faces), stun_faces=faces)
