"""endurance: RULES END USE (cost, 0 END, Pushing: Groundare) and END only for STR used."""

import pytest

from champions_mush.rules.champions import (
    MAX_PUSH,
    end_cost,
    movement_end,
    push,
    spend_end,
    strength_attack_dice,
)
from champions_mush.rules.dice import DiceAmount, FixedRoller
from champions_mush.rules.errors import RulesError


@pytest.mark.parametrize(
    ("points", "end"),
    [
        (0, 0), (3, 1), (10, 1), (20, 2), (25, 2), (26, 3), (60, 6), (85, 8),
    ],
)
def test_one_end_per_10_active_points(points, end):
    assert end_cost(points) == end


@pytest.mark.parametrize(("inches", "end"), [(0, 0), (1, 1), (5, 1), (10, 2), (20, 4), (13, 3)])
def test_movement_end_one_per_5_inches(inches, end):
    assert movement_end(inches) == end


def test_groundare_pushes_20_str_to_30_for_12_end():
    result = push(20, MAX_PUSH)
    assert (result.points, result.end) == (30, 12)


def test_push_is_at_most_10():
    assert MAX_PUSH == 10
    with pytest.raises(RulesError, match="0 to 10"):
        push(20, 11)
    with pytest.raises(RulesError, match=r"A Push is 0 to 10 points\."):
        push(20, -1)


def test_haymaker_costs_only_the_str_used():
    assert strength_attack_dice(40, extra_dcs=4) == DiceAmount(12)
    assert end_cost(40) == 4


def test_spending_end_with_enough_end():
    spent = spend_end(10, 30, 4, FixedRoller([]))
    assert (spent.end, spent.stun, spent.stun_faces, spent.knocked_out) == (6, 30, (), False)


def test_end_never_below_zero_and_each_missing_end_costs_1d6_stun():
    spent = spend_end(2, 20, 5, FixedRoller([4, 6, 1]))
    assert spent.end == 0
    assert spent.stun_faces == (4, 6, 1)
    assert (spent.stun_lost, spent.stun) == (11, 9)
    assert not spent.knocked_out


def test_exhaustion_knocks_out():
    spent = spend_end(0, 5, 2, FixedRoller([3, 2]))
    assert (spent.stun, spent.knocked_out) == (0, True)


def test_negative_costs_refused():
    with pytest.raises(RulesError, match=r"END and END costs cannot be negative\."):
        spend_end(5, 5, -1, FixedRoller([]))
    with pytest.raises(RulesError, match=r"Active Points cannot be negative\."):
        end_cost(-10)
