"""dcs: RULES DAMAGE DICE, DAMAGE CLASS, DC 2."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from champions_mush.rules.champions import (
    AttackKind,
    add_dcs,
    as_amount,
    dc_for_active_points,
    dc_for_dice,
    dice_for_dc,
    dice_for_points,
    dice_per,
    points_for_dice,
    str_dice,
)
from champions_mush.rules.dice import DiceAmount
from champions_mush.rules.errors import DiceError, RulesError

KILLING = AttackKind.KILLING


@pytest.mark.parametrize(
    ("strength", "expected"),
    [
        (20, DiceAmount(4)),
        (21, DiceAmount(4)),
        (22, DiceAmount(4)),
        (23, DiceAmount(4, True)),
        (24, DiceAmount(4, True)),
        (25, DiceAmount(5)),
        (50, DiceAmount(10)),  # BattleStar
        (85, DiceAmount(17)),  # Titanos
        (3, DiceAmount(0, True)),
        (5, DiceAmount(1)),
    ],
)
def test_str_dice_table_of_rules_damage_dice(strength, expected):
    assert str_dice(strength) == expected


@pytest.mark.parametrize("strength", [0, 1, 2])
def test_str_too_low_for_damage(strength):
    with pytest.raises(RulesError, match="too little"):
        str_dice(strength)


def test_negative_str_refused():
    with pytest.raises(RulesError, match=r"STR cannot be negative\."):
        str_dice(-5)


def test_15_point_normal_attack_is_3_dc_and_3d6():
    assert dc_for_active_points(15) == 3
    assert dice_for_dc(3) == DiceAmount(3)


def test_15_point_killing_attack_is_3_dc_and_1d6():
    assert dice_for_dc(3, KILLING) == DiceAmount(1)
    assert dc_for_dice("1", KILLING) == 3


def test_20_point_killing_attack_is_1d6_plus_1():
    assert dice_for_dc(dc_for_active_points(20), KILLING) == DiceAmount(1, pips=1)
    assert dc_for_dice("1d6+1", KILLING) == 4


@pytest.mark.parametrize(
    ("dc", "expected"),
    [
        (1, DiceAmount(0, pips=1)),
        (2, DiceAmount(0, True)),
        (3, DiceAmount(1)),
        (4, DiceAmount(1, pips=1)),
        (5, DiceAmount(1, True)),
        (6, DiceAmount(2)),
        (10, DiceAmount(3, pips=1)),
        (12, DiceAmount(4)),
    ],
)
def test_killing_dc_ladder(dc, expected):
    assert dice_for_dc(dc, KILLING) == expected
    assert dc_for_dice(expected, KILLING) == dc


def test_nucleon_nnd_each_dc_is_half_a_die():
    # RULES DC 2: 6D6 NND (+1 Advantage) -> each 1 DC worth 1/2 D6.
    assert dc_for_dice("6", advantages=1) == 12
    assert add_dcs("6", 1, advantages=1) == DiceAmount(6, True)
    assert add_dcs("6", 2, advantages=1) == DiceAmount(7)
    assert add_dcs("6", -1, advantages=1) == DiceAmount(5, True)
    assert dice_for_dc(12, advantages=1) == DiceAmount(6)


def test_half_advantage_gives_two_thirds_of_a_die_per_dc():
    # 4D6 at +1/2 is 30 AP = 6 DC; 9 DC is 45 AP = 30 real points = 6D6.
    assert dc_for_dice("4", advantages=Fraction(1, 2)) == 6
    assert add_dcs("4", 3, advantages="1/2") == DiceAmount(6)


def test_killing_two_d6_minus_one_is_five_dc():
    assert dc_for_dice("2d6-1", KILLING) == 5


def test_normal_half_die_is_half_a_dc_rounded_down():
    assert dc_for_dice("4 1/2") == 4
    assert points_for_dice("4 1/2") == Fraction(45, 2)


def test_add_dcs_keeps_normal_pips():
    assert add_dcs("2d6+1", 2) == DiceAmount(4, pips=1)


def test_add_dcs_to_nothing_refused():
    with pytest.raises(RulesError, match=r"0 points are too few to do any damage\."):
        add_dcs("2", -2)


def test_negative_advantage_refused():
    with pytest.raises(RulesError, match="Advantages"):
        dc_for_dice("2", advantages=-1)


def test_dice_per_uses_the_more_than_halfway_rule():
    assert dice_per(20, 3) == (6, True)  # Move Through 20" / 3 = 6 1/2 D6
    assert dice_per(19, 3) == (6, False)
    assert dice_per(20, 5) == (4, False)


def test_dice_for_points_refuses_too_few():
    with pytest.raises(RulesError, match="too few"):
        dice_for_points(2)
    with pytest.raises(RulesError, match="too few"):
        dice_for_points(4, KILLING)


def test_dc_of_negative_active_points_refused():
    with pytest.raises(RulesError, match=r"Active Points cannot be negative\."):
        dc_for_active_points(-5)


def test_as_amount_reads_text_and_numbers():
    assert as_amount("4 1/2") == DiceAmount(4, True)
    assert as_amount(3) == DiceAmount(3)
    with pytest.raises(DiceError):
        as_amount("lots")
    with pytest.raises(RulesError, match=r"A dice amount must be a number of dice\."):
        as_amount(True)
    assert as_amount(4.5) == DiceAmount(4, True)
    assert as_amount(3.0) == DiceAmount(3)
    with pytest.raises(DiceError):
        as_amount(4.4)


def test_advantages_that_are_not_numbers_refused():
    with pytest.raises(RulesError, match="Power Advantage"):
        dc_for_dice("2", advantages="lots")


@settings(max_examples=80, deadline=None)
@given(dc=st.integers(1, 60), kind=st.sampled_from(list(AttackKind)))
def test_dice_for_dc_round_trips(dc, kind):
    assert dc_for_dice(dice_for_dc(dc, kind), kind) == dc


@settings(max_examples=80, deadline=None)
@given(dc=st.integers(1, 40), extra=st.integers(0, 20), kind=st.sampled_from(list(AttackKind)))
def test_adding_dcs_is_the_same_as_starting_with_more(dc, extra, kind):
    assert add_dcs(dice_for_dc(dc, kind), extra, kind) == dice_for_dc(dc + extra, kind)


@settings(max_examples=80, deadline=None)
@given(strength=st.integers(3, 400))
def test_str_dice_never_exceed_str_over_five(strength):
    amount = str_dice(strength)
    assert amount.whole == strength // 5
    assert amount.half == (strength % 5 >= 3)
