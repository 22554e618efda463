"""The catalogue's prices against the HERO System 5th Edition revised tables as Hero Designer's
5E template prices them (docs/rules-engine.md, "Pricing Hero Designer items"), not our output."""

from fractions import Fraction

import pytest

from champions_mush.rules.champions.catalog import explosion_value, formula_base, per_level
from champions_mush.rules.champions.costs import level_points
from champions_mush.rules.champions.skills import skill_level_cost


@pytest.mark.parametrize(("option", "per"), [
    # 5E revised, Combat Skill Levels table (Hero Designer 5E template)
    ("SINGLESINGLE", 1), ("SINGLE", 2), ("SINGLESTRIKE", 2), ("STRIKE", 3), ("TIGHT", 3), ("MARTIAL", 3),
    ("MAGIC", 3), ("BROAD", 4), ("HTHDCV", 4), ("DECV", 4), ("TWOOCV", 4), ("TWODCV", 4),
    ("HTH", 5), ("RANGED", 5), ("MENTAL", 5), ("DCV", 5),
    ("HTHRANGED", 6), ("HTHMENTAL", 6), ("MENTALRANGED", 6), ("ALL", 8),
])
def test_combat_skill_levels_by_the_5e_table(option, per):
    assert skill_level_cost("COMBAT_LEVELS", option, 3) == 3 * per


@pytest.mark.parametrize(("option", "per"), [("CHARACTERISTIC", 2), ("RELATED", 3), ("SIMILAR", 5),
                                             ("NONCOMBAT", 8), ("OVERALL", 10)])
def test_skill_levels_by_the_5e_table(option, per):
    assert skill_level_cost("SKILL_LEVELS", option, 2) == 2 * per


def test_penalty_skill_levels_with_a_single_attack_cost_one_and_a_half_a_level():
    # 5E revised, Penalty Skill Levels: 1 1/2 a level; 2 levels 3, 3 levels 4 1/2 (rounded down to 4)
    assert [skill_level_cost("PENALTY_SKILL_LEVELS", "SINGLE", n) for n in (1, 2, 3)] == [1, 3, 4]


@pytest.mark.parametrize(("xmlid", "option", "levels", "points"), [
    ("FLASH", "SIGHTGROUP", 3, 30), ("FLASH", "HEARINGGROUP", 3, 15),        # 5E Flash per d6
    ("FLASH", "NORMALSIGHT", 2, 10), ("FLASH", "NORMALHEARING", 2, 6),       # a single Sense
    ("DARKNESS", "SIGHTGROUP", 2, 20), ("DARKNESS", "HEARINGGROUP", 2, 10),  # per 1" radius
    ("TRANSFORM", "COSMETIC", 2, 10), ("TRANSFORM", "MINOR", 2, 20), ("TRANSFORM", "MAJOR", 2, 30),
    ("SUCCOR", "", 4, 20), ("FLOATINGLOCATION", "", 2, 10), ("FIXEDLOCATION", "", 3, 3),
    ("Advanced Tech", "NORMAL", 2, 30), ("Advanced Tech", "GMOPTION", 2, 20),
    ("CONTACT", "", 3, 3), ("DEADLYBLOW", "VERYLIMITED", 2, 8), ("DEADLYBLOW", "LIMITED", 2, 14),
    ("DEADLYBLOW", "ANY", 2, 20),
    ("NEGATIVECOMBATSKILLLEVELS", "", 2, 10), ("NEGATIVEPENALTYSKILLLEVELS", "SINGLE", 2, 3),
    ("NEGATIVESKILLLEVELS", "SINGLE", 2, 6), ("NEGATIVESKILLLEVELS", "ALL", 1, 10),
    ("ENDURANCERESERVEREC", "", 5, 5), ("RANGEDDC", "", 2, 8), ("EXTRADC", "", 3, 12),
    ("LIGHTNING_REFLEXES_ALL", "", 4, 6), ("LIGHTNING_REFLEXES_SINGLE", "", 4, 4),
    ("ENHANCEDPERCEPTION", "ALL", 2, 6), ("ENHANCEDPERCEPTION", "SIGHTGROUP", 2, 4),
    ("ENHANCEDPERCEPTION", "NORMALSIGHT", 2, 2), ("RESOURCE_POOL", "", 12, 3),
    ("TELESCOPIC", "SIGHTGROUP", 4, 6), ("TELESCOPIC", "NORMALSIGHT", 3, 2),  # +2 a block: 3 a group, 1 a Sense
    ("MICROSCOPIC", "SIGHTGROUP", 2, 10), ("RAPID", "NORMALHEARING", 1, 3),
])
def test_points_for_levels_by_the_5e_tables(xmlid, option, levels, points):
    assert level_points(levels, *per_level(xmlid, option)) == points


