"""Damage Classes and dice: RULES DAMAGE DICE, RULES DAMAGE CLASS, RULES DC 2.

One DC is always 5 Active Points. Normal attacks do 1D6 per 5 real points, Killing Attacks
1D6 per 15 (1 DC = +1 pip, 2 DC = ½D6, 3 DC = 1D6). An attack with Power Advantages gets fewer
dice per DC: a +1 Advantage (NND) makes each DC ½D6 (Nucleon's example).

Every conversion here goes through real points (``points_for_dice`` / ``dice_for_points``)
so that adding DCs, reading DCs from dice and building dice from STR agree with each other.
"""

from __future__ import annotations

import enum
import math
from fractions import Fraction
from functools import lru_cache

from ..dice import DiceAmount
from ..errors import RulesError

__all__ = [
    "AttackKind",
    "POINTS_PER_DC",
    "POINTS_PER_DIE",
    "add_dcs",
    "as_amount",
    "dc_for_active_points",
    "dc_for_dice",
    "dice_for_dc",
    "dice_for_points",
    "dice_per",
    "points_for_dice",
    "str_dice",
]


class AttackKind(enum.Enum):
    """Normal or Killing damage (RULES DAMAGE CLASS)."""

    #: Normal damage: 1D6 per 5 points; STUN = total, BODY counted per die.
    NORMAL = "normal"
    #: Killing damage: 1D6 per 15 points; BODY = total, STUN by multiplier.
    KILLING = "killing"


#: RULES DC 2: "One DC is always equivalent to 5 Active Points."
POINTS_PER_DC = 5

#: RULES DAMAGE CLASS: real points that buy 1D6 (normal 5, killing "each 1D6 costs 15 points").
POINTS_PER_DIE = {AttackKind.NORMAL: 5, AttackKind.KILLING: 15}

#: RULES DC 2: a killing ½D6 is 2 DC (10 points), a pip 1 DC (5 points).
_KILLING_HALF_POINTS = 10
_KILLING_PIP_POINTS = 5


def as_amount(amount: DiceAmount | str | int) -> DiceAmount:
    """Take a dice amount as a :class:`DiceAmount`, player text (``"4 1/2"``), whole dice
    (``10``) or halves (``4.5``).

    Raises:
        DiceError: the text is not an amount of dice.
    """
    if isinstance(amount, DiceAmount):
        return amount
    if isinstance(amount, bool):
        raise RulesError("A dice amount must be a number of dice.")
    if isinstance(amount, int):
        return DiceAmount(whole=amount)
    if isinstance(amount, float) and amount >= 0 and (2 * amount).is_integer():
        return DiceAmount(whole=int(amount), half=not amount.is_integer())
    return DiceAmount.parse(amount)


def _advantage(advantages: Fraction | int | str) -> Fraction:
    try:
        value = Fraction(advantages)
    except (TypeError, ValueError, ZeroDivisionError):
        raise RulesError(f"'{str(advantages)[:20]}' is not a Power Advantage like 1/2.") from None
    if value < 0:
        raise RulesError("Power Advantages cannot be negative (Limitations do not change DCs).")
    return value


def dice_per(value: Fraction | int, per: Fraction | int) -> tuple[int, bool]:
    """Whole dice and a half die for ``value`` at 1D6 per ``per``.

    Rule: RULES DAMAGE DICE: divide by ``per``; more than halfway to the next die adds ½D6,
    less is ignored (STR 20-22 -> 4D6, 23-24 -> 4½D6). Exactly halfway, which only
    fractional points reach, adds ½D6 too: Nucleon's 13 DC NND (32½ real points) is 6½D6
    (RULES DC 2). The same rule gives Move Through's 20" / 3 = 6½D6.

    Returns:
        (whole, half): e.g. ``dice_per(23, 5) == (4, True)``.
    """
    if value < 0 or per <= 0:
        raise RulesError("Dice come from a positive amount per die and no negative amount.")
    whole, rest = divmod(Fraction(value), Fraction(per))
    return int(whole), 2 * rest >= per


@lru_cache(maxsize=1024)
def dice_for_points(points: Fraction | int, kind: AttackKind = AttackKind.NORMAL) -> DiceAmount:
    """The dice bought by ``points`` real points of damage.

    Rule: RULES DAMAGE DICE (normal: 1D6 per 5, ½D6 when more than halfway) and RULES DC 2
    (killing: 1D6 per 15, 10 more points ½D6, 5 more points +1 pip). Worked out once per
    amount and kind (a frozen value comes back).

    Raises:
        RulesError: too few points for any damage (e.g. STR 2).
    """
    points = Fraction(points)
    if points < 0:
        raise RulesError("Damage cannot come from negative points.")
    if kind is AttackKind.NORMAL:
        whole, half = dice_per(points, POINTS_PER_DIE[kind])
        pips = 0
    else:
        whole_f, rest = divmod(points, POINTS_PER_DIE[kind])
        whole = int(whole_f)
        half = rest >= _KILLING_HALF_POINTS
        pips = 1 if _KILLING_PIP_POINTS <= rest < _KILLING_HALF_POINTS else 0
    if whole == 0 and not half and not pips:
        raise RulesError(f"{_show(points)} points are too few to do any damage.")
    return DiceAmount(whole=whole, half=half, pips=pips)


