"""Powers (HERO 5E revised): each power's base and per-level cost, and what it does in a fight.

:data:`POWERS` is keyed by the ``XMLID`` Hero Designer writes. A power costs its ``base`` plus
``per_level`` for each level bought (a d6 of damage, an inch of movement, a point of defense);
defense powers are bought per point of PD and ED. Dice powers price half dice and pips by
:data:`DIE_PARTS`. END is 1 per 10 Active Points for powers that cost END (RULES END USE).
"""

from __future__ import annotations

import enum
from fractions import Fraction

from ...values import frozen
from ..dice import DiceAmount
from ..errors import RulesError
from .catalog import PER_LEVEL_BY_OPTION
from .costs import level_points, round_cost

__all__ = [
    "DIE_PARTS",
    "POWERS",
    "PowerKind",
    "PowerSpec",
    "TYPED_POWERS",
    "dice_cost",
    "dice_from_levels",
    "find_power",
    "power_base_cost",
]


class PowerKind(enum.Enum):
    """What a power is for, as a fight reads it."""

    #: does damage (Energy Blast, Killing Attack, Hand-To-Hand Attack, Ego Attack)
    ATTACK = "attack"
    #: adds to PD/ED (Armor, Force Field, Damage Resistance, Mental/Power/Flash Defense)
    DEFENSE = "defense"
    #: moves the character (Flight, Running, Teleportation ...)
    MOVEMENT = "movement"
    #: anything else (Clinging, Life Support, senses, adjustment powers ...)
    OTHER = "other"


@frozen
class PowerSpec:
    """One power: its Hero Designer ``xmlid``, name, costs and how a fight uses it.

    ``unit`` names a level ("d6", "inch", "point"); ``versus`` is the defense an attack works
    against by default (PD, ED or MD); ``killing`` marks Killing Attacks.
    """

    xmlid: str
    name: str
    base: Fraction = Fraction(0)
    per_level: Fraction = Fraction(0)
    unit: str = ""
    kind: PowerKind = PowerKind.OTHER
    costs_end: bool = True
    versus: str = ""
    killing: bool = False
    ranged: bool = False


#: Cost of a +1 pip and a +1/2 d6 for powers at 5, 10 and 15 points per d6 (HERO 5E).
DIE_PARTS: dict[int, tuple[int, int]] = {5: (2, 3), 10: (3, 5), 15: (5, 10)}

_F = Fraction
_ATTACK, _DEFENSE, _MOVE = PowerKind.ATTACK, PowerKind.DEFENSE, PowerKind.MOVEMENT


def _p(xmlid: str, name: str, base: int | Fraction, per: int | Fraction, unit: str = "",
       kind: PowerKind = PowerKind.OTHER, end: bool = True, *, versus: str = "", killing: bool = False,
       ranged: bool = False) -> PowerSpec:
    return PowerSpec(xmlid, name, _F(base), _F(per), unit, kind, end, versus, killing, ranged)


#: HERO 5E revised power costs by Hero Designer XMLID.
POWERS: dict[str, PowerSpec] = {p.xmlid: p for p in (
    # attacks: points per d6
    _p("ENERGYBLAST", "Energy Blast", 0, 5, "d6", _ATTACK, versus="ED", ranged=True),
    _p("RKA", "Killing Attack - Ranged", 0, 15, "d6", _ATTACK, versus="ED", killing=True, ranged=True),
    _p("HKA", "Killing Attack - Hand-To-Hand", 0, 15, "d6", _ATTACK, versus="PD", killing=True),
    _p("HANDTOHANDATTACK", "Hand-To-Hand Attack", 0, 5, "d6", _ATTACK, versus="PD"),
    _p("EGOATTACK", "Ego Attack", 0, 10, "d6", _ATTACK, versus="MD", ranged=True),
    _p("ENTANGLE", "Entangle", 0, 10, "d6", ranged=True),
    # Flash: the Sight Group's price (HERO 5E revised; another group's: rules/champions/catalog.py)
    _p("FLASH", "Flash", 0, PER_LEVEL_BY_OPTION["FLASH"]["SIGHTGROUP"][0], "d6", ranged=True, versus="SIGHTGROUP"),
    _p("DRAIN", "Drain", 0, 10, "d6"),
    _p("AID", "Aid", 0, 10, "d6"),
    _p("HEALING", "Healing", 0, 10, "d6"),
    _p("TRANSFER", "Transfer", 0, 15, "d6"),
    _p("DISPEL", "Dispel", 0, 3, "d6", ranged=True),
    _p("SUPPRESS", "Suppress", 0, 5, "d6", ranged=True),
    _p("MINDCONTROL", "Mind Control", 0, 5, "d6"),
    _p("MENTALILLUSIONS", "Mental Illusions", 0, 5, "d6"),
    _p("MINDSCAN", "Mind Scan", 0, 5, "d6"),
    _p("TELEPATHY", "Telepathy", 0, 5, "d6"),
    # Mind Link: 5 for one specific mind, +5 each doubling of the minds: a level each (HERO 5E revised)
    _p("MINDLINK", "Mind Link", 0, 5, "level", end=False),
    _p("LUCK", "Luck", 0, 5, "d6", end=False),
    _p("ABSORPTION", "Absorption", 0, 5, "d6", end=False),
    # defenses: points per point of defense
    _p("ARMOR", "Armor", 0, _F(3, 2), "point", _DEFENSE, end=False),
    _p("FORCEFIELD", "Force Field", 0, 1, "point", _DEFENSE),
    _p("DAMAGERESISTANCE", "Damage Resistance", 0, _F(1, 2), "point", _DEFENSE, end=False),
    _p("MENTALDEFENSE", "Mental Defense", 0, 1, "point", _DEFENSE, end=False),
    _p("POWERDEFENSE", "Power Defense", 0, 1, "point", _DEFENSE, end=False),
    _p("FLASHDEFENSE", "Flash Defense", 0, 1, "point", _DEFENSE, end=False),
    _p("KBRESISTANCE", "Knockback Resistance", 0, 2, "inch", _DEFENSE, end=False),
    _p("LACKOFWEAKNESS", "Lack Of Weakness", 0, 1, "point", _DEFENSE, end=False),
    # movement: points per inch
    _p("FLIGHT", "Flight", 0, 2, "inch", _MOVE),
    _p("GLIDING", "Gliding", 0, 1, "inch", _MOVE, end=False),
    _p("RUNNING", "Running", 0, 2, "inch", _MOVE),
    _p("SWIMMING", "Swimming", 0, 1, "inch", _MOVE),
    _p("LEAPING", "Leaping", 0, 1, "inch", _MOVE),
    _p("SWINGING", "Swinging", 0, 1, "inch", _MOVE),
    _p("TELEPORTATION", "Teleportation", 0, 2, "inch", _MOVE),
    _p("TUNNELING", "Tunneling", 0, 5, "inch", _MOVE),
    # others with a level
    _p("STRETCHING", "Stretching", 0, 5, "inch"),
    _p("GROWTH", "Growth", 0, 5, "level"),
    _p("SHRINKING", "Shrinking", 0, 10, "level"),
    _p("DENSITYINCREASE", "Density Increase", 0, 5, "level"),
    _p("TELEKINESIS", "Telekinesis", 0, _F(3, 2), "STR"),
    _p("EXTRALIMBS", "Extra Limbs", 5, 0, "", end=False),
    _p("CLINGING", "Clinging", 10, _F(1, 3), "STR", end=False),
    _p("DESOLIDIFICATION", "Desolidification", 40, 0, ""),
)}


