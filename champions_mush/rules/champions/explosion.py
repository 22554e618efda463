"""Explosion: damage falling off from the centre (HERO 5E revised, Explosion; the rules file is silent).

An Explosion is an Area Of Effect (Radius) attack rolled once; a target takes the damage less
1 DC for each 1" he stands from the centre (each +1/4 more on the Advantage makes it 1 DC for
each 2", 3" ...). The dice are rolled once and the highest come off first: a DC of normal damage
is one die (the highest); a killing attack steps down its DC ladder (+1, 1/2D6, 1D6, 1D6+1 ...,
RULES DC 2), keeping its lowest dice and making a half die of the highest one it loses.
"""

from __future__ import annotations

from ..dice import DiceAmount, DiceRoll
from ..errors import RulesError
from .dcs import AttackKind, dc_for_dice, dice_for_dc

__all__ = ["dcs_lost", "faded"]


def dcs_lost(distance: int, inches_per_dc: int) -> int:
    """DCs an Explosion loses ``distance`` inches from its centre: 1 per ``inches_per_dc``."""
    if distance < 0 or inches_per_dc < 1:
        raise RulesError("A distance from the centre is 0 inches or more.")
    return distance // inches_per_dc


def faded(rolled: DiceRoll, kind: AttackKind, lost: int) -> DiceRoll | None:
    """The dice that reach a target ``lost`` DCs out: the highest dice come off first (a DC of
    normal damage a die, the killing ladder for killing damage); None when nothing is left."""
    if lost <= 0:
        return rolled
    if kind is AttackKind.NORMAL:
        whole = rolled.amount.whole - lost
        if whole < 0 or (whole == 0 and rolled.half_face is None and rolled.pips <= 0):
            return None
        return DiceRoll(DiceAmount(whole, rolled.half_face is not None, rolled.pips),
                        _without_highest(rolled.faces, lost), rolled.half_face)
    left = dc_for_dice(rolled.amount, AttackKind.KILLING) - lost
    if left < 1:
        return None
    amount = dice_for_dc(left, AttackKind.KILLING)
    dropped = max(0, len(rolled.faces) - amount.whole)
    half_face = rolled.half_face if amount.half else None
    if amount.half and dropped:
        half_face = sorted(rolled.faces)[-dropped]  # the lowest of the dice lost becomes the half die
    return DiceRoll(amount, _without_highest(rolled.faces, dropped), half_face)


def _without_highest(faces: tuple[int, ...], count: int) -> tuple[int, ...]:
    """``faces`` in their order with the ``count`` highest taken out."""
    gone = sorted(range(len(faces)), key=lambda i: (-faces[i], i))[:count]
    return tuple(f for i, f in enumerate(faces) if i not in gone)
