"""Prices of the HERO 5E revised items that are not plain dice, inches or points of defense.

Hero Designer writes an item as ``XMLID``, ``OPTIONID``, ``BASECOST`` and ``LEVELS`` and never
its cost (docs/rules-engine.md, "Pricing Hero Designer items"). The figures are the HERO 5E
revised tables as Hero Designer's 5E template gives them: a :data:`Rate` (points per block of
levels, a part block paid whole) by option in :data:`PER_LEVEL_BY_OPTION` (Flash, Darkness,
Transform, Combat Skill Levels ...) or by item in :data:`PER_LEVEL`; the stated ``BASECOST`` is
the option's base where the table gives one (Clairsentience 20, Damage Reduction 25% 10,
Invisibility to the Hearing Group 10). :func:`formula_base` prices the items bought by what
they hold (Duplication, Multiform, Summon, Followers, Vehicles and Bases, Endurance Reserve,
Change Environment, Force Wall, Speed Reading).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

from .costs import level_points

__all__ = [
    "CHARACTERISTIC_POWERS",
    "COSTS_END",
    "EXPLOSION_START",
    "EXPLOSION_STEP",
    "MIN_COST",
    "MODIFIER_LEVELS",
    "PER_LEVEL",
    "PER_LEVEL_BY_OPTION",
    "Rate",
    "SKILL_MIN_COST",
    "STATED_ONLY",
    "explosion_value",
    "formula_base",
    "per_level",
]

#: A price a level: (points, the levels they buy): Hero Designer's LVLCOST per LVLVAL, a part
#: of a block paid whole (:func:`~.costs.level_points`).
Rate = tuple[Fraction, int]


def _r(cost: int | Fraction, every: int = 1) -> Rate:
    return Fraction(cost), every


def _rates(table: Mapping[str, int | Fraction]) -> dict[str, Rate]:
    return {k: _r(v) for k, v in table.items()}


#: Combat Skill Levels by Hero Designer's option (HERO 5E revised, Skills, Combat Skill Levels,
#: as Hero Designer's 5E template prices them): 1 with one attack of one weapon, 2 a single
#: attack or Strike, 3 a tight group (three maneuvers, any Strike, Martial Maneuvers, Magic),
#: 4 a broad category, DCV with HTH or Ranged, DECV, OCV or DCV with two categories, 5 HTH,
#: Ranged, Mental or DCV, 6 two categories, 8 all combat; 2 for an unnamed option.
COMBAT_LEVELS: dict[str, Rate] = _rates({
    "": 2, "SINGLESINGLE": 1, "SINGLE": 2, "SINGLESTRIKE": 2,
    "STRIKE": 3, "TIGHT": 3, "MARTIAL": 3, "MAGIC": 3,
    "BROAD": 4, "HTHDCV": 4, "DECV": 4, "TWOOCV": 4, "TWODCV": 4,
    "HTH": 5, "RANGED": 5, "MENTAL": 5, "DCV": 5,
    "HTHRANGED": 6, "HTHMENTAL": 6, "MENTALRANGED": 6,
    "ALL": 8,
})
#: Penalty Skill Levels (HERO 5E revised, Skills): 1 1/2 a single attack, 2 a tight group, 3 all.
PENALTY_LEVELS: dict[str, Rate] = _rates({"SINGLE": Fraction(3, 2), "THREE": 2, "TIGHT": 2, "GROUP": 2,
                                          "ALL": 3})
#: Skill Levels (HERO 5E revised, Skills): 2 one Skill or characteristic, 3 three related,
#: 5 a group of similar Skills, 8 all non-combat Skills, 10 overall.
SKILL_LEVELS: dict[str, Rate] = _rates({
    "SINGLE": 2, "CHARACTERISTIC": 2, "RELATED": 3, "THREE": 3,
    "SIMILAR": 5, "GROUP": 5, "NONCOMBAT": 8, "OVERALL": 10,
})

#: Sense-affecting powers a level by the Sense or group affected (HERO 5E revised,
#: Sense-Affecting Powers; Hero Designer's 5E template): the Sight Group (the targeting group)
#: 10, another group 5; a single targeting Sense (of the Sight Group) 5, another Sense 3.
_TARGETING_SENSES = ("NORMALSIGHT", "NIGHTVISION", "INFRAREDPERCEPTION", "IRPERCEPTION", "ULTRAVIOLETPERCEPTION",
                     "UVPERCEPTION", "NRAYPERCEPTION", "NRAY")
_OTHER_SENSES = ("NORMALHEARING", "ACTIVESONAR", "ULTRASONICPERCEPTION", "MENTALAWARENESS", "MINDSCAN",
                 "RADIOPERCEPTION", "RADIOPERCEIVETRANSMIT", "RADIOTRANSMISSION", "HRRP", "RADAR", "NORMALSMELL",
                 "NORMALTASTE", "NORMALTOUCH", "SPATIALAWARENESS", "DETECT")
_GROUPS = ("HEARINGGROUP", "MENTALGROUP", "RADIOGROUP", "SMELLGROUP", "TOUCHGROUP", "UNUSUALGROUP")
_SENSE_AFFECTING: dict[str, Rate] = {
    "SIGHTGROUP": _r(10), **{g: _r(5) for g in _GROUPS},
    **{s: _r(5) for s in _TARGETING_SENSES}, **{s: _r(3) for s in _OTHER_SENSES},
}

#: Points a level where the option sets them (HERO 5E revised tables named beside each).
PER_LEVEL_BY_OPTION: dict[str, dict[str, Rate]] = {
    "COMBAT_LEVELS": COMBAT_LEVELS,
    "MENTAL_COMBAT_LEVELS": _rates({"SINGLE": 2, "TIGHT": 3, "BROAD": 6}),
    "PENALTY_SKILL_LEVELS": PENALTY_LEVELS,
    "SKILL_LEVELS": SKILL_LEVELS,
    # Negative Skill Levels (5E revised, Powers): 5 a Combat Skill Level; Penalty Skill Levels
    # 1 1/2 / 2 / 3; Skill Levels 3 any one Skill, 5 a group, 10 any Skill.
    "NEGATIVECOMBATSKILLLEVELS": {"": _r(5)},
    "NEGATIVEPENALTYSKILLLEVELS": _rates({"": 2, "SINGLE": Fraction(3, 2), "GROUP": 2, "ALL": 3}),
    "NEGATIVESKILLLEVELS": _rates({"": 3, "SINGLE": 3, "GROUP": 5, "ALL": 10}),
    "FLASH": _SENSE_AFFECTING,        # 5E Flash: a d6
    "DARKNESS": _SENSE_AFFECTING,     # 5E Darkness: a 1" radius
    "TRANSFORM": _rates({"COSMETIC": 5, "MINOR": 10, "MAJOR": 15, "SEVERE": 20}),
    "DEADLYBLOW": _rates({"VERYLIMITED": 4, "LIMITED": 7, "ANY": 10}),      # Talents: a d6
    "Advanced Tech": _rates({"NORMAL": 15, "GMOPTION": 10}),                 # per Tech Level
    "ADVANCED_TECH": _rates({"NORMAL": 15, "GMOPTION": 10}),
    # Enhanced Perception (5E revised, Enhanced Senses): +1 PER 3 for all Senses, 2 a group, 1 a Sense
    "ENHANCEDPERCEPTION": {"ALL": _r(3), "SIGHTGROUP": _r(2), **{g: _r(2) for g in _GROUPS}, "": _r(1)},
    # Telescopic +2 to offset range 3 for a group, 1 for a Sense; Microscopic and Rapid x10 5 / 3
    "TELESCOPIC": {"ALL": _r(3, 2), "SIGHTGROUP": _r(3, 2), **{g: _r(3, 2) for g in _GROUPS}, "": _r(1, 2)},
    "MICROSCOPIC": {"ALL": _r(5), "SIGHTGROUP": _r(5), **{g: _r(5) for g in _GROUPS}, "": _r(3)},
    "RAPID": {"ALL": _r(5), "SIGHTGROUP": _r(5), **{g: _r(5) for g in _GROUPS}, "": _r(3)},
}

#: Points a level of the rest (HERO 5E revised; the base is the file's BASECOST).
PER_LEVEL: dict[str, Rate] = {
    "COMBAT_LUCK": _r(6),             # 5E Talents: 3 rPD / 3 rED a level
    "DANGER_SENSE": _r(1),            # +1 to the roll a level, on top of the base
    "COMBAT_SENSE": _r(1),
    "RESISTANCE": _r(1),              # +1 to resist Interrogation a level
    "SIMULATE_DEATH": _r(1),
    "UNIVERSAL_TRANSLATOR": _r(1),
    "UNLUCK": _r(5),                  # a Disadvantage: 5 points a d6
    "FAVOR": _r(1),
    "ACCESS": _r(1),
    "SUCCOR": _r(5),                  # 5E Succor: 5 per d6
    "FINDWEAKNESS": _r(5),            # +1 to the roll
    "IMAGES": _r(3),                  # -1 to PER Rolls
    "FTL": _r(2),                     # each x2 speed
    "MINDLINK": _r(5),                # each x2 minds
    "DETECT": _r(1),                  # +1 to PER Rolls
    "FIXEDLOCATION": _r(1),           # Teleportation: 1 a Fixed Location
    "FLOATINGLOCATION": _r(5),        # 5 a Floating Fixed Location
    "CONTACT": _r(1),                 # 5E Perks: 1 for 8-, 2 for 11-, +1 per +1
    "REPUTATION": _r(1),              # 5E Perks: +1 a level
    "LIGHTNING_REFLEXES_ALL": _r(3, 2),     # 5E Talents: +2 DEX to act first with all actions 3
    "LIGHTNING_REFLEXES_SINGLE": _r(1),     # +1 DEX with a single action 1
    "CUSTOMPOWER": _r(1), "CUSTOMSKILL": _r(1), "CUSTOMTALENT": _r(1), "CUSTOMPERK": _r(1),
    "DIFFERINGMODIFIER": _r(1),
    "RANGEDDC": _r(4),                # Martial Arts: +1 Ranged DC 4
    "EXTRADC": _r(4),                 # Martial Arts: +1 HTH DC 4
    "RESOURCE_POOL": _r(1, 5),        # 1 point per 5 Resource Points
    "ENDURANCERESERVEREC": _r(1),     # 5E Endurance Reserve: 1 per 1 REC
    "TURNUNDEAD": _r(2, 10),          # Fantasy Hero: +10 PRE 2
    "CONCEALED": _r(1),               # a Sense Modifier: -1 to others' PER Rolls
    # Bases (5E revised, Vehicles and Bases): DEF 3 a level, Size and BODY 1
    "DEF": _r(3), "BASESIZE": _r(1),
}

#: The least a Perk costs (Hero Designer's 5E template MINCOST, applied to the levels and Adders
#: before Modifiers): a Reputation, Contact, Access, Favor, Computer Link, Membership, Security
#: Clearance or False Identity 1 (an 8- Contact limited by identity: 1 - 1 = 0, at least 1), Deep
#: Cover 2, Anonymity 3.
MIN_COST: dict[str, int] = {
    "REPUTATION": 1, "CONTACT": 1, "ACCESS": 1, "FAVOR": 1, "COMPUTER_LINK": 1, "MEMBERSHIP": 1,
    "SECURITYCLEARANCE": 1, "FALSEIDENTITY": 1, "DEEP_COVER": 2, "ANONYMITY": 3,
}

#: The least a Skill costs (Hero Designer's 5E template MINCOST, which it applies to the base,
#: levels and categories before Modifiers): a Skill bought by category (HERO 5E revised, Skills:
#: Animal Handler, Forgery, Gambling, Navigation, Survival, Weaponsmith; The Ultimate Skill's
#: Musical Instrument Familiarity) 2 with no category chosen, a Transport Familiarity 1. Not an
#: Everyman or Familiarity Skill.
SKILL_MIN_COST: dict[str, int] = {
    "ANIMAL_HANDLER": 2, "FORGERY": 2, "GAMBLING": 2, "NAVIGATION": 2, "SURVIVAL": 2, "WEAPONSMITH": 2, "MIF": 2,
    "TRANSPORT_FAMILIARITY": 1,
}

#: Characteristics bought as Powers (in a Compound Power, an Elemental Control ...): their
#: points a level are the characteristic's (5E revised, Characteristics).
CHARACTERISTIC_POWERS = frozenset({"STR", "DEX", "CON", "BODY", "INT", "EGO", "PRE", "COM", "PD", "ED", "SPD",
                                   "REC", "END", "STUN"})

#: Items whose cost is what the file states: their Adders (Life Support), or a base Hero
#: Designer writes for the option (Clairsentience, Damage Reduction, Invisibility, Shape Shift,
#: Extra-Dimensional Movement, Missile Deflection, the Senses and Sense Modifiers): HERO 5E
#: revised gives those as a flat cost by option.
STATED_ONLY = frozenset({
    "LIFESUPPORT", "CLAIRSENTIENCE", "DAMAGEREDUCTION", "INVISIBILITY", "SHAPESHIFT", "EXTRADIMENSIONALMOVEMENT",
    "ACTIVESONAR", "COMPOUNDPOWER", "MISSILEDEFLECTION", "HRRP", "INFRAREDPERCEPTION", "MENTALAWARENESS",
    "NIGHTVISION", "NRAYPERCEPTION", "RADAR", "RADIOPERCEPTION", "RADIOPERCEIVETRANSMIT", "SPATIALAWARENESS",
    "ULTRASONICPERCEPTION", "ULTRAVIOLETPERCEPTION", "DISCRIMINATORY", "ANALYZESENSE", "RANGE",
    "TARGETINGSENSE", "TRACKINGSENSE", "TRANSMIT", "INCREASEDARC240", "INCREASEDARC360", "MAKEASENSE",
    "DIMENSIONALSINGLE", "DIMENSIONALGROUP", "DIMENSIONALALL",
})

#: Catalogued powers that cost END to use (5E revised; Hero Designer's 5E template USESEND).
COSTS_END = frozenset({"FLASH", "DARKNESS", "CHANGEENVIRONMENT", "FORCEWALL", "IMAGES", "INVISIBILITY", "SUCCOR",
                       "TRANSFORM", "SHAPESHIFT", "CLAIRSENTIENCE", "EXTRADIMENSIONALMOVEMENT", "SUMMON"})

#: Modifiers bought in levels whose value a file gives as LEVELS only (no LVLCOST): the value of a
#: level (HERO 5E revised, Power Advantages, as Hero Designer's 5E template prices them): Armor
#: Piercing and Penetrating +1/2 a level; Hardened, Difficult To Dispel, Cumulative and Delayed
#: Effect (on top of their base), Increased STUN Multiplier, MegaScale, Increased Maximum Range,
#: Cannot Be Escaped With Teleportation +1/4 a level; Decreased STUN Multiplier -1/4 a level.
MODIFIER_LEVELS: dict[str, Fraction] = {
    "ARMORPIERCING": Fraction(1, 2), "PENETRATING": Fraction(1, 2),
    **{x: Fraction(1, 4) for x in ("HARDENED", "DIFFICULTTODISPEL", "CUMULATIVE", "DELAYEDEFFECT",
                                  "INCREASEDSTUNMULTIPLIER", "MEGASCALE", "INCREASEDMAXRANGE", "NOTELEPORT",
                                  "RAPIDDUPLICATION", "INCREASEDRADIUS")},
    "DECREASEDSTUNMULTIPLIER": Fraction(-1, 4),
}

#: Explosion: +1/2 for -1 DC a 1" (a radius), 2" (a cone) or 3" (a line), +1/4 for each inch
#: more (5E revised, Advantages, Explosion; Hero Designer: radius -1 DC/9" +2 1/2, cone -1 DC/4"
#: +1, line -1 DC/4" +3/4).
EXPLOSION_STEP = Fraction(1, 4)
EXPLOSION_START = {"NORMAL": 1, "CONE": 2, "LINE": 3}


def per_level(xmlid: str, option: str) -> Rate | None:
    """The :data:`Rate` a level for ``xmlid`` with ``option``, or None when the catalogue has none."""
    by_option = PER_LEVEL_BY_OPTION.get(xmlid)
    if by_option is not None:
        return by_option.get(option.upper(), by_option.get(""))
    return PER_LEVEL.get(xmlid)


def explosion_value(stated: Fraction, levels: int, option: str = "NORMAL") -> Fraction:
    """Explosion's value: ``stated`` (+1/2) and +1/4 for each inch a DC lasts past the shape's first."""
    return stated + EXPLOSION_STEP * max(0, levels - EXPLOSION_START.get(option.upper(), 1))


def _doublings(number: int) -> int:
    """How many times ``number`` doubles 1 (3 copies count as 4: two doublings)."""
    return math.ceil(math.log2(number)) if number > 1 else 0


def formula_base(xmlid: str, attrs: Mapping[str, Fraction], levels: int, stated: Fraction) -> Fraction | None:
    """The base cost of an item priced by what it holds, or None when ``xmlid`` is not one.

    ``attrs`` are the item's numbers (``POINTS``, ``NUMBER``, ``BASEPOINTS`` ...). HERO 5E
    revised, as Hero Designer's 5E template prices it: Duplication 1 point per 5 points of the
    duplicate, Multiform and Summon 1 per 5 points of the form or being, Followers, Vehicles and
    Bases 1 per 5 Base Points (a part of 5 paid whole), each +5 for a doubling of their NUMBER;
    Endurance Reserve 1 per 10 END; Change Environment 5 a level (at least 5); Speed Reading 2
    for x10, +2 each x10 more; Force Wall 5 per 2 points of defense (PD, ED, Mental, Power),
    2 per inch of length or height.
    """
    number = int(attrs.get("NUMBER", 1) or 1)
    if xmlid == "DUPLICATION":
        return level_points(attrs.get("POINTS", 0), 1, 5) + 5 * _doublings(number) + stated
    if xmlid in ("MULTIFORM", "SUMMON"):
        return level_points(levels, 1, 5) + 5 * _doublings(number) + stated
    if xmlid in ("FOLLOWER", "VEHICLE_BASE"):
        return level_points(attrs.get("BASEPOINTS", 0), 1, 5) + 5 * _doublings(number) + stated
    if xmlid == "ENDURANCERESERVE":
        return level_points(levels, 1, 10) + stated
    if xmlid == "CHANGEENVIRONMENT":
        return max(Fraction(5), 5 * Fraction(levels)) + stated
    if xmlid == "SPEED_READING":
        return stated + 2 * max(0, levels - 1)
    if xmlid == "FORCEWALL":
        defense = sum((attrs.get(k, 0) for k in ("PDLEVELS", "EDLEVELS", "MDLEVELS", "POWDLEVELS")), Fraction(0))
        size = attrs.get("LENGTHLEVELS", 0) + attrs.get("HEIGHTLEVELS", 0)
        return level_points(defense, 5, 2) + 2 * size + stated
    if xmlid in STATED_ONLY:
        return stated
    return None
