"""AnimOuch! attempts: the target number, grades, automatic results, opposed attempts."""

import pytest

from champions_mush.rules.animouch import (
    DIFFICULTY_LADDER,
    Outcome,
    check,
    grade,
    opposed,
    target_number,
)
from champions_mush.rules.dice import FixedRoller
from champions_mush.rules.errors import RulesError


@pytest.mark.parametrize(
    ("name", "target"),
    [("ridiculously easy", 10), ("simple", 9), ("basic", 8), ("normal", 7),
     ("tricky", 6), ("tough", 5), ("really hard", 4)],
)
def test_difficulty_ladder_row(name, target):
    assert DIFFICULTY_LADDER[name] == target


def test_target_number_is_7_plus_gm_modifier_plus_skill():
    assert target_number() == 7
    assert target_number(skill=2, modifier=-1) == 8
    with pytest.raises(RulesError, match=r"A target number of 107 makes no sense \(keep it within 2 to 12\)\."):
        target_number(skill=100)


@pytest.mark.parametrize(
    ("roll", "outcome"),
    [(3, Outcome.SKILL_SHOT), (2, Outcome.SKILL_SHOT), (4, Outcome.SUCCESS),
     (6, Outcome.SUCCESS), (7, Outcome.PARTIAL), (8, Outcome.FAILURE)],
)
def test_grades_against_7(roll, outcome):
    assert grade(roll, 7) is outcome


def test_two_always_succeeds_and_twelve_always_fails():
    assert grade(2, 1) is Outcome.SUCCESS
    assert grade(2, 2) is Outcome.SUCCESS
    assert grade(12, 20) is Outcome.FAILURE
    assert check(1, FixedRoller([1, 1])).automatic
    assert check(20, FixedRoller([6, 6])).automatic
    assert not check(7, FixedRoller([6, 6])).automatic


@pytest.mark.parametrize("roll", [10, 11, 12])
def test_unskilled_fail_on_10_to_12(roll):
    assert grade(roll, 15, skilled=False) is Outcome.FAILURE
    assert grade(roll, 15, skilled=True) is not Outcome.FAILURE or roll == 12


def test_unskilled_nine_still_graded_normally():
    assert grade(9, 15, skilled=False) is Outcome.SKILL_SHOT


def test_opposed_highest_total_wins_ties_undecided():
    first = opposed(2, 0, FixedRoller([3, 4, 5, 3]))
    assert first.totals == (9, 8)
    assert first.winner == 0
    assert opposed(0, 3, FixedRoller([6, 6, 1, 1])).winner == 0
    assert opposed(0, 3, FixedRoller([1, 2, 1, 1])).winner == 1
    assert opposed(1, 0, FixedRoller([3, 3, 4, 3])).winner is None
