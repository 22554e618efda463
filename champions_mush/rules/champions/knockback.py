"""Knockback: RULES KNOCKBACK 1-6.

KB = BODY rolled (before defenses) - 2D6, the number of dice changed by :class:`KBModifier`.
Below 0: none; exactly 0: knocked down; 1" or more: knocked back and prone at ½ DCV.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

from ...values import frozen
from ..dice import DiceAmount, Roller, roll_d6
from ..errors import RulesError
from .damage import NormalDamage, roll_normal
from .dcs import dice_per
from .rounding import Half, hero_divide

__all__ = [
    "ATTACKS_WITHOUT_KNOCKBACK",
    "BASE_KB_DICE",
    "CharacterImpact",
    "KBModifier",
    "KBResult",
    "Knockback",
    "PRONE_EFFECT",
    "WallImpact",
    "airborne_dex_modifier",
    "breakfall_modifier",
    "does_knockback",
    "knockback_dice",
    "knockback_into_character",
    "knockback_into_wall",
    "knockback_onto_ground",
    "roll_knockback",
    "rooting_resistance",
]

#: RULES KNOCKBACK 2: "From this, 2D6 is subtracted".
BASE_KB_DICE = 2

#: RULES KNOCKBACK 2, 5: the state of a character knocked down or back.
PRONE_EFFECT = "Lying on the ground: 1/2 DCV; standing up takes a 1/2 Phase."

#: RULES KNOCKBACK: attacks that do no Knockback (NND: "specifically causes ... no Knockback").
ATTACKS_WITHOUT_KNOCKBACK = frozenset({"nnd", "ego attack", "drain", "transfer", "flash"})


def does_knockback(attack: str) -> bool:
    """False for Ego Attacks, Drains, Transfers, Flashes and NND attacks (RULES KNOCKBACK)."""
    return attack.strip().lower() not in ATTACKS_WITHOUT_KNOCKBACK


class KBModifier(enum.Enum):
    """RULES KNOCKBACK 3: circumstances changing the KB dice; ``dice`` is the change."""

    #: Target is in the air: -1D6.
    IN_THE_AIR = ("Target is in the air", -1)
    #: Target rolled with the punch: -1D6.
    ROLLED_WITH_PUNCH = ("Target rolled with punch", -1)
    #: Target is underwater: +1D6.
    UNDERWATER = ("Target is underwater", 1)
    #: Attack was a Killing Attack: +1D6.
    KILLING_ATTACK = ("Attack was a Killing Attack", 1)
    #: Attack was a Martial Arts maneuver: +1D6.
    MARTIAL_ARTS = ("Attack was a Martial Arts maneuver", 1)
    #: Target has Clinging: +1D6.
    CLINGING = ("Target has Clinging", 1)

    def __init__(self, text: str, dice: int) -> None:
        self.text = text
        self.dice = dice


def knockback_dice(modifiers: Iterable[KBModifier] = ()) -> int:
    """How many D6 are subtracted: 2D6 changed by each modifier, never fewer than 0
    (RULES KNOCKBACK 3: a flying target -> 1D6, underwater -> 3D6)."""
    return max(BASE_KB_DICE + sum(m.dice for m in modifiers), 0)


class KBResult(enum.Enum):
    """RULES KNOCKBACK 2: what the KB roll did to the target."""

    #: Less than 0": no Knockback.
    NONE = "no knockback"
    #: Exactly 0": knocked down, lying on the ground.
    KNOCKED_DOWN = "knocked down"
    #: 1" or more: knocked back that far, then lying on the ground at ½ DCV.
    KNOCKED_BACK = "knocked back"


@frozen
class Knockback:
    """A rolled Knockback: ``inches`` is never negative; ``margin`` is BODY - dice (may be)."""

    body: int  #: BODY rolled by the attack, before defenses
    faces: tuple[int, ...]  #: the KB dice
    margin: int  #: body - sum(faces)
    inches: int  #: inches knocked back (0 unless KNOCKED_BACK)
    result: KBResult
    resisted: bool = False  #: rooting held the target in place
    #: inches taken off by Knockback Resistance and size (negative: added: Shrinking), and why
    less: int = 0
    less_why: str = ""

    @property
    def prone(self) -> bool:
        """Lying on the ground at ½ DCV afterwards (RULES KNOCKBACK 2, 5)."""
        return self.result is not KBResult.NONE


def roll_knockback(
    body: int,
    roller: Roller,
    modifiers: Iterable[KBModifier] = (),
    *,
    resistance: int = 0,
) -> Knockback:
    """Roll Knockback for an attack that did ``body`` BODY (before defenses).

    Rule: RULES KNOCKBACK 2-3 (Equinox: 11 BODY - 7 on 2D6 -> 4"); RULES KNOCKBACK 6 rooting:
    ``resistance`` inches (see :func:`rooting_resistance`) hold the target when the KB is no
    more than the resistance; above it, even by 1", ALL the Knockback takes effect.
    """
    if body < 0 or resistance < 0:
        raise RulesError("BODY and KB resistance cannot be negative.")
    faces = roll_d6(knockback_dice(modifiers), roller)
    margin = body - sum(faces)
    if margin < 0:
        return Knockback(body, faces, margin, 0, KBResult.NONE)
    if margin == 0:
        return Knockback(body, faces, margin, 0, KBResult.KNOCKED_DOWN)
    if margin <= resistance:
        return Knockback(body, faces, margin, 0, KBResult.NONE, resisted=True)
    return Knockback(body, faces, margin, margin, KBResult.KNOCKED_BACK)


def rooting_resistance(*, flight_inches: int = 0, strength: int = 0) -> int:
    """Inches of KB resisted by rooting: 1" per 1" of Flight or 5 STR (RULES KNOCKBACK 6).

    Declared before the attack hits, a ½ Phase action.
    """
    if flight_inches < 0 or strength < 0:
        raise RulesError("Flight and STR used to root cannot be negative.")
    return flight_inches + strength // 5


@frozen
class WallImpact:
    """A knocked back character hitting a wall (RULES KNOCKBACK 4-5)."""

    damage: NormalDamage | None  #: what the character takes (None when no dice)
    shattered: bool  #: the wall breaks (a 1" hole)
    continues: int  #: inches travelled on past the wall


def knockback_into_wall(
    knockback: int, wall_def: int, wall_body: int, roller: Roller, *, travelled: int = 0
) -> WallImpact:
    """A character knocked back ``knockback``" hits a wall after ``travelled``".

    Rule: RULES KNOCKBACK 4-5: 1D6 normal damage per 1" of KB, at most DEF + BODY of the wall
    in D6; KB above DEF + BODY shatters it and the character goes on for the rest (each DEF
    and BODY costs 1"). American Eagle: 16" KB, 2" before a DEF 6 BODY 5 wall -> 11D6, the wall
    shatters, 3" beyond.
    """
    if min(knockback, wall_def, wall_body, travelled) < 0:
        raise RulesError("Knockback, travel and the wall's DEF and BODY must be 0 or more.")
    if travelled > knockback:
        raise RulesError(f'The wall is {travelled}" away, past the {knockback}" of Knockback.')
    strength = wall_def + wall_body
    dice = min(knockback, strength)
    damage = roll_normal(DiceAmount(dice), roller) if dice else None
    shattered = knockback > strength
    continues = max(knockback - travelled - strength, 0) if shattered else 0
    return WallImpact(damage=damage, shattered=shattered, continues=continues)


@frozen
class CharacterImpact:
    """A knocked back character hitting another: both take 1D6 per 1" (RULES KNOCKBACK 4)."""

    target: NormalDamage
    other: NormalDamage


def knockback_into_character(knockback: int, roller: Roller) -> CharacterImpact:
    """Both characters take 1D6 normal damage per 1" of KB, rolled separately, the knocked
    back target first (RULES KNOCKBACK 4)."""
    if knockback < 1:
        raise RulesError("Only 1\" or more of Knockback throws one character into another.")
    amount = DiceAmount(knockback)
    return CharacterImpact(target=roll_normal(amount, roller), other=roll_normal(amount, roller))


def knockback_onto_ground(knockback: int, roller: Roller) -> NormalDamage | None:
    """Landing after KB without hitting anything: 1D6 per 2" (RULES KNOCKBACK 5).

    The rules file (and HERO 5E) are silent on an odd inch: we count it as ½D6, the DAMAGE
    DICE rule (halfway adds ½D6), so 5" -> 2½D6. None for 0". Something soft (a bed) may
    reduce it at the GM's word.
    """
    if knockback < 0:
        raise RulesError("Knockback cannot be negative.")
    if knockback == 0:
        return None
    whole, half = dice_per(knockback, 2)
    return roll_normal(DiceAmount(whole=whole, half=half), roller)


def breakfall_modifier(knockback: int) -> int:
    """Breakfall roll modifier to land on one's feet: -1 per 2" of KB (RULES KNOCKBACK 5),
    .5 rounded in the character's favour (HERO 5E)."""
    return -hero_divide(max(knockback, 0), 2, Half.DOWN)


def airborne_dex_modifier(knockback: int) -> int:
    """DEX (or Breakfall) roll modifier to stay in the air when knocked back while flying
    and hitting nothing: -1 per 2" of KB (RULES KNOCKBACK 6)."""
    return breakfall_modifier(knockback)
