"""Adding damage: RULES ADDING DAMAGE (Haymaker, STR with an HKA, Move By/Through, Pushing).

Maneuvers never change the END paid: END is paid only for the STR used
(see :func:`~champions_mush.rules.champions.endurance.end_cost`).
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from ..dice import DiceAmount
from ..errors import RulesError
from .dcs import (
    POINTS_PER_DC,
    AttackKind,
    add_dcs,
    as_amount,
    dc_for_dice,
    dice_for_points,
)

__all__ = [
    "HAYMAKER_DC",
    "haymaker",
    "killing_attack_dice",
    "strength_attack_dice",
]

#: RULES ADDING DAMAGE: "Haymaker does +4 DC damage."
HAYMAKER_DC = 4


def haymaker(
    amount: DiceAmount | str | int,
    kind: AttackKind = AttackKind.NORMAL,
    advantages: Fraction | int | str = 0,
) -> DiceAmount:
    """``amount`` with a Haymaker's +4 DC (RULES ADDING DAMAGE): STR 23 (4½D6) -> 8½D6."""
    return add_dcs(amount, HAYMAKER_DC, kind, advantages)


@lru_cache(maxsize=1024)
def strength_attack_dice(strength: int, *, extra_dcs: int = 0, pushed: int = 0) -> DiceAmount:
    """Dice of a STR attack (Strike, Haymaker...): STR dice + ``extra_dcs``, then Pushing.

    Rule: RULES ADDING DAMAGE: "Pushing dice are always added AFTER all of the other
    computations": 40 STR + Haymaker (``extra_dcs=4``) pushed to 50 (``pushed=10``) -> 14D6.
    RULES DAMAGE DICE: 1D6 per 5 STR, ½D6 when more than halfway.

    Args:
        strength: the STR used (any amount from 0 to the character's STR).
        extra_dcs: DCs a maneuver adds (Haymaker 4).
        pushed: STR points pushed (at most 10, see ``endurance.push``).

    Worked out once per STR, DCs and Push (every attack asks it twice; a frozen value comes back).
    """
    if strength < 0 or pushed < 0:
        raise RulesError("STR and Pushing cannot be negative.")
    points = Fraction(strength) + extra_dcs * POINTS_PER_DC + pushed
    return dice_for_points(max(points, Fraction(0)), AttackKind.NORMAL)


def killing_attack_dice(
    hka: DiceAmount | str | int,
    *,
    strength: int = 0,
    move_dice: DiceAmount | str | int | None = None,
    extra_dcs: int = 0,
    pushed: int = 0,
    advantages: Fraction | int | str = 0,
) -> DiceAmount:
    """Dice of a hand-to-hand Killing Attack with STR, a Move By/Through, maneuvers and Pushing.

    Rule: RULES ADDING DAMAGE: 1 DC per 5 STR; each 1D6 the Move By or Move Through would do
    adds 1 DC (a half die adds none); Pushing added after everything else (1 DC per 5 points
    pushed). HERO 5E: the DCs added by STR, movement and maneuvers together at most
    double the HKA's own DCs (the rules file is silent on the cap). HKA 2D6 + 4 DC -> 3D6+1.

    Args:
        hka: the Killing Attack's own dice.
        strength: STR used with it (extra STR beyond the doubling is wasted).
        move_dice: the dice the Move By / Move Through would do.
        extra_dcs: DCs from a maneuver (Haymaker 4).
        pushed: points pushed, added after the cap.
        advantages: the attack's Power Advantages (each DC buys fewer dice).
    """
    hka = as_amount(hka)
    if strength < 0 or pushed < 0:
        raise RulesError("STR and Pushing cannot be negative.")
    base = dc_for_dice(hka, AttackKind.KILLING, advantages)
    added = strength // POINTS_PER_DC + extra_dcs
    if move_dice is not None:
        added += as_amount(move_dice).whole
    added = min(added, base) + pushed // POINTS_PER_DC
    if added == 0:
        return hka
    return add_dcs(hka, added, AttackKind.KILLING, advantages)
