"""Skill, Talent, Perk and Disadvantage costs (HERO 5E revised).

* A characteristic-based Skill costs 3 points for a roll of 9 + CHAR/5, +1 to the roll per
  2 points; a Familiarity (8-) costs 1, a Proficiency 2, an Everyman Skill nothing.
* Background Skills (Knowledge, Professional, Science) cost 2 points for 11-, +1 per point
  (or 3 points for the characteristic's roll); Languages cost their stated fluency.
* Combat, Penalty and Skill Levels cost per level by what they apply to
  (:data:`LEVEL_COSTS`, the catalogue's tables): +1 with a single attack 2, a tight group 3, a
  broad category 4, HTH or Ranged 5, two categories 6, all combat 8; Skill Levels 2, 3, 5, 8
  and 10 (overall).
* Talents, Perks and Disadvantages: their stated base plus Adders; those priced per level
  are in :data:`~.catalog.PER_LEVEL`.
"""

from __future__ import annotations

from fractions import Fraction

from ..errors import RulesError
from .catalog import PER_LEVEL_BY_OPTION, Rate
from .costs import level_points, round_cost
from .rolls import characteristic_target

__all__ = [
    "BACKGROUND_SKILLS",
    "LEVEL_COSTS",
    "skill_cost",
    "skill_level_cost",
    "skill_target",
]

#: Skills whose levels cost 1 point each and whose base roll is 11- (HERO 5E Background Skills).
BACKGROUND_SKILLS = frozenset({"KNOWLEDGE_SKILL", "PROFESSIONAL_SKILL", "SCIENCE_SKILL"})
#: Points per level of Combat, Mental Combat, Penalty and Skill Levels, by Hero Designer option
#: (the catalogue's tables: HERO 5E revised, Skills).
LEVEL_COSTS: dict[str, dict[str, Rate]] = {
    key: PER_LEVEL_BY_OPTION[key]
    for key in ("COMBAT_LEVELS", "MENTAL_COMBAT_LEVELS", "PENALTY_SKILL_LEVELS", "SKILL_LEVELS")
}


def skill_target(characteristic: str, value: int | None, levels: int = 0, familiarity: bool = False) -> int:
    """The roll a Skill needs: 9 + CHAR/5 + levels for a characteristic-based Skill, 11- + levels
    for a Background Skill (``characteristic`` ``"GENERAL"``), 8- for a Familiarity."""
    if familiarity:
        return 8
    if characteristic.upper() in ("GENERAL", "") or value is None:
        return 11 + levels
    return characteristic_target(value) + levels


def skill_cost(xmlid: str, levels: int = 0, characteristic: str = "", familiarity: bool = False,
               proficiency: bool = False, everyman: bool = False, base: Fraction | int | None = None) -> int:
    """Points for a Skill (HERO 5E): Climbing (DEX) 3; +3 levels 9; a KS 2, +1 level 3;
    a Familiarity 1, Everyman 0. ``base`` overrides the usual 3 (or 2) where a file states it.

    Raises:
        RulesError: negative levels.
    """
    if levels < 0:
        raise RulesError("A Skill cannot have fewer than 0 levels.")
    if everyman and not levels:
        return 0
    if familiarity:
        return 1
    if proficiency:
        return 2
    background = xmlid.upper() in BACKGROUND_SKILLS
    general = characteristic.upper() in ("GENERAL", "")
    start = Fraction(base) if base is not None else Fraction(2 if background and general else 3)
    per_level = 1 if background else 2
    return round_cost(start + per_level * levels)


def skill_level_cost(xmlid: str, option: str, levels: int) -> int | None:
    """Points for Combat, Penalty or Skill Levels with ``option`` (HERO 5E), or None when the
    engine has no price for that option: 2 levels with HTH cost 10."""
    rate = LEVEL_COSTS.get(xmlid.upper(), {}).get(option.upper())
    if rate is None:
        return None
    if levels < 0:
        raise RulesError("Skill Levels cannot be fewer than 0.")
    return round_cost(level_points(levels, *rate))
