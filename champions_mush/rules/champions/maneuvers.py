"""Combat maneuvers: the HERO 5E maneuver table as data, and the maneuvers the rules file
describes in full (RULES MANEUVER MOVE BY 1-2, MOVE THROUGH 1-2, STRIKE, DIVE FOR COVER,
PULL PUNCH).
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

import attrs

from ...values import frozen
from ..dice import DiceAmount, Roller
from ..errors import RulesError
from .damage import NormalDamage
from .dcs import as_amount, dice_per
from .knockback import KBResult, Knockback
from .rolls import SkillRoll, characteristic_target, skill_roll
from .rounding import Half, hero_divide, hero_round

__all__ = [
    "MANEUVERS",
    "MOVE_BY_OCV",
    "Maneuver",
    "dive_for_cover",
    "find_maneuver",
    "move_by_attacker_share",
    "move_by_dice",
    "move_through_attacker_share",
    "move_through_dice",
    "move_through_ocv",
    "multiple_move_by_hits",
    "multiple_move_by_ocv",
    "pull_punch",
    "pull_punch_ocv",
    "single_target_move_by_hits",
    "velocity_after",
]


@frozen
class Maneuver:
    """One row of the maneuver table: phase, OCV and DCV as the table prints them."""

    name: str
    phase: str
    ocv: str
    dcv: str
    effect: str
    source: str = "HERO 5E"  #: "CM 2.0" where the rules file sets the row


#: HERO 5E standard and optional combat maneuvers; CM 2.0 rows follow the rules file
#: (Pull Punch is -1 OCV per 3D6 there, per 5D6 in 5E). ½† = Full Move then attack;
#: ½* = ½ Phase plus one extra Segment.
MANEUVERS: tuple[Maneuver, ...] = (
    Maneuver("Block", "½", "+0", "+0", "Block roll, OCV vs the attacker's OCV, stops a HTH attack; -2 OCV "
             "each later Block; the blocker acts first next; Abort"),
    Maneuver("Brace", "0", "+2", "½", "+2 OCV only to offset the Range Modifier"),
    Maneuver("Choke Hold", "½", "-2", "-2", "Grab one limb; 1d6 NND; held as by a Grab"),
    Maneuver("Club Weapon", "½", "+0", "+0", "A killing weapon does Normal Damage of its DCs"),
    Maneuver("Disarm", "½", "-2", "+0", "Disarm target; STR vs. STR roll"),
    Maneuver("Dive For Cover", "½", "--", "+0", "DEX roll -1 per 1\" to leap out of an "
             "Area Effect or interpose oneself; Abort only", "CM 2.0"),
    Maneuver("Dodge", "½", "--", "+3", "Dodge all attacks; Abort"),
    Maneuver("Escape", "½", "--", "+0", "STR vs. the holder's STR: more BODY and he is free"),
    Maneuver("Grab", "½", "-1", "-2", "Grab two limbs, the one held at ½ DCV; then Squeeze or Throw (STR "
             "damage, no roll)"),
    Maneuver("Grab By", "½†", "-3", "-4", "Move and Grab object, +(v/5) to STR"),
    Maneuver("Haymaker", "½*", "+0", "-5", "+4 Damage Classes to any attack"),
    Maneuver("Move By", "½†", "-2", "-2", "(STR/2) + (v/5)D6; attacker takes 1/3 damage",
             "CM 2.0"),
    Maneuver("Move Through", "½†", "-v/5", "-3", "STR + (v/3)D6; attacker takes 1/2 damage, "
             "or full damage if the target takes no Knockback", "CM 2.0"),
    Maneuver("Multiple Move By", "Full", "-2 per attack", "-2", "Move By several times; "
             "every attack after a miss misses", "CM 2.0"),
    Maneuver("Multiple-Power Attack", "½", "+0", "+0", "Several attack powers in one roll; each does its "
             "damage and costs its END"),
    Maneuver("Pull Punch", "½", "-1 per 3D6", "+0", "Strike doing ½ BODY; KB from the "
             "reduced BODY", "CM 2.0"),
    Maneuver("Rapid Fire", "Full", "-2 per attack", "½", "Several ranged attacks, one roll each; every attack "
             "after a miss misses"),
    Maneuver("Roll With A Punch", "½", "-2", "-2", "Block after being hit: take ½ damage; Abort"),
    Maneuver("Set", "1", "+1", "+0", "Take extra time, +1 OCV with ranged attacks"),
    Maneuver("Strike", "½", "+0", "+0", "STR damage (1D6 per 5 STR) or weapon", "CM 2.0"),
    Maneuver("Sweep", "Full", "-2 per attack", "½", "Several HTH attacks, one roll each; every attack "
             "after a miss misses"),
    Maneuver("Trip", "½", "-1", "-2", "Knock the target prone"),
)


def find_maneuver(name: str) -> Maneuver:
    """The maneuver called ``name`` (case-insensitive, a unique prefix will do)."""
    wanted = " ".join(name.lower().split())
    exact = [m for m in MANEUVERS if m.name.lower() == wanted]
    found = exact or [m for m in MANEUVERS if m.name.lower().startswith(wanted)] if wanted else []
    if len(found) != 1:
        names = ", ".join(m.name for m in found) if found else "none"
        raise RulesError(f"No single maneuver matches '{name.strip()[:30]}' (matches: {names}).")
    return found[0]


def _half_dice(amount: DiceAmount) -> int:
    return amount.whole * 2 + (1 if amount.half else 0)


def _from_half_dice(halves: int) -> DiceAmount:
    return DiceAmount(whole=halves // 2, half=bool(halves % 2))


def _dice_halves(value: int | Fraction, per: int) -> int:
    """Half dice for ``value`` at 1D6 per ``per`` (the RULES DAMAGE DICE rule)."""
    whole, half = dice_per(value, per)
    return whole * 2 + (1 if half else 0)


#: RULES MANEUVER MOVE BY: "attack roll at -2 OCV".
MOVE_BY_OCV = -2


def move_by_dice(strength: int, velocity: int) -> DiceAmount:
    """Move By damage: ½ of the STR damage + 1D6 per 5" of velocity (RULES MANEUVER MOVE BY).

    Starfire: 20 STR (4D6, halved to 2D6) at 20" (+4D6) -> 6D6. Half dice are halved as
    half the STR through the DAMAGE DICE rule (25 STR -> 2½D6).
    """
    _check_move(strength, velocity)
    return _nonzero(_dice_halves(Fraction(strength, 2), 5) + _dice_halves(velocity, 5))


def move_through_dice(strength: int, velocity: int) -> DiceAmount:
    """Move Through damage: STR damage + 1D6 per 3" of velocity (RULES MANEUVER MOVE THROUGH).

    Starfire: 20 STR (4D6) at 20" (20 / 3 = 6½D6) -> 10½D6.
    """
    _check_move(strength, velocity)
    return _nonzero(_dice_halves(strength, 5) + _dice_halves(velocity, 3))


def _check_move(strength: int, velocity: int) -> None:
    if strength < 0 or velocity < 0:
        raise RulesError("STR and velocity cannot be negative.")


def _nonzero(halves: int) -> DiceAmount:
    if halves == 0:
        raise RulesError("That STR and velocity do no damage.")
    return _from_half_dice(halves)


def move_through_ocv(velocity: int) -> int:
    """OCV modifier of a Move Through: -1 per 5" of velocity (RULES MANEUVER MOVE THROUGH),
    rounded to the nearest, .5 in the attacker's favour (HERO 5E). 20" -> -4."""
    _check_move(0, velocity)
    return -hero_divide(velocity, 5, Half.DOWN)


