"""The pure rules of Explosion, Reduced Penetration, Side Effects and Skill Levels (HERO 5E revised)."""

from fractions import Fraction

import pytest

from champions_mush.rules.champions.advantages import ModifierOn, PowerEffects, explosion_inches, power_effects
from champions_mush.rules.champions.dcs import AttackKind
from champions_mush.rules.champions.defenses import through_body
from champions_mush.rules.champions.explosion import dcs_lost, faded
from champions_mush.rules.champions.levels import AttackUse, Level, LevelUse, give_levels
from champions_mush.rules.dice import DiceAmount, DiceRoll
from champions_mush.rules.errors import RulesError


@pytest.mark.parametrize(("value", "inches"), [("1/2", 1), ("3/4", 2), ("1", 3), ("5/4", 4)])
def test_explosion_fades_1_dc_per_1_inch_and_1_more_inch_per_quarter(value, inches):
    assert explosion_inches(Fraction(value)) == inches


def test_dcs_lost_by_distance():
    assert [dcs_lost(d, 2) for d in (0, 1, 2, 3, 5)] == [0, 0, 1, 1, 2]
    with pytest.raises(RulesError, match="0 inches or more"):
        dcs_lost(-1, 1)


def test_normal_explosion_loses_its_highest_dice_in_their_order():
    rolled = DiceRoll(DiceAmount(4, half=True), (2, 6, 1, 5), 4)
    assert faded(rolled, AttackKind.NORMAL, 2) == DiceRoll(DiceAmount(2, half=True), (2, 1), 4)
    assert faded(rolled, AttackKind.NORMAL, 4) == DiceRoll(DiceAmount(0, half=True), (), 4)
    assert faded(rolled, AttackKind.NORMAL, 5) is None


def test_killing_explosion_steps_down_the_dc_ladder():
    """RULES DC 2: 2d6+1 is 7 DC; 6 DC 2d6, 5 DC 1 1/2d6, 4 DC 1d6+1, 3 DC 1d6."""
    rolled = DiceRoll(DiceAmount(2, pips=1), (5, 3))
    assert [faded(rolled, AttackKind.KILLING, n) for n in (1, 2, 3, 4)] == [
        DiceRoll(DiceAmount(2), (5, 3)), DiceRoll(DiceAmount(1, half=True), (3,), 5),
        DiceRoll(DiceAmount(1, pips=1), (3,)), DiceRoll(DiceAmount(1), (3,))]


def test_reduced_penetration_puts_each_half_against_the_defense():
    assert through_body(11, 4, halves=True) == 3
    assert through_body(11, 4) == 7
    assert through_body(7, 4, halves=True) == 0


@pytest.mark.parametrize(("value", "active", "points"), [
    ("-1/4", 40, 15), ("-1/4", 100, 25), ("-1/2", 40, 30), ("-1/2", 90, 45), ("-1", 40, 60), ("-1", 90, 90)])
def test_side_effects_are_worth_the_greater_of_a_floor_and_a_share(value, active, points):
    effects = power_effects([ModifierOn("SIDEEFFECTS", "", Fraction(value), "Side Effects")])
    assert effects.side_effect_points(active) == points
    assert PowerEffects().side_effect_points(active) == 0


def _level(count, option, words="", xmlid="COMBAT_LEVELS"):
    return Level("L", count, xmlid, option, words)


def test_levels_by_option_and_use():
    strike, blast = AttackUse("Strike", "HTH", strike=True), AttackUse("Blaster", "RANGED")
    levels = [_level(2, "HTH"), _level(1, "SINGLE", "with Blaster"), _level(1, "DCV"), _level(3, "ALL")]
    assert give_levels(levels, strike) == LevelUse(ocv=5, dcv=1)
    assert give_levels(levels, strike, dcv=2, dcs=1) == LevelUse(ocv=1, dcv=3, dcs=1)
    assert give_levels(levels, blast) == LevelUse(ocv=4, dcv=1)
    with pytest.raises(RulesError, match="3 Combat Skill Levels of 3 points or more"):
        give_levels(levels, blast, dcs=2)


def test_penalty_levels_offset_only_the_penalty():
    shot = AttackUse("Blaster", "RANGED", range_penalty=-4, other_penalty=-1)
    assert give_levels([_level(2, "ALL", "vs Range", "PENALTY_SKILL_LEVELS")], shot).offset == 2
    assert give_levels([_level(9, "ALL", "vs Range", "PENALTY_SKILL_LEVELS")], shot).offset == 4
    assert give_levels([_level(9, "ALL", "", "PENALTY_SKILL_LEVELS")], shot).offset == 5