#: Powers of the battlefield and the genre's defenses as a player types them with +power (HERO
#: 5E revised): Darkness 10 points an inch of radius (Sight Group), Force Wall 5 points a point of
#: PD and ED both, Missile Deflection 20 points (any ranged attack) and 2 a +1 OCV, and those whose
#: cost is the points the player states (Invisibility, Change Environment, Images, Life Support).
#: An imported file keeps Hero Designer's own price for them (their adders and options vary).
TYPED_POWERS: dict[str, PowerSpec] = {p.xmlid: p for p in (
    _p("DARKNESS", "Darkness", 0, 10, "inch"),
    _p("FORCEWALL", "Force Wall", 0, 5, "point"),
    _p("MISSILEDEFLECTION", "Missile Deflection", 20, 2, "level", end=False),
    _p("INVISIBILITY", "Invisibility", 0, 1, "point"),
    _p("CHANGEENVIRONMENT", "Change Environment", 0, 1, "point"),
    _p("IMAGES", "Images", 0, 1, "point"),
    _p("LIFESUPPORT", "Life Support", 0, 1, "point", end=False),
)}


def find_power(name: str) -> PowerSpec:
    """A power by XMLID or name (any case, spaces ignored), or a unique start of either;
    ``EB``, ``RKA``, ``HKA`` and ``FF`` work too.

    Raises:
        RulesError: no power, or more than one, fits.
    """
    short = {"EB": "ENERGYBLAST", "FF": "FORCEFIELD", "KA": "RKA", "HA": "HANDTOHANDATTACK"}
    key = name.strip().upper().replace(" ", "").replace("-", "")
    key = short.get(key, key)
    known = {**POWERS, **TYPED_POWERS}
    if key in known:
        return known[key]
    found = {p.xmlid: p for p in known.values()
             if p.xmlid.startswith(key) or p.name.upper().replace(" ", "").replace("-", "").startswith(key)}
    if len(found) == 1 and key:
        return next(iter(found.values()))
    if found and key:
        raise RulesError(f"'{name.strip()[:20]}' could be {', '.join(p.name for p in list(found.values())[:5])}: say which.")
    raise RulesError(f"The engine does not know a power called '{name.strip()[:20]}' (see +HELP +POWER).")


def dice_cost(per_die: int | Fraction, dice: DiceAmount) -> int:
    """Points for an amount of dice at ``per_die`` points a d6 (HERO 5E: +1/2 d6 and +1 pip
    by :data:`DIE_PARTS`): Energy Blast 12d6 = 60, RKA 2 1/2d6 = 40, HKA 1d6+1 = 20."""
    per = int(per_die)
    pip, half = DIE_PARTS.get(per, (round_cost(_F(per, 3)), round_cost(_F(per * 2, 3))))
    if dice.pips < 0:
        raise RulesError("A power cannot be bought with negative pips.")
    return per * dice.whole + (half if dice.half else 0) + pip * dice.pips


def dice_from_levels(levels: int, half: bool = False, pips: int = 0) -> DiceAmount:
    """The dice a power does: ``levels`` d6, with Hero Designer's +1/2 d6 or +1 pip Adder."""
    return DiceAmount(whole=max(0, levels), half=half, pips=pips)


def power_base_cost(spec: PowerSpec, levels: int | Fraction) -> int:
    """Base cost before Adders and Advantages: ``base`` and ``per_level`` a level, a fraction
    read as points per block of levels with a part block paid whole, as Hero Designer prices
    it (Armor 3 per 2 points: 8 PD / 8 ED 24, 9 PD / 8 ED 27; Telekinesis 5 STR 9; Clinging
    +4 STR 12)."""
    if levels < 0:
        raise RulesError(f"{spec.name} cannot have fewer than 0 {spec.unit or 'levels'}.")
    per = spec.per_level
    return round_cost(spec.base + level_points(levels, per.numerator, per.denominator))