def points_for_dice(
    amount: DiceAmount | str | int, kind: AttackKind = AttackKind.NORMAL
) -> Fraction:
    """Real points (before Advantages) of a dice amount; the inverse of :func:`dice_for_points`.

    Rule: RULES DAMAGE CLASS / DC 2. A normal ½D6 counts as half a die (2½ points) and normal
    pips count nothing (HERO 5E: a pip of normal damage is not a DC); a killing ½D6 is 10
    points and each killing pip 5 (so 2D6-1 is 25 points, 5 DC).
    """
    amount = as_amount(amount)
    if kind is AttackKind.NORMAL:
        return amount.whole * Fraction(5) + (Fraction(5, 2) if amount.half else 0)
    points = (
        amount.whole * POINTS_PER_DIE[kind]
        + (_KILLING_HALF_POINTS if amount.half else 0)
        + amount.pips * _KILLING_PIP_POINTS
    )
    return Fraction(max(points, 0))


def dc_for_active_points(active_points: int) -> int:
    """DCs of an attack: Active Points / 5, rounded down (RULES DAMAGE CLASS, DC 2)."""
    if active_points < 0:
        raise RulesError("Active Points cannot be negative.")
    return active_points // POINTS_PER_DC


def dc_for_dice(
    amount: DiceAmount | str | int,
    kind: AttackKind = AttackKind.NORMAL,
    advantages: Fraction | int | str = 0,
) -> int:
    """DCs of an attack given its dice: 15-point killing 1D6 -> 3 DC; 6D6 NND (+1) -> 12 DC.

    Rule: RULES DAMAGE CLASS and DC 2 (Active Points = real points x (1 + Advantages);
    DC = Active Points / 5, rounded down).
    """
    active = points_for_dice(amount, kind) * (1 + _advantage(advantages))
    return math.floor(active / POINTS_PER_DC)


def dice_for_dc(
    dc: int, kind: AttackKind = AttackKind.NORMAL, advantages: Fraction | int | str = 0
) -> DiceAmount:
    """The dice ``dc`` Damage Classes buy: killing 1 DC = +1, 2 = ½D6, 3 = 1D6, 4 = 1D6+1.

    Rule: RULES DC 2 (with Advantages, each DC buys 5 / (1 + Advantages) real points:
    with NND, +1, each DC is ½D6).
    """
    if dc < 1:
        raise RulesError("An attack needs at least 1 DC.")
    return dice_for_points(Fraction(dc * POINTS_PER_DC) / (1 + _advantage(advantages)), kind)


def add_dcs(
    amount: DiceAmount | str | int,
    dcs: int,
    kind: AttackKind = AttackKind.NORMAL,
    advantages: Fraction | int | str = 0,
) -> DiceAmount:
    """``amount`` with ``dcs`` more (or, negative, fewer) Damage Classes.

    Rule: RULES ADDING DAMAGE and DC 2: add 5 Active Points per DC and read the dice again
    (HKA 2D6 + 4 DC -> 3D6+1; STR 23 (4½D6) + Haymaker -> 8½D6; 6D6 NND + 1 DC -> 6½D6).
    Normal pips are kept as they are.

    Raises:
        RulesError: the result would be no damage at all.
    """
    amount = as_amount(amount)
    points = points_for_dice(amount, kind) + Fraction(dcs * POINTS_PER_DC) / (
        1 + _advantage(advantages)
    )
    result = dice_for_points(max(points, Fraction(0)), kind)
    if kind is AttackKind.NORMAL and amount.pips:
        result = DiceAmount(whole=result.whole, half=result.half, pips=amount.pips)
    return result


def str_dice(strength: int) -> DiceAmount:
    """Damage dice for STR: 1D6 per 5 STR, ½D6 more when more than halfway.

    Rule: RULES DAMAGE DICE: STR 20, 21, 22 -> 4D6; 23, 24 -> 4½D6; 25 -> 5D6.

    Raises:
        RulesError: STR below 3 does no damage dice.
    """
    if strength < 0:
        raise RulesError("STR cannot be negative.")
    if strength < 3:
        raise RulesError(f"STR {strength} is too little to do damage.")
    return dice_for_points(strength, AttackKind.NORMAL)


def _show(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