def velocity_after(inches: int, top_speed: int, *, start: int = 0) -> int:
    """Velocity after ``inches`` of travel, accelerating 5" per 1" travelled up to
    ``top_speed`` (RULES MANEUVER MOVE THROUGH 2: Starfire is at 20" after 4")."""
    if min(inches, top_speed, start) < 0:
        raise RulesError("Distance and velocity cannot be negative.")
    return min(start + 5 * inches, top_speed)


def _share(damage: NormalDamage, part: Fraction) -> NormalDamage:
    return attrs.evolve(
        damage, stun=hero_round(damage.stun * part), body=hero_round(damage.body * part)
    )


def move_by_attacker_share(damage: NormalDamage) -> NormalDamage:
    """The attacker takes 1/3 of the Move By damage (RULES MANEUVER MOVE BY): Starfire's
    24 STUN 6 BODY -> 8 STUN 2 BODY, rounded to the nearest (HERO 5E).

    Returns the same roll with the attacker's STUN and BODY, ready for ``apply_damage``
    against the attacker's PD.
    """
    return _share(damage, Fraction(1, 3))


def move_through_attacker_share(
    damage: NormalDamage, knockback: Knockback | KBResult
) -> NormalDamage:
    """The attacker takes ½ of the Move Through damage, or all of it when the target takes no
    Knockback (less than 0"). Rule: RULES MANEUVER MOVE THROUGH; halves round .5 up
    (docs/rules-engine.md, Rounding: Starfire's 38 STUN 11 BODY -> 19 STUN 6 BODY).

    Returns the same roll with the attacker's STUN and BODY, ready for ``apply_damage``.
    """
    result = knockback.result if isinstance(knockback, Knockback) else knockback
    return damage if result is KBResult.NONE else _share(damage, Fraction(1, 2))