def test_a_part_block_of_levels_is_paid_whole():
    # Hero Designer: Armor 9 PD at 3 per 2 points is 15; COM +5 at 1 per 2 is 3; -5 gives back 2
    assert (level_points(9, 3, 2), level_points(5, 1, 2), level_points(-5, 1, 2)) == (15, 3, -2)


def test_unknown_kind_has_no_price():
    assert per_level("NOSUCHPOWER", "") is None
    assert formula_base("NOSUCHPOWER", {}, 1, Fraction(0)) is None


@pytest.mark.parametrize(("xmlid", "numbers", "levels", "stated", "base"), [
    ("DUPLICATION", {"POINTS": 350, "NUMBER": 1}, 0, 0, 70),    # 1 point per 5 of the duplicate
    ("DUPLICATION", {"POINTS": 100, "NUMBER": 4}, 0, 0, 30),    # +5 a doubling: 20 + 10
    ("DUPLICATION", {"POINTS": 103, "NUMBER": 1}, 0, 0, 21),    # a part of 5 paid whole
    ("MULTIFORM", {}, 50, 0, 10),                               # a 50-point form
    ("SUMMON", {}, 1, 0, 1),                                    # 1 point of being: 1
    ("SUMMON", {"NUMBER": 2}, 100, 0, 25),                      # 100 points: 20, two of them +5
    ("FOLLOWER", {"BASEPOINTS": 75, "NUMBER": 8}, 0, 0, 30),    # 15 + 3 doublings of 5
    ("VEHICLE_BASE", {"BASEPOINTS": 50, "NUMBER": 1}, 0, 0, 10),
    ("ENDURANCERESERVE", {}, 40, 0, 4),                         # 1 per 10 END
    ("ENDURANCERESERVE", {}, 45, 0, 5),
    ("CHANGEENVIRONMENT", {}, 1, 0, 5),                         # 5 a level
    ("CHANGEENVIRONMENT", {}, 4, 0, 20),
    ("SPEED_READING", {}, 1, 2, 2),                             # x10 for 2
    ("SPEED_READING", {}, 3, 2, 6),                             # +2 each x10 more
    ("FORCEWALL", {"PDLEVELS": 10, "EDLEVELS": 10}, 0, 0, 50),  # 5 per 2 points of defense
    ("FORCEWALL", {"PDLEVELS": 5, "EDLEVELS": 4, "MDLEVELS": 2}, 0, 0, 30),
    ("FORCEWALL", {"PDLEVELS": 4, "EDLEVELS": 4, "LENGTHLEVELS": 3}, 0, 0, 26),  # +2 an inch
    ("CLAIRSENTIENCE", {}, 0, 20, 20),                          # one Sense Group: 20
    ("MISSILEDEFLECTION", {}, 0, 15, 15),                       # bullets and shrapnel: 15
])
def test_formula_bases_by_the_5e_rules(xmlid, numbers, levels, stated, base):
    numbers = {k: Fraction(v) for k, v in numbers.items()}
    assert formula_base(xmlid, numbers, levels, Fraction(stated)) == base


@pytest.mark.parametrize(("option", "levels", "value"), [
    # Hero Designer (5E): Energy Blast 1d6, Explosion (Radius; -1 DC/9"; +2 1/2), (Cone; -1 DC/4";
    # +1), (Line; -1 DC/4"; +3/4)
    ("NORMAL", 9, Fraction(5, 2)), ("CONE", 4, Fraction(1)), ("LINE", 4, Fraction(3, 4)),
    ("NORMAL", 1, Fraction(1, 2)), ("NORMAL", 0, Fraction(1, 2)), ("LINE", 3, Fraction(1, 2)),
])
def test_explosion_fades_slower_for_a_quarter_an_inch(option, levels, value):
    assert explosion_value(Fraction(1, 2), levels, option) == value
