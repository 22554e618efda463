"""rolls: attack rolls (11 + OCV - DCV, 3 hits, 18 misses), characteristic and skill rolls."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.rules.champions import (
    attack_roll,
    attack_target,
    characteristic_roll,
    characteristic_target,
    cv,
    range_modifier,
    skill_roll,
)
from champions_mush.rules.dice import FixedRoller, RandomRoller
from champions_mush.rules.errors import RulesError


def test_guide_ocv_8_vs_dcv_6_is_13_or_less():
    assert attack_target(8, 6) == 13


def test_attack_roll_hit_and_miss_at_the_boundary():
    hit = attack_roll(8, 6, FixedRoller([6, 5, 2]))
    assert (hit.faces, hit.total, hit.target, hit.hit) == ((6, 5, 2), 13, 13, True)
    miss = attack_roll(8, 6, FixedRoller([6, 5, 3]))
    assert (miss.total, miss.hit) == (14, False)


def test_attack_roll_reports_the_dcv_it_hits():
    result = attack_roll(8, None, FixedRoller([4, 5, 4]))
    assert result.hits_dcv == 6
    assert result.hit is None
    assert result.target is None


def test_three_always_hits_and_eighteen_always_misses():
    assert attack_roll(0, 30, FixedRoller([1, 1, 1])).hit is True
    assert attack_roll(30, 0, FixedRoller([6, 6, 6])).hit is False
    assert attack_roll(0, None, FixedRoller([1, 1, 1])).hit is True


@pytest.mark.parametrize(("dex", "value"), [(10, 3), (18, 6), (20, 7), (23, 8), (0, 0)])
def test_cv_is_dex_over_3(dex, value):
    assert cv(dex) == value


@pytest.mark.parametrize(
    ("value", "target"),
    [
        (10, 11), (18, 13), (20, 13), (23, 14), (15, 12), (12, 11), (13, 12),
    ],
)
def test_characteristic_target_is_9_plus_char_over_5(value, target):
    assert characteristic_target(value) == target


def test_skill_roll_margin():
    made = skill_roll(13, FixedRoller([3, 3, 4]))
    assert (made.total, made.success, made.margin) == (10, True, 3)
    missed = skill_roll(13, FixedRoller([6, 5, 4]), modifier=-2)
    assert (missed.target, missed.success, missed.margin) == (11, False, -4)


def test_skill_roll_3_and_18():
    assert skill_roll(0, FixedRoller([1, 1, 1])).success
    assert not skill_roll(30, FixedRoller([6, 6, 6])).success


def test_characteristic_roll():
    result = characteristic_roll(18, FixedRoller([5, 5, 3]), modifier=-1)
    assert (result.target, result.success, result.margin) == (12, False, -1)


@pytest.mark.parametrize(
    ("inches", "modifier"),
    [
        (0, 0), (4, 0), (5, -2), (8, -2), (9, -4), (16, -4), (17, -6), (64, -8),
    ],
)
def test_range_modifier(inches, modifier):
    assert range_modifier(inches) == modifier


def test_bad_values_refused():
    with pytest.raises(RulesError, match=r"A characteristic cannot be negative here\."):
        characteristic_target(-1)
    with pytest.raises(RulesError, match=r"Range cannot be negative\."):
        range_modifier(-1)
    with pytest.raises(RulesError, match=r"DEX cannot be negative\."):
        cv(-3)


@settings(max_examples=100, deadline=None)
@given(ocv=st.integers(0, 15), dcv=st.integers(0, 15), seed=st.integers(0, 2**32))
def test_hit_agrees_with_hits_dcv(ocv, dcv, seed):
    result = attack_roll(ocv, dcv, RandomRoller(seed))
    if result.total not in (3, 18):
        assert result.hit == (dcv <= result.hits_dcv)


def test_seeded_hit_rate_at_11_or_less_is_62_5_percent():
    roller = RandomRoller(99)
    hits = sum(bool(attack_roll(5, 5, roller).hit) for _ in range(4000))
    assert abs(hits / 4000 - 0.625) < 0.03


def test_effective_dcv_under_conditions():
    from champions_mush.rules.champions import effective_dcv

    assert effective_dcv(7) == 7
    assert effective_dcv(7, stunned=True) == 4  # ½ of 7, .5 up in the character's favour
    assert effective_dcv(8, prone=True) == 4
    assert effective_dcv(8, recovering=True) == 4
    assert effective_dcv(8, stunned=True, prone=True) == 4  # halvings do not stack
    assert effective_dcv(8, knocked_out=True) == 0
    assert effective_dcv(8, knocked_out=True, stunned=True) == 0
