"""costs, modifiers, powers, skills: Character Point costs with figures from HERO 5E revised.

The figures are the rule book's (Energy Blast 12d6 is 60 Active Points; +1/2 makes it 90;
Armor is 3 points per 2 points of resistant defense ...) and, for characteristics, Hero
Designer's own for ``characteristics_5e_simple.hdc`` (tests/game/data/README.md).
"""

from fractions import Fraction

import pytest

from champions_mush.rules.champions import (
    DIE_PARTS,
    MODIFIERS,
    POWERS,
    active_points,
    characteristic_cost,
    characteristic_start,
    dice_cost,
    figured_exact,
    find_modifier,
    find_power,
    modifier_value_text,
    power_base_cost,
    real_cost,
    round_cost,
    skill_cost,
    skill_level_cost,
    skill_target,
    total_advantages,
    total_limitations,
)
from champions_mush.rules.champions.costs import as_fraction
from champions_mush.rules.dice import DiceAmount
from champions_mush.rules.errors import RulesError


@pytest.mark.parametrize(("value", "rounded"), [
    (Fraction(75, 2), 37), (Fraction(5, 2), 2), (Fraction(-5, 2), -3), (Fraction(286, 10), 29), (20, 20),
])
def test_costs_round_half_in_the_characters_favour(value, rounded):
    assert round_cost(value) == rounded


@pytest.mark.parametrize(("base", "advantages", "active"), [
    (60, 0, 60),                       # Energy Blast 12d6
    (60, Fraction(1, 2), 90),          # +1/2 Advantage
    (40, Fraction(1, 2), 60),          # 8d6 Armor Piercing
    (60, Fraction(1, 4), 75),          # Reduced Endurance (1/2 END)
    (25, Fraction(1, 2), 37),          # 37.5 rounds down
    (30, 1, 60),                       # 2d6 RKA, NND +1
    (50, "0.75", 87),                  # 87.5 rounds down
])
def test_active_points(base, advantages, active):
    assert active_points(base, advantages) == active


@pytest.mark.parametrize(("active", "limitations", "real"), [
    (60, Fraction(-1, 4), 48),         # -1/4 Limitation
    (60, Fraction(1, 4), 48),          # the size may be given
    (60, -1, 30),                      # OAF
    (90, Fraction(-3, 2), 36),
    (50, Fraction(-3, 4), 29),         # 28.57
    (5, -1, 2),                        # 2.5 rounds down
    (45, Fraction(-5, 4), 20),
    (35, Fraction(-3, 4), 20),         # Naked Advantage 70 x 1/2, Gestures (both hands) and Visible
])
def test_real_cost(active, limitations, real):
    assert real_cost(active, limitations) == real


def test_advantage_and_limitation_totals_take_their_own_sign():
    values = ["0.5", "-0.25", "0.25", "-1.0"]
    assert total_advantages(values) == Fraction(3, 4)
    assert total_limitations(values) == Fraction(5, 4)


def test_negative_advantages_are_refused():
    with pytest.raises(RulesError, match=r"Advantages add to a power: their total cannot be negative\."):
        active_points(60, -1)


@pytest.mark.parametrize(("name", "value", "points"), [
    ("STR", 11, 1), ("DEX", 12, 6), ("CON", 13, 6), ("BODY", 14, 8), ("INT", 15, 5), ("EGO", 16, 12),
    ("PRE", 17, 7), ("COM", 18, 4), ("RUNNING", 27, 42), ("SWIMMING", 28, 26), ("LEAPING", 29, 27),
    ("STR", 8, -2), ("END", 25, 3),
])
def test_characteristic_costs(name, value, points):
    primaries = {"STR": 11, "DEX": 12, "CON": 13, "BODY": 14, "INT": 15, "EGO": 16, "PRE": 17, "COM": 18}
    if name == "END":
        primaries = {}
    assert characteristic_cost(name, value, primaries) == points


@pytest.mark.parametrize(("name", "value", "points"), [
    ("END", 35, 8),     # README of the Hero Designer files: END +15 at 1/2 point costs 8
    ("COM", 5, -2),     # COM 5 is 2 1/2 points back: Hero Designer gives back 2
    ("COM", -10, -10),  # sold below 0: 20 points of COM at 1/2
    ("COM", -30, -20),
    ("STR", -5, -15),
])
def test_characteristic_half_points_round_up_and_negatives_are_priced(name, value, points):
    assert characteristic_cost(name, value, {}) == points


def test_spd_is_paid_from_its_figured_fraction():
    # DEX 12 figures SPD 2.2; SPD 4 costs 10 x 1.8 = 18 (Hero Designer: 18).
    assert figured_exact("SPD", {"DEX": 12}) == Fraction(11, 5)
    assert characteristic_cost("SPD", 4, {"DEX": 12}) == 18
    assert characteristic_start("SPD", {"DEX": 12}) == 2


def test_spd_left_at_its_figured_value_costs_nothing():
    assert characteristic_cost("SPD", 3, {"DEX": 21}) == 0
    assert characteristic_cost("SPD", 2, {"DEX": 21}) == -11   # sold down from 3.1


def test_figured_starts_round_each_term_as_hero_designer():
    primaries = {"STR": 11, "DEX": 12, "CON": 13, "BODY": 14}
    starts = {name: characteristic_start(name, primaries) for name in ("PD", "ED", "REC", "END", "STUN")}
    assert starts == {"PD": 2, "ED": 3, "REC": 5, "END": 26, "STUN": 27}
    assert characteristic_cost("STUN", 27, primaries) == 0


