"""The catalogue's prices against the HERO System 5th Edition revised tables (not our output)."""

from fractions import Fraction

import pytest

from champions_mush.rules.champions.catalog import explosion_value, formula_base, per_level
from champions_mush.rules.champions.skills import skill_level_cost


@pytest.mark.parametrize(("option", "per"), [
    # 5E revised, Combat Skill Levels table
    ("SINGLESINGLE", 1), ("SINGLE", 2), ("TIGHT", 3), ("MARTIAL", 3), ("BROAD", 4), ("HTHDCV", 4),
    ("HTH", 5), ("RANGED", 5), ("MENTAL", 5), ("DCV", 5), ("DECV", 5),
    ("TWOOCV", 6), ("TWODCV", 6), ("HTHRANGED", 6), ("HTHMENTAL", 6), ("MENTALRANGED", 6), ("ALL", 8),
])
def test_combat_skill_levels_by_the_5e_table(option, per):
    assert skill_level_cost("COMBAT_LEVELS", option, 3) == 3 * per


@pytest.mark.parametrize(("option", "per"), [("CHARACTERISTIC", 2), ("RELATED", 3), ("SIMILAR", 5),
                                             ("NONCOMBAT", 8), ("OVERALL", 10)])
def test_skill_levels_by_the_5e_table(option, per):
    assert skill_level_cost("SKILL_LEVELS", option, 2) == 2 * per


@pytest.mark.parametrize(("xmlid", "option", "per"), [
    ("FLASH", "SIGHTGROUP", 10), ("FLASH", "HEARINGGROUP", 5),          # 5E Flash per d6
    ("DARKNESS", "SIGHTGROUP", 10), ("DARKNESS", "HEARINGGROUP", 5),    # 5E Darkness per 1" radius
    ("TRANSFORM", "COSMETIC", 5), ("TRANSFORM", "MINOR", 10), ("TRANSFORM", "MAJOR", 15),
    ("SUCCOR", "", 5), ("FLOATINGLOCATION", "", 5), ("FIXEDLOCATION", "", 1),
    ("Advanced Tech", "NORMAL", 15), ("Advanced Tech", "GMOPTION", 10),
    ("CONTACT", "", 1), ("DEADLYBLOW", "VERYLIMITED", 4), ("DEADLYBLOW", "ANY", 12),
    ("NEGATIVECOMBATSKILLLEVELS", "", 2), ("NEGATIVEPENALTYSKILLLEVELS", "SINGLE", Fraction(3, 2)),
    ("ENDURANCERESERVEREC", "", Fraction(2, 3)), ("RANGEDDC", "", 4),
])
def test_points_a_level_by_the_5e_tables(xmlid, option, per):
    assert per_level(xmlid, option) == per


def test_unknown_kind_has_no_price():
    assert per_level("NOSUCHPOWER", "") is None
    assert formula_base("NOSUCHPOWER", {}, 1, Fraction(0)) is None


@pytest.mark.parametrize(("xmlid", "numbers", "levels", "stated", "base"), [
    ("DUPLICATION", {"POINTS": 350, "NUMBER": 1}, 0, 0, 70),    # 1 point per 5 of the duplicate
    ("DUPLICATION", {"POINTS": 100, "NUMBER": 4}, 0, 0, 30),    # +5 a doubling: 20 + 10
    ("MULTIFORM", {}, 50, 0, 10),                               # a 50-point form
    ("SUMMON", {"NUMBER": 2}, 100, 0, 25),                      # 100 points: 20, two of them +5
    ("FOLLOWER", {"BASEPOINTS": 75, "NUMBER": 8}, 0, 0, 30),    # 15 + 3 doublings of 5
    ("VEHICLE_BASE", {"BASEPOINTS": 50, "NUMBER": 1}, 0, 0, 10),
    ("ENDURANCERESERVE", {}, 40, 0, 4),                         # 1 per 10 END
    ("CHANGEENVIRONMENT", {}, 1, 0, 5),                         # 5 for a 1" radius
    ("CHANGEENVIRONMENT", {}, 4, 0, 15),                        # two doublings: +10
    ("SPEED_READING", {}, 3, 2, 4),                             # x10 for 2, +1 each x2
    ("FORCEWALL", {"PDLEVELS": 10, "EDLEVELS": 10}, 0, 0, 50),  # 5 per 2 points of PD/ED
    ("CLAIRSENTIENCE", {}, 0, 20, 20),                          # one Sense Group: 20
])
def test_formula_bases_by_the_5e_rules(xmlid, numbers, levels, stated, base):
    numbers = {k: Fraction(v) for k, v in numbers.items()}
    assert formula_base(xmlid, numbers, levels, Fraction(stated)) == base


def test_explosion_fades_slower_for_a_quarter_a_step():
    # 5E revised, Explosion: -1 DC per 1" +1/2; per 2" +3/4; per 4" +1 1/4
    assert explosion_value(Fraction(1, 2), 0) == Fraction(1, 2)
    assert explosion_value(Fraction(1, 2), 2) == Fraction(3, 4)
    assert explosion_value(Fraction(1, 2), 4) == Fraction(5, 4)
