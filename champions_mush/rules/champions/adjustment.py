"""Drain and Aid of a characteristic (HERO System 5th Edition revised, Adjustment Powers, Drain,
Aid; RULES DRAIN AND AID).

The effect roll is the total of the dice, in Character Points; a Drain loses the target's Power
Defense from it. The characteristic moves by those points bought at its cost (Drain STR 3d6
rolling 12 takes 12 Character Points: 12 STR; against DEX, 3 points each: 4 DEX). Aid adds no
more than the most its dice can roll to one characteristic. Both return at 5 Character Points
per Turn, in Post-Segment 12: the drained points come back, the aided ones fade.
"""

from __future__ import annotations

from fractions import Fraction

import attrs

from ..dice import DiceAmount
from .costs import CHARACTERISTIC_COSTS

__all__ = ["ADJUSTABLE", "Adjusted", "RETURN_PER_TURN", "aid_points", "change_of", "drain_points", "returned"]

#: HERO 5E revised: adjusted points return (Drain) or fade (Aid) at 5 Character Points per Turn.
RETURN_PER_TURN = 5
#: Characteristics an adjustment power can aim at here (Character Points per point: costs.py).
ADJUSTABLE = ("STR", "DEX", "CON", "BODY", "INT", "EGO", "PRE", "COM", "PD", "ED", "SPD", "REC", "END", "STUN")


def drain_points(rolled: int, power_defense: int) -> int:
    """A Drain's Character Points: the dice's total less Power Defense (HERO 5E: 12 against 0: 12)."""
    return max(rolled - power_defense, 0)


def aid_points(rolled: int, dice: DiceAmount, already: int) -> int:
    """An Aid's new Character Points on a characteristic already Aided by ``already``: no more in
    all than the most the dice can roll (HERO 5E: 3d6, at most 18)."""
    top = dice.whole * 6 + (3 if dice.half else 0) + dice.pips
    return max(min(already + rolled, top) - already, 0)


def change_of(characteristic: str, points: int) -> int:
    """Points of a characteristic for ``points`` Character Points at its cost, whole points only
    (HERO 5E: 12 CP of STR is 12 STR; 12 of DEX is 4 DEX; 5 of DEX is 1)."""
    cost = CHARACTERISTIC_COSTS[characteristic]
    whole = int(Fraction(abs(points)) / cost)
    return whole if points >= 0 else -whole


@attrs.frozen
class Adjusted:
    """Drain or Aid on one characteristic: the Character Points still on it."""

    kind: str  #: "Drain" or "Aid"
    characteristic: str
    points: int

    @property
    def signed(self) -> int:
        return -self.points if self.kind == "Drain" else self.points


def returned(adjusted: Adjusted) -> Adjusted:
    """One Turn later: 5 Character Points back (a Drain) or faded (an Aid); 0 is over."""
    return attrs.evolve(adjusted, points=max(adjusted.points - RETURN_PER_TURN, 0))
