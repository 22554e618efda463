"""Prices of the HERO 5E revised items that are not plain dice, inches or points of defense.

Hero Designer writes an item as ``XMLID``, ``OPTIONID``, ``BASECOST`` and ``LEVELS`` and never
its cost (docs/rules-engine.md, "Pricing Hero Designer items"). :data:`PER_LEVEL_BY_OPTION`
gives the points a level by option where the option sets it (Flash, Darkness, Transform,
Combat Skill Levels ...); :data:`PER_LEVEL` the points a level otherwise; the stated
``BASECOST`` is the option's base where the 5E table gives one (Clairsentience 20, Damage
Reduction 25% 10, Invisibility to the Hearing Group 10). :func:`formula_base` prices the items
bought by what they hold (Duplication, Multiform, Summon, Followers, Vehicles and Bases,
Endurance Reserve, Change Environment, Speed Reading).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction

__all__ = [
    "CHARACTERISTIC_POWERS",
    "COSTS_END",
    "EXPLOSION_STEP",
    "PER_LEVEL",
    "PER_LEVEL_BY_OPTION",
    "STATED_ONLY",
    "explosion_value",
    "formula_base",
    "per_level",
]

_F = Fraction

#: Combat Skill Levels by Hero Designer's option (HERO 5E revised, Skills, Combat Skill
#: Levels table): 1 with one attack of one weapon, 2 a single attack, 3 a tight group (three
#: maneuvers, Strikes, Martial Maneuvers, a magic subset), 4 a broad category (or DCV with
#: HTH or Ranged only), 5 HTH, Ranged, Mental or all DCV (DECV too), 6 two categories,
#: 8 all combat.
COMBAT_LEVELS: dict[str, Fraction] = {
    "SINGLESINGLE": _F(1), "SINGLE": _F(2), "SINGLESTRIKE": _F(2),
    "STRIKE": _F(3), "TIGHT": _F(3), "MARTIAL": _F(3), "MAGIC": _F(3),
    "BROAD": _F(4), "HTHDCV": _F(4),
    "HTH": _F(5), "RANGED": _F(5), "MENTAL": _F(5), "DCV": _F(5), "DECV": _F(5),
    "TWOOCV": _F(6), "TWODCV": _F(6), "HTHRANGED": _F(6), "HTHMENTAL": _F(6), "MENTALRANGED": _F(6),
    "ALL": _F(8),
}
#: Penalty Skill Levels (HERO 5E revised, Skills): 1 1/2 a single attack, 2 three, 3 all.
PENALTY_LEVELS: dict[str, Fraction] = {"SINGLE": _F(3, 2), "THREE": _F(2), "TIGHT": _F(2), "ALL": _F(3)}
#: Skill Levels (HERO 5E revised, Skills): 2 one Skill or characteristic, 3 three related,
#: 5 a group of similar Skills, 8 all non-combat Skills, 10 overall.
SKILL_LEVELS: dict[str, Fraction] = {
    "SINGLE": _F(2), "CHARACTERISTIC": _F(2), "RELATED": _F(3), "THREE": _F(3),
    "SIMILAR": _F(5), "GROUP": _F(5), "NONCOMBAT": _F(8), "OVERALL": _F(10),
}

#: Sense-affecting powers: the Sight Group (a targeting group) costs twice another group
#: (HERO 5E revised, Sense-Affecting Powers: Flash 10 / 5 per d6; Darkness 10 / 5 per 1" radius).
_SENSE_GROUPS = {"SIGHTGROUP": _F(2), "HEARINGGROUP": _F(1), "MENTALGROUP": _F(1), "RADIOGROUP": _F(1),
                 "SMELLGROUP": _F(1), "TOUCHGROUP": _F(1), "UNUSUALGROUP": _F(1)}


def _senses(per_group: int) -> dict[str, Fraction]:
    return {k: v * per_group for k, v in _SENSE_GROUPS.items()}


#: Points a level where the option sets them (HERO 5E revised tables named beside each).
PER_LEVEL_BY_OPTION: dict[str, dict[str, Fraction]] = {
    "COMBAT_LEVELS": COMBAT_LEVELS,
    "MENTAL_COMBAT_LEVELS": {"SINGLE": _F(2), "TIGHT": _F(3), "BROAD": _F(6)},
    "PENALTY_SKILL_LEVELS": PENALTY_LEVELS,
    "SKILL_LEVELS": SKILL_LEVELS,
    # Negative Skill Levels cost as the Skill Levels they mirror (5E revised, Powers).
    "NEGATIVECOMBATSKILLLEVELS": {"": _F(2), **COMBAT_LEVELS},
    "NEGATIVEPENALTYSKILLLEVELS": PENALTY_LEVELS,
    "NEGATIVESKILLLEVELS": SKILL_LEVELS,
    "FLASH": _senses(5),              # 5E Flash: 10 per d6 Sight Group, 5 other groups
    "DARKNESS": _senses(5),           # 5E Darkness: 10 per 1" radius Sight Group, 5 other
    "TRANSFORM": {"COSMETIC": _F(5), "MINOR": _F(10), "MAJOR": _F(15), "SEVERE": _F(20)},
    "DEADLYBLOW": {"VERYLIMITED": _F(4), "LIMITED": _F(8), "ANY": _F(12)},   # 5E Talents
    "Advanced Tech": {"NORMAL": _F(15), "GMOPTION": _F(10)},                 # per Tech Level
    "ADVANCED_TECH": {"NORMAL": _F(15), "GMOPTION": _F(10)},
}

#: Points a level of the rest (HERO 5E revised; the base is the file's BASECOST).
PER_LEVEL: dict[str, Fraction] = {
    "COMBAT_LUCK": _F(6),             # 5E Talents: 3 rPD / 3 rED a level
    "DANGER_SENSE": _F(1),            # +1 to the roll a level, on top of the base
    "RESISTANCE": _F(1),              # +1 to resist Interrogation a level
    "UNLUCK": _F(5),                  # a Disadvantage: 5 points a d6
    "FAVOR": _F(1),
    "ACCESS": _F(1),
    "SUCCOR": _F(5),                  # 5E Succor: 5 per d6
    "FINDWEAKNESS": _F(5),            # +1 to the roll
    "IMAGES": _F(3),                  # -1 to PER Rolls
    "MISSILEDEFLECTION": _F(2),       # +1 OCV to deflect
    "FTL": _F(2),                     # each x2 speed
    "MINDLINK": _F(5),                # each x2 minds
    "FIXEDLOCATION": _F(1),           # Teleportation: 1 a Fixed Location
    "FLOATINGLOCATION": _F(5),        # 5 a Floating Fixed Location
    "CONTACT": _F(1),                 # 5E Perks: 1 for 8-, 2 for 11-, +1 per +1
    "REPUTATION": _F(1),              # 5E Perks: +1 a level
    "LIGHTNING_REFLEXES_ALL": _F(1),  # 5E Talents: +1 DEX with all actions 1
    "LIGHTNING_REFLEXES_SINGLE": _F(1, 2),   # +2 DEX with a single action 1
    "CUSTOMPOWER": _F(1), "CUSTOMSKILL": _F(1), "CUSTOMTALENT": _F(1), "CUSTOMPERK": _F(1),
    "DIFFERINGMODIFIER": _F(1),
    "RANGEDDC": _F(4),                # Martial Arts: +1 Ranged DC 4
    "EXTRADC": _F(4),                 # Martial Arts: +1 HTH DC 4
    "RESOURCE_POOL": _F(1, 5),        # 1 point per 5 Resource Points
    "ENDURANCERESERVEREC": _F(2, 3),  # 5E Endurance Reserve: 2 per 3 REC
    # Bases (5E revised, Vehicles and Bases): DEF 3 a level, Size and BODY 1
    "DEF": _F(3), "BASESIZE": _F(1),
}

#: Characteristics bought as Powers (in a Compound Power, an Elemental Control ...): their
#: points a level are the characteristic's (5E revised, Characteristics).
CHARACTERISTIC_POWERS = frozenset({"STR", "DEX", "CON", "BODY", "INT", "EGO", "PRE", "COM", "PD", "ED", "SPD",
                                   "REC", "END", "STUN"})

#: Items whose cost is what the file states: their Adders (Life Support, Senses), or a
#: base Hero Designer writes for the option (Clairsentience, Damage Reduction, Invisibility,
#: Shape Shift, Extra-Dimensional Movement, Active Sonar ...): HERO 5E revised gives those
#: as a flat cost by option.
STATED_ONLY = frozenset({
    "LIFESUPPORT", "CLAIRSENTIENCE", "DAMAGEREDUCTION", "INVISIBILITY", "SHAPESHIFT", "EXTRADIMENSIONALMOVEMENT",
    "ACTIVESONAR", "COMPOUNDPOWER", "FOLLOWER", "VEHICLE_BASE", "SPEED_READING", "ENDURANCERESERVE",
    "DUPLICATION", "MULTIFORM", "SUMMON", "CHANGEENVIRONMENT", "FORCEWALL",
})

#: Catalogued powers that cost END to use (5E revised: every Power but the Persistent,
#: senses, Life Support and the Talent-like ones).
COSTS_END = frozenset({"FLASH", "DARKNESS", "CHANGEENVIRONMENT", "FORCEWALL", "IMAGES", "INVISIBILITY", "SUCCOR",
                       "TRANSFORM", "SHAPESHIFT", "CLAIRSENTIENCE", "EXTRADIMENSIONALMOVEMENT", "FTL"})

#: Explosion: each step that halves how fast it fades adds +1/4 (5E revised, Advantages:
#: -1 DC per 1" +1/2, per 2" +3/4, per 3" +1 ...).
EXPLOSION_STEP = _F(1, 4)


def per_level(xmlid: str, option: str) -> Fraction | None:
    """Points a level for ``xmlid`` with ``option``, or None when the catalogue has none."""
    by_option = PER_LEVEL_BY_OPTION.get(xmlid)
    if by_option is not None:
        return by_option.get(option.upper(), by_option.get(""))
    return PER_LEVEL.get(xmlid)


def explosion_value(stated: Fraction, levels: int) -> Fraction:
    """Explosion's value: ``stated`` (+1/2) and +1/4 for each inch a DC lasts past the first."""
    return stated + EXPLOSION_STEP * max(0, levels - 1)


