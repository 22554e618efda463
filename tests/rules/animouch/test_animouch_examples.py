"""The AnimOuch! seed's worked examples, exactly."""

from champions_mush.rules.animouch import (
    CollisionOutcome,
    DamageModifiers,
    HitModifiers,
    Outcome,
    check,
    collision,
    damage_cap,
    inflict,
    knockback_impact,
    moved_over_ten,
    roll_damage,
    roll_scatter,
    roll_to_hit,
    scale_knockback,
    scatter_dice,
    spray_fire,
    terrain_shot,
)
from champions_mush.rules.dice import FixedRoller


def test_chen_toughness_12_takes_two_wounds_from_28():
    wounds = inflict(28, 12)
    assert wounds.count == 2
    assert wounds.ignored == 4


def test_pilot_needs_9_or_less_and_clipping_leaves_7_inches():
    # initiative 1, drive 2: 7 + 1 + 2 = 10; under it (9 or less) avoids, 10 clips.
    avoided = collision(20, 6, initiative=1, avoidance=2, roller=FixedRoller([4, 5]))
    clipped = collision(20, 6, initiative=1, avoidance=2, roller=FixedRoller([4, 6]))
    hit = collision(20, 6, initiative=1, avoidance=2, roller=FixedRoller([5, 6]))
    assert avoided.roll.target == 10
    assert (avoided.outcome, avoided.impact, avoided.move_left) == (CollisionOutcome.AVOIDED, 0, 14)
    assert (clipped.outcome, clipped.impact, clipped.move_left) == (CollisionOutcome.CLIPPED, 0, 7)
    assert (hit.outcome, hit.impact, hit.move_left) == (CollisionOutcome.HIT, 4, 7)


def test_door_caps_collision_damage_at_10():
    assert damage_cap(5, 2) == 10


def test_margos_and_slabo():
    # 60 damage against toughness 18: 3 wounds.
    assert inflict(60, 18).count == 3
    # 12" of knockback into an office block after 2": 10 dice for him and 10 for the building.
    assert knockback_impact(12, 2) == 10
    # The building collapses for 120 each: Slabo (T18) takes 6 more, Margos (T10) 12.
    assert inflict(120, 18).count == 6
    assert inflict(120, 10).count == 12


def test_bus_carrying_12_moves_1_inch_for_12_inches_of_knockback():
    assert scale_knockback(12, 12) == 1
    assert scale_knockback(23, 12) == 1
    assert scale_knockback(24, 12) == 2


def test_barn_wall_hit_automatically_up_to_120_inches():
    assert terrain_shot(120, 12).automatic
    beyond = terrain_shot(121, 12)
    assert not beyond.automatic and beyond.modifier == 4
    assert terrain_shot(241, 12).modifier == 3


def test_scatter_dice_for_4_7_and_30_inches():
    assert scatter_dice(4) == (1, 3)
    assert scatter_dice(7) == (1, 6)
    assert scatter_dice(30) == (3, 6)
    scatter = roll_scatter(30, FixedRoller([2, 6, 5, 4]))
    assert (scatter.direction, scatter.faces, scatter.distance) == (2, (6, 5, 4), 15)
    assert scatter.dice_text == "3D6"
    assert roll_scatter(4, FixedRoller([1, 3])).dice_text == "D3"


def test_molly_skill_shot_with_target_9_on_5_or_less():
    five = roll_to_hit(HitModifiers(accuracy=2), FixedRoller([2, 3]))
    six = roll_to_hit(HitModifiers(accuracy=2), FixedRoller([3, 3]))
    assert five.target == 9
    assert five.outcome is Outcome.SKILL_SHOT
    assert six.outcome is Outcome.SUCCESS
    damage = roll_damage(3, FixedRoller([1, 4, 6]), DamageModifiers.from_hit(five))
    assert damage.die_values == (2, 5, 7)
    assert damage.total == 14


def test_molly_leaps_into_the_over_10_inch_bonus():
    assert moved_over_ten(8, leap=3)
    assert not moved_over_ten(8, leap=3, flying=True)
    assert not moved_over_ten(10)


def test_lord_fredxxx_rolls_5_against_10_a_skill_shot():
    result = check(10, FixedRoller([1, 4]))
    assert result.roll == 5
    assert result.outcome is Outcome.SKILL_SHOT


def test_shagren_sprays_seven_impact():
    three = spray_fire(7, 3)
    two = spray_fire(7, 2)
    assert (three.attacks, three.impact_each, three.lost) == (3, 2, 1)
    assert (two.attacks, two.impact_each, two.lost) == (2, 3, 1)
    assert spray_fire(7, 7).impact_each == 1
