"""Rolling damage: RULES NORMAL DAMAGE, RULES KILLING DAMAGE (and their examples).

* Normal: STUN = total of the dice; BODY per die 1 -> 0, 2-5 -> 1, 6 -> 2 (BattleStar).
  HERO 5E: the half die counts ceil(d6/2) STUN and 1 BODY on a raw 4-6; a pip adds
  1 STUN and no BODY.
* Killing: BODY = total (half die ceil(d6/2), pips included); STUN = BODY x STUN multiplier,
  1D6-1 with a minimum of 1 (Assaulter), or a variant (:class:`StunMultiplier`).

Dice are taken from the roller in this order: whole dice, the half die, then the multiplier
die (or the three hit location dice).
"""

from __future__ import annotations

import enum
from typing import overload

import attrs

from ...values import frozen
from ..dice import DiceAmount, DiceRoll, Roller, roll
from ..errors import RulesError
from .dcs import AttackKind, as_amount
from .locations import HitLocation, roll_hit_location
from .rounding import hero_round

__all__ = [
    "KillingDamage",
    "MultiplierKind",
    "MultiplierRoll",
    "NormalDamage",
    "StunMultiplier",
    "count_killing",
    "count_normal",
    "normal_body",
    "roll_killing",
    "roll_normal",
    "stated_damage",
]


def normal_body(face: int) -> int:
    """BODY of one normal die: 1 -> 0, 2-5 -> 1, 6 -> 2 (RULES NORMAL DAMAGE)."""
    if not 1 <= face <= 6:
        raise RulesError(f"A d6 cannot show {face}.")
    return 0 if face == 1 else 2 if face == 6 else 1


class _Rolled:
    """What normal and killing damage say of the dice behind them."""

    __slots__ = ()
    roll: DiceRoll | None

    @property
    def amount(self) -> DiceAmount | None:
        return self.roll.amount if self.roll is not None else None

    @property
    def rolled(self) -> bool:
        """True when dice were rolled; False for damage stated by the GM."""
        return self.roll is not None


@frozen
class NormalDamage(_Rolled):
    """Normal damage rolled: the dice and the STUN and BODY they do (before defenses).

    ``location`` is set when hit locations are used: ``stun`` already includes its N STUN
    multiplier; its BODYx applies to the BODY getting through defenses. ``roll`` is None for
    damage stated without dice (:func:`stated_damage`).
    """

    roll: DiceRoll | None
    stun: int
    body: int
    location: HitLocation | None = None


def count_normal(dice: DiceRoll, location: HitLocation | None = None) -> NormalDamage:
    """Count STUN and BODY of rolled normal dice (RULES NORMAL DAMAGE, the half die in docs/rules-engine.md).

    BattleStar's 10D6 showing 5 3 4 2 1 1 6 4 2 3 -> 31 STUN, 9 BODY.
    """
    body = sum(normal_body(face) for face in dice.faces)
    if dice.half_face is not None and dice.half_face >= 4:
        body += 1
    stun = max(dice.total, 0)
    if location is not None:
        stun = hero_round(stun * location.n_stun)
    return NormalDamage(roll=dice, stun=stun, body=body, location=location)


def roll_normal(
    amount: DiceAmount | str | int, roller: Roller, *, hit_locations: bool = False
) -> NormalDamage:
    """Roll normal damage (``+nd6``): ``roll_normal("9", roller).stun``.

    Rule: RULES NORMAL DAMAGE; with ``hit_locations`` the optional HERO 5E table (3D6 rolled
    after the damage dice) multiplies STUN by N STUN.
    """
    dice = roll(as_amount(amount), roller)
    location = roll_hit_location(roller).location if hit_locations else None
    return count_normal(dice, location)


class MultiplierKind(enum.Enum):
    """How a Killing Attack's STUN multiplier is found."""

    #: HERO 5E / RULES KILLING DAMAGE: 1D6-1, minimum 1.
    STANDARD = "1d6-1"
    #: HERO 6E: ½D6 (1-3).
    HALF_D6 = "½d6"
    #: A fixed multiplier the GM sets; no die.
    FIXED = "fixed"
    #: Optional hit locations (HERO 5E): the 3D6 location's STUNx.
    HIT_LOCATION = "hit location"


@frozen
class MultiplierRoll:
    """A rolled STUN multiplier: the dice shown and the multiplier they give."""

    faces: tuple[int, ...]
    value: int
    location: HitLocation | None = None