def multiple_move_by_ocv(attacks: int) -> int:
    """OCV modifier for every attack of a Multiple Move By: -2 per attack, cumulative, on all
    of them (RULES MANEUVER MOVE BY 2: 3 targets -> -6 on each)."""
    if attacks < 1:
        raise RulesError("A Move By makes at least one attack.")
    return MOVE_BY_OCV * attacks


def multiple_move_by_hits(rolled_hits: Iterable[bool]) -> tuple[bool, ...]:
    """Which attacks of a Multiple Move By hit, in path order: after the first miss, all the
    others miss too (RULES MANEUVER MOVE BY 2)."""
    result: list[bool] = []
    missed = False
    for hit in rolled_hits:
        missed = missed or not hit
        result.append(not missed)
    return tuple(result)


def single_target_move_by_hits(inches: int) -> int:
    """Most Move By hits on one target: one per 6" of movement, circling him
    (RULES MANEUVER MOVE BY 2)."""
    if inches < 0:
        raise RulesError("Movement cannot be negative.")
    return inches // 6


def pull_punch_ocv(amount: DiceAmount | str | int) -> int:
    """OCV modifier to Pull a Punch: -1 per 3D6 (RULES MANEUVER PULL PUNCH, a house rule: 5E
    is per 5D6), to the nearest, .5 in the attacker's favour: Titanos' 17D6 -> -6."""
    dice = Fraction(_half_dice(as_amount(amount)), 2)
    return -hero_round(dice / 3, Half.DOWN)


def pull_punch(damage: NormalDamage) -> NormalDamage:
    """A Pulled Punch does ½ BODY, rounded .5 up; STUN unchanged; roll Knockback from the
    reduced BODY (RULES MANEUVER PULL PUNCH: Titanos' 56 STUN 17 BODY -> 56 STUN 9 BODY)."""
    return attrs.evolve(damage, body=hero_divide(damage.body, 2))


def dive_for_cover(
    dex: int, inches: int, max_leap: int | Fraction, roller: Roller
) -> SkillRoll:
    """Dive For Cover: a DEX roll at -1 per 1" to a hex within half the maximum leap
    (RULES MANEUVER DIVE FOR COVER). Abort only. Failing leaves the character in mid-air
    in his starting hex (airborne for Knockback).

    Raises:
        RulesError: the hex is farther than half the maximum leap.
    """
    if inches < 0:
        raise RulesError("Distance cannot be negative.")
    if inches > Fraction(max_leap) / 2:
        raise RulesError(f"Dive For Cover reaches at most half the maximum leap ({max_leap}\").")
    return skill_roll(characteristic_target(dex), roller, modifier=-inches)