def _doublings(number: int) -> int:
    """How many times ``number`` doubles 1 (3 copies count as 4: two doublings)."""
    return math.ceil(math.log2(number)) if number > 1 else 0


def formula_base(xmlid: str, attrs: Mapping[str, Fraction], levels: int, stated: Fraction) -> Fraction | None:
    """The base cost of an item priced by what it holds, or None when ``xmlid`` is not one.

    ``attrs`` are the item's numbers (``POINTS``, ``NUMBER``, ``BASEPOINTS`` ...). HERO 5E
    revised: Duplication, Multiform and Summon 1 point per 5 points of the being, +5 for each
    doubling of their number; a Follower, Vehicle or Base 1 point per 5 of its Base Points,
    +5 a doubling; Endurance Reserve 1 per 10 END; Change Environment 5 for a 1" radius, +5 a
    doubling; Speed Reading 2 for x10, +1 each x2 more; Force Wall 5 per 2 points of PD/ED,
    1 per point of Mental or Power Defense, 2 per extra inch of length or height.
    """
    number = int(attrs.get("NUMBER", 1) or 1)
    if xmlid == "DUPLICATION":
        return Fraction(attrs.get("POINTS", 0)) / 5 + 5 * _doublings(number) + stated
    if xmlid in ("MULTIFORM", "SUMMON"):
        return Fraction(levels) / 5 + 5 * _doublings(number) + stated
    if xmlid in ("FOLLOWER", "VEHICLE_BASE"):
        return Fraction(attrs.get("BASEPOINTS", 0)) / 5 + 5 * _doublings(number) + stated
    if xmlid == "ENDURANCERESERVE":
        return Fraction(levels) / 10 + stated
    if xmlid == "CHANGEENVIRONMENT":
        return (5 + 5 * _doublings(levels) if levels > 0 else 0) + stated
    if xmlid == "SPEED_READING":
        return stated + max(0, levels - 1)
    if xmlid == "FORCEWALL":
        defense = attrs.get("PDLEVELS", 0) + attrs.get("EDLEVELS", 0)
        other = attrs.get("MDLEVELS", 0) + attrs.get("POWDLEVELS", 0)
        size = attrs.get("LENGTHLEVELS", 0) + attrs.get("HEIGHTLEVELS", 0)
        return Fraction(5, 2) * defense + other + 2 * size + stated
    if xmlid in ("COMPOUNDPOWER", "LIFESUPPORT", "CLAIRSENTIENCE", "DAMAGEREDUCTION", "INVISIBILITY",
                 "SHAPESHIFT", "EXTRADIMENSIONALMOVEMENT", "ACTIVESONAR"):
        return stated
    return None
