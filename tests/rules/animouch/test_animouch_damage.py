"""AnimOuch! damage dice, their modifiers, wounds, standing, healing, groups, stun."""

import pytest

from champions_mush.rules.animouch import (
    CharacterKind,
    DamageModifiers,
    Standing,
    figures_remaining,
    heal,
    inflict,
    roll_damage,
    spray_fire,
    standing,
)
from champions_mush.rules.dice import FixedRoller
from champions_mush.rules.errors import RulesError

FACES = [6, 5, 3, 1]  # 15 on four dice


def damage(**mods):
    return roll_damage(4, FixedRoller(FACES), DamageModifiers(**mods))


def test_one_die_per_point_of_impact():
    result = damage()
    assert result.faces == (6, 5, 3, 1)
    assert result.total == 15


def test_glancing_blow_halves_and_extreme_range_halves():
    assert damage(glancing=True).total == 7
    assert damage(extreme_range=True).total == 7


def test_two_halvings_quarter():
    assert damage(glancing=True, extreme_range=True).total == 3


def test_skill_shot_adds_one_per_die_before_halving():
    # extreme range skill shot: 19 after +1 per die, then halved.
    assert damage(skill_shot=True, extreme_range=True).total == 9


def test_flying_hand_to_hand_minus_one_per_die_not_below_zero():
    result = damage(flying_hand_to_hand=True)
    assert result.die_values == (5, 4, 2, 0)
    assert result.total == 11


def test_moving_over_10_plus_one_per_die():
    assert damage(moved_over_10=True).total == 19
    assert damage(moved_over_10=True, skill_shot=True).total == 23


def test_wounds_need_a_whole_toughness():
    assert inflict(11, 12).count == 0
    assert inflict(12, 12).count == 1
    with pytest.raises(RulesError, match=r"Toughness must be at least 1\."):
        inflict(10, 0)


def test_stun_wounds_still_count():
    wounds = inflict(30, 10, stun=True)
    assert wounds.count == 3 and wounds.stun


@pytest.mark.parametrize(
    ("kind", "taken", "total", "state"),
    [(CharacterKind.CIVVY, 1, 3, Standing.OUT), (CharacterKind.CIVVY, 0, 3, Standing.ACTIVE),
     (CharacterKind.PLEB, 2, 3, Standing.ACTIVE), (CharacterKind.PLEB, 3, 3, Standing.OUT),
     (CharacterKind.TOUGHIE, 4, 3, Standing.OUT), (CharacterKind.HERO, 3, 3, Standing.UNCONSCIOUS),
     (CharacterKind.HERO, 2, 3, Standing.ACTIVE)],
)
def test_standing(kind, taken, total, state):
    assert standing(kind, taken, total) is state


def test_healing_one_wound_per_point_never_past_original():
    assert heal(3, 2) == 1
    assert heal(1, 4) == 0


def test_group_loses_figures_in_proportion():
    assert figures_remaining(10, 5, 2) == 6
    assert figures_remaining(10, 5, 5) == 0
    assert figures_remaining(3, 4, 1) == 3


def test_spray_fire_refuses_empty_attacks():
    with pytest.raises(RulesError, match=r"Split the impact into at least one attack, each with 1 impact or more\."):
        spray_fire(3, 4)
    with pytest.raises(RulesError, match=r"Split the impact into at least one attack, each with 1 impact or more\."):
        spray_fire(3, 0)


def test_negative_impact_refused():
    with pytest.raises(RulesError, match=r"Impact must be between 0 and 200\."):
        roll_damage(-1, FixedRoller([]))