@frozen
class StunMultiplier:
    """A STUN multiplier rule: build with :meth:`standard`, :meth:`sixth_edition`,
    :meth:`fixed` or :meth:`hit_locations`.

    ``increased`` is Increased STUN Multiplier (+1 per level, HERO 5E: 1D6-1 becomes 1D6).
    """

    kind: MultiplierKind = MultiplierKind.STANDARD
    increased: int = attrs.field(default=0)
    value: int = 0  #: the multiplier of a FIXED rule

    @increased.validator
    def _check_increased(self, attribute: attrs.Attribute, level: int) -> None:
        if not 0 <= level <= 10:
            raise RulesError("Increased STUN Multiplier is 0 to 10 levels.")

    def __attrs_post_init__(self) -> None:
        if self.kind is MultiplierKind.FIXED and not 1 <= self.value <= 20:
            raise RulesError("A fixed STUN multiplier is 1 to 20.")

    @classmethod
    def standard(cls, increased: int = 0) -> StunMultiplier:
        """RULES KILLING DAMAGE: 1D6-1, minimum 1 (+``increased``)."""
        return cls(MultiplierKind.STANDARD, increased)

    @classmethod
    def sixth_edition(cls, increased: int = 0) -> StunMultiplier:
        """HERO 6E: ½D6, i.e. ceil(d6/2) (+``increased``)."""
        return cls(MultiplierKind.HALF_D6, increased)

    @classmethod
    def fixed(cls, value: int) -> StunMultiplier:
        """A multiplier the GM sets (no die rolled)."""
        return cls(MultiplierKind.FIXED, 0, value)

    @classmethod
    def hit_locations(cls) -> StunMultiplier:
        """Optional HERO 5E hit locations: 3D6 on the table, the location's STUNx."""
        return cls(MultiplierKind.HIT_LOCATION)

    @property
    def low(self) -> int:
        """Smallest multiplier this rule can give."""
        return {
            MultiplierKind.STANDARD: max(1, self.increased),
            MultiplierKind.HALF_D6: 1 + self.increased,
            MultiplierKind.FIXED: self.value,
            MultiplierKind.HIT_LOCATION: 1,
        }[self.kind]

    @property
    def high(self) -> int:
        """Largest multiplier this rule can give."""
        return {
            MultiplierKind.STANDARD: 5 + self.increased,
            MultiplierKind.HALF_D6: 3 + self.increased,
            MultiplierKind.FIXED: self.value,
            MultiplierKind.HIT_LOCATION: 5,
        }[self.kind]

    def roll(self, roller: Roller) -> MultiplierRoll:
        """Roll this multiplier with ``roller``."""
        if self.kind is MultiplierKind.FIXED:
            return MultiplierRoll(faces=(), value=self.value)
        if self.kind is MultiplierKind.HIT_LOCATION:
            located = roll_hit_location(roller)
            return MultiplierRoll(located.faces, located.location.stun_x, located.location)
        face = roller.die(6)
        base = face - 1 if self.kind is MultiplierKind.STANDARD else (face + 1) // 2
        return MultiplierRoll(faces=(face,), value=max(1, base + self.increased))

    def __str__(self) -> str:
        if self.kind is MultiplierKind.FIXED:
            return f"x{self.value}"
        if self.kind is MultiplierKind.HIT_LOCATION:
            return "hit location"
        if self.kind is MultiplierKind.STANDARD and self.increased:
            text = "1d6" if self.increased == 1 else f"1d6{self.increased - 1:+d}"
            return text
        return self.kind.value + (f"{self.increased:+d}" if self.increased else "")


@frozen
class KillingDamage(_Rolled):
    """Killing damage rolled: BODY = the dice total, STUN = BODY x multiplier (before defenses).

    ``multiplier_faces`` are the dice of the multiplier (one d6, three for a hit location,
    none for a fixed multiplier). ``roll`` is None for damage stated without dice
    (:func:`stated_damage`).
    """

    roll: DiceRoll | None
    body: int
    multiplier_faces: tuple[int, ...]
    multiplier: int
    stun: int
    location: HitLocation | None = None


def count_killing(dice: DiceRoll, multiplier: MultiplierRoll) -> KillingDamage:
    """BODY and STUN of rolled killing dice with a rolled multiplier (RULES KILLING DAMAGE 2).

    Assaulter's 3D6 showing 4 3 3, multiplier die 3 -> 10 BODY, x2, 20 STUN.
    """
    body = max(dice.total, 0)
    return KillingDamage(
        roll=dice,
        body=body,
        multiplier_faces=multiplier.faces,
        multiplier=multiplier.value,
        stun=body * multiplier.value,
        location=multiplier.location,
    )


def roll_killing(
    amount: DiceAmount | str | int,
    roller: Roller,
    multiplier: StunMultiplier = StunMultiplier.standard(),
) -> KillingDamage:
    """Roll killing damage (``+kd6``): the dice, then the STUN multiplier.

    Rule: RULES KILLING DAMAGE: BODY = total; STUN multiplier 1D6-1, minimum 1, or the
    variant given (``StunMultiplier.standard(increased=1)``, ``.fixed(3)``,
    ``.sixth_edition()``, ``.hit_locations()``).
    """
    dice = roll(as_amount(amount), roller)
    return count_killing(dice, multiplier.roll(roller))


@overload
def stated_damage(stun: int, body: int) -> NormalDamage: ...
@overload
def stated_damage(stun: int, body: int, kind: AttackKind) -> NormalDamage | KillingDamage: ...
def stated_damage(stun: int, body: int, kind: AttackKind = AttackKind.NORMAL) -> NormalDamage | KillingDamage:
    """Damage with the STUN and BODY a GM states, no dice rolled (``roll`` is None), which
    :func:`~.defenses.apply_damage` takes like rolled damage (RULES TAKING DAMAGE: Psiana's
    32 STUN 9 BODY normal). Killing damage keeps STUN // BODY as its multiplier (0 without BODY).
    """
    if stun < 0 or body < 0:
        raise RulesError("Stated STUN and BODY cannot be negative.")
    if kind is AttackKind.KILLING:
        multiplier = stun // body if body else 0
        return KillingDamage(roll=None, body=body, multiplier_faces=(), multiplier=multiplier, stun=stun)
    return NormalDamage(roll=None, stun=stun, body=body)