def test_unknown_characteristic_is_refused():
    with pytest.raises(RulesError, match="FOO is not a characteristic"):
        characteristic_cost("FOO", 10)


@pytest.mark.parametrize(("per_die", "dice", "points"), [
    (5, "12", 60), (5, "12 1/2", 63), (5, "6d6+1", 32), (15, "2", 30), (15, "2 1/2", 40),
    (15, "1d6+1", 20), (10, "3", 30), (10, "1 1/2", 15),
])
def test_dice_cost(per_die, dice, points):
    assert dice_cost(per_die, DiceAmount.parse(dice)) == points


def test_die_parts_table():
    assert DIE_PARTS == {5: (2, 3), 10: (3, 5), 15: (5, 10)}


@pytest.mark.parametrize(("xmlid", "levels", "points"), [
    ("ARMOR", 16, 24), ("FORCEFIELD", 20, 20), ("DAMAGERESISTANCE", 10, 5), ("FLIGHT", 10, 20),
    ("TELEPORTATION", 10, 20), ("SWINGING", 10, 10), ("CLINGING", 0, 10), ("TELEKINESIS", 2, 3),
    ("MENTALDEFENSE", 10, 10),
])
def test_power_base_costs(xmlid, levels, points):
    assert power_base_cost(POWERS[xmlid], levels) == points


def test_find_power_by_name_short_name_or_start():
    assert find_power("energy blast").xmlid == "ENERGYBLAST"
    assert find_power("EB").xmlid == "ENERGYBLAST"
    assert find_power("ff").xmlid == "FORCEFIELD"
    assert find_power("armo").xmlid == "ARMOR"
    with pytest.raises(RulesError, match="does not know a power called 'Cosmic'"):
        find_power("Cosmic")


def test_modifier_list_values():
    assert MODIFIERS["armorpiercing"].value == Fraction(1, 2)
    assert MODIFIERS["oaf"].value == -1
    assert MODIFIERS["act8"].value == Fraction(-3, 2)
    assert find_modifier("+Armor").key == "armorpiercing"
    assert find_modifier("-oaf").name == "Focus (OAF)"
    with pytest.raises(RulesError, match="could be"):
        find_modifier("act")


@pytest.mark.parametrize(("value", "text"), [
    (Fraction(1, 2), "+1/2"), (-1, "-1"), (Fraction(5, 4), "+1 1/4"), (Fraction(-1, 4), "-1/4"), ("1.5", "+1 1/2"),
])
def test_modifier_value_text(value, text):
    assert modifier_value_text(value) == text


@pytest.mark.parametrize(("args", "points"), [
    (("CLIMBING", 0, "DEX"), 3), (("BREAKFALL", 3, "DEX"), 9), (("KNOWLEDGE_SKILL", 0, "GENERAL"), 2),
    (("KNOWLEDGE_SKILL", 1, "GENERAL"), 3), (("KNOWLEDGE_SKILL", 0, "INT"), 3),
])
def test_skill_costs(args, points):
    assert skill_cost(*args) == points


def test_familiarity_and_everyman_skills():
    assert skill_cost("CLIMBING", familiarity=True) == 1
    assert skill_cost("STEALTH", everyman=True) == 0


def test_skill_targets():
    assert skill_target("DEX", 15) == 12
    assert skill_target("DEX", 18, levels=2) == 15
    assert skill_target("GENERAL", None, levels=1) == 12
    assert skill_target("DEX", 30, familiarity=True) == 8


@pytest.mark.parametrize(("xmlid", "option", "levels", "points"), [
    ("COMBAT_LEVELS", "SINGLE", 1, 2), ("COMBAT_LEVELS", "TIGHT", 2, 6), ("COMBAT_LEVELS", "HTH", 2, 10),
    ("COMBAT_LEVELS", "ALL", 1, 8), ("SKILL_LEVELS", "OVERALL", 1, 10), ("PENALTY_SKILL_LEVELS", "SINGLE", 1, 1),
    ("MENTAL_COMBAT_LEVELS", "TIGHT", 2, 6),
])
def test_skill_level_costs(xmlid, option, levels, points):
    assert skill_level_cost(xmlid, option, levels) == points


def test_unpriced_skill_level_option_is_none():
    assert skill_level_cost("COMBAT_LEVELS", "NOSUCHOPTION", 1) is None


@pytest.mark.parametrize("text", ["1e10000000", "1e-10000000", "9e4299", "12345678", "1_000", "٣", "nan", "1/0"])
def test_only_plain_short_decimals_are_points(text):
    with pytest.raises(RulesError) as raised:
        as_fraction(text)
    assert str(raised.value) == f"'{text}' is not a number of points."


@pytest.mark.parametrize(("text", "value"), [("-0.25", Fraction(-1, 4)), ("+1/2", Fraction(1, 2)), ("3.0", Fraction(3))])
def test_plain_decimals_and_fractions_are_points(text, value):
    assert as_fraction(text) == value


@pytest.mark.parametrize(("strength", "leap"), [(10, 2), (20, 4), (23, 5), (30, 6), (0, 0)])
def test_leaping_starts_at_1_inch_per_5_str(strength, leap):
    """RULES MOVEMENT: Normal humans have ... a forward leap of 1" per 5 STR."""
    assert characteristic_start("LEAPING", {"STR": strength}) == leap
