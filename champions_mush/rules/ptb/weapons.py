"""The PTB weapon table, the Strength bonus for melee weapons, and the built-in weapon bonus.

PTB 2C "Basic Weapon damage": a class names a Damage Multiplier; the terms describe damage
dealt, not weight or ease of use.
"""

from __future__ import annotations

import enum
from fractions import Fraction

from ...values import frozen
from ..errors import RulesError

__all__ = [
    "BONUS_STEP",
    "WEAPON_EXAMPLES",
    "Weapon",
    "WeaponClass",
    "WeaponKind",
    "builtin_bonus",
    "gun_bonus",
    "mechanical_bonus",
    "strength_bonus",
]


class WeaponClass(enum.Enum):
    """A weapon's class and its Damage Multiplier (PTB 2C weapon table), lightest first."""

    #: 1/10: plastic butter knife, spoon, slap (non-lethal unarmed).
    NEGLIGIBLE = Fraction(1, 10)
    #: 1/5: knife, stick, punch (non-lethal unarmed).
    VERY_LIGHT = Fraction(1, 5)
    #: 1/2: dagger, club, ice pick, punch (lethal unarmed).
    LIGHT = Fraction(1, 2)
    #: 1: sword, mace, axe, small calibre gun.
    MEDIUM = Fraction(1)
    #: 1 1/2: medium calibre gun, large axe or sword.
    HEAVY = Fraction(3, 2)
    #: 2: high calibre gun, chainsaw.
    VERY_HEAVY = Fraction(2)
    #: 2 1/2: sniper rifle, thresher, steel girder.
    MASSIVE = Fraction(5, 2)
    #: 3: anti-tank weapon, cannon, dropped building.
    EXCESSIVE = Fraction(3)

    @property
    def multiplier(self) -> Fraction:
        return self.value

    @property
    def label(self) -> str:
        """The class as the seed writes it: ``Very Heavy``."""
        return self.name.replace("_", " ").title()

    @property
    def step(self) -> int:
        """Steps above Medium (Medium 0, Heavy 1 ... Excessive 4; lighter classes negative)."""
        return _ORDER.index(self) - _ORDER.index(WeaponClass.MEDIUM)

    @classmethod
    def parse(cls, text: str) -> WeaponClass:
        """Read a class from player text: ``heavy``, ``very heavy``, ``very-heavy``, ``vh``, ``1.5``.

        Raises:
            RulesError: no class matches.
        """
        key = str(text).strip().lower().replace("-", " ").replace("_", " ")
        key = " ".join(key.split())
        for item in cls:
            if key in (item.label.lower(), _SHORT[item]) or key == _multiplier_text(item):
                return item
        names = ", ".join(item.label.lower() for item in cls)
        raise RulesError(f"'{str(text)[:30]}' is not a weapon class (try {names}).")


_ORDER = list(WeaponClass)

_SHORT = {
    WeaponClass.NEGLIGIBLE: "n",
    WeaponClass.VERY_LIGHT: "vl",
    WeaponClass.LIGHT: "l",
    WeaponClass.MEDIUM: "m",
    WeaponClass.HEAVY: "h",
    WeaponClass.VERY_HEAVY: "vh",
    WeaponClass.MASSIVE: "ma",
    WeaponClass.EXCESSIVE: "e",
}


def _multiplier_text(item: WeaponClass) -> str:
    value = item.multiplier
    return str(value.numerator) if value.denominator == 1 else str(float(value))


#: The seed's examples for each class (PTB 2C weapon table).
WEAPON_EXAMPLES: dict[WeaponClass, tuple[str, ...]] = {
    WeaponClass.NEGLIGIBLE: ("plastic butter knife", "spoon", "slap (non-lethal unarmed)"),
    WeaponClass.VERY_LIGHT: ("knife", "stick", "punch (non-lethal unarmed)"),
    WeaponClass.LIGHT: ("dagger", "club", "ice pick", "punch (lethal unarmed)"),
    WeaponClass.MEDIUM: ("sword", "mace", "axe", "small caliber gun"),
    WeaponClass.HEAVY: ("medium caliber gun", "large ax or sword"),
    WeaponClass.VERY_HEAVY: ("high caliber gun", "chainsaw"),
    WeaponClass.MASSIVE: ("sniper rifle", "thresher", "steel girder"),
    WeaponClass.EXCESSIVE: ("anti-tank weapon", "cannon", "dropped building"),
}

#: The built-in bonus grows by this much per class step from Medium up (PTB 2C).
BONUS_STEP = 5


def strength_bonus(strength: int, two_handed: bool = False) -> int:
    """Melee damage bonus from Strength over 10: halved (down) one-handed, whole two-handed.

    PTB 2C: STR 20 gives +5 with a one-handed weapon, +10 with a two-handed one. Strength of
    10 or less gives nothing (the seed names no penalty).
    """
    if isinstance(strength, bool) or not isinstance(strength, int):
        raise RulesError("Strength must be a whole number.")
    over = max(0, strength - 10)
    return over if two_handed else over // 2


def gun_bonus(weapon_class: WeaponClass) -> int:
    """A gun's built-in bonus: +5 at Medium and +5 per step up; none below Medium (PTB 2C)."""
    return max(0, (weapon_class.step + 1) * BONUS_STEP)


def mechanical_bonus(weapon_class: WeaponClass, steps_down: int = 1) -> int:
    """A mechanical melee weapon's bonus: a gun's bonus one or two steps down (PTB 2C).

    A Very Heavy chainsaw: +10 one step down (industrial), +5 two steps down (light).
    """
    if steps_down not in (1, 2):
        raise RulesError("A mechanical weapon's bonus is one or two steps below a gun's.")
    return max(0, gun_bonus(weapon_class) - steps_down * BONUS_STEP)


class WeaponKind(enum.Enum):
    """What a weapon is, for its bonuses."""

    #: Muscle-powered: Strength bonus only.
    MELEE = "melee"
    #: A firearm (or similar): the built-in gun bonus, no Strength bonus.
    GUN = "gun"
    #: A powered melee weapon (chainsaw): Strength bonus plus a mechanical bonus.
    MECHANICAL = "mechanical"
    #: A power or thrown effect with no built-in or Strength bonus.
    OTHER = "other"


def builtin_bonus(kind: WeaponKind, weapon_class: WeaponClass, steps_down: int = 1) -> int:
    """The bonus a weapon of this kind and class carries in itself (PTB 2C)."""
    if kind is WeaponKind.GUN:
        return gun_bonus(weapon_class)
    if kind is WeaponKind.MECHANICAL:
        return mechanical_bonus(weapon_class, steps_down)
    return 0


@frozen
class Weapon:
    """A weapon for an attack: its class, kind, hands, and any extra bonus the Narrator grants."""

    weapon_class: WeaponClass = WeaponClass.MEDIUM
    kind: WeaponKind = WeaponKind.MELEE
    two_handed: bool = False
    extra_bonus: int = 0

    @property
    def multiplier(self) -> Fraction:
        return self.weapon_class.multiplier

    def bonus(self, strength: int = 10) -> int:
        """Bonus damage added after the multiplier: Strength (melee kinds) plus built-in bonus."""
        total = builtin_bonus(self.kind, self.weapon_class) + self.extra_bonus
        if self.kind in (WeaponKind.MELEE, WeaponKind.MECHANICAL):
            total += strength_bonus(strength, self.two_handed)
        return total
