"""AnimOuch! knockback, falling, collisions, charges, running away and movement costs."""

from fractions import Fraction

import pytest

from champions_mush.rules.animouch import (
    attacker_chooses_direction,
    charge_impact,
    collision,
    fall,
    landing_cost,
    may_get_scared,
    obstacle_cost,
    roll_knockback,
    run_away_check,
    space_speed_change,
    terrain_cost,
)
from champions_mush.rules.dice import FixedRoller
from champions_mush.rules.errors import RulesError


def test_knockback_one_die_per_point():
    kb = roll_knockback(3, FixedRoller([4, 4, 4]))
    assert kb.distance == 12


def test_attacker_chooses_direction_only_at_zero_range_when_knockback_beats_damage():
    assert attacker_chooses_direction(12, 10, zero_range=True)
    assert not attacker_chooses_direction(10, 10, zero_range=True)
    assert not attacker_chooses_direction(12, 10, zero_range=False)


def test_falling_hurts_per_inch_beyond_leap():
    assert fall(10, 3).impact == 7
    assert fall(2, 3).impact == 0


def test_knockback_fall_needs_7_or_less_or_takes_the_full_distance():
    safe = fall(10, 3, FixedRoller([3, 4]), from_knockback=True)
    full = fall(10, 3, FixedRoller([4, 4]), from_knockback=True)
    assert (safe.full_distance, safe.impact) == (False, 7)
    assert (full.full_distance, full.impact) == (True, 10)
    with pytest.raises(RulesError, match=r"A knockback fall needs a roll\."):
        fall(10, 3, from_knockback=True)


def test_charge_one_die_per_five_inches():
    assert charge_impact(14) == 2
    assert charge_impact(15) == 3


def test_collision_only_when_moving_over_10():
    with pytest.raises(RulesError, match="over 10"):
        collision(10, 2, 0, 0, FixedRoller([1, 1]))
    with pytest.raises(RulesError, match=r"The distance moved must be between 0 and the speed\."):
        collision(12, 13, 0, 0, FixedRoller([1, 1]))


def test_collision_natural_12_always_hits():
    result = collision(30, 0, initiative=5, avoidance=5, roller=FixedRoller([6, 6]))
    assert result.impact == 6


def test_run_away_unless_lower_than_7_plus_avoidance():
    assert run_away_check(1, FixedRoller([3, 4])).holds
    assert not run_away_check(1, FixedRoller([4, 4])).holds
    assert not run_away_check(1, FixedRoller([5, 4])).holds


def test_who_may_get_scared():
    assert may_get_scared(enemy_points=500, own_points=50)
    assert not may_get_scared(enemy_points=500, own_points=50, protected=True)
    assert not may_get_scared(enemy_points=499, own_points=50)
    assert may_get_scared(wounds_lost=2, wounds_total=4)
    assert not may_get_scared(wounds_lost=1, wounds_total=4)
    assert may_get_scared(wounds_lost=1, wounds_total=4, lost_in_one_attack=1)
    assert not may_get_scared(wounds_lost=1, wounds_total=8, lost_in_one_attack=1)


def test_movement_costs():
    assert terrain_cost(3, rough=True) == 6
    assert terrain_cost(3) == 3
    assert obstacle_cost(2) == 4
    assert landing_cost(10) == Fraction(5, 2)
    assert space_speed_change(10) == 5
