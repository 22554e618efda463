"""recovery: RULES RECOVERING 1-3, HOLDING BREATH, and waking up (Astron)."""

from fractions import Fraction

import pytest

from champions_mush.rules.champions import (
    HOLDING_BREATH_MIN_SPD,
    body_healing,
    can_recover,
    hold_breath_phase,
    recovery,
)
from champions_mush.rules.dice import FixedRoller
from champions_mush.rules.errors import RulesError


def test_astron_wakes_with_9_stun_and_9_end():
    result = recovery(stun=-3, end=0, rec=12, max_stun=40, max_end=50)
    assert (result.stun, result.end, result.woke_up) == (9, 9, True)


def test_waking_overrides_the_end_he_had():
    result = recovery(stun=-3, end=30, rec=12, max_stun=40, max_end=50)
    assert (result.stun, result.end) == (9, 9)


def test_still_out_after_a_recovery():
    result = recovery(stun=-20, end=5, rec=12, max_stun=40, max_end=50)
    assert (result.stun, result.end, result.woke_up) == (-8, 17, False)


def test_recovery_adds_rec_up_to_the_maxima():
    result = recovery(stun=35, end=45, rec=10, max_stun=40, max_end=50)
    assert (result.stun, result.end, result.woke_up) == (40, 50, False)
    result = recovery(stun=20, end=10, rec=10, max_stun=40, max_end=50)
    assert (result.stun, result.end) == (30, 20)


def test_recovery_refuses_negative_rec():
    with pytest.raises(RulesError, match=r"REC cannot be negative; maximum STUN is at least 1\."):
        recovery(stun=1, end=1, rec=-1, max_stun=10, max_end=10)


def test_when_recovery_is_lost():
    assert can_recover()
    assert not can_recover(stunned=True)
    assert not can_recover(holding_breath=True)
    assert not can_recover(damaged_this_segment=True)


def test_holding_breath_lets_spd_drop_to_2():
    assert HOLDING_BREATH_MIN_SPD == 2


def test_holding_breath_spends_one_end_a_phase():
    phase = hold_breath_phase(end=3, stun=20, body=10, roller=FixedRoller([]))
    assert (phase.end, phase.stun, phase.body, phase.stun_faces) == (2, 20, 10, ())


def test_holding_breath_at_zero_end_costs_stun():
    phase = hold_breath_phase(end=0, stun=20, body=10, roller=FixedRoller([5]))
    assert (phase.end, phase.stun, phase.body, phase.stun_faces) == (0, 15, 10, (5,))


def test_holding_breath_at_zero_end_and_stun_costs_body():
    phase = hold_breath_phase(end=0, stun=0, body=10, roller=FixedRoller([]))
    assert (phase.end, phase.stun, phase.body) == (0, 0, 9)
    phase = hold_breath_phase(end=0, stun=-4, body=1, roller=FixedRoller([]))
    assert phase.body == 0


@pytest.mark.parametrize(
    ("kwargs", "body", "days"),
    [
        ({}, Fraction(10), 30),
        ({"adventuring": True}, Fraction(5), 30),
        ({"poor_conditions": True}, Fraction(5), 30),
        ({"adventuring": True, "poor_conditions": True}, Fraction(5, 2), 30),
        ({"hospital": True}, Fraction(10), 7),
    ],
)
def test_body_healing_rates_for_rec_10(kwargs, body, days):
    rate = body_healing(10, **kwargs)
    assert (rate.body, rate.days) == (body, days)


def test_rec_10_is_about_one_body_every_3_days():
    assert body_healing(10).days_per_body == 3
    assert body_healing(0).days_per_body is None
