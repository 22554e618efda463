"""movement: RULES MOVEMENT (Sonar's half and full moves, 1" = 2 m, human movement)."""

from fractions import Fraction

import pytest

from champions_mush.rules.champions import (
    HUMAN_RUNNING,
    HUMAN_SWIMMING,
    MoveKind,
    forward_leap,
    inches_to_metres,
    move_kind,
    vertical_leap,
)
from champions_mush.rules.errors import RulesError


@pytest.mark.parametrize(
    ("distance", "kind"),
    [
        (1, MoveKind.HALF), (10, MoveKind.HALF), (11, MoveKind.FULL), (20, MoveKind.FULL),
        (0, MoveKind.HALF),
    ],
)
def test_sonar_20_inches_of_flight(distance, kind):
    assert move_kind(distance, 20) is kind


def test_odd_movement_half_rounds_down():
    assert move_kind(7, 15) is MoveKind.HALF
    assert move_kind(8, 15) is MoveKind.FULL


def test_cannot_move_beyond_the_movement():
    with pytest.raises(RulesError, match="more than"):
        move_kind(21, 20)


def test_one_inch_is_two_metres():
    assert inches_to_metres(4) == 8


def test_human_movement():
    assert (HUMAN_RUNNING, HUMAN_SWIMMING) == (6, 2)
    assert forward_leap(10) == 2
    assert forward_leap(23) == Fraction(23, 5)
    assert vertical_leap(10) == 1
    with pytest.raises(RulesError, match=r"STR cannot be negative\."):
        forward_leap(-1)
